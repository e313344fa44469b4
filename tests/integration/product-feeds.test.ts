/**
 * The product feeds for Meta Commerce Manager (/feeds/facebook.csv) and Google Merchant Center
 * (/feeds/google.xml), read back with a real CSV parser and a real XML parser and checked against
 * their published field lists ("Product data feed fields", "Product data specification"). Both
 * feeds pass the same checks, each item read into one shape: every required field on every item,
 * prices as "1250.00 BDT", a sale price only for a discounted variant, absolute http(s) addresses,
 * unique ids of at most 50 characters, one item group per product with options; a product without a
 * picture, a hidden product, a switched-off and a retired variant left out; an out-of-stock variant
 * listed as out of stock; Bangla with ?lang=bn or as the shop's language; 304 when unchanged. Each
 * feed is built once per catalogue version (by one build however many ask at once, whatever other
 * query parameters they add, letting the event loop turn meanwhile) and kept, a bounded number of
 * them, until a write of any process moves the version; a failed build is a 503, never kept.
 */
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getEnv } from "~/config/env.server";
import { prisma } from "~/models/db/client.server";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { retiredKey } from "~/rules/variants";
import { FEED_ENTRIES, feedCacheStats } from "~/server/catalogue/product-feeds.server";
import { log } from "~/server/log.server";
import * as facebook from "~/routes/feeds.facebook[.]csv";
import * as google from "~/routes/feeds.google[.]xml";
import {
  allowConsoleError,
  createCategory,
  createProductsInBulk,
  createProductWithVariants,
  get,
  withTableUnavailable,
} from "./helpers";

/** The fields of an item, by Meta's names (Google's are the same with `g:`). */
const FIELDS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "item_group_id",
] as const;
/** The fields both specifications require on every item. */
const REQUIRED = [
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
const PRICE = /^\d+\.\d{2} BDT$/;

/** One item of either feed: every field as text ("" when absent), the extra pictures as a list. */
type Item = Record<Exclude<(typeof FIELDS)[number], "additional_image_link">, string> & {
  additional_image_link: string[];
};

type Loader = typeof facebook.loader;

/** A feed as the tests read it: its address, its loader, how to read its body, its stock words. */
type Feed = {
  name: string;
  path: string;
  loader: Loader;
  contentType: string;
  read: (text: string) => Item[];
  inStock: string;
  outOfStock: string;
};

/** Meta's CSV: the header row names every column, in order; an empty cell is an absent field. */
function readMeta(text: string): Item[] {
  expect(text.split("\n", 1)[0]).toBe(FIELDS.join(","));
  const rows = parse(text, { columns: true }) as Record<(typeof FIELDS)[number], string>[];
  return rows.map((row) => ({
    ...row,
    additional_image_link: row.additional_image_link === "" ? [] : row.additional_image_link.split(","),
  }));
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === "item" || name === "g:additional_image_link",
});

