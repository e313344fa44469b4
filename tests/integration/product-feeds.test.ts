/**
 * The product feeds for Meta Commerce Manager (/feeds/facebook.csv) and Google Merchant Center
 * (/feeds/google.xml), read back with a CSV and an XML parser and checked against their published
 * field lists: every required field on every item, the price format, absolute addresses, ids of at
 * most 50 characters; a product without a picture left out, an out-of-stock variant listed as out of
 * stock, hidden products and switched-off variants absent, Bangla with ?lang=bn, 304 when unchanged.
 */
import { parse } from "csv-parse/sync";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/models/db.server";
import * as facebook from "~/routes/feeds.facebook[.]csv";
import * as google from "~/routes/feeds.google[.]xml";
import { createCategory, createProductsInBulk, createProductWithVariants, get } from "./helpers";

/** Meta's required fields ("Product data feed fields"), and Google's ("Product data specification"). */
const META_REQUIRED = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "link",
  "image_link",
  "brand",
] as const;
const GOOGLE_REQUIRED = [
  "g:id",
  "g:title",
  "g:description",
  "g:link",
  "g:image_link",
  "g:availability",
  "g:price",
  "g:condition",
  "g:brand",
];
const PRICE = /^\d+\.\d{2} BDT$/;

/** A row of Meta's feed: every column, an empty cell as "". */
type MetaRow = Record<
  (typeof META_REQUIRED)[number] | "sale_price" | "additional_image_link" | "item_group_id",
  string
>;

let fanId: number;

async function picture(key: string) {
  return prisma.image.create({ data: { key, width: 1024, height: 768, variantWidths: "320,640,1024" } });
}

beforeAll(async () => {
  await prisma.shopSettings.upsert({
    where: { id: 1 },
    update: { name: "Haat Lights", nameBn: "হাট লাইটস", defaultLanguage: "en" },
    create: {
      name: "Haat Lights",
      nameBn: "হাট লাইটস",
      tagline: "",
      about: "",
      email: "shop@haat.example",
      phone: "01700000000",
      address: "",
      defaultLanguage: "en",
    },
  });
  const category = await createCategory("Fans");
  const fan = await createProductWithVariants({
    name: "Ceiling Fan",
    nameBn: "সিলিং ফ্যান",
    categoryId: category.id,
    trackStock: true,
    options: [{ name: "Colour", values: ["Brown", "White", "Gold"] }],
    variants: [
      { values: ["Brown"], pricePaisa: 390_000, discountedPricePaisa: 350_000, sku: "FAN-BR", stockQuantity: 4 },
      { values: ["White"], pricePaisa: 390_000, stockQuantity: 0 },
      { values: ["Gold"], pricePaisa: 450_000, sku: "FAN-GD", stockQuantity: 2, isActive: false },
    ],
  });
  fanId = fan.id;
  const main = await picture("a".repeat(32));
  const side = await picture("b".repeat(32));
  await prisma.productImage.createMany({
    data: [
      { productId: fan.id, imageId: main.id, position: 0 },
      { productId: fan.id, imageId: side.id, position: 1 },
    ],
  });
  await prisma.productVariant.update({ where: { id: fan.variantId("White") }, data: { imageId: side.id } });
  await prisma.product.update({
    where: { id: fan.id },
    data: { handle: "ceiling-fan", brand: "", description: "Copper motor.", descriptionBn: "তামার মোটর।" },
  });

  const lamp = await createProductWithVariants({
    name: "Desk Lamp",
    options: [],
    variants: [{ values: [], pricePaisa: 125_050, sku: "L".repeat(60) }],
  });
  await prisma.productImage.create({
    data: { productId: lamp.id, imageId: (await picture("c".repeat(32))).id, position: 0 },
  });
  await prisma.product.update({ where: { id: lamp.id }, data: { brand: "Walton", description: "" } });

  // Left out: no picture at all; hidden from the shop.
  await createProductWithVariants({
    name: "Bare Switch",
    options: [],
    variants: [{ values: [], pricePaisa: 9_000, sku: "SW-1" }],
  });
  const hidden = await createProductWithVariants({
    name: "Draft Bulb",
    options: [],
    variants: [{ values: [], pricePaisa: 9_000, sku: "BULB-D" }],
  });
  await prisma.productImage.create({ data: { productId: hidden.id, imageId: main.id, position: 0 } });
  await prisma.product.update({ where: { id: hidden.id }, data: { isPublished: false } });
});

async function metaRows(query = "") {
  const response = (await facebook.loader({
    request: get(`/feeds/facebook.csv${query}`),
    params: {},
    context: {},
  })) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  return parse(await response.text(), { columns: true }) as MetaRow[];
}

async function googleItems(query = "") {
  const response = (await google.loader({
    request: get(`/feeds/google.xml${query}`),
    params: {},
    context: {},
  })) as Response;
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = new XMLParser({ isArray: (name) => name === "item" || name === "g:additional_image_link" }).parse(text);
  expect(doc.rss.channel.title).toBe("Haat Lights");
  return doc.rss.channel.item as Record<string, unknown>[];
}

