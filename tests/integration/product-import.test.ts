/**
 * Importing product CSV files through the back office's routes, against this worker's own
 * database: Shopify's template and WooCommerce's sample shape land as the right products,
 * variants, prices, stock and visibility; a re-import changes nothing; export → import is a round
 * trip; SKU conflicts are refused per row; a product whose write fails leaves nothing behind.
 * Pictures are left to tests/integration/product-import-images.test.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { catalogueVersion } from "~/models/catalogue/changes/change-log.server";
import { importChecked, importFinished } from "~/server/catalogue/import/product-import.server";
import { importImagesIdle } from "~/server/catalogue/import/picture-workers.server";
import * as importPage from "~/routes/admin.products.import._index";
import * as importFile from "~/routes/admin.products.import.$id/route";
import * as exportCsv from "~/routes/admin.products.export[.]csv";
import {
  createAdmin,
  createCategory,
  createProductWithVariants,
  get,
  multipart,
  post,
  run,
  runData,
  signedInJar,
  type CookieJar,
} from "./helpers";

const fixtures = path.resolve(__dirname, "../fixtures/product-csv");

let jar: CookieJar;

beforeEach(async () => {
  // One database serves this file's tests: each starts from an empty catalogue.
  await prisma.productImport.deleteMany();
  await prisma.productVariant.deleteMany();
  await prisma.product.deleteMany();
  await prisma.category.deleteMany();
  jar = await signedInJar((await createAdmin()).id);
});

afterEach(async () => {
  // Pictures of the fixtures point at shops on the internet: their fetching (which fails here)
  // must not run into the next test.
  await prisma.productImportImage.updateMany({ where: { status: "pending" }, data: { status: "failed" } });
  await importImagesIdle();
});

/** Uploads `csv` as the import form does (with its other `fields`, such as its checkbox); returns the import's id. */
async function upload(
  csv: string | Buffer,
  name = "products.csv",
  fields: Record<string, string> = {},
): Promise<number> {
  const bytes = typeof csv === "string" ? Buffer.from(csv) : csv;
  const outcome = await run(
    importPage.action,
    multipart("/admin/products/import?index", fields, [{ field: "file", name, bytes, type: "text/csv" }], jar),
  );
  expect(outcome.status, JSON.stringify("data" in outcome ? outcome.data : null)).toBe(302);
  return Number(/\/(\d+)(?:\?|$)/.exec(outcome.location!)![1]);
}

/** The stored dry run of import `id` (waiting for its check), as its page reads it with `query`. */
async function preview(id: number, query = "") {
  await importChecked(id);
  const data = await runData(importFile.loader, get(`/admin/products/import/${id}${query}`, jar), {
    id: String(id),
  });
  if (data.kind !== "preview" || !data.preview) throw new Error(`import ${id} is ${data.status}`);
  return data.preview;
}

/** Confirms import `id` (with the dry run's other `fields`, such as its checkbox) and waits for its products to be written. */
async function confirm(id: number, fields: Record<string, string> = {}) {
  const outcome = await run(
    importFile.action,
    post(`/admin/products/import/${id}`, { ...fields, intent: "import" }, jar),
    { id: String(id) },
  );
  expect(outcome).toRedirectTo(`/admin/products/import/${id}`);
  await importFinished(id);
  const data = await runData(importFile.loader, get(`/admin/products/import/${id}`, jar), { id: String(id) });
  if (data.kind !== "result") throw new Error("not imported");
  return data.outcome!;
}

async function exportFile(query = ""): Promise<string> {
  const response = (await exportCsv.loader({
    request: get(`/admin/products/export.csv${query}`, jar),
    params: {},
    context: {},
  })) as Response;
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  return new TextDecoder("utf-8").decode(await response.arrayBuffer());
}

