/**
 * The options and variants editor's pure rules: which options may be saved, which existing variant
 * becomes which combination when they are, and how a typed row of the variants table is read.
 */
import { describe, expect, it } from "vitest";
import {
  checkVariantRows,
  isRetiredKey,
  MAX_OPTION_VALUES,
  optionProblems,
  planVariants,
  retiredKey,
  type OptionInput,
  type VariantRowInput,
} from "./variants";

/** A new option named `name` with new values. */
function option(
  name: string,
  values: string[],
  id: number | null = null,
  valueIds: (number | null)[] = [],
): OptionInput {
  return {
    id,
    name,
    nameBn: "",
    values: values.map((value, index) => ({ id: valueIds[index] ?? null, value, valueBn: "" })),
  };
}

describe("optionProblems", () => {
  it("accepts up to three named options with distinct values", () => {
    expect(optionProblems([option("Colour", ["Brown", "White"]), option("Sweep", ["48″", "56″"])])).toEqual([]);
    expect(optionProblems([])).toEqual([]);
  });

  it("refuses a fourth option, an option without values or without a name", () => {
    const four = ["A", "B", "C", "D"].map((name) => option(name, ["x"]));
    expect(optionProblems(four)).toContainEqual({ code: "tooManyOptions", max: 3 });
    expect(optionProblems([option("Colour", [])])).toEqual([{ code: "optionNoValues", option: 0 }]);
    expect(optionProblems([option("", ["Brown"])])).toEqual([{ code: "optionNameMissing", option: 0 }]);
  });

  it("refuses a value listed twice (any case) and two options with the same name", () => {
    expect(optionProblems([option("Colour", ["Brown", "brown "])])).toEqual([
      { code: "valueTwice", option: 0, value: 1, text: "brown " },
    ]);
    expect(optionProblems([option("Colour", ["a"]), option("COLOUR", ["b"])])).toEqual([
      { code: "optionNameTwice", option: 1, name: "COLOUR" },
    ]);
  });

  it("refuses a Bangla value without its English one", () => {
    const only = { id: null, name: "Colour", nameBn: "", values: [{ id: null, value: "", valueBn: "বাদামি" }] };
    expect(optionProblems([only])).toEqual([{ code: "valueMissing", option: 0, value: 0 }]);
  });

  it("refuses too many values and too many combinations", () => {
    const many = Array.from({ length: MAX_OPTION_VALUES + 1 }, (_, index) => `v${index}`);
    expect(optionProblems([option("Size", many)])).toContainEqual({ code: "tooManyValues", option: 0, max: 20 });
    const five = ["a", "b", "c", "d", "e"];
    expect(optionProblems([option("A", five), option("B", five), option("C", five)])).toEqual([
      { code: "tooManyVariants", count: 125, max: 100 },
    ]);
  });
});

