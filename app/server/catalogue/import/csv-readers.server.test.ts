import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ImportedProduct, ReadProducts } from "~/rules/product-csv";
import { readProductCsv, type CsvTable } from "./csv-read.server";
import { readShopifyProducts } from "./csv-shopify.server";
import { readWooCommerceProducts } from "./csv-woocommerce.server";
import { htmlToText, textToHtml } from "../html-text.server";

const fixtures = path.resolve(__dirname, "../../../../tests/fixtures/product-csv");

function table(text: string | Uint8Array): CsvTable {
  const read = readProductCsv(typeof text === "string" ? new TextEncoder().encode(text) : text);
  if (!read.ok) throw new Error(`unreadable: ${JSON.stringify(read.problem)}`);
  return read.table;
}

function readFile(name: string): ReadProducts {
  const parsed = table(readFileSync(path.join(fixtures, name)));
  return parsed.format === "woocommerce" ? readWooCommerceProducts(parsed) : readShopifyProducts(parsed);
}

function byHandle(products: ImportedProduct[], handle: string): ImportedProduct {
  const product = products.find((candidate) => candidate.handle === handle);
  if (!product) throw new Error(`no product ${handle} in ${products.map((p) => p.handle).join(", ")}`);
  return product;
}

const SHOPIFY_HEAD =
  "Handle,Title,Body (HTML),Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Compare At Price,Status";

describe("Shopify's product template", () => {
  const read = readFile("shopify-template.csv");

  it("reads its five products and has no error", () => {
    expect(read.products.map((product) => product.handle)).toEqual([
      "example-t-shirt",
      "example-jeans",
      "example-beanie",
      "draft-lamp",
      "archived-fan",
    ]);
    expect(read.problems.filter((problem) => problem.severity === "error")).toEqual([]);
  });

  it("reads the T-shirt's Color × Size variants, compare-at prices, stock and pictures", () => {
    const shirt = byHandle(read.products, "example-t-shirt");
    expect(shirt.name).toBe("Example T-Shirt");
    expect(shirt.brand).toBe("Acme");
    expect(shirt.category).toEqual({ name: "Shirts" });
    expect(shirt.options.map((option) => option.name)).toEqual(["Color", "Size"]);
    expect(shirt.optionValues.map((values) => values.map((value) => value.value))).toEqual([
      ["Black", "White"],
      ["S", "M", "L"],
    ]);
    expect(shirt.trackStock).toBe(true);
    const blackS = shirt.variants.find((variant) => variant.sku === "TS-BL-S")!;
    expect(blackS).toMatchObject({
      values: ["Black", "S"],
      pricePaisa: 55_000,
      discountedPricePaisa: 45_000,
      stockQuantity: 10,
    });
    const whiteL = shirt.variants.find((variant) => variant.sku === "TS-WH-L")!;
    expect(whiteL).toMatchObject({ pricePaisa: 50_000, discountedPricePaisa: null, stockQuantity: 15 });
    expect(whiteL.imageUrl).toMatch(/tshirt-white\.jpg$/);
    expect(blackS.imageUrl).toBeNull();
    expect(shirt.imageUrls.map((url) => url.split("/").pop())).toEqual(["tshirt-black.jpg", "tshirt-white.jpg"]);
  });

  it("cleans Body (HTML) to text: formatting kept as lines, the script dropped", () => {
    const shirt = byHandle(read.products, "example-t-shirt");
    expect(shirt.description).toBe("A soft cotton tee.\n\n• 100% cotton\n• Machine wash");
    expect(byHandle(read.products, "example-beanie").description).toBe("Warm & cosy.");
  });

  it("reads a price with thousands separators, a product without options, and untracked stock", () => {
    const jeans = byHandle(read.products, "example-jeans");
    expect(jeans.variants.map((variant) => [variant.values[0], variant.pricePaisa, variant.stockQuantity])).toEqual([
      ["30", 125_000, 3],
      ["32", 125_000, 0],
      ["34", 125_000, 7],
    ]);
    const beanie = byHandle(read.products, "example-beanie");
    expect(beanie.options).toEqual([]);
    expect(beanie.trackStock).toBe(false);
    expect(beanie.variants).toMatchObject([
      { values: [], pricePaisa: 30_000, discountedPricePaisa: 25_000, stockQuantity: null },
    ]);
  });

  it("imports draft and archived products as not shown in the shop", () => {
    expect(byHandle(read.products, "draft-lamp").isPublished).toBe(false);
    expect(byHandle(read.products, "archived-fan").isPublished).toBe(false);
    expect(byHandle(read.products, "example-jeans").isPublished).toBe(true);
  });
});