/** Google's RSS 2.0: well-formed, the g: namespace declared, a channel with its title and link. */
function readGoogle(text: string): Item[] {
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = xmlParser.parse(text) as {
    rss: {
      "@_version": string;
      "@_xmlns:g": string;
      channel: { title: string; link: string; description: string; item?: Record<string, unknown>[] };
    };
  };
  expect(doc.rss["@_version"]).toBe("2.0");
  expect(doc.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
  expect(doc.rss.channel.title).not.toBe("");
  expect(doc.rss.channel.link).toMatch(/^https?:\/\//);
  return (doc.rss.channel.item ?? []).map((item) => {
    expect(item["g:identifier_exists"]).toBe("no");
    const field = (name: string) => String(item[`g:${name}`] ?? "");
    return {
      ...(Object.fromEntries(FIELDS.map((name) => [name, field(name)])) as Record<(typeof FIELDS)[number], string>),
      additional_image_link: (item["g:additional_image_link"] as string[] | undefined) ?? [],
    };
  });
}

const FEEDS: Feed[] = [
  {
    name: "Meta",
    path: "/feeds/facebook.csv",
    loader: facebook.loader,
    contentType: "text/csv; charset=utf-8",
    read: readMeta,
    inStock: "in stock",
    outOfStock: "out of stock",
  },
  {
    name: "Google",
    path: "/feeds/google.xml",
    loader: google.loader,
    contentType: "application/xml; charset=utf-8",
    read: readGoogle,
    inStock: "in_stock",
    outOfStock: "out_of_stock",
  },
];

async function fetchFeed(feed: Feed, query = "", headers: HeadersInit = {}): Promise<Response> {
  const request = new Request(get(`${feed.path}${query}`).url, { headers });
  return (await feed.loader({ request, params: {}, context: {} })) as Response;
}

async function itemsOf(feed: Feed, query = ""): Promise<Item[]> {
  const response = await fetchFeed(feed, query);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe(feed.contentType);
  return feed.read(await response.text());
}

/** Saves the shop's default language as the settings page does (the settings are kept in memory). */
async function setDefaultLanguage(defaultLanguage: "en" | "bn") {
  const { id: _id, updatedAt: _updatedAt, logoId: _logoId, logo: _logo, ...input } = await getShopSettings();
  await saveShopSettings({ ...input, defaultLanguage });
}

/** `count` products of one default variant at 100 taka, named and slugged `<prefix>-<n>`, for `createProductsInBulk`. */
function plainProducts(count: number, prefix: string, description: string) {
  return Array.from({ length: count }, (_, index) => ({
    name: `${prefix} ${index}`,
    slug: `${prefix}-${index}`,
    description,
    pricePaisa: 10_000,
    discountedPricePaisa: null,
    categoryId: null,
  }));
}

async function picture(key: string) {
  return prisma.image.create({ data: { key, width: 1024, height: 768, variantWidths: "320,640,1024" } });
}

let fanId: number;
let fanVariant: { brown: number; white: number };
let lampVariantId: number;
let bareSwitchId: number;

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
    options: [{ name: "Colour", values: ["Brown", "White", "Gold", "Silver"] }],
    variants: [
      { values: ["Brown"], pricePaisa: 390_000, discountedPricePaisa: 350_000, sku: "FAN-BR", stockQuantity: 4 },
      // No SKU, none on hand; a "discount" that is no lower than the price is none.
      { values: ["White"], pricePaisa: 390_000, discountedPricePaisa: 390_000, stockQuantity: 0 },
      { values: ["Gold"], pricePaisa: 450_000, sku: "FAN-GD", stockQuantity: 2, isActive: false },
      { values: ["Silver"], pricePaisa: 450_000, sku: "FAN-SV", stockQuantity: 2 },
    ],
  });
  fanId = fan.id;
  fanVariant = { brown: fan.variantId("Brown"), white: fan.variantId("White") };
  // Silver retired (its combination removed while it had orders): its key alone keeps it out, even
  // left active here.
  const silver = fan.variantId("Silver");
  await prisma.productVariant.update({
    where: { id: silver },
    data: { combinationKey: retiredKey(silver), option1ValueId: null },
  });
  await prisma.productOptionValue.updateMany({
    where: { option: { productId: fan.id }, value: "Brown" },
    data: { valueBn: "বাদামি" },
  });
  const main = await picture("a".repeat(32));
  const side = await picture("b".repeat(32));
  await prisma.productImage.createMany({
    data: [
      { productId: fan.id, imageId: main.id, position: 0 },
      { productId: fan.id, imageId: side.id, position: 1 },
    ],
  });
  await prisma.productVariant.update({ where: { id: fanVariant.white }, data: { imageId: side.id } });
  await prisma.product.update({
    where: { id: fan.id },
    data: {
      handle: "ceiling-fan",
      brand: "",
      // A comma, quotes and a line break for the CSV; markup characters for the XML.
      description: 'Copper motor, "silent" & <cool>.\nFive blades.',
      descriptionBn: "তামার মোটর।",
    },
  });

  // No options, a SKU too long for an id, stock not tracked (in stock with none counted), no description.
  const lamp = await createProductWithVariants({
    name: "Desk Lamp & Shade",
    trackStock: false,
    options: [],
    variants: [{ values: [], pricePaisa: 125_050, sku: "L".repeat(60) }],
  });
  lampVariantId = lamp.variants[0]!.id;
  await prisma.productImage.create({
    data: { productId: lamp.id, imageId: (await picture("c".repeat(32))).id, position: 0 },
  });
  await prisma.product.update({ where: { id: lamp.id }, data: { brand: "Walton", description: "" } });

  // Left out: no picture at all; hidden from the shop.
  const bare = await createProductWithVariants({
    name: "Bare Switch",
    options: [],
    variants: [{ values: [], pricePaisa: 9_000, sku: "SW-1" }],
  });
  bareSwitchId = bare.id;
  const hidden = await createProductWithVariants({
    name: "Draft Bulb",
    options: [],
    variants: [{ values: [], pricePaisa: 9_000, sku: "BULB-D" }],
  });
  await prisma.productImage.create({ data: { productId: hidden.id, imageId: main.id, position: 0 } });
  await prisma.product.update({ where: { id: hidden.id }, data: { isPublished: false } });
});

