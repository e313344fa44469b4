/**
 * Pagination, category filter + search, and search suggestions stay correct on a catalogue of
 * 10,000 products (docs/decisions/008-search-suggestions-and-paging.md). The expected answers are
 * computed here in JavaScript from all rows (an oracle independent of the SQL under test): names
 * compare as SQLite's NOCASE does (ASCII letters folded, everything else by code point), ties
 * broken by id; price sorts use the price a shopper pays (the discounted one when lower). The catalogue has exact
 * duplicate names, names differing only in case, Bengali names, names with LIKE wildcards and many
 * equal prices, because ties and wildcards are where paging and searching go wrong.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listProducts } from "~/models/catalogue/product-listings.server";
import { searchProductSuggestions } from "~/models/catalogue/search-suggestions.server";
import { loader as productsLoader } from "~/routes/_shop.products._index";
import { loader as suggestionsLoader } from "~/routes/resources.search-suggestions";
import { prisma } from "~/models/db/client.server";
import { unitPricePaisa } from "~/rules/money";
import { STOREFRONT_PAGE_SIZE } from "~/rules/pagination";
import type { ProductSort } from "~/rules/product-sort";
import { SUGGESTION_LIMIT } from "~/rules/search";
import { createCategory, createProductsInBulk, get, run, runData } from "./helpers";

const COUNT = 10_000;
const WORDS = ["Lamp", "Desk lamp", "LAMP shade", "Ceiling Fan", "বাতি", "Socket 50%", "Plug_Top"];

type Row = {
  id: number;
  name: string;
  categoryId: number | null;
  pricePaisa: number;
  discountedPricePaisa: number | null;
};

let rows: Row[] = [];
const categoryIds: number[] = [];

/** SQLite's NOCASE: only ASCII A-Z fold. */
const nocase = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName = (a: Row, b: Row) => compareText(nocase(a.name), nocase(b.name)) || a.id - b.id;
const COMPARE: Record<ProductSort, (a: Row, b: Row) => number> = {
  name: byName,
  "price-asc": (a, b) => unitPricePaisa(a) - unitPricePaisa(b) || byName(a, b),
  "price-desc": (a, b) => unitPricePaisa(b) - unitPricePaisa(a) || byName(a, b),
};

/** Name contains `query`, case-insensitive for ASCII (the test's names have no other cased letters). */
const contains = (row: Row, query: string) => nocase(row.name).includes(nocase(query));

function expected(options: { categoryId?: number; query?: string; sort: ProductSort }): number[] {
  return rows
    .filter((r) => (options.categoryId ? r.categoryId === options.categoryId : true))
    .filter((r) => (options.query ? contains(r, options.query) : true))
    .sort(COMPARE[options.sort])
    .map((r) => r.id);
}

beforeAll(async () => {
  const started = performance.now();
  for (let c = 0; c < 5; c++) categoryIds.push((await createCategory(`Bulk ${c}`)).id);
  const data = Array.from({ length: COUNT }, (_, i) => {
    const pricePaisa = 10_000 + (i % 37) * 500;
    return {
      // i and i + 7 share a name within each block of 14: exact duplicates, ordered by id.
      name: `${WORDS[i % WORDS.length]} ${String(Math.floor(i / 14)).padStart(4, "0")}`,
      slug: `bulk-${i}`,
      description: "x",
      pricePaisa,
      // Every 4th is discounted; every 10th (from 5) has a "discount" above the price, which is not charged.
      discountedPricePaisa: i % 4 === 0 ? pricePaisa - 2_500 : i % 10 === 5 ? pricePaisa + 100 : null,
      categoryId: i % 11 === 0 ? null : categoryIds[i % 5]!,
    };
  });
  await createProductsInBulk(data);
  // The oracle's prices are the variants' own, not the min/max kept on the product.
  const stored = await prisma.product.findMany({
    select: {
      id: true,
      name: true,
      categoryId: true,
      variants: { select: { pricePaisa: true, discountedPricePaisa: true } },
    },
  });
  rows = stored.map(({ variants, ...product }) => ({ ...product, ...variants[0]! }));
  expect(rows).toHaveLength(COUNT);
  console.info(`seeded ${COUNT} products in ${Math.round(performance.now() - started)} ms`);
});

