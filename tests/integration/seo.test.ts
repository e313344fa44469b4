/**
 * /sitemap.xml and /robots.txt against a real database larger than one read chunk
 * (models/catalogue/sitemap.server SITEMAP_CHUNK), so the keyset paging is exercised.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SITEMAP_CHUNK, sitemapRows } from "~/models/catalogue/sitemap.server";
import { loader as robotsLoader } from "~/routes/[robots.txt]";
import { loader as sitemapLoader } from "~/routes/[sitemap.xml]";
import { prisma } from "~/models/db/client.server";
import { createCategory, createProductsInBulk, get } from "./helpers";

const COUNT = SITEMAP_CHUNK * 2 + 345;
let categoryIds: number[] = [];

beforeAll(async () => {
  categoryIds = [(await createCategory("Lamps")).id, (await createCategory("Fans & Switches")).id];
  await createProductsInBulk(
    Array.from({ length: COUNT }, (_, i) => ({
      name: `Product ${i}`,
      slug: `product-${i}`,
      description: "x",
      pricePaisa: 1000 + i,
      discountedPricePaisa: null,
      categoryId: categoryIds[i % 2]!,
    })),
  );
});

async function sitemapText(path = "/sitemap.xml"): Promise<{ status: number; type: string | null; text: string }> {
  const response = (await sitemapLoader({ request: get(path), params: {}, context: {} })) as Response;
  return { status: response.status, type: response.headers.get("Content-Type"), text: await response.text() };
}

describe("/sitemap.xml", () => {
  it("lists home, /products, every category and every product once in each language, with lastmod", async () => {
    const { status, type, text } = await sitemapText();
    expect(status).toBe(200);
    expect(type).toBe("application/xml; charset=utf-8");
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(text).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(text.trimEnd().endsWith("</urlset>")).toBe(true);
    const locs = [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const products = await prisma.product.findMany({ select: { id: true } });
    expect(products).toHaveLength(COUNT);
    expect(locs).toHaveLength(2 * (2 + categoryIds.length + COUNT));
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.slice(0, 4)).toEqual([
      "http://localhost:3000/",
      "http://localhost:3000/bn",
      "http://localhost:3000/products",
      "http://localhost:3000/bn/products",
    ]);
    const listed = new Set(locs);
    const paths = [
      ...categoryIds.map((id) => `/products?category=${id}`),
      ...products.map(({ id }) => `/products/${id}`),
    ];
    const missing = paths
      .flatMap((path) => [`http://localhost:3000${path}`, `http://localhost:3000/bn${path}`])
      .filter((loc) => !listed.has(loc));
    expect(missing).toEqual([]);
    expect(text.match(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/g)).toHaveLength(2 * (categoryIds.length + COUNT));
    expect(text).toContain(
      `<xhtml:link rel="alternate" hreflang="bn" href="http://localhost:3000/bn/products/${products[0]!.id}"/>`,
    );
  });

  it("refuses a part that does not exist", async () => {
    expect((await sitemapText("/sitemap.xml?part=2")).status).toBe(404);
    expect((await sitemapText("/sitemap.xml?part=x")).status).toBe(404);
    expect((await sitemapText("/sitemap.xml?part=1")).status).toBe(200);
  });

  it("reads rows in bounded chunks and honours a window across chunk borders", async () => {
    const ids: number[] = [];
    for await (const row of sitemapRows("product", { skip: SITEMAP_CHUNK - 5, take: SITEMAP_CHUNK + 10 }))
      ids.push(row.id);
    const all = (await prisma.product.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((p) => p.id);
    expect(ids).toEqual(all.slice(SITEMAP_CHUNK - 5, SITEMAP_CHUNK * 2 + 5));
  });
});

describe("/robots.txt", () => {
  it("is plain text that keeps crawlers out of /admin and /cart and names the sitemap", async () => {
    const response = (await robotsLoader({ request: get("/robots.txt"), params: {}, context: {} })) as Response;
    const { headers, status } = response;
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("public, max-age=3600");
    const text = await response.text();
    expect(text).toContain("Disallow: /admin\n");
    expect(text).toContain("Disallow: /cart\n");
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});
