/**
 * Order arithmetic, in integer paisa:
 * line subtotal = unit price (discounted price when present) × quantity;
 * subtotal = sum of line subtotals; total = subtotal + shipping fee.
 * The server prices every cart and order with these functions from database prices only.
 */
import type { CartLine } from "./cart";
import { unitPricePaisa } from "./money";
import { shippingFeePaisa, type DeliveryFees } from "./shipping";

/** The price fields of a product, in paisa. */
export type PricedProduct = { id: number; pricePaisa: number; discountedPricePaisa: number | null };

/** A cart line joined with its product and priced. */
export type LineItem<P extends PricedProduct> = {
  product: P;
  quantity: number;
  unitPricePaisa: number;
  subtotalPaisa: number;
};

/** A priced cart: line items in cart order, the ids of products no longer sold, and the subtotal. */
export type PricedCart<P extends PricedProduct> = {
  lineItems: LineItem<P>[];
  missingProductIds: number[];
  subtotalPaisa: number;
  itemCount: number;
};

/**
 * Prices cart lines against products read from the database. Lines whose product is not in
 * `products` (deleted since it was added) are left out and reported in `missingProductIds`.
 */
export function priceCart<P extends PricedProduct>(lines: CartLine[], products: P[]): PricedCart<P> {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lineItems: LineItem<P>[] = [];
  const missingProductIds: number[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (!product) {
      missingProductIds.push(line.productId);
      continue;
    }
    const unit = unitPricePaisa(product);
    lineItems.push({ product, quantity: line.quantity, unitPricePaisa: unit, subtotalPaisa: unit * line.quantity });
  }
  return {
    lineItems,
    missingProductIds,
    subtotalPaisa: lineItems.reduce((sum, item) => sum + item.subtotalPaisa, 0),
    itemCount: lineItems.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/** Shipping fee and total, in paisa, for a subtotal, a shipping method and the shop's fees. */
export function orderTotals(subtotalPaisa: number, shippingMethod: string, fees: DeliveryFees) {
  const shipping = shippingFeePaisa(shippingMethod, subtotalPaisa, fees);
  return { shippingFeePaisa: shipping, totalPaisa: subtotalPaisa + shipping };
}