/** Everything the import writes, as plain data in a stable order (descriptions' line ends as "\n"). */
async function catalogue() {
  const products = await prisma.product.findMany({
    orderBy: { handle: "asc" },
    select: {
      handle: true,
      name: true,
      nameBn: true,
      description: true,
      descriptionBn: true,
      brand: true,
      isPublished: true,
      isFeatured: true,
      trackStock: true,
      minPricePaisa: true,
      maxPricePaisa: true,
      category: { select: { name: true, nameBn: true } },
      options: {
        orderBy: { position: "asc" },
        select: {
          name: true,
          nameBn: true,
          values: { orderBy: { position: "asc" }, select: { value: true, valueBn: true } },
        },
      },
      variants: {
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: {
          combinationKey: false,
          sku: true,
          pricePaisa: true,
          discountedPricePaisa: true,
          stockQuantity: true,
          isActive: true,
          option1Value: { select: { value: true } },
          option2Value: { select: { value: true } },
        },
      },
    },
  });
  // Line ends are the one thing a file does not keep: a form saves "\r\n", a file gives "\n".
  return products.map((product) => ({ ...product, description: product.description.replace(/\r\n/g, "\n") }));
}

describe("Shopify's product template", () => {
  it("previews, imports the products with their variants, prices, stock and visibility, and a re-import changes nothing", async () => {
    // Its pictures' shop is made unreachable, so that their fetching fails here, at once.
    const csv = readFileSync(path.join(fixtures, "shopify-template.csv"), "utf8").replaceAll(
      "https://cdn.shopify.com",
      "http://127.0.0.1:9",
    );
    const id = await upload(csv, "product_template.csv");
    const dryRun = await preview(id);
    expect(dryRun.counts).toEqual({ create: 5, update: 0, unchanged: 0, skipped: 0 });
    expect(dryRun.newCategories.sort()).toEqual(["Accessories", "Fans", "Lighting", "Pants", "Shirts"]);
    expect(dryRun.imageCount).toBe(4);
    expect(await prisma.product.count()).toBe(0);

    const outcome = await confirm(id);
    expect(outcome).toMatchObject({ total: 5, done: 5, created: 5, updated: 0, unchanged: 0, failed: [] });

    const shirt = await prisma.product.findUniqueOrThrow({
      where: { handle: "example-t-shirt" },
      include: { variants: { include: { option1Value: true, option2Value: true } }, category: true },
    });
    expect(shirt).toMatchObject({ name: "Example T-Shirt", brand: "Acme", isPublished: true, trackStock: true });
    expect(shirt.category?.name).toBe("Shirts");
    expect(shirt.variants).toHaveLength(6);
    const blackM = shirt.variants.find((variant) => variant.sku === "TS-BL-M")!;
    expect(blackM).toMatchObject({
      pricePaisa: 55_000,
      discountedPricePaisa: 45_000,
      stockQuantity: 10,
      isActive: true,
    });
    expect([blackM.option1Value?.value, blackM.option2Value?.value]).toEqual(["Black", "M"]);
    expect(shirt.minPricePaisa).toBe(45_000);
    const ledger = await prisma.stockMovement.count({ where: { productId: shirt.id } });
    expect(ledger).toBe(6);

    const hidden = await prisma.product.findMany({ where: { isPublished: false }, select: { handle: true } });
    expect(hidden.map((product) => product.handle).sort()).toEqual(["archived-fan", "draft-lamp"]);
    const beanie = await prisma.product.findUniqueOrThrow({
      where: { handle: "example-beanie" },
      include: { variants: true },
    });
    expect(beanie.variants).toMatchObject([
      { combinationKey: "", sku: "BEANIE", pricePaisa: 30_000, discountedPricePaisa: 25_000 },
    ]);
    expect(await prisma.productImportImage.count({ where: { importId: id } })).toBe(4);

    await importImagesIdle();
    expect(
      await prisma.productImportImage.count({ where: { importId: id, status: "failed", error: "privateAddress" } }),
    ).toBe(4);

    const before = await catalogue();
    const version = catalogueVersion();
    const again = await upload(csv, "product_template.csv");
    const dryRunAgain = await preview(again);
    expect(dryRunAgain.counts).toEqual({ create: 0, update: 0, unchanged: 5, skipped: 0 });
    // The pictures that failed are not fetched by importing the same file again ("Try again" on the
    // first import's page does that), so the dry run promises none (regression: it said 4 would be
    // fetched while saying there was nothing to import).
    expect(dryRunAgain.imageCount).toBe(0);
    const second = await confirm(again);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 5, imagesQueued: 0 });
    expect(await prisma.productImportImage.count({ where: { importId: again } })).toBe(0);
    expect(await catalogue()).toEqual(before);
    expect(catalogueVersion()).toBe(version);
  });
});