// Generous timeouts: the machine running the suite may be busy; the tests take a few seconds alone.
describe("pagination at 10,000 products", { timeout: 60_000 }, () => {
  it("by name: every product exactly once across all pages, sampled storefront pages exact, last page partial", async () => {
    const order = expected({ sort: "name" });
    // The whole catalogue through the same LIMIT/OFFSET paging, in pages of 500 (20 queries, not 417).
    const seen: number[] = [];
    for (let page = 1; page <= COUNT / 500; page++) {
      seen.push(...(await listProducts({ sort: "name", page, pageSize: 500 })).items.map((p) => p.id));
    }
    expect(new Set(seen).size).toBe(COUNT);
    expect(seen).toEqual(order);

    // Storefront pages of 24: neighbours at the start, middle and end match the oracle exactly.
    const pageCount = Math.ceil(COUNT / STOREFRONT_PAGE_SIZE);
    expect(COUNT % STOREFRONT_PAGE_SIZE).not.toBe(0); // so the last page is partial
    const middle = Math.ceil(pageCount / 2);
    for (const page of [1, 2, middle, middle + 1, pageCount - 1, pageCount]) {
      const result = await listProducts({ sort: "name", page });
      expect([result.total, result.pageCount]).toEqual([COUNT, pageCount]);
      const start = (page - 1) * STOREFRONT_PAGE_SIZE;
      expect(
        result.items.map((p) => p.id),
        `page ${page}`,
      ).toEqual(order.slice(start, start + STOREFRONT_PAGE_SIZE));
    }
    const last = await listProducts({ sort: "name", page: pageCount });
    expect(last.items).toHaveLength(COUNT % STOREFRONT_PAGE_SIZE);
  });

  it.each(["price-asc", "price-desc"] as const)(
    "sorts by %s: first, middle and last pages match the oracle, with no overlap",
    async (sort) => {
      const order = expected({ sort });
      const pageCount = Math.ceil(COUNT / STOREFRONT_PAGE_SIZE);
      const middle = Math.ceil(pageCount / 2);
      for (const page of [1, 2, middle, middle + 1, pageCount - 1, pageCount]) {
        const result = await listProducts({ sort, page });
        const start = (page - 1) * STOREFRONT_PAGE_SIZE;
        expect(
          result.items.map((p) => p.id),
          `page ${page}`,
        ).toEqual(order.slice(start, start + STOREFRONT_PAGE_SIZE));
      }
    },
  );

  it("category + search + sort combined: counts match a direct count and pages cover the set", async () => {
    const categoryId = categoryIds[2]!;
    for (const query of ["lamp", "LAMP S", "বাতি", "50%", "_top", "ceiling fan 01", "no such thing"]) {
      const result = await listProducts({ categoryId, query, sort: "name" });
      expect(result.total, query).toBe(expected({ categoryId, query, sort: "name" }).length);
    }
    // A direct count by Prisma (its `contains` is SQLite LIKE, case-insensitive for ASCII).
    const direct = await prisma.product.count({ where: { categoryId, name: { contains: "lamp" } } });
    expect((await listProducts({ categoryId, query: "lamp" })).total).toBe(direct);

    const order = expected({ categoryId, query: "lamp", sort: "price-desc" });
    expect(order.length).toBeGreaterThan(20 * STOREFRONT_PAGE_SIZE);
    const seen: number[] = [];
    const pageCount = Math.ceil(order.length / STOREFRONT_PAGE_SIZE);
    for (let page = 1; page <= pageCount; page++) {
      const result = await listProducts({ categoryId, query: "lamp", sort: "price-desc", page });
      expect(result.pageCount).toBe(pageCount);
      seen.push(...result.items.map((p) => p.id));
    }
    expect(seen).toEqual(order);
  });

  it("the /products loader combines q, category, sort and page, and sends a page past the end to the last page", async () => {
    const categoryId = categoryIds[1]!;
    const order = expected({ categoryId, query: "desk LAMP", sort: "price-asc" });
    const pageCount = Math.ceil(order.length / STOREFRONT_PAGE_SIZE);
    const base = `/products?category=${categoryId}&q=${encodeURIComponent("  desk   LAMP ")}&sort=price-asc`;
    const data = await runData(productsLoader, get(`${base}&page=${pageCount}`));
    expect(data.query).toBe("desk LAMP");
    expect(data.products.total).toBe(order.length);
    expect(data.products.items.map((p) => p.id)).toEqual(order.slice((pageCount - 1) * STOREFRONT_PAGE_SIZE));

    const past = await run(productsLoader, get(`${base}&page=${pageCount + 50}`));
    expect(past).toRedirectTo(/^\/products\?/, { status: 302 });
    const location = new URL(past.location!, "http://x");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      category: String(categoryId),
      q: "  desk   LAMP ",
      sort: "price-asc",
      page: String(pageCount),
    });
    // Nothing matches: any page number goes back to page 1, without `page`.
    const none = await run(productsLoader, get("/products?q=zzzz&page=3"));
    expect(none).toRedirectTo("/products?q=zzzz", { status: 302 });
  });
});

