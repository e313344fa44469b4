import { describe, expect, it } from "vitest";
import { orderTotals, priceCart } from "./pricing";
import { SPEC_DELIVERY_FEES } from "./shipping";

const products = [
  { id: 1, pricePaisa: 45000, discountedPricePaisa: 39900 },
  { id: 2, pricePaisa: 550000, discountedPricePaisa: null },
];

describe("priceCart", () => {
  it("charges the discounted price when present and sums line subtotals", () => {
    const priced = priceCart(
      [
        { productId: 1, quantity: 3 },
        { productId: 2, quantity: 1 },
      ],
      products,
    );
    expect(priced.lineItems.map((l) => [l.unitPricePaisa, l.subtotalPaisa])).toEqual([
      [39900, 119700],
      [550000, 550000],
    ]);
    expect(priced.subtotalPaisa).toBe(669700);
    expect(priced.itemCount).toBe(4);
    expect(priced.missingProductIds).toEqual([]);
  });
  it("reports products that no longer exist instead of pricing them", () => {
    const priced = priceCart(
      [
        { productId: 3, quantity: 1 },
        { productId: 2, quantity: 2 },
      ],
      products,
    );
    expect(priced.missingProductIds).toEqual([3]);
    expect(priced.subtotalPaisa).toBe(1100000);
  });
});

describe("shipping fee and totals", () => {
  it("adds shipping to the subtotal", () => {
    expect(orderTotals(669700, "Inside Dhaka", SPEC_DELIVERY_FEES)).toEqual({
      shippingFeePaisa: 6000,
      totalPaisa: 675700,
    });
    expect(orderTotals(669700, "Outside Dhaka", SPEC_DELIVERY_FEES)).toEqual({
      shippingFeePaisa: 12000,
      totalPaisa: 681700,
    });
  });
  it("adds nothing once the subtotal reaches the free-delivery minimum", () => {
    const fees = { ...SPEC_DELIVERY_FEES, freeFromPaisa: 600000 };
    expect(orderTotals(669700, "Outside Dhaka", fees)).toEqual({ shippingFeePaisa: 0, totalPaisa: 669700 });
  });
});
