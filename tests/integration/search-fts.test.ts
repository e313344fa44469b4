/**
 * Product search through the full-text index (FTS5, trigram tokenizer; migration
 * 20261125170000_product_search, docs/decisions/037-search-at-scale.md) gives the same products as
 * the rule "name contains, case-insensitive" computed without the index: SQLite's
 * LIKE over every row, and the same rule in plain JavaScript. On seeded names in English and
 * Bengali, with LIKE's wildcards, quotes and FTS syntax typed as text, and after names change.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { listProducts } from "~/models/catalogue/product-listings.server";
import { searchProductSuggestions } from "~/models/catalogue/search-suggestions.server";
import { escapeLike } from "~/rules/search";
import { createCategory, createProduct, createProductsInBulk } from "./helpers";

const WORDS = [
  "Jute",
  "Pendant",
  "LAMP",
  "lamp",
  "Ceiling",
  "Fan",
  "fan",
  "Switch",
  "Bulb",
  "Socket",
  "50%",
  "2_way",
  '12" Fan',
];
const BENGALI = ["ঝুলন্ত বাতি", "সিলিং ফ্যান", "দেয়াল সুইচ", "এলইডি বাল্ব", "টেবিল ল্যাম্প", "পাটের বাতি", "ঝাড়বাতি"];

let categoryId: number;

beforeAll(async () => {
  categoryId = (await createCategory("Search Lights")).id;
  // 280 names from a small deterministic generator: two or three words, some Bengali, some with
  // characters LIKE or FTS would read as syntax.
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let i = 0; i < 280; i++) {
    const parts = [WORDS[next(WORDS.length)], BENGALI[next(BENGALI.length)], WORDS[next(WORDS.length)]];
    const name = i % 4 === 0 ? parts.join(" ") : i % 4 === 1 ? `${parts[1]} ${i}` : `${parts[0]} ${parts[2]} ${i}`;
    await createProduct({ name, pricePaisa: 10_000 + i * 37, categoryId });
  }
});

const QUERIES = [
  "lamp",
  "LAMP",
  "Lam",
  "amp 1",
  "fan",
  "a",
  "fa",
  "50%",
  "%",
  "_",
  "2_w",
  '12" F',
  '"',
  "lamp OR fan",
  "NEAR(lamp",
  "বাতি",
  "ঝুলন্ত",
  "ফ্যা",
  "সুইচ 1",
  "ল্যাম্প",
  "বা",
  "nothing-like-this",
];

/**
 * The ids of the products in this test's category whose names contain `query`, by a LIKE over every
 * row (case-insensitive on both databases, as the index's matches are).
 */
