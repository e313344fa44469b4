import { describe, expect, it } from "vitest";
import { addToHistory, DUPLICATE_WINDOW_MS, likelyDuplicates, NO_HISTORY } from "./order-risk";

const at = (hours: number) => new Date(Date.UTC(2026, 10, 25, 6) + hours * 3_600_000);

describe("addToHistory", () => {
  it("counts delivered and cancelled orders, and everything else as open", () => {
    let history = addToHistory(NO_HISTORY, "delivered", 3);
    history = addToHistory(history, "cancelled", 1);
    history = addToHistory(history, "pending", 1);
    history = addToHistory(history, "shipped", 2);
    expect(history).toEqual({ delivered: 3, cancelled: 1, returned: 0, open: 3 });
    expect(NO_HISTORY).toEqual({ delivered: 0, cancelled: 0, returned: 0, open: 0 });
  });

  it("counts a parcel the courier brought back as returned, whatever our status says", () => {
    let history = addToHistory(NO_HISTORY, "cancelled", 2, "returned");
    history = addToHistory(history, "shipped", 1, "returned");
    history = addToHistory(history, "cancelled", 1, null);
    history = addToHistory(history, "delivered", 1, "delivered");
    expect(history).toEqual({ delivered: 1, cancelled: 1, returned: 3, open: 0 });
  });
});

describe("likelyDuplicates", () => {
  const order = { id: 10, createdAt: at(0), products: [7, 3] };

  it("finds orders with the same products within six hours, before or after, quantities aside", () => {
    const others = [
      { id: 11, createdAt: at(2), products: [3, 7, 7] },
      { id: 9, createdAt: at(-5.9), products: [7, 3] },
      { id: 12, createdAt: at(6.1), products: [7, 3] },
      { id: 13, createdAt: at(1), products: [7] },
      { id: 14, createdAt: at(1), products: [7, 3, 5] },
      { id: 10, createdAt: at(0), products: [7, 3] },
    ];
    expect(likelyDuplicates(order, others)).toEqual([9, 11]);
  });

  it("takes the window's edge as inside it", () => {
    const edge = new Date(order.createdAt.getTime() + DUPLICATE_WINDOW_MS);
    expect(likelyDuplicates(order, [{ id: 2, createdAt: edge, products: [3, 7] }])).toEqual([2]);
  });

  it("compares a deleted product by its name, never equal to a product id", () => {
    const named = { id: 1, createdAt: at(0), products: ["Brass Lamp"] };
    expect(likelyDuplicates(named, [{ id: 2, createdAt: at(1), products: ["Brass Lamp"] }])).toEqual([2]);
    expect(likelyDuplicates(named, [{ id: 3, createdAt: at(1), products: [7] }])).toEqual([]);
  });
});