describe("WooCommerce's sample products", () => {
  const read = readFile("woocommerce-sample.csv");

  it("reads the variable and simple products and skips the grouped and external ones with a note", () => {
    expect(read.products.map((product) => product.name)).toEqual([
      "V-Neck T-Shirt",
      "Hoodie",
      "Hoodie with Logo",
      "Beanie",
      "Hoodie with Pocket",
      "Polo",
      "Album",
    ]);
    const notes = read.problems.filter((problem) => problem.code === "typeNotSupported");
    expect(notes.map((problem) => [problem.row, problem.value, problem.severity])).toEqual([
      [16, "grouped", "note"],
      [17, "external", "note"],
    ]);
    expect(read.problems.filter((problem) => problem.severity === "error")).toEqual([]);
  });

  it("makes options of the attributes the variations set; an attribute all leave as 'any' is not one", () => {
    const tee = byHandle(read.products, "v-neck-t-shirt");
    expect(tee.options.map((option) => option.name)).toEqual(["Color"]);
    expect(tee.optionValues[0]!.map((value) => value.value)).toEqual(["Blue", "Green", "Red"]);
    expect(tee.variants.map((variant) => [variant.sku, variant.values, variant.pricePaisa])).toEqual([
      ["woo-vneck-tee-red", ["Red"], 2000],
      ["woo-vneck-tee-green", ["Green"], 2000],
      ["woo-vneck-tee-blue", ["Blue"], 1500],
    ]);
    expect(tee.isFeatured).toBe(true);
    expect(tee.category).toEqual({ name: "Clothing" });
    expect(tee.description).toBe("Pellentesque habitant morbi tristique senectus.\nVestibulum tortor quam.");
  });

  it("reads the hoodie's Color × Logo variations, the parent named by id, and a sale price", () => {
    const hoodie = byHandle(read.products, "hoodie");
    expect(hoodie.optionValues.map((values) => values.map((value) => value.value))).toEqual([
      ["Blue", "Green", "Red"],
      ["Yes", "No"],
    ]);
    expect(hoodie.variants).toHaveLength(4);
    expect(hoodie.variants.find((variant) => variant.sku === "woo-hoodie-red")).toMatchObject({
      pricePaisa: 4500,
      discountedPricePaisa: 4200,
    });
    expect(hoodie.variants.find((variant) => variant.sku === "woo-hoodie-blue-logo")!.imageUrl).toMatch(
      /hoodie-with-logo-2/,
    );
  });

  it("reads stock, visibility and drafts", () => {
    const beanie = byHandle(read.products, "beanie");
    expect(beanie).toMatchObject({ trackStock: true, options: [] });
    expect(beanie.variants).toMatchObject([
      { sku: "woo-beanie", pricePaisa: 2000, discountedPricePaisa: 1800, stockQuantity: 12 },
    ]);
    expect(byHandle(read.products, "hoodie-with-pocket").isPublished).toBe(false);
    const polo = byHandle(read.products, "polo");
    expect(polo.isPublished).toBe(false);
    // "In stock?" 0 without a count: out of stock.
    expect(polo.variants[0]!.stockQuantity).toBe(0);
    expect(byHandle(read.products, "hoodie-with-logo").options).toEqual([]);
  });
});