describe("the Meta feed", () => {
  it("lists every variant on sale with every required field in its published form", async () => {
    const rows = await metaRows();
    expect(rows.map((row) => row.title)).toEqual(["Ceiling Fan — Brown", "Ceiling Fan — White", "Desk Lamp"]);
    for (const row of rows) {
      for (const field of META_REQUIRED) expect(row[field], `${row.id} ${field}`).not.toBe("");
      expect(row.price).toMatch(PRICE);
      if (row.sale_price) expect(row.sale_price).toMatch(PRICE);
      expect(row.link).toMatch(/^https?:\/\/[^/]+\/products\/\d+/);
      expect(row.image_link).toMatch(/^https?:\/\/[^/]+\/uploads\/[a-f0-9]{32}\/1024\.webp$/);
      expect(row.id.length).toBeLessThanOrEqual(50);
      expect(row.condition).toBe("new");
      expect(["in stock", "out of stock"]).toContain(row.availability);
    }
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const [brown, white, lamp] = rows as [MetaRow, MetaRow, MetaRow];
    expect(brown).toMatchObject({
      id: "FAN-BR",
      price: "3900.00 BDT",
      sale_price: "3500.00 BDT",
      availability: "in stock",
      item_group_id: "ceiling-fan",
      brand: "Haat Lights",
      description: "Copper motor.",
    });
    expect(brown.link).toMatch(new RegExp(`/products/${fanId}\\?variant=\\d+$`));
    // No SKU, and out of stock; its own picture first, the product's other as an additional one.
    expect(white).toMatchObject({ availability: "out of stock", item_group_id: "ceiling-fan", sale_price: "" });
    expect(white.id).toMatch(/^haat-\d+$/);
    expect(white.image_link).toContain("b".repeat(32));
    expect(white.additional_image_link).toContain("a".repeat(32));
    // A SKU longer than 50 characters gives way to a stable id; no options: no item group.
    expect(lamp).toMatchObject({ price: "1250.50 BDT", brand: "Walton", item_group_id: "", description: "Desk Lamp" });
    expect(lamp.id).toMatch(/^haat-\d+$/);
  });

  it("is in Bangla with ?lang=bn, linking to the Bangla pages", async () => {
    const rows = await metaRows("?lang=bn");
    expect(rows[0]).toMatchObject({ title: "সিলিং ফ্যান — Brown", description: "তামার মোটর।", brand: "হাট লাইটস" });
    expect(rows[0]!.link).toMatch(/\/bn\/products\/\d+\?variant=/);
  });
});

describe("the Google feed", () => {
  it("is RSS 2.0 with the g: namespace and every required field on every item", async () => {
    const items = await googleItems();
    expect(items).toHaveLength(3);
    for (const item of items) {
      for (const field of GOOGLE_REQUIRED) expect(String(item[field] ?? ""), field).not.toBe("");
      expect(String(item["g:price"])).toMatch(PRICE);
      expect(["in_stock", "out_of_stock"]).toContain(item["g:availability"]);
      expect(item["g:identifier_exists"]).toBe("no");
      expect(String(item["g:link"])).toMatch(/^https?:\/\//);
      expect(String(item["g:image_link"])).toMatch(/^https?:\/\//);
    }
    expect(items[0]).toMatchObject({
      "g:id": "FAN-BR",
      "g:sale_price": "3500.00 BDT",
      "g:item_group_id": "ceiling-fan",
      "g:availability": "in_stock",
    });
    expect(items[1]).toMatchObject({ "g:availability": "out_of_stock" });
    expect(items[2]).not.toHaveProperty("g:item_group_id");
  });

  it("answers 304 to a fetch that already has this catalogue, and 200 once it changes", async () => {
    const first = (await google.loader({ request: get("/feeds/google.xml"), params: {}, context: {} })) as Response;
    const etag = first.headers.get("ETag")!;
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const again = new Request("http://localhost:3000/feeds/google.xml", { headers: { "If-None-Match": etag } });
    const notModified = (await google.loader({ request: again, params: {}, context: {} })) as Response;
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    await prisma.productVariant.updateMany({ where: { sku: "FAN-BR" }, data: { stockQuantity: 0 } });
    const changed = (await google.loader({ request: again, params: {}, context: {} })) as Response;
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("<g:id>FAN-BR</g:id>");
  });
});

describe("a long run of products without an item", () => {
  it("still ends both feeds, with the items after it", async () => {
    // 500 products without pictures: more than two reads' worth (200 products a read) that give no item.
    await createProductsInBulk(
      Array.from({ length: 500 }, (_, index) => ({
        name: `Bare ${index}`,
        slug: `bare-${index}`,
        description: "",
        pricePaisa: 10_000,
        discountedPricePaisa: null,
        categoryId: null,
      })),
    );
    const last = await createProductWithVariants({
      name: "Last Lamp",
      options: [],
      variants: [{ values: [], pricePaisa: 20_000, sku: "LAST-1" }],
    });
    await prisma.productImage.create({
      data: { productId: last.id, imageId: (await picture("d".repeat(32))).id, position: 0 },
    });
    expect((await metaRows()).map((row) => row.id)).toContain("LAST-1");
    expect((await googleItems()).map((item) => item["g:id"])).toContain("LAST-1");
  }, 10_000);
});
