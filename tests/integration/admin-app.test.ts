/**
 * The installable admin app (app/server/http/admin-app.server.ts and its routes): manifest fields, icons
 * decoded to the stated sizes, and the service worker script's headers, gate and syntax.
 */
import vm from "node:vm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loader as iconLoader } from "~/routes/admin-app.icons.$name";
import { loader as manifestLoader } from "~/routes/admin-app[.]webmanifest";
import { loader as swLoader } from "~/routes/admin.sw[.]js";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { adminAppIconVersion } from "~/server/http/admin-app.server";
import { storeImage } from "~/server/media/images.server";
import { createAdmin, get, signedInJar } from "./helpers";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

describe("admin app", () => {
  it("serves a manifest named from the shop settings, standalone, scoped to /admin/", async () => {
    const response = await manifestLoader();
    expect(response.headers.get("Content-Type")).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: "Haat Lights & Decor Admin",
      short_name: "Haat Admin",
      start_url: "/admin/products",
      scope: "/admin/",
      display: "standalone",
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
  });

  it("renders each icon as a PNG of its stated size, cached for a year at the current version", async () => {
    for (const [name, size] of [
      ["icon-192.png", 192],
      ["icon-512.png", 512],
      ["icon-maskable-512.png", 512],
      ["apple-touch-icon.png", 180],
    ] as const) {
      const response = await iconLoader(args(get(`/admin-app/icons/${name}?v=${adminAppIconVersion(null)}`), { name }));
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", size, size]);
    }
    const stale = await iconLoader(args(get("/admin-app/icons/icon-192.png?v=old"), { name: "icon-192.png" }));
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=3600");
    await expect(iconLoader(args(get("/admin-app/icons/x.png"), { name: "../x.png" }))).rejects.toMatchObject({
      status: 404,
    });
  });

  it("makes the icons from the shop's logo once there is one, at new URLs", async () => {
    const { id: _id, updatedAt: _updatedAt, logoId: _logoId, logo: _logo, ...fields } = await getShopSettings();
    const logoPng = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#1f618d" } })
      .png()
      .toBuffer();
    const { settings } = await saveShopSettings(fields, { image: await storeImage(logoPng), remove: false });
    try {
      const logo = { key: settings.logo!.key };
      const manifest = await (await manifestLoader()).json();
      expect(manifest.icons[0].src).toBe(`/admin-app/icons/icon-192.png?v=${adminAppIconVersion(logo)}`);
      expect(adminAppIconVersion(logo)).not.toBe(adminAppIconVersion(null));

      const response = await iconLoader(
        args(get(`/admin-app/icons/icon-512.png?v=${adminAppIconVersion(logo)}`), { name: "icon-512.png" }),
      );
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([512, 512]);
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * 512 + x) * info.channels, (y * 512 + x) * info.channels + 3),
      ];
      // The logo in the middle (WebP is lossy: within a few steps of #1f618d), white around it.
      const [r, g, b] = pixel(256, 256);
      expect(Math.max(Math.abs(r! - 0x1f), Math.abs(g! - 0x61), Math.abs(b! - 0x8d))).toBeLessThanOrEqual(6);
      expect(pixel(4, 4)).toEqual([255, 255, 255]);
      // The lamp mark's URL is an old one now: cached for an hour only.
      const old = await iconLoader(
        args(get(`/admin-app/icons/icon-512.png?v=${adminAppIconVersion(null)}`), { name: "icon-512.png" }),
      );
      expect(old.headers.get("Cache-Control")).toBe("public, max-age=3600");
    } finally {
      await saveShopSettings(fields, { image: null, remove: true });
    }
  });

  it("serves the service worker to a signed-in admin only, as uncached JavaScript that compiles", async () => {
    await expect(swLoader(args(get("/admin/sw.js")))).rejects.toRedirectTo("/admin/login?redirectTo=%2Fadmin%2Fsw.js", {
      status: 302,
    });
    const admin = await createAdmin();
    const response = await swLoader(args(get("/admin/sw.js", await signedInJar(admin.id))));
    expect(response.headers.get("Content-Type")).toBe("application/javascript; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    const script = await response.text();
    expect(() => new vm.Script(script)).not.toThrow();
    expect(script).toContain("You are offline");
    // Network only: the worker never reads a cache except for its offline page.
    expect(script.match(/caches\.match\(/g)).toHaveLength(1);
    expect(script).not.toMatch(/cache\.(add|addAll)\(/);
  });
});
