/**
 * The storefront's catalogue in Bangla and with variants, through the real route loaders: /bn
 * pages name products and categories in Bangla (English where no Bangla is given); a search finds a
 * product by its English or Bangla name on either language's page, or by a variant's SKU, and stays
 * literal; a card of a product whose variants differ in price shows the cheapest one's price and
 * says so, and only a product with one active variant carries that variant for its cart forms;
 * search suggestions and the sitemap follow.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { refreshPriceRange } from "~/models/catalogue/product-writes.server";
import { combinationKey } from "~/rules/variants";
import { loader as homeLoader } from "~/routes/_shop._index";
import { loader as productsLoader } from "~/routes/_shop.products._index";
import { loader as suggestionsLoader } from "~/routes/resources.search-suggestions";
import { loader as sitemapLoader } from "~/routes/[sitemap.xml]";
import type { SearchSuggestionsResponse } from "~/rules/search";
import { createProduct, get, runData } from "./helpers";

/**
 * Creates a product with one option and a variant per value (prices in paisa), as the admin's
 * variants page leaves it (combination keys from the value ids, min and max prices refreshed).
 */
async function productWithVariants(fields: {
  name: string;
  nameBn: string;
  categoryId: number;
  isFeatured?: boolean;
  option: string;
  variants: { value: string; pricePaisa: number; discountedPricePaisa?: number; sku: string }[];
}) {
  return prisma.$transaction(async (tx) => {
    const product = await tx.product.create({
      data: {
        name: fields.name,
        nameBn: fields.nameBn,
        slug: fields.name.toLowerCase().replace(/\s+/g, "-"),
        description: `${fields.name} description`,
        categoryId: fields.categoryId,
        isFeatured: fields.isFeatured ?? false,
      },
    });
    const option = await tx.productOption.create({
      data: {
        productId: product.id,
        name: fields.option,
        position: 0,
        values: { create: fields.variants.map((variant, position) => ({ value: variant.value, position })) },
      },
      include: { values: true },
    });
    for (const [position, spec] of fields.variants.entries()) {
      const value = option.values.find((candidate) => candidate.value === spec.value)!;
      await tx.productVariant.create({
        data: {
          productId: product.id,
          option1ValueId: value.id,
          combinationKey: combinationKey([value.id]),
          sku: spec.sku,
          pricePaisa: spec.pricePaisa,
          discountedPricePaisa: spec.discountedPricePaisa ?? null,
          position,
        },
      });
    }
    await refreshPriceRange(tx, product.id);
    return product;
  });
}

let fans: { id: number; nameBn: string };
let lights: { id: number };
let ceilingFan: { id: number };
let tableFan: { id: number; variantId: number };
let bulb: { id: number };
let jute: { id: number };

beforeAll(async () => {
  fans = await prisma.category.create({ data: { name: "Fans", nameBn: "ফ্যান", slug: "bc-fans" } });
  lights = await prisma.category.create({ data: { name: "Lights", slug: "bc-lights" } });
  ceilingFan = await productWithVariants({
    name: "Ceiling Fan",
    nameBn: "সিলিং ফ্যান",
    categoryId: fans.id,
    isFeatured: true,
    option: "Size",
    variants: [
      { value: "56″", pricePaisa: 350_000, sku: "BC-FAN-56" },
      { value: "48″", pricePaisa: 300_000, discountedPricePaisa: 280_000, sku: "BC-FAN-48" },
    ],
  });
  tableFan = await createProduct({
    name: "Table Fan",
    nameBn: "টেবিল ফ্যান",
    pricePaisa: 180_000,
    categoryId: fans.id,
    isFeatured: true,
    sku: "BC-TFAN",
  });
  bulb = await productWithVariants({
    name: "LED Bulb",
    nameBn: "এলইডি বাল্ব",
    categoryId: lights.id,
    option: "Watts",
    variants: [
      { value: "9 W", pricePaisa: 15_000, sku: "BC-BULB-9W" },
      { value: "12 W", pricePaisa: 15_000, sku: "BC-BULB-12W" },
    ],
  });
  jute = await createProduct({ name: "Jute Lamp Shade", pricePaisa: 50_000, categoryId: lights.id });
});