describe("new products hidden until checked", () => {
  it("creates the file's products hidden, and a later import keeps each product shown or hidden as staff left it", async () => {
    const csv = readFileSync(path.join(fixtures, "shopify-template.csv"), "utf8").replaceAll(
      "https://cdn.shopify.com",
      "http://127.0.0.1:9",
    );
    // The upload form's checkbox: its dry run is shown with the choice, and its confirmation carries it.
    const uploaded = await run(
      importPage.action,
      multipart(
        "/admin/products/import?index",
        { hideNew: "on" },
        [{ field: "file", name: "product_template.csv", bytes: Buffer.from(csv), type: "text/csv" }],
        jar,
      ),
    );
    expect(uploaded.location).toMatch(/^\/admin\/products\/import\/\d+\?hideNew=1$/);
    const id = Number(/(\d+)\?/.exec(uploaded.location!)![1]);
    expect((await preview(id, "?hideNew=1")).counts).toEqual({ create: 5, update: 0, unchanged: 0, skipped: 0 });
    const outcome = await confirm(id, { hideNew: "on" });
    expect(outcome).toMatchObject({ created: 5, newHidden: true });
    expect(await prisma.product.count({ where: { isPublished: true } })).toBe(0);
    const events = await prisma.auditEvent.findMany({ where: { action: "products.imported", subjectId: id } });
    expect(events.map((event) => JSON.parse(event.details).newHidden)).toEqual([true]);

    // Staff check the T-shirt and show it; the file is imported again, with the same choice.
    await prisma.product.update({ where: { handle: "example-t-shirt" }, data: { isPublished: true } });
    const again = await upload(csv.replace("Example Beanie", "Example Woolly Beanie"), "product_template.csv", {
      hideNew: "on",
    });
    expect((await preview(again, "?hideNew=1")).counts).toEqual({ create: 0, update: 1, unchanged: 4, skipped: 0 });
    // Without the choice the jeans (active in the file, not checked yet) would be shown: an update.
    expect((await preview(again)).counts).toEqual({ create: 0, update: 2, unchanged: 3, skipped: 0 });
    expect(await confirm(again, { hideNew: "on" })).toMatchObject({ created: 0, updated: 1, unchanged: 4 });
    const shown = await prisma.product.findMany({ where: { isPublished: true }, select: { handle: true } });
    expect(shown.map((product) => product.handle)).toEqual(["example-t-shirt"]);
    expect(await prisma.product.findUniqueOrThrow({ where: { handle: "example-beanie" } })).toMatchObject({
      name: "Example Woolly Beanie",
      isPublished: false,
    });

    // Without the choice the file's status counts again: its active products are shown.
    const third = await upload(csv, "product_template.csv");
    expect(await confirm(third)).toMatchObject({ updated: 2, unchanged: 3, newHidden: false });
    const hidden = await prisma.product.findMany({ where: { isPublished: false }, select: { handle: true } });
    expect(hidden.map((product) => product.handle).sort()).toEqual(["archived-fan", "draft-lamp"]);
  });
});