describe("planVariants", () => {
  const variant = (id: number, valueIds: number[], extra: { isActive?: boolean; hasHistory?: boolean } = {}) => ({
    id,
    valueIds,
    position: id,
    isActive: extra.isActive ?? true,
    hasHistory: extra.hasHistory ?? false,
  });

  it("makes the default variant the first combination when options are added", () => {
    const plan = planVariants([], [option("Colour", ["Brown", "White"])], [variant(7, [])]);
    expect(plan).toEqual({
      combinations: [
        { values: [0], variantId: 7 },
        { values: [1], variantId: null },
      ],
      retire: [],
      remove: [],
    });
  });

  it("keeps variants whose values stay (by value id), in the new order, and retires or deletes the others", () => {
    const colour = option("Colour", ["White", "Brown"], 1, [11, 10]);
    const plan = planVariants(
      [1],
      [colour],
      [variant(100, [10]), variant(101, [11]), variant(102, [12], { hasHistory: true }), variant(103, [13])],
    );
    expect(plan.combinations).toEqual([
      { values: [0], variantId: 101 },
      { values: [1], variantId: 100 },
    ]);
    expect(plan.retire).toEqual([102]);
    expect(plan.remove).toEqual([103]);
  });

  it("gives existing variants the first value of a new option, and keeps one per combination when an option goes", () => {
    const colour = option("Colour", ["Brown", "White"], 1, [10, 11]);
    const added = planVariants([1], [colour, option("Sweep", ["48", "56"])], [variant(100, [10]), variant(101, [11])]);
    expect(added.combinations.map((entry) => entry.variantId)).toEqual([100, null, 101, null]);

    const removed = planVariants(
      [1, 2],
      [colour],
      [
        variant(100, [10, 20], { isActive: false }),
        variant(101, [10, 21]),
        variant(102, [11, 20], { hasHistory: true }),
      ],
    );
    // The active Brown variant keeps Brown; the inactive one is surplus.
    expect(removed.combinations).toEqual([
      { values: [0], variantId: 101 },
      { values: [1], variantId: 102 },
    ]);
    expect(removed.remove).toEqual([100]);
  });

  it("makes one variant the default again when every option goes", () => {
    const plan = planVariants(
      [1],
      [],
      [variant(100, [10], { hasHistory: true }), variant(101, [11], { hasHistory: true })],
    );
    expect(plan.combinations).toEqual([{ values: [], variantId: 100 }]);
    expect(plan.retire).toEqual([101]);
  });

  it("names retired keys apart from combinations", () => {
    expect(retiredKey(5)).toBe("retired-5");
    expect(isRetiredKey("retired-5")).toBe(true);
    expect(isRetiredKey("10-11")).toBe(false);
    expect(isRetiredKey("")).toBe(false);
  });
});

describe("checkVariantRows", () => {
  const row = (id: number, fields: Partial<VariantRowInput> = {}): VariantRowInput => ({
    id,
    sku: "",
    price: "100",
    discountedPrice: "",
    stock: "0",
    stockSeen: "0",
    imageId: "",
    active: true,
    ...fields,
  });

  it("reads taka (Bengali digits too), stock, picture and the active flag", () => {
    const checked = checkVariantRows(
      [row(1, { sku: " FAN-1 ", price: "১,২৫০.৫০", discountedPrice: "1200", stock: "৭", imageId: "9", active: false })],
      true,
      [9],
    );
    expect(checked).toEqual({
      ok: true,
      rows: [
        {
          id: 1,
          sku: "FAN-1",
          pricePaisa: 125050,
          discountedPricePaisa: 120000,
          stockQuantity: 7,
          stockSeen: 0,
          imageId: 9,
          isActive: false,
        },
      ],
    });
  });

  it("does not read the stock of a product that does not track it", () => {
    const checked = checkVariantRows([row(1, { stock: "lots" })], false, []);
    expect(checked.ok && checked.rows[0]!.stockQuantity).toBeNull();
  });

  it("names every problem with its row and field", () => {
    const checked = checkVariantRows(
      [
        row(1, { sku: "A-1", price: "-5" }),
        row(2, { sku: "a-1", price: "abc" }),
        row(3, { price: "", discountedPrice: "50" }),
        row(4, { stock: "1.5", imageId: "77", sku: "has space" }),
        row(5, { stock: "1000001", price: "" }),
      ],
      true,
      [9],
    );
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problems).toEqual([
      { variantId: 1, field: "price", code: "priceNegative" },
      { variantId: 2, field: "sku", code: "skuTwice" },
      { variantId: 2, field: "price", code: "priceInvalid" },
      { variantId: 3, field: "price", code: "priceMissing" },
      { variantId: 3, field: "discountedPrice", code: "discountWithoutPrice" },
      { variantId: 4, field: "sku", code: "skuInvalid" },
      { variantId: 4, field: "stock", code: "stockInvalid" },
      { variantId: 4, field: "imageId", code: "imageNotProducts" },
      { variantId: 5, field: "price", code: "priceMissing" },
      { variantId: 5, field: "stock", code: "stockInvalid" },
    ]);
  });
});