async function likeIds(query: string): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "Product"
    WHERE "categoryId" = ${categoryId} AND lower("name") LIKE lower(${`%${escapeLike(query)}%`}) ESCAPE '\\' ORDER BY "id"`;
  return rows.map((row) => Number(row.id));
}

/** The same rule in JavaScript: lower-cased name contains the lower-cased query. */
async function jsIds(query: string): Promise<number[]> {
  const products = await prisma.product.findMany({
    where: { categoryId },
    select: { id: true, name: true },
    orderBy: { id: "asc" },
  });
  return products.filter((p) => p.name.toLowerCase().includes(query.toLowerCase())).map((p) => p.id);
}

/** The ids /products lists for `query` in this test's category (all on one page). */
async function searchIds(query: string): Promise<number[]> {
  const page = await listProducts({ categoryId, query, pageSize: 1000 });
  return page.items.map((card) => card.id).sort((a, b) => a - b);
}

describe("search through the full-text index", () => {
  it("lists the same products as LIKE and as the rule in JavaScript, for every query", async () => {
    let matched = 0;
    for (const query of QUERIES) {
      const expected = await likeIds(query);
      expect(await jsIds(query), query).toEqual(expected);
      expect(await searchIds(query), query).toEqual(expected);
      matched += expected.length;
    }
    // The queries do find things: the comparison is not between empty lists.
    expect(matched).toBeGreaterThan(500);
    expect(await likeIds("nothing-like-this")).toEqual([]);
  });

  it("counts and pages the matches like the whole list", async () => {
    const all = await likeIds("lamp");
    const first = await listProducts({ categoryId, query: "lamp", pageSize: 10, page: 1 });
    expect(first.total).toBe(all.length);
    expect(first.pageCount).toBe(Math.ceil(all.length / 10));
    const pages = [];
    for (let page = 1; page <= first.pageCount; page++) {
      pages.push(...(await listProducts({ categoryId, query: "lamp", pageSize: 10, page, sort: "price-desc" })).items);
    }
    expect(pages.map((card) => card.id).sort((a, b) => a - b)).toEqual(all);
  });

  it("suggests from the same matches, names starting with the query first", async () => {
    for (const query of ["lamp", "বাতি", "fan", "Ju"]) {
      const suggestions = await searchProductSuggestions(query, 50);
      const expected = await likeIds(query);
      expect(suggestions.length, query).toBe(Math.min(50, expected.length));
      for (const suggestion of suggestions) expect(expected, query).toContain(suggestion.id);
      const startsAt = suggestions.findIndex((s) => !s.name.toLowerCase().startsWith(query.toLowerCase()));
      if (startsAt !== -1) {
        expect(suggestions.slice(startsAt).every((s) => !s.name.toLowerCase().startsWith(query.toLowerCase()))).toBe(
          true,
        );
      }
    }
  });

  it("reads the database's trigram index for three characters or more, and LIKE below that", async () => {
    const lamps = await likeIds("lamp");
    const la = await likeIds("la");
    expect(lamps.length).toBeGreaterThan(0);
    if (getEnv().databaseKind === "postgresql") {
      // PostgreSQL: with plain scans priced out, the plan shows the trigram indexes serve the query.
      const plan = await prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
        await tx.$executeRawUnsafe("SET LOCAL enable_indexscan = off");
        const rows = await tx.$queryRaw<
          { "QUERY PLAN": string }[]
        >`EXPLAIN SELECT "id" FROM "Product" WHERE "id" IN (${dialect.nameMatchesSql("lamp")})`;
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      expect(plan).toMatch(/Product_name_trgm_idx/);
      expect(plan).toMatch(/Product_nameBn_trgm_idx/);
    } else {
      // SQLite: with FTS5's index emptied, only the short query still finds anything: the long one used it.
      await prisma.$executeRawUnsafe(`INSERT INTO ProductSearch (ProductSearch) VALUES ('delete-all')`);
      try {
        expect(await searchIds("lamp")).toEqual([]);
        expect(await searchIds("la")).toEqual(la);
      } finally {
        await prisma.$executeRawUnsafe(`INSERT INTO ProductSearch (ProductSearch) VALUES ('rebuild')`);
      }
    }
    expect(await searchIds("lamp")).toEqual(lamps);
    expect(await searchIds("la")).toEqual(la);
  });

  it("follows names as they are created, renamed and deleted", async () => {
    const product = await createProduct({ name: "Brass Lantern Zeta", pricePaisa: 99_900, categoryId });
    expect(await searchIds("lantern zeta")).toEqual([product.id]);
    await prisma.product.update({ where: { id: product.id }, data: { name: "কাঁসার লণ্ঠন Omega" } });
    expect(await searchIds("lantern zeta")).toEqual([]);
    expect(await searchIds("লণ্ঠন")).toEqual([product.id]);
    await prisma.product.update({ where: { id: product.id }, data: { minPricePaisa: 88_800, maxPricePaisa: 88_800 } });
    expect(await searchIds("omega")).toEqual([product.id]);
    await prisma.product.delete({ where: { id: product.id } });
    expect(await searchIds("omega")).toEqual([]);
  });

  it("pages a search that matches thousands of names (read by walking the order's index) like LIKE does", async () => {
    // Over 5,000 matches: listProducts walks the index of the chosen order instead of sorting the
    // matches (WALK_INDEX_ABOVE_MATCHES in app/models/catalogue/product-listings.server.ts). Mixed case, prices with
    // ties and discounts, two categories, so every tie-break of every order is exercised.
    const other = (await createCategory("Search Walk")).id;
    const rows = Array.from({ length: 5_300 }, (_, i) => ({
      name: `${["Wickerwalk", "wickerWALK", "WICKERWALK"][i % 3]} ${["Lamp", "fan", "Shade"][(i % 7) % 3]} ${(i * 7919) % 5_300}`,
      slug: `wickerwalk-${i}`,
      description: "",
      pricePaisa: 1_000 + (i % 40) * 100,
      discountedPricePaisa: i % 6 === 0 ? 900 + (i % 40) * 50 : null,
      categoryId: i % 2 === 0 ? other : categoryId,
    }));
    await createProductsInBulk(rows);
    try {
      const all = (
        await prisma.product.findMany({
          where: { name: { contains: "wickerwalk", ...dialect.insensitive } },
          select: {
            id: true,
            name: true,
            categoryId: true,
            variants: { select: { pricePaisa: true, discountedPricePaisa: true } },
          },
        })
      ).map(({ variants, ...product }) => ({ ...product, ...variants[0]! }));
      expect(all.length).toBe(5_300);
      const charged = (p: (typeof all)[number]) =>
        p.discountedPricePaisa !== null && p.discountedPricePaisa < p.pricePaisa
          ? p.discountedPricePaisa
          : p.pricePaisa;
      const byName = (a: (typeof all)[number], b: (typeof all)[number]) =>
        a.name.toLowerCase() < b.name.toLowerCase()
          ? -1
          : a.name.toLowerCase() > b.name.toLowerCase()
            ? 1
            : a.id - b.id;
      const orders = {
        name: byName,
        "price-asc": (a: (typeof all)[number], b: (typeof all)[number]) => charged(a) - charged(b) || byName(a, b),
        "price-desc": (a: (typeof all)[number], b: (typeof all)[number]) => charged(b) - charged(a) || byName(a, b),
      } as const;
      for (const [sort, compare] of Object.entries(orders) as [keyof typeof orders, (typeof orders)["name"]][]) {
        for (const category of [null, other]) {
          const expected = all.filter((p) => category === null || p.categoryId === category).sort(compare);
          for (const page of [1, 2, 37, Math.ceil(expected.length / 24)]) {
            const listed = await listProducts({ categoryId: category, query: "ickerwal", sort, page });
            const label = `${sort}, category ${category}, page ${page}`;
            expect(listed.total, label).toBe(expected.length);
            expect(
              listed.items.map((card) => card.id),
              label,
            ).toEqual(expected.slice((page - 1) * 24, page * 24).map((p) => p.id));
          }
        }
      }
    } finally {
      await prisma.product.deleteMany({ where: { slug: { startsWith: "wickerwalk-" } } });
    }
  });
});