/** The /products (or /bn/products) page's data for `search` ("q=…&category=…"). */
async function listing(path: "/products" | "/bn/products", search = "") {
  return runData(productsLoader, get(search ? `${path}?${search}` : path));
}

/** The ids and names of the products a listing shows for `q`. */
async function found(path: "/products" | "/bn/products", q: string) {
  const { products } = await listing(path, new URLSearchParams({ q }).toString());
  return products.items.map((card) => ({ id: card.id, name: card.name }));
}

describe("search on the listing pages", () => {
  it("finds the fans by their Bangla name on /bn/products, named in Bangla", async () => {
    expect(await found("/bn/products", "ফ্যান")).toEqual([
      { id: ceilingFan.id, name: "সিলিং ফ্যান" },
      { id: tableFan.id, name: "টেবিল ফ্যান" },
    ]);
  });

  it("finds the fans by their English name on /products and on /bn/products", async () => {
    expect(await found("/products", "fan")).toEqual([
      { id: ceilingFan.id, name: "Ceiling Fan" },
      { id: tableFan.id, name: "Table Fan" },
    ]);
    expect((await found("/bn/products", "fan")).map((card) => card.name)).toEqual(["সিলিং ফ্যান", "টেবিল ফ্যান"]);
  });

  it("finds a product by its Bangla name on the English page, named in English", async () => {
    expect(await found("/products", "টেবিল")).toEqual([{ id: tableFan.id, name: "Table Fan" }]);
    expect(await found("/products", "বাল্ব")).toEqual([{ id: bulb.id, name: "LED Bulb" }]);
  });

  it("finds a product by the start of a variant's SKU, in any case", async () => {
    expect(await found("/products", "bc-bulb-12")).toEqual([{ id: bulb.id, name: "LED Bulb" }]);
    expect(await found("/bn/products", "BC-FAN-48")).toEqual([{ id: ceilingFan.id, name: "সিলিং ফ্যান" }]);
    expect((await found("/products", "BC-")).map((card) => card.id).sort()).toEqual(
      [ceilingFan.id, tableFan.id, bulb.id].sort(),
    );
  });

  it("reads what is typed literally: FTS syntax and wildcards match nothing and break nothing", async () => {
    for (const q of ["fan OR bulb", '"fan', "NEAR(fan bulb)", "ফ্যান*", "fan -table", "%", "_an"]) {
      expect(await found("/products", q), q).toEqual([]);
      expect(await found("/bn/products", q), q).toEqual([]);
    }
  });
});

describe("cards", () => {
  it("show the cheapest active variant's price and say 'from' when the variants' prices differ", async () => {
    const { products } = await listing("/bn/products", `category=${fans.id}`);
    const ceiling = products.items.find((card) => card.id === ceilingFan.id)!;
    expect(ceiling).toMatchObject({ pricePaisa: 300_000, discountedPricePaisa: 280_000, priceVaries: true });
    const table = products.items.find((card) => card.id === tableFan.id)!;
    expect(table).toMatchObject({ pricePaisa: 180_000, discountedPricePaisa: null, priceVaries: false });
  });

  it("carry the variant to add only when the product has one active variant", async () => {
    const { products } = await listing("/products");
    const byId = new Map(products.items.map((card) => [card.id, card]));
    expect(byId.get(tableFan.id)?.variantId).toBe(tableFan.variantId);
    expect(byId.get(jute.id)?.variantId).toEqual(expect.any(Number));
    // Several variants, even at one price: the shopper chooses on the product page.
    expect(byId.get(bulb.id)).toMatchObject({ variantId: null, priceVaries: false });
    expect(byId.get(ceilingFan.id)?.variantId).toBeNull();
  });

  it("sort by price by the lowest price a shopper pays", async () => {
    const { products } = await listing("/products", "sort=price-asc");
    expect(products.items.map((card) => card.id)).toEqual([bulb.id, jute.id, tableFan.id, ceilingFan.id]);
  });
});