describe("WooCommerce's sample products", () => {
  it("imports variable and simple products, skips the grouped and external ones, and a re-import changes nothing", async () => {
    const csv = readFileSync(path.join(fixtures, "woocommerce-sample.csv"));
    const id = await upload(csv, "sample_products.csv");
    const dryRun = await preview(id);
    expect(dryRun.counts).toEqual({ create: 7, update: 0, unchanged: 0, skipped: 0 });
    expect(dryRun.problems.filter((problem) => problem.code === "typeNotSupported")).toHaveLength(2);
    await confirm(id);

    const hoodie = await prisma.product.findUniqueOrThrow({
      where: { handle: "hoodie" },
      include: { options: { include: { values: true } }, variants: true, category: true },
    });
    expect(hoodie.category?.name).toBe("Clothing");
    // Color × Logo is six combinations; the file sells four of them, the others are switched off.
    expect(hoodie.variants).toHaveLength(6);
    expect(
      hoodie.variants
        .filter((variant) => variant.isActive)
        .map((variant) => variant.sku)
        .sort(),
    ).toEqual(["woo-hoodie-blue", "woo-hoodie-blue-logo", "woo-hoodie-green", "woo-hoodie-red"]);
    const red = hoodie.variants.find((variant) => variant.sku === "woo-hoodie-red")!;
    expect(red).toMatchObject({ pricePaisa: 4500, discountedPricePaisa: 4200 });
    const beanie = await prisma.product.findUniqueOrThrow({ where: { handle: "beanie" }, include: { variants: true } });
    expect(beanie).toMatchObject({ trackStock: true });
    expect(beanie.variants[0]).toMatchObject({ stockQuantity: 12, pricePaisa: 2000, discountedPricePaisa: 1800 });
    expect((await prisma.product.findUniqueOrThrow({ where: { handle: "hoodie-with-pocket" } })).isPublished).toBe(
      false,
    );
    expect((await prisma.product.findUniqueOrThrow({ where: { handle: "v-neck-t-shirt" } })).isFeatured).toBe(true);

    const again = await upload(csv, "sample_products.csv");
    expect((await preview(again)).counts).toEqual({ create: 0, update: 0, unchanged: 7, skipped: 0 });
  });
});