describe("search suggestions at 10,000 products", { timeout: 60_000 }, () => {
  /** Oracle: names containing the query, those starting with it first, then by name and id. */
  function expectedSuggestions(query: string): number[] {
    const q = nocase(query);
    return rows
      .filter((r) => contains(r, query))
      .sort((a, b) => Number(!nocase(a.name).startsWith(q)) - Number(!nocase(b.name).startsWith(q)) || byName(a, b))
      .slice(0, SUGGESTION_LIMIT)
      .map((r) => r.id);
  }

  it.each(["lamp", "LAMP S", "amp 00", "বাতি 01", "50%", "_", "g_t", "ceiling fan 0001", "no such thing"])(
    "%s: at most 8, starts-with first, then by name and id",
    async (query) => {
      const suggestions = await searchProductSuggestions(query, SUGGESTION_LIMIT);
      expect(suggestions.map((s) => s.id)).toEqual(expectedSuggestions(query));
      expect(suggestions.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
      for (const s of suggestions) expect(nocase(s.name)).toContain(nocase(query));
    },
  );

  it("'lamp' fills all 8 with starts-with matches before 'Desk lamp', and wildcards are literal", async () => {
    const names = (await searchProductSuggestions("lamp", SUGGESTION_LIMIT)).map((s) => s.name);
    expect(names).toHaveLength(8);
    expect(names.every((n) => /^lamp/i.test(n))).toBe(true);
    expect((await searchProductSuggestions("amp 0000", 50)).map((s) => s.name)).toEqual([
      "Desk lamp 0000",
      "Desk lamp 0000",
      "Lamp 0000",
      "Lamp 0000",
    ]);
    expect(await searchProductSuggestions("%", SUGGESTION_LIMIT)).toHaveLength(8);
    expect((await searchProductSuggestions("%", SUGGESTION_LIMIT)).every((s) => s.name.includes("%"))).toBe(true);
  });

  it("reads one pass of the name index, not the table", async () => {
    const plan = await prisma.$queryRawUnsafe<{ detail: string }[]>(
      `EXPLAIN QUERY PLAN SELECT id FROM Product WHERE name LIKE '%lamp%' ESCAPE '\\'
       ORDER BY CASE WHEN name LIKE 'lamp%' ESCAPE '\\' THEN 0 ELSE 1 END, name COLLATE NOCASE ASC, id ASC LIMIT 8`,
    );
    const details = plan.map((row) => row.detail).join(" | ");
    expect(details).toMatch(/SCAN Product USING COVERING INDEX/);
  });

  it("the resource route answers JSON with a short public cache, and nothing for blank input", async () => {
    const response = (await suggestionsLoader({
      request: get(`/resources/search-suggestions?q=${encodeURIComponent(" Lamp ")}`),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { query: string; suggestions: Record<string, unknown>[] };
    expect(body.query).toBe("Lamp");
    expect(body.suggestions.map((s) => s.id)).toEqual(expectedSuggestions("lamp"));
    expect(Object.keys(body.suggestions[0]!).sort()).toEqual([
      "discountedPricePaisa",
      "id",
      "name",
      "pricePaisa",
      "priceVaries",
      "thumbnail",
    ]);
    expect(body.suggestions[0]!.priceVaries).toBe(false); // one variant each

    for (const q of ["", "   ", "\t\n"]) {
      const blank = (await suggestionsLoader({
        request: get(`/resources/search-suggestions?q=${encodeURIComponent(q)}`),
        params: {},
        context: {},
      })) as Response;
      expect(await blank.json()).toEqual({ query: "", suggestions: [] });
    }
  });
});
