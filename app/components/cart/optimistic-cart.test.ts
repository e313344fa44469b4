import { describe, expect, it } from "vitest";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLine } from "~/rules/cart";
import {
  applyCartOps,
  optimisticCount,
  optimisticTotals,
  parseTypedQuantity,
  readPendingCartOp,
  type PendingCartOp,
} from "./optimistic-cart";
import { CART_FETCH_FIELD, CART_FETCH_VALUE } from "./cart-contract";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("readPendingCartOp", () => {
  it("reads add, update and remove; ignores buy-now, checkout and malformed forms", () => {
    expect(readPendingCartOp(form({ intent: "add", variantId: "7", quantity: "3" }))).toEqual({
      intent: "add",
      variantId: 7,
      quantity: 3,
    });
    expect(readPendingCartOp(form({ intent: "update", variantId: "7", quantity: "12" }))).toEqual({
      intent: "update",
      variantId: 7,
      quantity: 12,
    });
    expect(readPendingCartOp(form({ intent: "remove", variantId: "7" }))).toEqual({ intent: "remove", variantId: 7 });
    expect(readPendingCartOp(form({ intent: "buy-now", variantId: "7", quantity: "1" }))).toBeNull();
    expect(readPendingCartOp(form({ intent: "checkout" }))).toBeNull();
    expect(readPendingCartOp(form({ intent: "add", variantId: "x" }))).toBeNull();
    expect(readPendingCartOp(form({ intent: "add", variantId: "0" }))).toBeNull();
    expect(readPendingCartOp(undefined)).toBeNull();
  });

  it("reads quantities with the cart form rules: an add outside 1..999 counts as 1, a non-integer update as 0", () => {
    const samples = ["1", "2", "999", "1000", "0", "-3", "", "abc", "2.5", " 4 ", "1e3", "+5"];
    const add = [1, 2, 999, 1, 1, 1, 1, 1, 1, 4, 1, 5];
    const update = [1, 2, 999, 1000, 0, -3, 0, 0, 0, 4, 1000, 5];
    samples.forEach((quantity, i) => {
      const fields = { variantId: "5", quantity, [CART_FETCH_FIELD]: CART_FETCH_VALUE };
      expect(readPendingCartOp(form({ intent: "add", ...fields })), `add ${JSON.stringify(quantity)}`).toEqual({
        intent: "add",
        variantId: 5,
        quantity: add[i],
      });
      expect(readPendingCartOp(form({ intent: "update", ...fields })), `update ${JSON.stringify(quantity)}`).toEqual({
        intent: "update",
        variantId: 5,
        quantity: update[i],
      });
    });
  });
});

describe("optimistic cart", () => {
  const lines: CartLine[] = [
    { variantId: 1, quantity: 2 },
    { variantId: 2, quantity: 1 },
  ];

  it("applies pending operations with the server's rules", () => {
    const ops: PendingCartOp[] = [
      { intent: "add", variantId: 1, quantity: 3 },
      { intent: "add", variantId: 3, quantity: 1 },
      { intent: "update", variantId: 2, quantity: 0 }, // ignored: an update below 1 changes nothing
      { intent: "remove", variantId: 1 },
    ];
    expect(applyCartOps(lines, ops)).toEqual([
      { variantId: 2, quantity: 1 },
      { variantId: 3, quantity: 1 },
    ]);
    expect(applyCartOps(lines, [{ intent: "update", variantId: 2, quantity: 5000 }])[1]).toEqual({
      variantId: 2,
      quantity: MAX_LINE_QUANTITY,
    });
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => ({ variantId: i + 1, quantity: 1 }));
    expect(applyCartOps(full, [{ intent: "add", variantId: 999, quantity: 1 }])).toEqual(full);
  });

  it("counts the badge from the server's count plus pending adds, or from known lines", () => {
    const ops: PendingCartOp[] = [
      { intent: "add", variantId: 9, quantity: 2 },
      { intent: "add", variantId: 9, quantity: 1 },
      { intent: "remove", variantId: 1 },
    ];
    expect(optimisticCount(4, null, ops)).toBe(7);
    expect(optimisticCount(4, null, [])).toBe(4);
    expect(optimisticCount(3, lines, ops)).toBe(1 + 3);
  });

  it("prices the cart page's lines and subtotal from the loader's unit prices", () => {
    const items = [
      { variantId: 1, quantity: 2, unitPricePaisa: 199900 },
      { variantId: 2, quantity: 1, unitPricePaisa: 520000 },
    ];
    expect(optimisticTotals(items, [])).toEqual({
      lines: [
        { variantId: 1, quantity: 2, subtotalPaisa: 399800 },
        { variantId: 2, quantity: 1, subtotalPaisa: 520000 },
      ],
      subtotalPaisa: 919800,
      count: 3,
    });
    const changed = optimisticTotals(items, [
      { intent: "update", variantId: 1, quantity: 3 },
      { intent: "remove", variantId: 2 },
      { intent: "add", variantId: 42, quantity: 1 }, // no price on this page: not shown
    ]);
    expect(changed).toEqual({
      lines: [{ variantId: 1, quantity: 3, subtotalPaisa: 599700 }],
      subtotalPaisa: 599700,
      count: 3,
    });
  });

  it("accepts a typed quantity of at least 1 only", () => {
    expect(parseTypedQuantity("3")).toBe(3);
    expect(parseTypedQuantity("1500")).toBe(1500);
    expect(parseTypedQuantity("৩")).toBe(3);
    for (const text of ["", "0", "-1", "2.5", "abc"]) expect(parseTypedQuantity(text)).toBeNull();
  });
});
