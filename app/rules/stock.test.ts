import { describe, expect, it } from "vitest";
import { adminTranslator } from "~/i18n/admin";
import {
  availableQuantity,
  exceedsStock,
  heldByOrder,
  productAvailable,
  stockEdit,
  stockLevel,
  stockChangeText,
  stockReasonLabel,
  stockShortages,
} from "./stock";

const tracked = (stockQuantity: number) => ({ trackStock: true, stockQuantity });
const untracked = { trackStock: false, stockQuantity: 0 };

describe("availableQuantity and stockLevel", () => {
  it("puts no limit on a product that does not track stock, whatever its stored count", () => {
    expect(availableQuantity(untracked)).toBeNull();
    expect(stockLevel(availableQuantity(untracked), 5)).toBe("untracked");
  });

  it("is out at 0, low at the threshold or below, in stock above it", () => {
    expect(stockLevel(availableQuantity(tracked(0)), 5)).toBe("out");
    expect(stockLevel(availableQuantity(tracked(1)), 5)).toBe("low");
    expect(stockLevel(availableQuantity(tracked(5)), 5)).toBe("low");
    expect(stockLevel(availableQuantity(tracked(6)), 5)).toBe("in-stock");
    expect(stockLevel(availableQuantity(tracked(1)), 0)).toBe("in-stock");
    expect(availableQuantity(tracked(7))).toBe(7);
  });
});

describe("productAvailable", () => {
  it("sums its active variants' units, has no limit when untracked, and is 0 with none active", () => {
    expect(productAvailable([2, 0, 5])).toBe(7);
    expect(productAvailable([null, null])).toBeNull();
    expect(productAvailable([])).toBe(0);
  });
});

describe("stockShortages", () => {
  const variants = [
    { id: 1, name: "Lamp", ...tracked(2) },
    { id: 2, name: "Fan", ...untracked },
    { id: 3, name: "Switch", ...tracked(0) },
  ];

  it("lists the lines asking for more than is on hand, in the lines' order", () => {
    expect(
      stockShortages(
        [
          { variantId: 3, quantity: 1 },
          { variantId: 2, quantity: 500 },
          { variantId: 1, quantity: 3 },
        ],
        variants,
      ),
    ).toEqual([
      { variantId: 3, name: "Switch", requested: 1, available: 0 },
      { variantId: 1, name: "Lamp", requested: 3, available: 2 },
    ]);
  });

  it("accepts exactly what is on hand and sums a variant over several lines", () => {
    expect(stockShortages([{ variantId: 1, quantity: 2 }], variants)).toEqual([]);
    expect(
      stockShortages(
        [
          { variantId: 1, quantity: 1 },
          { variantId: 1, quantity: 2 },
        ],
        variants,
      ),
    ).toEqual([{ variantId: 1, name: "Lamp", requested: 3, available: 2 }]);
  });

  it("ignores a line whose variant is unknown (the cart drops those itself)", () => {
    expect(stockShortages([{ variantId: 99, quantity: 1 }], variants)).toEqual([]);
  });
});

describe("heldByOrder", () => {
  it("nets what an order took against what it returned, per variant", () => {
    const held = heldByOrder([
      { variantId: 1, change: -3 },
      { variantId: 2, change: -1 },
      { variantId: 2, change: 1 },
      { variantId: 1, change: 3 },
      { variantId: 1, change: -3 },
      { variantId: null, change: -4 },
    ]);
    expect([...held]).toEqual([[1, 3]]);
  });

  it("holds nothing for an order with no ledger entries (an untracked product, or an older order)", () => {
    expect(heldByOrder([]).size).toBe(0);
  });
});

describe("exceedsStock", () => {
  it("is true only for more units than a tracked product has", () => {
    expect(exceedsStock(500, null)).toBe(false);
    expect(exceedsStock(3, 3)).toBe(false);
    expect(exceedsStock(4, 3)).toBe(true);
    expect(exceedsStock(1, 0)).toBe(true);
  });
});

describe("stockReasonLabel", () => {
  it("labels a known reason through the translator and shows an unknown one as stored", () => {
    const t = (key: string) => `<${key}>`;
    expect(stockReasonLabel("order-cancelled", t)).toBe("<admin.stock.reason.order-cancelled>");
    expect(stockReasonLabel("stolen", t)).toBe("stolen");
  });
});

describe("stockChangeText", () => {
  it("says units in or out in words, singular for one in English, one form in Bangla", () => {
    const en = adminTranslator("en");
    expect(stockChangeText(-1, en)).toBe("1 unit out");
    expect(stockChangeText(-3, en)).toBe("3 units out");
    expect(stockChangeText(1, en)).toBe("1 unit in");
    expect(stockChangeText(12, en)).toBe("12 units in");
    const bn = adminTranslator("bn");
    expect(stockChangeText(-1, bn)).toBe("১ পিস কমেছে");
    expect(stockChangeText(12, bn)).toBe("১২ পিস বেড়েছে");
    expect(bn("admin.stock.historyChange", { change: stockChangeText(-2, bn), balance: 5 })).toBe(
      "২ পিস কমেছে, বাকি ৫",
    );
  });
});

describe("stockEdit", () => {
  it("records the difference when staff type a new count", () => {
    expect(stockEdit(tracked(4), tracked(10), 4)).toEqual({ ok: true, stockQuantity: 10, change: 6 });
    expect(stockEdit(tracked(4), tracked(1), 4)).toEqual({ ok: true, stockQuantity: 1, change: -3 });
  });

  it("starts counting from the typed number when tracking is turned on", () => {
    expect(stockEdit(untracked, tracked(12), null)).toEqual({ ok: true, stockQuantity: 12, change: 12 });
  });

  it("refuses a count typed over one an order changed meanwhile", () => {
    expect(stockEdit(tracked(3), tracked(10), 4)).toEqual({ ok: false, current: 3 });
  });

  it("keeps the current count when the form's count was left as it was shown", () => {
    expect(stockEdit(tracked(3), tracked(4), 4)).toEqual({ ok: true, stockQuantity: 3, change: 0 });
    expect(stockEdit(tracked(3), tracked(3), 4)).toEqual({ ok: true, stockQuantity: 3, change: 0 });
  });

  it("leaves the stored count alone when tracking is turned off", () => {
    expect(stockEdit(tracked(3), { trackStock: false, stockQuantity: 0 }, 3)).toEqual({
      ok: true,
      stockQuantity: 3,
      change: 0,
    });
  });
});