describe("bad input", () => {
  it("accepts prices with the taka sign, Tk, BDT and Bengali digits; refuses another currency", () => {
    const read = readShopifyProducts(
      table(
        `${SHOPIFY_HEAD}\na,A,,Title,Default Title,,"৳ ১,২৫০",,active\nb,B,,Title,Default Title,,Tk 99.5,,active\nc,C,,Title,Default Title,,1250 BDT,,active\nd,D,,Title,Default Title,,$12,,active\n`,
      ),
    );
    expect(read.products.map((product) => [product.handle, product.variants[0]!.pricePaisa])).toEqual([
      ["a", 125_000],
      ["b", 9_950],
      ["c", 125_000],
    ]);
    expect(read.problems).toEqual([
      { row: 5, column: "Variant Price", code: "foreignCurrency", severity: "error", value: "$12" },
    ]);
    expect(read.skipped).toEqual([{ row: 5, name: "d" }]);
  });

  it("refuses a formula-looking cell, a price that is not a number, and variant rows without their product row", () => {
    const read = readShopifyProducts(
      table(
        `${SHOPIFY_HEAD}\na,"=HYPERLINK(""http://x"")",,Title,Default Title,,100,,active\nb,B,,Title,Default Title,,ten,,active\nc,,,Size,M,C-M,100,,\nd,-20% off lamp,,Title,Default Title,,100,,active\n`,
      ),
    );
    expect(read.problems.map((problem) => [problem.row, problem.column, problem.code])).toEqual([
      [2, "Title", "formula"],
      [3, "Variant Price", "notANumber"],
      [4, "Title", "noProductRow"],
    ]);
    expect(read.products.map((product) => product.name)).toEqual(["-20% off lamp"]);
  });

  it("refuses a combination given twice", () => {
    const read = readShopifyProducts(
      table(`${SHOPIFY_HEAD}\nfan,Fan,,Size,48,F-48,100,,active\nfan,,,,48,F-48b,100,,\n`),
    );
    expect(read.problems).toMatchObject([{ row: 3, code: "combinationTwice", severity: "error" }]);
    expect(read.products).toEqual([]);
  });

  it("refuses a variation whose parent is not in the file", () => {
    const read = readWooCommerceProducts(
      table(
        "ID,Type,SKU,Name,Regular price,Parent,Attribute 1 name,Attribute 1 value(s)\n5,variation,X-1,X - Red,10,id:4,Color,Red\n",
      ),
    );
    expect(read.problems).toMatchObject([{ row: 2, column: "Parent", code: "parentMissing", severity: "error" }]);
  });

  it("reads a semicolon-separated file with a byte-order mark and a decimal comma", () => {
    const bytes = new TextEncoder().encode(`\uFEFFHandle;Title;Variant Price\nlamp;Lamp;"1250,50"\n`);
    const read = readShopifyProducts(table(bytes));
    expect(read.products).toMatchObject([{ handle: "lamp", name: "Lamp", variants: [{ pricePaisa: 125_050 }] }]);
  });

  it("says why a file cannot be read: workbook, not UTF-8, unknown columns, too big", () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]);
    expect(readProductCsv(xlsx)).toEqual({ ok: false, problem: { code: "spreadsheet" } });
    const latin1 = new Uint8Array([...new TextEncoder().encode("Handle,Title\nx,Caf"), 0xe9, 0x0a]);
    expect(readProductCsv(latin1)).toEqual({ ok: false, problem: { code: "notUtf8" } });
    expect(readProductCsv(new TextEncoder().encode("Name,Price\nFan,100\n"))).toEqual({
      ok: false,
      problem: { code: "unknownFormat", headings: ["Name", "Price"] },
    });
    expect(readProductCsv(new Uint8Array(15 * 1024 * 1024 + 1))).toMatchObject({
      ok: false,
      problem: { code: "tooBig" },
    });
  });

  it("refuses a file with a NUL character anywhere as not text, also after its first 8 KB", () => {
    const head = `${SHOPIFY_HEAD}\n`;
    const filler = Array.from(
      { length: 200 },
      (_, index) => `lamp-${index},Lamp ${index},,Title,Default Title,,100,,active\n`,
    ).join("");
    expect(new TextEncoder().encode(head + filler).byteLength).toBeGreaterThan(8192);
    const late = new TextEncoder().encode(`${head}${filler}nul,NUL\u0000inside,,Title,Default Title,,100,,active\n`);
    expect(readProductCsv(late)).toEqual({ ok: false, problem: { code: "notText" } });
    const early = new TextEncoder().encode(`${head}nul,NUL\u0000inside,,Title,Default Title,,100,,active\n`);
    expect(readProductCsv(early)).toEqual({ ok: false, problem: { code: "notText" } });
  });

  it("numbers rows as a spreadsheet does, past blank rows and line breaks inside quotes", () => {
    const read = readShopifyProducts(
      table(
        `${SHOPIFY_HEAD}\na,A,"line one\nline two",Title,Default Title,,100,,active\n\n,B,,Title,Default Title,,100,,active\n`,
      ),
    );
    expect(read.problems).toMatchObject([{ row: 4, column: "Handle", code: "required" }]);
    expect(read.products[0]!.description).toBe("line one\nline two");
  });
});

