import { describe, expect, it } from "vitest";
import { orderTotals, priceCart } from "./pricing";
import { SPEC_DELIVERY_FEES } from "./shipping";

const variants = [
  { variantId: 1, pricePaisa: 45000, discountedPricePaisa: 39900 },
  { variantId: 2, pricePaisa: 550000, discountedPricePaisa: null },
];

describe("priceCart", () => {
  it("charges the discounted price when present and sums line subtotals", () => {
    const priced = priceCart(
      [
        { variantId: 1, quantity: 3 },
        { variantId: 2, quantity: 1 },
      ],
      variants,
    );
    expect(priced.lineItems.map((l) => [l.unitPricePaisa, l.subtotalPaisa])).toEqual([
      [39900, 119700],
      [550000, 550000],
    ]);
    expect(priced.subtotalPaisa).toBe(669700);
    expect(priced.itemCount).toBe(4);
    expect(priced.missingVariantIds).toEqual([]);
  });
  it("reports variants that are no longer sold instead of pricing them", () => {
    const priced = priceCart(
      [
        { variantId: 3, quantity: 1 },
        { variantId: 2, quantity: 2 },
      ],
      variants,
    );
    expect(priced.missingVariantIds).toEqual([3]);
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