describe.each(FEEDS)("the $name feed", (feed) => {
  it("lists one item per variant on sale of each shown product that has a picture", async () => {
    const items = await itemsOf(feed);
    // Not FAN-GD (switched off), FAN-SV (retired), SW-1 (no picture), BULB-D (hidden).
    expect(items.map((item) => item.id)).toEqual(["FAN-BR", `haat-${fanVariant.white}`, `haat-${lampVariantId}`]);
  });

  it("gives every item every required field, in the formats the specification asks", async () => {
    const items = await itemsOf(feed);
    for (const item of items) {
      for (const field of REQUIRED) expect(item[field], `${item.id} ${field}`).not.toBe("");
      expect(item.id.length).toBeLessThanOrEqual(50);
      expect(Array.from(item.title).length).toBeLessThanOrEqual(150);
      expect(Array.from(item.description).length).toBeLessThanOrEqual(5000);
      expect(item.condition).toBe("new");
      expect([feed.inStock, feed.outOfStock]).toContain(item.availability);
      expect(item.price).toMatch(PRICE);
      if (item.sale_price !== "") {
        expect(item.sale_price).toMatch(PRICE);
        expect(parseFloat(item.sale_price)).toBeLessThan(parseFloat(item.price));
      }
      for (const address of [item.link, item.image_link, ...item.additional_image_link]) {
        expect(["http:", "https:"]).toContain(new URL(address).protocol);
      }
      // The largest stored width of the picture.
      expect(item.image_link).toMatch(/\/uploads\/[a-f0-9]{32}\/1024\.webp$/);
    }
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it("writes each variant's price, sale price, stock, group, page, picture, brand and texts", async () => {
    const [brown, white, lamp] = (await itemsOf(feed)) as [Item, Item, Item];
    expect(brown).toMatchObject({
      title: "Ceiling Fan — Brown",
      description: 'Copper motor, "silent" & <cool>.\nFive blades.',
      price: "3900.00 BDT",
      sale_price: "3500.00 BDT",
      availability: feed.inStock,
      item_group_id: "ceiling-fan",
      brand: "Haat Lights",
      link: `http://localhost:3000/products/${fanId}?variant=${fanVariant.brown}`,
    });
    expect(brown.image_link).toContain("a".repeat(32));
    expect(brown.additional_image_link).toEqual([`http://localhost:3000/uploads/${"b".repeat(32)}/1024.webp`]);
    // Tracked and none on hand: listed, out of stock. Its own picture first, the product's other after.
    expect(white).toMatchObject({
      title: "Ceiling Fan — White",
      sale_price: "",
      availability: feed.outOfStock,
      item_group_id: "ceiling-fan",
      link: `http://localhost:3000/products/${fanId}?variant=${fanVariant.white}`,
    });
    expect(white.image_link).toContain("b".repeat(32));
    expect(white.additional_image_link).toEqual([`http://localhost:3000/uploads/${"a".repeat(32)}/1024.webp`]);
    // No options: no item group and the product's own page; no description: the title stands in.
    expect(lamp).toMatchObject({
      title: "Desk Lamp & Shade",
      description: "Desk Lamp & Shade",
      price: "1250.50 BDT",
      sale_price: "",
      availability: feed.inStock,
      item_group_id: "",
      brand: "Walton",
    });
    expect(lamp.link).toMatch(/^http:\/\/localhost:3000\/products\/\d+$/);
  });

  it("is in Bangla with ?lang=bn, English where a Bangla text is empty, linking to the Bangla pages", async () => {
    const [brown, white, lamp] = (await itemsOf(feed, "?lang=bn")) as [Item, Item, Item];
    expect(brown).toMatchObject({
      title: "সিলিং ফ্যান — বাদামি",
      description: "তামার মোটর।",
      brand: "হাট লাইটস",
      link: `http://localhost:3000/bn/products/${fanId}?variant=${fanVariant.brown}`,
      price: "3900.00 BDT",
    });
    expect(white.title).toBe("সিলিং ফ্যান — White");
    expect(lamp).toMatchObject({ title: "Desk Lamp & Shade", brand: "Walton" });
    expect(lamp.link).toMatch(/^http:\/\/localhost:3000\/bn\/products\/\d+$/);
  });

  it("is in the shop's default language unless ?lang= chooses", async () => {
    await setDefaultLanguage("bn");
    try {
      expect((await itemsOf(feed))[0]!.title).toBe("সিলিং ফ্যান — বাদামি");
      expect((await itemsOf(feed, "?lang=en"))[0]!.title).toBe("Ceiling Fan — Brown");
      expect((await itemsOf(feed, "?lang=xx"))[0]!.title).toBe("সিলিং ফ্যান — বাদামি");
    } finally {
      await setDefaultLanguage("en");
    }
  });

  it("may be kept an hour, and answers 304 to a fetch that has this catalogue until it changes", async () => {
    const first = await fetchFeed(feed);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const bangla = await fetchFeed(feed, "?lang=bn");
    expect(bangla.headers.get("ETag")).not.toBe(etag);

    const notModified = await fetchFeed(feed, "", { "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect(await notModified.text()).toBe("");

    // Any catalogue write moves the version, even to a product the feed leaves out.
    await prisma.product.update({ where: { id: bareSwitchId }, data: { name: "Bare Switch 2" } });
    const changed = await fetchFeed(feed, "", { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    expect(feed.read(await changed.text())).toHaveLength(3);
  });
});

describe("a feed the database fails under", () => {
  it("answers 503, not a shorter catalogue, logs it once, and is built again next time", async () => {
    allowConsoleError();
    const logged = vi.spyOn(log, "error");
    // A new catalogue version: the feeds kept so far no longer hold.
    await prisma.product.update({ where: { id: bareSwitchId }, data: { name: "Bare Switch 3" } });
    for (const feed of FEEDS) {
      // The pictures are read with the first products.
      const answers = await withTableUnavailable("ProductImage", () => Promise.all([fetchFeed(feed), fetchFeed(feed)]));
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get("Retry-After")).toBe("60");
        expect(answer.headers.get("Cache-Control")).toBe("no-store");
      }
      expect(await itemsOf(feed)).toHaveLength(3);
    }
    // Once per failed build: the two fetches of each feed waited for the same one.
    expect(logged).toHaveBeenCalledTimes(FEEDS.length);
    logged.mockRestore();
  });
});

describe("a long run of products without an item", () => {
  it("still ends both feeds, with the items after it", async () => {
    // 500 products without pictures: more than two reads' worth (200 products a read) that give no item.
    await createProductsInBulk(plainProducts(500, "bare", ""));
    const last = await createProductWithVariants({
      name: "Last Lamp",
      options: [],
      variants: [{ values: [], pricePaisa: 20_000, sku: "LAST-1" }],
    });
    await prisma.productImage.create({
      data: { productId: last.id, imageId: (await picture("d".repeat(32))).id, position: 0 },
    });
    for (const feed of FEEDS) expect((await itemsOf(feed)).map((item) => item.id)).toContain("LAST-1");
  }, 10_000);
});

describe("texts that look like spreadsheet formulas", () => {
  it("are written behind an apostrophe in Meta's CSV, as the admin export writes them, and as they are in Google's XML", async () => {
    const formulas = {
      name: '=HYPERLINK("http://evil.example","Click")',
      description: "-2+3+cmd|' /C calc'!A0",
      brand: "@SUM(1+1)",
      sku: "+1+cmd",
      handle: "\tformula-lamp",
      cr: "\rCR-1",
    };
    const product = await createProductWithVariants({
      name: formulas.name,
      options: [{ name: "Kind", values: ["A", "B"] }],
      variants: [
        { values: ["A"], pricePaisa: 10_000, sku: formulas.sku },
        { values: ["B"], pricePaisa: 10_000, sku: formulas.cr },
      ],
    });
    await prisma.product.update({
      where: { id: product.id },
      data: { description: formulas.description, brand: formulas.brand, handle: formulas.handle },
    });
    await prisma.productImage.create({
      data: { productId: product.id, imageId: (await picture("e".repeat(32))).id, position: 0 },
    });
    const fields = (item: Item) => [item.id, item.title, item.description, item.brand, item.item_group_id];

    const meta = (await itemsOf(FEEDS[0]!)).filter((item) => item.link.includes(`/products/${product.id}?`));
    expect(meta.map(fields)).toEqual([
      [
        `'${formulas.sku}`,
        `'${formulas.name} — A`,
        `'${formulas.description}`,
        `'${formulas.brand}`,
        `'${formulas.handle}`,
      ],
      [
        `'${formulas.cr}`,
        `'${formulas.name} — B`,
        `'${formulas.description}`,
        `'${formulas.brand}`,
        `'${formulas.handle}`,
      ],
    ]);
    // No cell of the file starts with a sign a spreadsheet reads as a formula.
    const text = await (await fetchFeed(FEEDS[0]!)).text();
    expect((parse(text) as string[][]).flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);

    // XML is no spreadsheet: Google's feed carries the texts as they are (the XML parser trims them).
    const google = (await itemsOf(FEEDS[1]!)).filter((item) => item.link.includes(`/products/${product.id}?`));
    expect(google.map(fields)).toEqual(
      [
        [formulas.sku, `${formulas.name} — A`, formulas.description, formulas.brand, formulas.handle],
        [formulas.cr, `${formulas.name} — B`, formulas.description, formulas.brand, formulas.handle],
      ].map((texts) => texts.map((text) => text.trim())),
    );
  });
});

describe("a feed kept between fetches", () => {
  /** A write to the catalogue from another connection, as another process or node makes one. */
  function writeFromElsewhere(sql: string) {
    const other = new Database(getEnv().databasePath);
    try {
      other.prepare(sql).run();
    } finally {
      other.close();
    }
  }

  it.each(FEEDS)("answers the $name feed's later fetches from the kept body, in each encoding", async (feed) => {
    await prisma.product.update({ where: { id: bareSwitchId }, data: { name: `Bare Switch ${feed.name}` } });
    const first = await (await fetchFeed(feed)).text();
    const before = feedCacheStats();
    const again = await fetchFeed(feed);
    expect(await again.text()).toBe(first);
    expect(again.headers.get("Content-Encoding")).toBeNull();
    expect(Number(again.headers.get("Content-Length"))).toBe(Buffer.byteLength(first));
    const gzipped = await fetchFeed(feed, "", { "Accept-Encoding": "gzip" });
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString("utf8")).toBe(first);
    const brotli = await fetchFeed(feed, "", { "Accept-Encoding": "gzip, br" });
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString("utf8")).toBe(first);
    // No product was read again.
    expect(feedCacheStats()).toMatchObject({ builds: before.builds, productsRead: before.productsRead });
  });

  it("is built again once the catalogue changes, also by another process's write", async () => {
    const [meta] = FEEDS as [Feed, Feed];
    const before = (await itemsOf(meta)).find((item) => item.id === `haat-${lampVariantId}`)!;
    expect(before.title).toBe("Desk Lamp & Shade");
    const builds = feedCacheStats().builds;
    writeFromElsewhere(
      `UPDATE "Product" SET "name" = 'Reading Lamp' WHERE "id" = (SELECT "productId" FROM "ProductVariant" WHERE "id" = ${lampVariantId})`,
    );
    const after = (await itemsOf(meta)).find((item) => item.id === `haat-${lampVariantId}`)!;
    expect(after.title).toBe("Reading Lamp");
    expect(feedCacheStats().builds).toBe(builds + 1);
    // A stock change moves the version too: the availability shown is never older than the catalogue.
    writeFromElsewhere(`UPDATE "ProductVariant" SET "stockQuantity" = 0 WHERE "sku" = 'FAN-BR'`);
    expect((await itemsOf(meta)).find((item) => item.id === "FAN-BR")!.availability).toBe(meta.outOfStock);
    expect(feedCacheStats().builds).toBe(builds + 2);
  });

  it("builds once for concurrent first fetches, and ignores query parameters other than lang", async () => {
    const [, googleFeed] = FEEDS as [Feed, Feed];
    await prisma.product.update({ where: { id: bareSwitchId }, data: { name: "Bare Switch 4" } });
    const builds = feedCacheStats().builds;
    const bodies = await Promise.all(
      ["", "?x=1", "?utm_source=a&x=2", "?lang=en&y=3", "?lang=en&lang=bn", "?page=2"].map(async (query) =>
        (await fetchFeed(googleFeed, query)).text(),
      ),
    );
    expect(new Set(bodies).size).toBe(1);
    expect(feedCacheStats().builds).toBe(builds + 1);
    await fetchFeed(googleFeed, `?nonce=${Math.random()}`);
    expect(feedCacheStats().builds).toBe(builds + 1);
  });

  it(`keeps at most ${FEED_ENTRIES} feeds, however many addresses ask`, async () => {
    const [, googleFeed] = FEEDS as [Feed, Feed];
    for (let i = 0; i < FEED_ENTRIES + 4; i += 1) {
      const request = new Request(`http://shop-${i}.test${googleFeed.path}`);
      const answer = (await googleFeed.loader({ request, params: {}, context: {} })) as Response;
      expect(answer.status).toBe(200);
      expect(feedCacheStats().entries).toBeLessThanOrEqual(FEED_ENTRIES);
    }
    expect(feedCacheStats().entries).toBe(FEED_ENTRIES);
  });

  it("lets the event loop turn while a feed is built", { timeout: 20_000 }, async () => {
    const [meta] = FEEDS as [Feed, Feed];
    // 2,000 more products with a picture each: a build of tens of milliseconds, several slices.
    await createProductsInBulk(plainProducts(2_000, "pictured", "A lamp."));
    const shown = await prisma.product.findMany({ where: { slug: { startsWith: "pictured-" } }, select: { id: true } });
    const image = await picture("f".repeat(32));
    await prisma.productImage.createMany({
      data: shown.map((product) => ({ productId: product.id, imageId: image.id, position: 0 })),
    });
    const start = feedCacheStats().productsRead;
    const progressSeenByTheLoop: number[] = [];
    let done = false;
    const watch = () => {
      progressSeenByTheLoop.push(feedCacheStats().productsRead - start);
      if (!done) setImmediate(watch);
    };
    setImmediate(watch);
    const answer = await fetchFeed(meta);
    done = true;
    expect(answer.status).toBe(200);
    const read = feedCacheStats().productsRead - start;
    // Every shown product: those of the tests before and the 2,000 above.
    expect(read).toBeGreaterThan(2_500);
    // The watcher ran while the build was half-way, not only before and after it.
    expect(progressSeenByTheLoop.some((count) => count > 0 && count < read)).toBe(true);
  });
});
