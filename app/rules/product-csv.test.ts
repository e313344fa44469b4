import { describe, expect, it } from "vitest";
import {
  countStock,
  detectCsvFormat,
  handleFromName,
  isHttpUrl,
  isValidHandle,
  parseCsvCount,
  parseCsvPrice,
  type ImportedVariant,
} from "./product-csv";
import { looksLikeFormula, spreadsheetSafe, unescapeCell } from "./spreadsheet";

describe("parseCsvPrice", () => {
  it.each([
    ["1250", 125_000],
    ["1,250.50", 125_050],
    ["৳ 1,250", 125_000],
    ["৳১২৫০.৫", 125_050],
    ["Tk. 99", 9_900],
    ["1250 BDT", 125_000],
    ["১,২৫০ টাকা", 125_000],
    ["1250,5", 125_050],
    ["1 250", 125_000],
    ["12.50", 1_250],
  ])("reads %s as %i paisa", (cell, paisa) => {
    expect(parseCsvPrice(cell)).toEqual({ ok: true, paisa });
  });

  it("reads an empty cell as no price", () => {
    expect(parseCsvPrice("  ")).toEqual({ ok: true, paisa: null });
  });

  it.each([
    ["$12", "foreignCurrency"],
    ["12 USD", "foreignCurrency"],
    ["Rs 120", "foreignCurrency"],
    ["€5", "foreignCurrency"],
    ["-5", "negativeNumber"],
    ["(5)", "negativeNumber"],
    ["ten", "notANumber"],
    ["1.234", "ambiguousNumber"],
    ["1.250.000", "ambiguousNumber"],
    ["10000001", "tooHigh"],
    ["12e3", "notANumber"],
  ])("refuses %s (%s)", (cell, code) => {
    expect(parseCsvPrice(cell)).toEqual({ ok: false, code });
  });
});

describe("parseCsvCount", () => {
  it("reads whole numbers in either script, notes negatives as 0, refuses fractions", () => {
    expect(parseCsvCount("12")).toEqual({ ok: true, count: 12, negative: false });
    expect(parseCsvCount("১,২০০")).toEqual({ ok: true, count: 1200, negative: false });
    expect(parseCsvCount("5.0")).toEqual({ ok: true, count: 5, negative: false });
    expect(parseCsvCount("")).toEqual({ ok: true, count: null, negative: false });
    expect(parseCsvCount("-3")).toEqual({ ok: true, count: 0, negative: true });
    expect(parseCsvCount("2.5")).toEqual({ ok: false, code: "notAWholeNumber" });
    expect(parseCsvCount("1000001")).toEqual({ ok: false, code: "tooHigh" });
  });
});

describe("spreadsheet formulas", () => {
  it("tells formulas from text that starts with a sign", () => {
    expect(["=1+1", "@SUM(A1)", "+cmd|' /C calc'!A0", "-cmd|x"].map(looksLikeFormula)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(["-20% off", "+8801711", "Fan", "- 100% cotton"].map(looksLikeFormula)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("escapes on export and reads the escape back", () => {
    for (const text of ["=Switch", "+880", "-20%", "@home", "plain"]) {
      expect(unescapeCell(spreadsheetSafe(text))).toBe(text);
    }
    expect(spreadsheetSafe("=Switch")).toBe("'=Switch");
    expect(unescapeCell("'plain")).toBe("'plain");
  });
});

describe("detectCsvFormat", () => {
  it("recognises haat's, Shopify's and WooCommerce's headings, case-insensitively", () => {
    expect(detectCsvFormat(["Handle", "Title", "Variant Price", "Title (Bangla)"])).toBe("haat");
    expect(detectCsvFormat(["handle", "title", "variant price"])).toBe("shopify");
    expect(detectCsvFormat(["ID", "Type", "SKU", "Name", "Regular price"])).toBe("woocommerce");
    expect(detectCsvFormat(["Name", "Price"])).toBeNull();
  });
});

describe("handles and addresses", () => {
  it("makes a handle from a name, in any script", () => {
    expect(handleFromName("V-Neck T-Shirt")).toBe("v-neck-t-shirt");
    expect(handleFromName("সিলিং ফ্যান")).toBe("সিলিং-ফ্যান");
    expect(handleFromName("!!!")).toBe("product");
  });

  it("keeps handles of letters, digits and - _ . only", () => {
    expect(["example-t-shirt", "সিলিং-ফ্যান", "fan_56.v2", "a".repeat(100)].map(isValidHandle)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['=HYPERLINK("x")', "two words", "-lead", "", "a".repeat(101)].map(isValidHandle)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("accepts only http(s) picture addresses", () => {
    expect(["https://a.example/x.jpg", "http://a.example/x.jpg"].map(isHttpUrl)).toEqual([true, true]);
    expect(["file:///etc/passwd", "javascript:alert(1)", "/x.jpg", "ftp://a/x"].map(isHttpUrl)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

/** A variant of row `row` that counts `stockQuantity` units (null: the file gives no count). */
function variant(row: number, stockQuantity: number | null): ImportedVariant {
  return {
    row,
    values: [],
    sku: null,
    pricePaisa: 100,
    discountedPricePaisa: null,
    stockQuantity,
    imageUrl: null,
    isActive: true,
  };
}

describe("countStock", () => {
  it("counts stock when any variant gives a count: the others are set to 0 and named", () => {
    const variants = [variant(2, 5), variant(3, null), variant(4, 0)];
    const uncounted: number[] = [];
    expect(countStock(variants, (each) => uncounted.push(each.row))).toBe(true);
    expect(variants.map((each) => each.stockQuantity)).toEqual([5, 0, 0]);
    expect(uncounted).toEqual([3]);
  });

  it("does not count stock when no variant gives a count, and leaves the variants alone", () => {
    const variants = [variant(2, null), variant(3, null)];
    const uncounted: number[] = [];
    expect(countStock(variants, (each) => uncounted.push(each.row))).toBe(false);
    expect(variants.map((each) => each.stockQuantity)).toEqual([null, null]);
    expect(uncounted).toEqual([]);
  });
});
