import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cacheablePath, canonicalCacheUrl, plainAddress, UNDERSTOOD_PARAMETERS } from "./page-cache-url.server";

describe("canonicalCacheUrl", () => {
  it("keeps the parameters a page reads, in the order they came, first value only; drops the rest", () => {
    expect(canonicalCacheUrl("/products?fbclid=IwAR0&sort=price-asc&q=lamp&utm_source=fb")).toBe(
      "/products?sort=price-asc&q=lamp",
    );
    expect(canonicalCacheUrl("/bn/products?page=2&page=3&category=4")).toBe("/bn/products?page=2&category=4");
    expect(canonicalCacheUrl("/products?q=%E0%A6%AB%E0%A7%8D%E0%A6%AF%E0%A6%BE%E0%A6%A8+bulb&x=1")).toBe(
      "/products?q=%E0%A6%AB%E0%A7%8D%E0%A6%AF%E0%A6%BE%E0%A6%A8+bulb",
    );
    // A name is read as URLSearchParams reads it; the pair is kept as sent.
    expect(canonicalCacheUrl("/products?%71=fan&&q=second")).toBe("/products?%71=fan");
  });

  it("keeps values as sent, so a page always echoes the address it was asked for", () => {
    // The shop's own forms write these: each is its own canonical form.
    for (const target of [
      "/products?category=2&sort=price-desc&q=fan",
      "/products?q=",
      "/products?sort=name&page=01",
      "/sitemap.xml?part=",
    ]) {
      expect(canonicalCacheUrl(target), target).toBe(target);
    }
  });

  it("reads no parameter on the home page, and only the variant or its picker's values on a product page", () => {
    expect(canonicalCacheUrl("/?x=1")).toBe("/");
    expect(canonicalCacheUrl("/bn?fbclid=2")).toBe("/bn");
    expect(canonicalCacheUrl("/products/12?q=1&ref=share")).toBe("/products/12");
    expect(canonicalCacheUrl("/products/12")).toBe("/products/12");
    expect(canonicalCacheUrl("/products/12?variant=31&fbclid=x")).toBe("/products/12?variant=31");
    expect(canonicalCacheUrl("/bn/products/12?o1=4&o2=7&utm_source=fb")).toBe("/bn/products/12?o1=4&o2=7");
    expect(canonicalCacheUrl("/products/12.data?variant=31&_routes=x")).toBe("/products/12.data?variant=31&_routes=x");
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
        [...source.matchAll(/(?:searchParams\.(?:get|getAll|has)\(|absentOrOneOf\(\s*\w+,)\s*"([^"]+)"/g)].map(
          (match) => match[1]!,
        ),
      );
      // parsePage (app/rules/pagination.ts) reads `page` from the parameters it is given.
      if (/parsePage\(/.test(source)) read.add("page");
      expect([...read].sort(), `${file} reads`).toEqual([...(UNDERSTOOD_PARAMETERS[page] ?? [])].sort());
    }
  });
});

describe("plainAddress", () => {
  it("accepts an address as the shop's own links write it, and nothing a loader would read otherwise", () => {
    for (const url of ["/", "/bn", "/products/7", "/bn/products/7.data", "/products?category=3&sort=price-asc&page=2"])
      expect(plainAddress(url), url).toBe(true);
    for (const url of ["/products/%37", "/products?q=a+b", "/products?q=%E0%A6%AC", "/products?q=\u09ac", "/p?a=1?b"])
      expect(plainAddress(url), url).toBe(false);
  });
});
