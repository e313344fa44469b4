/**
 * The sitemap protocol (https://www.sitemaps.org/protocol.html) for haat's `/sitemap.xml` and the
 * text of `/robots.txt`. Pure functions; the route streams what they build.
 *
 * One sitemap file may list at most 50,000 URLs. The shop's URLs are, in this order: the static
 * pages (home, /products), every category (`/products?category=<id>`), every product
 * (`/products/<id>`). Up to 50,000 of them, `/sitemap.xml` is that list; beyond, `/sitemap.xml`
 * is a sitemap index naming `/sitemap.xml?part=1`, `?part=2`, …, each a list of at most 50,000.
 *
 * Every page is listed in each language (English, then Bangla under `/bn`), and each entry names
 * all its language versions with `xhtml:link rel="alternate" hreflang` (Google's way of marking
 * translations in a sitemap), so a part holds at most 50,000 / 2 pages.
 */
import { LANGUAGES, localePath } from "~/i18n";

/** Most URLs one sitemap file may list (sitemap protocol). */
const SITEMAP_MAX_URLS = 50_000;

/** Most pages one sitemap file may list: each page is a URL in every language. */
const SITEMAP_MAX_PAGES = SITEMAP_MAX_URLS / LANGUAGES.length;

/** The pages listed before the categories and products, as paths. */
const SITEMAP_STATIC_PATHS = ["/", "/products"] as const;

/** How long crawlers and caches may keep /sitemap.xml and /robots.txt (seconds). */
const SITEMAP_MAX_AGE = 3600;

/** `Cache-Control` of the sitemap and robots.txt: public, one hour. */
export const SITEMAP_CACHE_CONTROL = `public, max-age=${SITEMAP_MAX_AGE}`;

/** Escapes text for an XML element or attribute value. */
export function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);
}

/**
 * The `<url>` elements of the page at `path` (no language prefix) on `origin`: one per language,
 * each naming every language version (and x-default, the English one) as an alternate;
 * `lastmod` (when given) as a W3C datetime.
 */
export function urlEntries(origin: string, path: string, lastmod?: Date): string {
  const urlIn = (lang: (typeof LANGUAGES)[number]) => new URL(localePath(lang, path), `${origin}/`).toString();
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  const alternates =
    LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xmlEscape(urlIn(lang))}"/>`).join(
      "",
    ) + `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(urlIn("en"))}"/>`;
  return LANGUAGES.map((lang) => `<url><loc>${xmlEscape(urlIn(lang))}</loc>${modified}${alternates}</url>\n`).join("");
}

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = "</urlset>\n";

/** A sitemap index naming each part by its absolute URL. */
export function sitemapIndex(partUrls: string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    partUrls.map((url) => `<sitemap><loc>${xmlEscape(url)}</loc></sitemap>\n`).join("") +
    "</sitemapindex>\n"
  );
}

/** How many sitemap files the pages need (at least 1); `max` pages per file. */
export function sitemapPartCount(counts: { categories: number; products: number }, max = SITEMAP_MAX_PAGES): number {
  const total = SITEMAP_STATIC_PATHS.length + counts.categories + counts.products;
  return Math.max(1, Math.ceil(total / max));
}

/** A range of rows: skip the first `skip`, list `take`. */
export type RowWindow = { skip: number; take: number };

/**
 * Which static paths, categories and products sitemap part `part` (1-based) lists: the part covers
 * URLs [(part − 1) · max, part · max) of the ordered list described above.
 */
export function sitemapPartWindows(
  part: number,
  counts: { categories: number; products: number },
  max = SITEMAP_MAX_PAGES,
): { staticPaths: string[]; categories: RowWindow; products: RowWindow } {
  const start = (part - 1) * max;
  const end = start + max;
  const window = (segmentStart: number, size: number): RowWindow => {
    const from = Math.max(start, segmentStart);
    const to = Math.min(end, segmentStart + size);
    return { skip: Math.max(0, from - segmentStart), take: Math.max(0, to - from) };
  };
  const statics = window(0, SITEMAP_STATIC_PATHS.length);
  return {
    staticPaths: SITEMAP_STATIC_PATHS.slice(statics.skip, statics.skip + statics.take),
    categories: window(SITEMAP_STATIC_PATHS.length, counts.categories),
    products: window(SITEMAP_STATIC_PATHS.length + counts.categories, counts.products),
  };
}

/**
 * robots.txt: crawlers may read the catalogue but not the back office, the cart, the order
 * confirmation or order tracking (private, per shopper), in either language; the sitemap's
 * absolute URL ends it.
 */
export function robotsTxt(sitemapUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /cart",
    "Disallow: /order-success",
    "Disallow: /orders/track",
    "Disallow: /bn/cart",
    "Disallow: /bn/order-success",
    "Disallow: /bn/orders/track",
    "Allow: /",
    "",
    `Sitemap: ${sitemapUrl}`,
    "",
  ].join("\n");
}