describe("export and import", () => {
  async function bilingualCatalogue() {
    const category = await createCategory("Fans");
    await prisma.category.update({ where: { id: category.id }, data: { nameBn: "ফ্যান" } });
    const fan = await createProductWithVariants({
      name: "Ceiling Fan",
      nameBn: "সিলিং ফ্যান",
      categoryId: category.id,
      trackStock: true,
      options: [
        { name: "Size", values: ["48″", "56″"] },
        { name: "Colour", values: ["Brown", "White"] },
      ],
      variants: [
        { values: ["48″", "Brown"], pricePaisa: 350_000, sku: "FAN-48-BR", stockQuantity: 4 },
        {
          values: ["48″", "White"],
          pricePaisa: 350_000,
          discountedPricePaisa: 320_000,
          sku: "FAN-48-WH",
          stockQuantity: 0,
        },
        { values: ["56″", "Brown"], pricePaisa: 390_000, sku: "FAN-56-BR", stockQuantity: 7 },
        { values: ["56″", "White"], pricePaisa: 390_000, stockQuantity: 0, isActive: false },
      ],
    });
    await prisma.product.update({
      where: { id: fan.id },
      data: {
        handle: "ceiling-fan",
        // As a browser sends a textarea: Windows line ends.
        description: "Three blades.\r\nCopper motor & a 2-year warranty.",
        descriptionBn: "তিন ব্লেড।\nতামার মোটর।",
        brand: "Walton",
        isFeatured: true,
      },
    });
    await prisma.productOption.updateMany({ where: { productId: fan.id, name: "Size" }, data: { nameBn: "মাপ" } });
    await prisma.productOptionValue.updateMany({ where: { value: "Brown" }, data: { valueBn: "বাদামি" } });
    const formula = await createProductWithVariants({
      name: "=Switch (formula-looking)",
      options: [],
      variants: [{ values: [], pricePaisa: 12_000, sku: "SW-1" }],
    });
    await prisma.product.update({ where: { id: formula.id }, data: { handle: "switch" } });
  }

  it("imports an export into the same shop as unchanged, and into an empty shop as the same catalogue", async () => {
    await bilingualCatalogue();
    const csv = await exportFile();
    expect(csv.split("\r\n")[0]).toMatch(/^Handle,Title,Body \(HTML\),/);
    expect(csv).toContain("সিলিং ফ্যান");
    expect(csv).toContain("'=Switch (formula-looking)");

    const same = await upload(csv, "export.csv");
    const dryRun = await preview(same);
    expect(dryRun.problems).toEqual([]);
    expect(dryRun.counts).toEqual({ create: 0, update: 0, unchanged: 2, skipped: 0 });

    const before = await catalogue();
    await prisma.productVariant.deleteMany();
    await prisma.product.deleteMany();
    await prisma.category.deleteMany();
    const fresh = await upload(csv, "export.csv");
    expect((await preview(fresh)).counts).toEqual({ create: 2, update: 0, unchanged: 0, skipped: 0 });
    await confirm(fresh);
    expect(await catalogue()).toEqual(before);
    expect(await exportFile()).toBe(csv);
  });

  it("exports one category's products only, with a byte-order mark for Excel", async () => {
    await bilingualCatalogue();
    const fans = await prisma.category.findFirstOrThrow({ where: { name: "Fans" } });
    const response = (await exportCsv.loader({
      request: get(`/admin/products/export.csv?category=${fans.id}`, jar),
      params: {},
      context: {},
    })) as Response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("Ceiling Fan");
    expect(text).not.toContain("Switch");
  });

  it("updates a product found by SKU when its handle differs, and changes a price", async () => {
    await bilingualCatalogue();
    const csv = (await exportFile())
      .replaceAll(/^ceiling-fan,/gm, "another-handle,")
      .replace("FAN-56-BR,shopify,7,deny,3900.00", "FAN-56-BR,shopify,7,deny,3990.00");
    const id = await upload(csv);
    const dryRun = await preview(id);
    expect(dryRun.counts).toEqual({ create: 0, update: 1, unchanged: 1, skipped: 0 });
    await confirm(id);
    const variant = await prisma.productVariant.findUniqueOrThrow({ where: { sku: "FAN-56-BR" } });
    expect(variant.pricePaisa).toBe(399_000);
    expect(await prisma.product.count()).toBe(2);
  });
});

