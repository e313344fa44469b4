/**
 * Order arithmetic, in integer paisa:
 * line subtotal = unit price (discounted price when present) × quantity;
 * subtotal = sum of line subtotals; total = subtotal + shipping fee.
 * The server prices every cart and order with these functions from database prices only.
 */
import type { CartLine } from "./cart";
import { unitPricePaisa } from "./money";
import { shippingFeePaisa, type DeliveryFees } from "./shipping";

/** The price fields of a variant (what a cart line buys), in paisa. */
export type PricedVariant = { variantId: number; pricePaisa: number; discountedPricePaisa: number | null };

/** A cart line joined with its variant and priced. */
export type LineItem<P extends PricedVariant> = {
  variant: P;
  quantity: number;
  unitPricePaisa: number;
  subtotalPaisa: number;
};

/** A priced cart: line items in cart order, the ids of variants no longer sold, and the subtotal. */
export type PricedCart<P extends PricedVariant> = {
  lineItems: LineItem<P>[];
  missingVariantIds: number[];
  subtotalPaisa: number;
  itemCount: number;
};

/**
 * Prices cart lines against variants read from the database. Lines whose variant is not in
 * `variants` (deleted or switched off since it was added) are left out and reported in
 * `missingVariantIds`.
 */
export function priceCart<P extends PricedVariant>(lines: CartLine[], variants: P[]): PricedCart<P> {
  const byId = new Map(variants.map((variant) => [variant.variantId, variant]));
  const lineItems: LineItem<P>[] = [];
  const missingVariantIds: number[] = [];
  for (const line of lines) {
    const variant = byId.get(line.variantId);
    if (!variant) {
      missingVariantIds.push(line.variantId);
      continue;
    }
    const unit = unitPricePaisa(variant);
    lineItems.push({ variant, quantity: line.quantity, unitPricePaisa: unit, subtotalPaisa: unit * line.quantity });
  }
  return {
    lineItems,
    missingVariantIds,
    subtotalPaisa: lineItems.reduce((sum, item) => sum + item.subtotalPaisa, 0),
    itemCount: lineItems.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/** Shipping fee and total, in paisa, for a subtotal, a shipping method and the shop's fees. */
export function orderTotals(subtotalPaisa: number, shippingMethod: string, fees: DeliveryFees) {
  const shipping = shippingFeePaisa(shippingMethod, subtotalPaisa, fees);
  return { shippingFeePaisa: shipping, totalPaisa: subtotalPaisa + shipping };
}
