/**
 * The installable admin app (the header's "Install app" button): the web app
 * manifest, its PNG icons (made with sharp from the shop's logo when it has one, else from the
 * lamp mark's SVG), and the service worker script with its offline page. See docs/decisions/012-admin-app-and-dashboard.md.
 *
 * URLs: the manifest is public at /admin-app.webmanifest and the icons at /admin-app/icons/<name>
 * (they hold only the shop's public name and logo; a browser fetches a manifest without cookies).
 * The service worker is /admin/sw.js (scope /admin/), behind requireAdmin like every /admin route.
 */
import crypto from "node:crypto";
import { adminTranslator, type AdminTranslate } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";
import { ADMIN_APP_SCOPE, ADMIN_APP_START_URL } from "~/utils/admin-app";
import type { ShopIdentity } from "~/models/settings.server";
import type { ImageInfo } from "~/utils/image-url";
import { loadSharp, readVariant } from "../media/images.server";
import serviceWorkerSource from "~/service-worker/admin-sw.js?raw";

/** The admin header's colour (stone-900) and the page background (stone-100). */
const ADMIN_APP_THEME_COLOR = "#1c1917";
const ADMIN_APP_BACKGROUND_COLOR = "#f5f5f4";

/** The shop's lamp mark (public/favicon.svg) on a 32×32 grid. */
const MARK_PATH = "M16 6a7 7 0 0 0-4 12.7V22h8v-3.3A7 7 0 0 0 16 6zm-3 18h6v2h-6z";
const BRAND = "#b45309";

/** The icons: width = height in px; a maskable icon fills its square and keeps the mark in the safe zone. */
export const ADMIN_APP_ICONS = {
  "icon-192.png": { size: 192, maskable: false },
  "icon-512.png": { size: 512, maskable: false },
  "icon-maskable-512.png": { size: 512, maskable: true },
  "apple-touch-icon.png": { size: 180, maskable: true },
} as const;

export type AdminAppIconName = keyof typeof ADMIN_APP_ICONS;

function iconSvg(maskable: boolean): string {
  // Maskable: full-bleed square, mark scaled to 80% so it stays inside the central safe circle.
  const background = maskable
    ? `<rect width="32" height="32" fill="${BRAND}"/>`
    : `<rect width="32" height="32" rx="6" fill="${BRAND}"/>`;
  const transform = maskable ? ` transform="translate(16 16) scale(0.8) translate(-16 -16)"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}<path d="${MARK_PATH}" fill="#fff"${transform}/></svg>`;
}

/** Changes when the icon drawing changes: part of the icon URLs, so they can be cached for a year. */
const MARK_VERSION = crypto
  .createHash("sha256")
  .update(iconSvg(false) + iconSvg(true))
  .digest("hex")
  .slice(0, 10);

/**
 * The version of the icons for the shop's `logo` (null: the lamp mark): part of the icon URLs, so
 * they can be cached for a year and a new logo gets new URLs.
 */
export function adminAppIconVersion(logo: Pick<ImageInfo, "key"> | null): string {
  return logo
    ? crypto.createHash("sha256").update(`${MARK_VERSION}:${logo.key}`).digest("hex").slice(0, 10)
    : MARK_VERSION;
}

/** The icons rendered so far, by name and logo key; a few KB each. */
const iconCache = new Map<string, Promise<Buffer>>();

/**
 * The PNG bytes of an icon, rendered on first use and kept in memory: the shop's `logo` centred on
 * white (inside the central safe circle for a maskable icon), else the lamp mark.
 * @throws when the logo cannot be read (the storage's error, or sharp's) (the caller answers 500; the next
 *   request tries again).
 */
export function adminAppIcon(name: AdminAppIconName, logo: ImageInfo | null = null): Promise<Buffer> {
  const cacheKey = `${name}:${logo?.key ?? "mark"}`;
  let png = iconCache.get(cacheKey);
  if (!png) {
    const { size, maskable } = ADMIN_APP_ICONS[name];
    png = logo ? logoIcon(logo, size, maskable) : markIcon(size, maskable);
    png.catch(() => iconCache.delete(cacheKey));
    iconCache.set(cacheKey, png);
  }
  return png;
}

/** The lamp mark drawn at `size` px. */
async function markIcon(size: number, maskable: boolean): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(iconSvg(maskable)), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * `logo` (its largest variant) fitted into a white square of `size` px: within 80 % of it, or for a
 * maskable icon within the square inscribed in the safe circle (80 % diameter: 0.8 / √2 ≈ 56 %).
 */