describe("Bangla names on /bn", () => {
  it("name the categories in Bangla where given (else English) in chips, heading and search label", async () => {
    const bn = await listing("/bn/products", `category=${fans.id}`);
    expect(bn.categories.map((category) => category.name)).toEqual(["ফ্যান", "Lights"]);
    expect(bn.activeCategory?.name).toBe("ফ্যান");
    expect(JSON.stringify(bn.meta)).toContain("ফ্যান");
    const en = await listing("/products", `category=${fans.id}`);
    expect(en.activeCategory?.name).toBe("Fans");
  });

  it("name products in Bangla, English where no Bangla name is given", async () => {
    // In the order of the English names, as on /products.
    const { products } = await listing("/bn/products", `category=${lights.id}`);
    expect(products.items.map((card) => card.name)).toEqual(["Jute Lamp Shade", "এলইডি বাল্ব"]);
  });

  it("show the home page's categories and featured products in Bangla", async () => {
    const bn = await runData(homeLoader, get("/bn"));
    expect(bn.categories.map((category) => category.name)).toEqual(["ফ্যান", "Lights"]);
    expect(bn.featured.map((card) => card.name)).toEqual(["সিলিং ফ্যান", "টেবিল ফ্যান"]);
    const en = await runData(homeLoader, get("/"));
    expect(en.featured.map((card) => card.name)).toEqual(["Ceiling Fan", "Table Fan"]);
  });
});

describe("search suggestions", () => {
  async function suggestions(search: string): Promise<SearchSuggestionsResponse> {
    const response = (await suggestionsLoader({
      request: get(`/resources/search-suggestions?${search}`),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(200);
    return (await response.json()) as SearchSuggestionsResponse;
  }

  it("name products in the page's language and say when the price varies", async () => {
    const bn = await suggestions(new URLSearchParams({ q: "ফ্যান", lang: "bn" }).toString());
    expect(bn.suggestions.map(({ name, priceVaries }) => ({ name, priceVaries }))).toEqual([
      { name: "সিলিং ফ্যান", priceVaries: true },
      { name: "টেবিল ফ্যান", priceVaries: false },
    ]);
    const en = await suggestions(new URLSearchParams({ q: "ফ্যান" }).toString());
    expect(en.suggestions.map((suggestion) => suggestion.name)).toEqual(["Ceiling Fan", "Table Fan"]);
    const unknown = await suggestions(new URLSearchParams({ q: "fan", lang: "xx" }).toString());
    expect(unknown.suggestions.map((suggestion) => suggestion.name)).toEqual(["Ceiling Fan", "Table Fan"]);
  });
});

describe("/sitemap.xml", () => {
  it("lists a product with variants once per language, each with en, bn and x-default alternates", async () => {
    const response = (await sitemapLoader({ request: get("/sitemap.xml"), params: {}, context: {} })) as Response;
    const text = await response.text();
    const entries = text.split("<url>").filter((entry) => entry.includes(`/products/${ceilingFan.id}<`));
    expect(entries.map((entry) => /<loc>([^<]+)<\/loc>/.exec(entry)?.[1])).toEqual([
      expect.stringMatching(new RegExp(`[^n]/products/${ceilingFan.id}$`)),
      expect.stringMatching(new RegExp(`/bn/products/${ceilingFan.id}$`)),
    ]);
    for (const entry of entries) {
      expect(entry).toMatch(new RegExp(`hreflang="en" href="[^"]*[^n]/products/${ceilingFan.id}"`));
      expect(entry).toMatch(new RegExp(`hreflang="bn" href="[^"]*/bn/products/${ceilingFan.id}"`));
      expect(entry).toMatch(new RegExp(`hreflang="x-default" href="[^"]*[^n]/products/${ceilingFan.id}"`));
    }
  });
});
