import { describe, expect, it } from "vitest";
import { documentPathOf, ifNoneMatchMatches, isCataloguePath, notModifiedHeaders, weakEtag } from "./http-cache.server";

describe("weakEtag", () => {
  it("is a weak tag that changes with the content", () => {
    const a = weakEtag("<html>cart 0</html>");
    expect(a).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(weakEtag("<html>cart 0</html>")).toBe(a);
    expect(weakEtag("<html>cart 1</html>")).not.toBe(a);
    expect(weakEtag(new TextEncoder().encode("<html>cart 0</html>"))).toBe(a);
  });
});

describe("ifNoneMatchMatches", () => {
  const etag = 'W/"abc"';
  it("matches the same tag, strong or weak, alone or in a list, and *", () => {
    expect(ifNoneMatchMatches('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchMatches('"abc"', etag)).toBe(true);
    expect(ifNoneMatchMatches('"x", W/"abc" ,"y"', etag)).toBe(true);
    expect(ifNoneMatchMatches(" * ", etag)).toBe(true);
  });
  it("does not match another tag, a prefix, or nothing", () => {
    expect(ifNoneMatchMatches('W/"abcd"', etag)).toBe(false);
    expect(ifNoneMatchMatches('"ab"', etag)).toBe(false);
    expect(ifNoneMatchMatches("abc", etag)).toBe(false);
    expect(ifNoneMatchMatches("", etag)).toBe(false);
    expect(ifNoneMatchMatches(null, etag)).toBe(false);
  });
});

describe("catalogue paths", () => {
  it("are home, /products and product pages, also as data requests", () => {
    for (const path of ["/", "/products", "/products/12"]) expect(isCataloguePath(path), path).toBe(true);
    for (const path of ["/cart", "/order-success", "/admin", "/products/1/x", "/sitemap.xml", "/productsx"]) {
      expect(isCataloguePath(path), path).toBe(false);
    }
    expect(documentPathOf("/_root.data")).toBe("/");
    expect(documentPathOf("/products/7.data")).toBe("/products/7");
    expect(documentPathOf("/products")).toBe("/products");
  });
  it("are the same pages in Bangla under /bn", () => {
    for (const path of ["/bn", "/bn/products", "/bn/products/12"]) expect(isCataloguePath(path), path).toBe(true);
    for (const path of ["/bn/cart", "/bnx", "/bn/admin", "/bn/bn/products"])
      expect(isCataloguePath(path), path).toBe(false);
    expect(documentPathOf("/bn.data")).toBe("/bn");
    expect(documentPathOf("/bn/products/7.data")).toBe("/bn/products/7");
  });
});

describe("notModifiedHeaders", () => {
  it("keeps validators and caching headers, drops body headers and cookies", () => {
    const headers = notModifiedHeaders(
      new Headers({
        "Cache-Control": "private, no-cache",
        ETag: 'W/"a"',
        "Content-Type": "text/html",
        "Set-Cookie": "a=b",
      }),
    );
    expect(Object.fromEntries(headers)).toEqual({ "cache-control": "private, no-cache", etag: 'W/"a"' });
  });
});
