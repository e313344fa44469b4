import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapIndex, sitemapPartCount, sitemapPartWindows, urlEntries, xmlEscape } from "./seo-sitemap";

describe("XML", () => {
  it("escapes markup characters", () => {
    expect(xmlEscape(`a<b>&"c'`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;");
    const alternates =
      '<xhtml:link rel="alternate" hreflang="en" href="https://s.example/products?category=1&amp;page=2"/>' +
      '<xhtml:link rel="alternate" hreflang="bn" href="https://s.example/bn/products?category=1&amp;page=2"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://s.example/products?category=1&amp;page=2"/>';
    expect(urlEntries("https://s.example", "/products?category=1&page=2", new Date("2026-01-02T03:04:05Z"))).toBe(
      `<url><loc>https://s.example/products?category=1&amp;page=2</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>${alternates}</url>\n` +
        `<url><loc>https://s.example/bn/products?category=1&amp;page=2</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>${alternates}</url>\n`,
    );
    expect(urlEntries("https://s.example", "/")).toContain("<loc>https://s.example/bn</loc>");
    expect(sitemapIndex(["https://s.example/sitemap.xml?part=1"])).toContain(
      "<sitemap><loc>https://s.example/sitemap.xml?part=1</loc></sitemap>",
    );
  });
});

describe("splitting past the 50,000-URL limit", () => {
  it("needs one file up to 25,000 pages (50,000 URLs in two languages), then one more per 25,000", () => {
    expect(sitemapPartCount({ categories: 0, products: 0 })).toBe(1);
    expect(sitemapPartCount({ categories: 10, products: 24_988 })).toBe(1);
    expect(sitemapPartCount({ categories: 10, products: 24_989 })).toBe(2);
    expect(sitemapPartCount({ categories: 3, products: 10 }, 5)).toBe(3);
  });
  it("gives each part its own consecutive slice of static pages, categories and products", () => {
    const counts = { categories: 3, products: 10 };
    // 15 URLs in parts of 5: [/, /products, c1, c2, c3], [p1..p5], [p6..p10]
    expect(sitemapPartWindows(1, counts, 5)).toEqual({
      staticPaths: ["/", "/products"],
      categories: { skip: 0, take: 3 },
      products: { skip: 0, take: 0 },
    });
    expect(sitemapPartWindows(2, counts, 5)).toEqual({
      staticPaths: [],
      categories: { skip: 3, take: 0 },
      products: { skip: 0, take: 5 },
    });
    expect(sitemapPartWindows(3, counts, 5).products).toEqual({ skip: 5, take: 5 });
    const straddling = sitemapPartWindows(1, counts, 4);
    expect(straddling.categories).toEqual({ skip: 0, take: 2 });
    expect(sitemapPartWindows(2, counts, 4).categories).toEqual({ skip: 2, take: 1 });
  });
});

describe("robotsTxt", () => {
  it("keeps crawlers out of the back office, cart and order confirmation and names the sitemap", () => {
    const text = robotsTxt("https://s.example/sitemap.xml");
    for (const path of ["/admin", "/cart", "/order-success", "/bn/cart", "/bn/order-success"])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/s\.example\/sitemap\.xml$/m);
  });
});
