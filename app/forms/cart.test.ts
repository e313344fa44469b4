import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "~/rules/cart";
import { parseCartForm } from "./cart";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("parseCartForm (add, buy-now, update, remove)", () => {
  it("reads add, buy-now, update and remove", () => {
    expect(parseCartForm(form({ intent: "add", variantId: "4", quantity: "2" }))).toEqual({
      intent: "add",
      variantId: 4,
      quantity: 2,
    });
    expect(parseCartForm(form({ intent: "buy-now", variantId: "4", quantity: "3" }))).toEqual({
      intent: "buy-now",
      variantId: 4,
      quantity: 3,
    });
    expect(parseCartForm(form({ intent: "update", variantId: "4", quantity: "12" }))).toEqual({
      intent: "update",
      variantId: 4,
      quantity: 12,
    });
    expect(parseCartForm(form({ intent: "remove", variantId: "4" }))).toEqual({ intent: "remove", variantId: 4 });
  });

  it("refuses an unknown intent, a missing or non-positive product id", () => {
    const refused: Record<string, string>[] = [
      { intent: "steal", variantId: "1" },
      { intent: "checkout" },
      { intent: "add" },
      { intent: "add", variantId: "-1" },
      { intent: "add", variantId: "0" },
      { intent: "add", variantId: "x" },
      { intent: "remove", variantId: "1.5" },
    ];
    for (const fields of refused) {
      expect(parseCartForm(form(fields)), JSON.stringify(fields)).toBeNull();
    }
  });

  it("an add outside 1..999 counts as 1; a non-integer update counts as 0 (ignored by the cart rules)", () => {
    const samples = ["1", "2", "999", "1000", "0", "-3", "", "abc", "2.5", " 4 ", "1e3", "+5"];
    const add = [1, 2, 999, 1, 1, 1, 1, 1, 1, 4, 1, 5];
    const update = [1, 2, 999, 1000, 0, -3, 0, 0, 0, 4, 1000, 5];
    samples.forEach((quantity, i) => {
      expect(parseCartForm(form({ intent: "add", variantId: "5", quantity }))).toMatchObject({ quantity: add[i] });
      expect(parseCartForm(form({ intent: "update", variantId: "5", quantity }))).toMatchObject({
        quantity: update[i],
      });
    });
    expect(parseCartForm(form({ intent: "add", variantId: "5" }))).toMatchObject({ quantity: 1 });
    expect(MAX_LINE_QUANTITY).toBe(999);
  });

  it("reads a quantity in Bengali digits, as a Bangla page's quantity box shows it", () => {
    expect(parseCartForm(form({ intent: "add", variantId: "5", quantity: "৩" }))).toMatchObject({ quantity: 3 });
    expect(parseCartForm(form({ intent: "buy-now", variantId: "5", quantity: "১২" }))).toMatchObject({ quantity: 12 });
    expect(parseCartForm(form({ intent: "update", variantId: "5", quantity: " ৪ " }))).toMatchObject({ quantity: 4 });
    expect(parseCartForm(form({ intent: "add", variantId: "5", quantity: "১০০০" }))).toMatchObject({ quantity: 1 });
  });

  it("reads a field sent twice by its first value", () => {
    const data = new FormData();
    data.append("intent", "add");
    data.append("variantId", "4");
    data.append("variantId", "9");
    data.append("quantity", "2");
    data.append("quantity", "7");
    expect(parseCartForm(data)).toEqual({ intent: "add", variantId: 4, quantity: 2 });
  });
});