describe("mapping details", () => {
  it("hides an active Shopify product that is not published, and does not count stock that keeps selling", () => {
    const read = readShopifyProducts(
      table(
        "Handle,Title,Published,Option1 Name,Option1 Value,Variant Price,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Status\n" +
          "a,A,FALSE,Title,Default Title,100,shopify,0,continue,active\nb,B,TRUE,Title,Default Title,100,shopify,3,deny,active\n",
      ),
    );
    expect(read.products.map((product) => [product.handle, product.isPublished, product.trackStock])).toEqual([
      ["a", false, false],
      ["b", true, true],
    ]);
  });

  it("refuses a handle that is not one (a formula, spaces), and keeps a 100-character one", () => {
    const long = "h".repeat(100);
    const read = readShopifyProducts(
      table(
        `${SHOPIFY_HEAD}\n"=HYPERLINK(""x"")",A,,Title,Default Title,,100,,active\ntwo words,B,,Title,Default Title,,100,,active\n${long},C,,Title,Default Title,,100,,active\n`,
      ),
    );
    expect(read.problems.map((problem) => [problem.row, problem.code])).toEqual([
      [2, "handleInvalid"],
      [3, "handleInvalid"],
    ]);
    expect(read.products.map((product) => product.handle)).toEqual([long]);
  });

  it("counts a product's stock when one variant gives a count, the others at 0 with a note, in both formats", () => {
    const shopify = readShopifyProducts(
      table(
        "Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty\n" +
          "a,A,Size,S,100,3\na,,Size,M,100,\nb,B,Title,Default Title,100,\n",
      ),
    );
    expect(shopify.products.map((product) => [product.handle, product.trackStock])).toEqual([
      ["a", true],
      ["b", false],
    ]);
    expect(shopify.products.map((product) => product.variants.map((variant) => variant.stockQuantity))).toEqual([
      [3, 0],
      [null],
    ]);
    const woo = readWooCommerceProducts(
      table(
        "ID,Type,SKU,Name,Stock,Regular price,Parent,Attribute 1 name,Attribute 1 value(s)\n" +
          '1,variable,P,Lamp,,,,Colour,"Red, Blue"\n' +
          "2,variation,P-R,Lamp - Red,4,100,id:1,Colour,Red\n3,variation,P-B,Lamp - Blue,,100,id:1,Colour,Blue\n",
      ),
    );
    expect(woo.products[0]!.trackStock).toBe(true);
    expect(woo.products[0]!.variants.map((variant) => variant.stockQuantity)).toEqual([4, 0]);
    for (const [read, column, row] of [
      [shopify, "Variant Inventory Qty", 3],
      [woo, "Stock", 4],
    ] as const) {
      expect(read.problems.map((problem) => [problem.row, problem.column, problem.code, problem.severity])).toEqual([
        [row, column, "stockMissing", "note"],
      ]);
    }
  });

  it("keeps WooCommerce's line breaks between tags as lines, and counts stock kept on the parent as 0", () => {
    const read = readWooCommerceProducts(
      table(
        "ID,Type,SKU,Name,Description,Stock,Regular price,Parent,Attribute 1 name,Attribute 1 value(s)\n" +
          '1,variable,P,Lamp,"First <strong>bold</strong>\\n\\nSecond",10,,,Colour,"Red, Blue"\n' +
          "2,variation,P-R,Lamp - Red,,parent,100,id:1,Colour,Red\n3,variation,P-B,Lamp - Blue,,parent,100,id:1,Colour,Blue\n",
      ),
    );
    expect(read.products[0]!.description).toBe("First bold\n\nSecond");
    expect(read.products[0]!.variants.map((variant) => variant.stockQuantity)).toEqual([0, 0]);
    expect(read.problems.map((problem) => [problem.row, problem.code, problem.severity])).toEqual([
      [3, "parentStock", "note"],
      [4, "parentStock", "note"],
    ]);
  });
});

describe("htmlToText", () => {
  it("drops scripts, styles, frames and attributes, keeps paragraphs and breaks", () => {
    expect(
      htmlToText(
        '<style>p{color:red}</style><p onclick="x()">One &amp; <a href="javascript:x">two</a></p><iframe src="https://evil.example">frame</iframe><p>Three<br>Four</p><script>alert(1)</script>',
      ),
    ).toBe("One & two\n\nThree\nFour");
  });

  it("decodes entities once: an escaped entity stays text", () => {
    expect(htmlToText("<p>&amp;nbsp; &amp;#60; &lt;b&gt;</p>")).toBe("&nbsp; &#60; <b>");
  });

  it("reads back what textToHtml writes", () => {
    const text = 'Size: 56″ & 48″\n<not a tag> "quoted"\n\nতিন ব্লেড';
    expect(htmlToText(textToHtml(text))).toBe(text);
  });
});
