import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cacheablePath, canonicalCacheUrl, UNDERSTOOD_PARAMETERS } from "./page-cache-url.server";

describe("canonicalCacheUrl", () => {
  it("keeps the parameters a page reads, first value only, in a fixed order; drops the rest", () => {
    expect(canonicalCacheUrl("/products?fbclid=IwAR0&sort=price-asc&q=lamp&utm_source=fb")).toBe(
      "/products?q=lamp&sort=price-asc",
    );
    expect(canonicalCacheUrl("/bn/products?page=2&page=3&category=4")).toBe("/bn/products?category=4&page=2");
    expect(canonicalCacheUrl("/products?q=%E0%A6%AB%E0%A7%8D%E0%A6%AF%E0%A6%BE%E0%A6%A8+bulb")).toBe(
      "/products?q=%E0%A6%AB%E0%A7%8D%E0%A6%AF%E0%A6%BE%E0%A6%A8+bulb",
    );
  });

  it("writes each value as the loader reads it, and leaves out what the loader reads as absent", () => {
    // The same page as /products: a blank search, page 1 in any spelling, the default sort, no category.
    for (const query of ["q=", "q=%20%20", "page=1", "page=01", "page=abc", "sort=name", "sort=zzz", "category=x"]) {
      expect(canonicalCacheUrl(`/products?${query}`), query).toBe("/products");
    }
    expect(canonicalCacheUrl("/products?page=02&category=07&q=%20%20ceiling%20%20fan%20")).toBe(
      "/products?category=7&q=ceiling+fan&page=2",
    );
    expect(canonicalCacheUrl("/products/%31")).toBe("/products/1");
    expect(canonicalCacheUrl("/bn/products/%31%32.data?_routes=x")).toBe("/bn/products/12.data?_routes=x");
    // An id the loader refuses stays as sent (a 404, never stored).
    expect(canonicalCacheUrl("/products/01")).toBe("/products/01");
    expect(canonicalCacheUrl("/products/%E0%A7%A7")).toBe("/products/%E0%A7%A7");
    expect(canonicalCacheUrl("/sitemap.xml?part=02")).toBe("/sitemap.xml?part=2");
    expect(canonicalCacheUrl("/sitemap.xml?part=")).toBe("/sitemap.xml?part=");
  });

  it("reads no parameter on the home page or a product page", () => {
    expect(canonicalCacheUrl("/?x=1")).toBe("/");
    expect(canonicalCacheUrl("/bn?fbclid=2")).toBe("/bn");
    expect(canonicalCacheUrl("/products/12?q=1&ref=share")).toBe("/products/12");
    expect(canonicalCacheUrl("/products/12")).toBe("/products/12");
  });

  it("keeps single fetch's _routes on a data request, and the other pages' own parameters", () => {
    expect(canonicalCacheUrl("/products/12.data?_routes=routes%2F_shop.products.%24id&x=1")).toBe(
      "/products/12.data?_routes=routes%2F_shop.products.%24id",
    );
    expect(canonicalCacheUrl("/sitemap.xml?part=2&x=1")).toBe("/sitemap.xml?part=2");
    expect(canonicalCacheUrl("/resources/search-suggestions?q=fan&_data=1")).toBe(
      "/resources/search-suggestions?q=fan",
    );
    expect(canonicalCacheUrl("/robots.txt?x")).toBe("/robots.txt");
  });

  it("answers null for a page the cache never serves", () => {
    for (const target of ["/cart", "/cart?x=1", "/admin/products", "/orders/track?order=1", "/products/1/2"]) {
      expect(canonicalCacheUrl(target), target).toBeNull();
    }
    expect(cacheablePath("/bn/products")).toBe(true);
  });
});

/**
 * The routes of the pages listed in UNDERSTOOD_PARAMETERS: a loader that reads a query parameter
 * the list lacks would see it dropped whenever the page cache is on.
 */
const ROUTES: Record<string, string> = {
  "/": "app/routes/_shop._index.tsx",
  "/products": "app/routes/_shop.products._index.tsx",
  "/products/:id": "app/routes/_shop.products.$id.tsx",
  "/sitemap.xml": "app/routes/[sitemap.xml].ts",
  "/robots.txt": "app/routes/[robots.txt].ts",
  "/resources/search-suggestions": "app/routes/resources.search-suggestions.ts",
};

describe("UNDERSTOOD_PARAMETERS", () => {
  it("lists every query parameter the cached pages' routes read", () => {
    for (const [page, file] of Object.entries(ROUTES)) {
      const source = fs.readFileSync(path.resolve(file), "utf8");
      const read = new Set(
        [...source.matchAll(/searchParams\.(?:get|getAll|has)\(\s*"([^"]+)"/g)].map((match) => match[1]!),
      );
      // parsePage (app/rules/pagination.ts) reads `page` from the parameters it is given.
      if (/parsePage\(/.test(source)) read.add("page");
      expect([...read].sort(), `${file} reads`).toEqual([...(UNDERSTOOD_PARAMETERS[page] ?? [])].sort());
    }
  });
});