async function logoIcon(logo: ImageInfo, size: number, maskable: boolean): Promise<Buffer> {
  const widths = logo.variantWidths.length > 0 ? logo.variantWidths : [logo.width];
  const file = await readVariant(logo.key, widths[widths.length - 1]!);
  if (!file) throw new Error(`The logo ${logo.key} is not stored`);
  const inner = Math.floor(size * (maskable ? 0.8 / Math.SQRT2 : 0.8));
  const white = { r: 255, g: 255, b: 255, alpha: 1 };
  const sharp = await loadSharp();
  const fitted = await sharp(file)
    .resize(inner, inner, { fit: "contain", background: white })
    .flatten({ background: white })
    .toBuffer();
  const edge = Math.floor((size - inner) / 2);
  return sharp(fitted)
    .extend({ top: edge, left: edge, bottom: size - inner - edge, right: size - inner - edge, background: white })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The URL of an icon, with the version that makes it safe to cache as immutable. */
function adminAppIconUrl(name: AdminAppIconName, logo: ImageInfo | null): string {
  return `/admin-app/icons/${name}?v=${adminAppIconVersion(logo)}`;
}

/** The short name shown under a home-screen icon (about 12 characters fit). */
function adminAppShortName(shopName: string, t: AdminTranslate): string {
  const full = t("admin.shell.nav.home", { shop: shopName });
  if (full.length <= 12) return full;
  return t("admin.shell.nav.home", { shop: shopName.split(/\s+/)[0] ?? shopName });
}

/**
 * The web app manifest (W3C Web App Manifest) of the admin app, from the shop settings (name and
 * logo: the icons are made from it), in `lang`
 * (the shop's default language: a browser fetches the manifest without the staff member's cookie).
 */
export function adminAppManifest(shop: ShopIdentity, lang: Lang) {
  const t = adminTranslator(lang);
  return {
    id: ADMIN_APP_SCOPE,
    name: t("admin.shell.nav.home", { shop: shop.name }),
    short_name: adminAppShortName(shop.name, t),
    description: t("admin.shell.install.description", { shop: shop.name }),
    lang,
    start_url: ADMIN_APP_START_URL,
    scope: ADMIN_APP_SCOPE,
    display: "standalone",
    theme_color: ADMIN_APP_THEME_COLOR,
    background_color: ADMIN_APP_BACKGROUND_COLOR,
    icons: [
      { src: adminAppIconUrl("icon-192.png", shop.logo), sizes: "192x192", type: "image/png", purpose: "any" },
      { src: adminAppIconUrl("icon-512.png", shop.logo), sizes: "512x512", type: "image/png", purpose: "any" },
      {
        src: adminAppIconUrl("icon-maskable-512.png", shop.logo),
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
    ],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The offline page the service worker shows when a navigation fails, in `lang`: static, no data, no script. */
function offlinePageHtml(shop: ShopIdentity, lang: Lang): string {
  const t = adminTranslator(lang);
  const title = escapeHtml(t("admin.shell.offline.title"));
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${escapeHtml(shop.name)}</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:${ADMIN_APP_BACKGROUND_COLOR};color:#1c1917;font-family:system-ui,sans-serif}main{max-width:28rem;padding:2rem;text-align:center}a{display:inline-block;margin-top:1rem;padding:.6rem 1rem;border-radius:.375rem;background:${BRAND};color:#fff;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #1c1917;outline-offset:2px}</style>
</head><body><main id="main"><h1>${title}</h1><p>${escapeHtml(t("admin.shell.offline.body"))}</p>
<a href="">${escapeHtml(t("admin.shell.offline.retry"))}</a></main></body></html>`;
}

/** A version for the service worker's cache name: changes when its script or offline page changes. */
function version(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex").slice(0, 10);
}

/** The service worker script: app/service-worker/admin-sw.js with its configuration (the offline page in `lang`) prepended. */
export function serviceWorkerScript(shop: ShopIdentity, lang: Lang): string {
  const offlineHtml = offlinePageHtml(shop, lang);
  const config = {
    version: version(serviceWorkerSource + offlineHtml),
    offlineUrl: "/admin/__offline",
    offlineHtml,
  };
  return `const CONFIG = ${JSON.stringify(config).replace(/</g, "\\u003c")};\n${serviceWorkerSource}`;
}