describe("bad input", () => {
  it("stores names, descriptions and values without the control characters a file carries, keeping line breaks and tabs", async () => {
    const head =
      "Handle,Title,Body (HTML),Vendor,Option1 Name,Option1 Value,Variant SKU,Variant Price,Status,Title (Bangla),Body (Bangla)";
    const row = [
      "bell-lamp",
      "Bell\u0001 Lamp\u000B\u001B[31m",
      '"<p>Bright\u0007 light</p><p>Second\u007F line</p>"',
      "Walton\u001B",
      "Colour\u0002",
      "Red\u0008",
      "BELL-1",
      "1200",
      "active",
      "ঘণ্টা\u001B বাতি",
      '"এক\u000C লাইন\nদুই\tলাইন"',
    ].join(",");
    const id = await upload(`${head}\n${row}\n`);
    expect((await preview(id)).counts).toMatchObject({ create: 1, skipped: 0 });
    await confirm(id);
    const product = await prisma.product.findUniqueOrThrow({
      where: { handle: "bell-lamp" },
      include: { options: { include: { values: true } } },
    });
    expect(product).toMatchObject({
      name: "Bell Lamp[31m",
      brand: "Walton",
      nameBn: "ঘণ্টা বাতি",
      descriptionBn: "এক লাইন\nদুই\tলাইন",
    });
    expect(product.description).toBe("Bright light\n\nSecond line");
    expect(product.options.map((option) => [option.name, option.values.map((value) => value.value)])).toEqual([
      ["Colour", ["Red"]],
    ]);
  });

  const HEAD = "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Status";

  it("refuses SKUs of two other products and a SKU given twice, and imports the rest", async () => {
    await createProductWithVariants({
      name: "Old lamp",
      options: [],
      variants: [{ values: [], pricePaisa: 100, sku: "LAMP-1" }],
    });
    await createProductWithVariants({
      name: "Old fan",
      options: [],
      variants: [{ values: [], pricePaisa: 100, sku: "FAN-1" }],
    });
    const id = await upload(
      `${HEAD}\ncombo,Combo,Size,S,lamp-1,500,active\ncombo,,,M,FAN-1,500,\nfan,Fan,Size,48,F-1,900,active\nfan,,,56,F-1,950,\nbulb,Bulb,Title,Default Title,B-1,120,active\n`,
    );
    const dryRun = await preview(id);
    expect(dryRun.problems.map((problem) => [problem.row, problem.code, problem.value])).toEqual([
      [2, "skuTaken", "lamp-1 (Old lamp)"],
      [3, "skuTaken", "FAN-1 (Old fan)"],
      [5, "skuTwiceInFile", "F-1"],
    ]);
    expect(dryRun.counts).toEqual({ create: 1, update: 0, unchanged: 0, skipped: 2 });
    await confirm(id);
    expect(
      (await prisma.product.findMany({ select: { name: true }, orderBy: { name: "asc" } })).map((p) => p.name),
    ).toEqual(["Bulb", "Old fan", "Old lamp"]);
  });

  it("leaves nothing of a product whose write fails, lists it, and writes the others", async () => {
    // A database that refuses one product's variant halfway through writing it.
    const postgres = dialect.kind === "postgresql";
    if (postgres) {
      await prisma.$executeRawUnsafe(
        `CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN IF NEW.value = 'Boom' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
      );
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER refuse_boom BEFORE INSERT ON "ProductOptionValue" FOR EACH ROW EXECUTE FUNCTION refuse_boom()`,
      );
    } else {
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER refuse_boom BEFORE INSERT ON ProductOptionValue WHEN NEW.value = 'Boom' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
      );
    }
    try {
      const id = await upload(
        `${HEAD}\nfan,Fan,Size,48,F-48,900,active\nbad,Bad,Size,Boom,B-1,100,active\nbulb,Bulb,Title,Default Title,B-2,120,active\n`,
      );
      const outcome = await confirm(id);
      expect(outcome).toMatchObject({ created: 2, failed: [{ row: 3, handle: "bad", name: "Bad" }] });
      expect(await prisma.product.count({ where: { handle: "bad" } })).toBe(0);
      expect(await prisma.productOption.count({ where: { name: "Size", product: { handle: "bad" } } })).toBe(0);
      expect(await prisma.productVariant.count({ where: { sku: "B-1" } })).toBe(0);
      expect(await prisma.product.count()).toBe(2);
    } finally {
      if (postgres) {
        await prisma.$executeRawUnsafe(`DROP TRIGGER refuse_boom ON "ProductOptionValue"`);
        await prisma.$executeRawUnsafe("DROP FUNCTION refuse_boom");
      } else {
        await prisma.$executeRawUnsafe("DROP TRIGGER refuse_boom");
      }
    }
  });

  it("refuses an unreadable file with its reason and keeps nothing", async () => {
    const outcome = await run(
      importPage.action,
      multipart(
        "/admin/products/import?index",
        {},
        [{ field: "file", name: "p.csv", bytes: Buffer.from("Name,Price\nFan,100\n"), type: "text/csv" }],
        jar,
      ),
    );
    expect(outcome.status).toBe(400);
    expect(JSON.stringify("data" in outcome ? outcome.data : null)).toMatch(
      /Expected Shopify's Handle, Title and Variant Price/,
    );
    expect(await prisma.productImport.count()).toBe(0);
  });

  it("refuses a 50 MB file without reading it into memory", async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x61);
    const outcome = await run(
      importPage.action,
      multipart(
        "/admin/products/import?index",
        {},
        [{ field: "file", name: "big.csv", bytes: big, type: "text/csv" }],
        jar,
      ),
    );
    expect(outcome.status).toBe(400);
    expect(JSON.stringify("data" in outcome ? outcome.data : null)).toMatch(/larger than 15 MB/);
  });

  it("refuses to start while another import runs", async () => {
    const running = await upload(`${HEAD}\nbulb,Bulb,Title,Default Title,B-5,120,active\n`);
    await prisma.productImport.update({ where: { id: running }, data: { status: "importing" } });
    const id = await upload(`${HEAD}\nbulb,Bulb,Title,Default Title,B-5,120,active\n`);
    const outcome = await run(importFile.action, post(`/admin/products/import/${id}`, { intent: "import" }, jar), {
      id: String(id),
    });
    await expect(outcome).toSetToast({
      kind: "error",
      message: "Another import is running. Import this file once it has finished.",
    });
    expect((await prisma.productImport.findUniqueOrThrow({ where: { id } })).status).toBe("preview");
    expect(await prisma.product.count()).toBe(0);
    // One whose process stopped two minutes ago no longer holds the others back.
    await prisma.productImport.update({
      where: { id: running },
      data: { updatedAt: new Date(Date.now() - 3 * 60_000) },
    });
    await confirm(id);
    expect(await prisma.product.count()).toBe(1);
  });

  it("finds a product by a 100-character handle again, and keeps its category when the file has none", async () => {
    const handle = "h".repeat(100);
    const csv = `${HEAD}\n${handle},Long,Title,Default Title,,120,active\n`;
    await confirm(await upload(csv));
    const product = await prisma.product.findUniqueOrThrow({ where: { handle } });
    const category = await createCategory("Lamps");
    await prisma.product.update({ where: { id: product.id }, data: { categoryId: category.id } });
    expect((await preview(await upload(csv))).counts).toEqual({ create: 0, update: 0, unchanged: 1, skipped: 0 });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).categoryId).toBe(category.id);
  });

  it("lets go of files checked more than a week ago and never imported", async () => {
    const old = await upload(`${HEAD}\nbulb,Bulb,Title,Default Title,B-7,120,active\n`);
    await prisma.productImport.update({
      where: { id: old },
      data: { createdAt: new Date(Date.now() - 8 * 86_400_000) },
    });
    const recent = await upload(`${HEAD}\nbulb,Bulb,Title,Default Title,B-7,120,active\n`);
    await importChecked(recent);
    expect(await prisma.productImport.findUniqueOrThrow({ where: { id: old } })).toMatchObject({
      status: "discarded",
      csv: "",
    });
    expect((await prisma.productImport.findUniqueOrThrow({ where: { id: recent } })).status).toBe("preview");
    const page = await runData(importFile.loader, get(`/admin/products/import/${old}`, jar), { id: String(old) });
    expect(page).toMatchObject({ kind: "result", status: "discarded" });
  });

  it("imports a confirmation sent twice once", async () => {
    const id = await upload(`${HEAD}\nbulb,Bulb,Title,Default Title,B-9,120,active\n`);
    const first = run(importFile.action, post(`/admin/products/import/${id}`, { intent: "import" }, jar), {
      id: String(id),
    });
    const second = run(importFile.action, post(`/admin/products/import/${id}`, { intent: "import" }, jar), {
      id: String(id),
    });
    const outcomes = await Promise.all([first, second]);
    await importFinished(id);
    const toasts = await Promise.all(
      outcomes.map(async (outcome) => {
        try {
          await expect(outcome).toSetToast({ kind: "success", message: "The import has started." });
          return "started";
        } catch {
          await expect(outcome).toSetToast({ kind: "error", message: /already being imported/ });
          return "refused";
        }
      }),
    );
    expect(toasts.sort()).toEqual(["refused", "started"]);
    expect(await prisma.product.count({ where: { name: "Bulb" } })).toBe(1);
  });

  it("shows the dry run worked out when the file was checked, and works it out anew on Check again", async () => {
    const id = await upload(`${HEAD}\nbulb,Bulb,Title,Default Title,B-11,120,active\n`);
    expect((await preview(id)).counts).toEqual({ create: 1, update: 0, unchanged: 0, skipped: 0 });
    const page = await runData(importFile.loader, get(`/admin/products/import/${id}`, jar), { id: String(id) });
    expect(page).toMatchObject({ kind: "preview", checking: false, interrupted: false });
    expect(page.kind === "preview" && page.checkedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // The shop changes: the page still shows the stored dry run (viewing it reads and plans
    // nothing: a 15 MB file took seconds a view), until it is checked again.
    await prisma.product.create({ data: { name: "Bulb", slug: "bulb", handle: "bulb", description: "" } });
    expect((await preview(id)).counts).toEqual({ create: 1, update: 0, unchanged: 0, skipped: 0 });
    const recheck = await run(importFile.action, post(`/admin/products/import/${id}`, { intent: "recheck" }, jar), {
      id: String(id),
    });
    await expect(recheck).toSetToast({ kind: "success", message: "Checking the file again." });
    expect((await preview(id)).counts).toEqual({ create: 0, update: 1, unchanged: 0, skipped: 0 });
  });

  it("says a file is being checked, and offers to check it again when its check stopped half-way", async () => {
    const id = await upload(`${HEAD}\nbulb,Bulb,Title,Default Title,B-12,120,active\n`);
    await importChecked(id);
    // As a process that ended while checking leaves it: "checking", no stored dry run.
    await prisma.productImport.update({ where: { id }, data: { status: "checking", preview: "" } });
    const load = () => runData(importFile.loader, get(`/admin/products/import/${id}`, jar), { id: String(id) });
    expect(await load()).toMatchObject({ kind: "preview", preview: null, checking: true, interrupted: false });
    // A second check is not started while the first may still be under way on another process.
    const early = await run(importFile.action, post(`/admin/products/import/${id}`, { intent: "recheck" }, jar), {
      id: String(id),
    });
    await expect(early).toSetToast({ kind: "error", message: /already being checked/ });
    await prisma.productImport.update({ where: { id }, data: { updatedAt: new Date(Date.now() - 3 * 60_000) } });
    expect(await load()).toMatchObject({ kind: "preview", checking: true, interrupted: true });
    const again = await run(importFile.action, post(`/admin/products/import/${id}`, { intent: "recheck" }, jar), {
      id: String(id),
    });
    await expect(again).toSetToast({ kind: "success", message: "Checking the file again." });
    expect((await preview(id)).counts).toEqual({ create: 1, update: 0, unchanged: 0, skipped: 0 });
  });

  it("reads, checks and writes a large file on a thread of its own: this process's event loop keeps turning", async () => {
    const rows = Array.from(
      { length: 200 },
      (_, i) => `lamp-${i},Lamp ${i},Title,Default Title,L-${i},${100 + i},active`,
    );
    const id = await upload(`${HEAD}\n${rows.join("\n")}\n`);
    await importChecked(id);
    // A watcher on this thread's event loop (each turn a `setImmediate`) reads the import's
    // progress while it runs: it must see it half-way, not only before and after. On SQLite the
    // import's awaited queries resolve without a turn, so written here it would see neither.
    const seen: number[] = [];
    let watching = true;
    const watch = async () => {
      const row = await prisma.productImport.findUniqueOrThrow({ where: { id }, select: { outcome: true } });
      seen.push(row.outcome === "" ? 0 : (JSON.parse(row.outcome) as { done: number }).done);
      if (watching) setImmediate(() => void watch());
    };
    const started = await run(importFile.action, post(`/admin/products/import/${id}`, { intent: "import" }, jar), {
      id: String(id),
    });
    expect(started).toRedirectTo(`/admin/products/import/${id}`);
    setImmediate(() => void watch());
    await importFinished(id);
    watching = false;
    expect(await prisma.product.count({ where: { handle: { startsWith: "lamp-" } } })).toBe(200);
    expect(seen.some((done) => done > 0 && done < 200)).toBe(true);
    // The thread runs at a lower CPU priority: on a machine busy with other test files it waits for a core.
  }, 60_000);
});
