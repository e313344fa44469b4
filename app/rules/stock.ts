/**
 * Stock rules (docs/decisions/027-stock.md), pure: what a product's stock lets a shopper buy, what
 * an order holds, and how a cart is held to it. The database work (the conditional decrement in the
 * order's transaction, the ledger) is in app/models/stock.server.ts.
 *
 * Stock is optional per product. A product that does not track stock is always available; one that
 * does has `stockQuantity` units on hand, never fewer than 0.
 */

/** A product's stock fields as stored. */
export type StockFields = { trackStock: boolean; stockQuantity: number };

/** Largest quantity on hand staff may type: a million units, well inside the 32-bit column. */
export const MAX_STOCK_QUANTITY = 1_000_000;

/** Why stock moved (the ledger's `reason`). */
const STOCK_MOVEMENT_REASONS = [
  "order-placed",
  "order-cancelled",
  "order-reinstated",
  "order-deleted",
  "order-edited",
  "adjusted",
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/** The units a shopper may buy now: null when the product does not track stock (no limit). */
export function availableQuantity(product: StockFields): number | null {
  return product.trackStock ? Math.max(0, product.stockQuantity) : null;
}

/** What the storefront and the back office say about a product's stock. */
export type StockLevel = "untracked" | "in-stock" | "low" | "out";

/**
 * The stock level of `available` units (`availableQuantity`; null: not tracked): `out` at 0, `low`
 * at `lowThreshold` units or fewer (the shop's setting), else `in-stock`; `untracked` for null.
 */
export function stockLevel(available: number | null, lowThreshold: number): StockLevel {
  if (available === null) return "untracked";
  if (available === 0) return "out";
  return available <= lowThreshold ? "low" : "in-stock";
}

/** A line the stock cannot fill: the product, what the line asks for and what is on hand (units). */
export type StockShortage = { productId: number; name: string; requested: number; available: number };

/**
 * The lines of `lines` that ask for more than their product has on hand, in the lines' order.
 * A product that does not track stock never falls short; one product on several lines is summed.
 */
export function stockShortages(
  lines: { productId: number; quantity: number }[],
  products: (StockFields & { id: number; name: string })[],
): StockShortage[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  const shortages: StockShortage[] = [];
  for (const [productId, requested] of wanted) {
    const product = byId.get(productId);
    if (!product) continue;
    const available = availableQuantity(product);
    if (available !== null && requested > available) {
      shortages.push({ productId, name: product.name, requested, available });
    }
  }
  return shortages;
}

/**
 * The units each product is held by an order, from the order's ledger entries: what its placing (or
 * reinstating) took, less what cancelling returned. Products the order holds nothing of are absent.
 */
export function heldByOrder(movements: { productId: number | null; change: number }[]): Map<number, number> {
  const net = new Map<number, number>();
  for (const movement of movements) {
    if (movement.productId === null) continue;
    net.set(movement.productId, (net.get(movement.productId) ?? 0) - movement.change);
  }
  for (const [productId, units] of net) if (units <= 0) net.delete(productId);
  return net;
}

/** Whether `quantity` units are more than `available` (null: not tracked, never too many). */
export function exceedsStock(quantity: number, available: number | null): boolean {
  return available !== null && quantity > available;
}

/**
 * The label of a ledger reason from the admin catalogue, through `t` (the staff member's
 * translator); an unknown stored value is shown as it is.
 */
export function stockReasonLabel(
  reason: string,
  t: (key: `admin.stock.reason.${StockMovementReason}`) => string,
): string {
  return (STOCK_MOVEMENT_REASONS as readonly string[]).includes(reason)
    ? t(`admin.stock.reason.${reason as StockMovementReason}`)
    : reason;
}

/**
 * What saving the product form does to the stock: `next` is what the form asks for, `current` what
 * is stored now, `seen` the quantity on hand the form was shown (null: a new product, or tracking
 * was off). While tracking, a count typed over one that changed since the form was shown (an order
 * came in meanwhile) is refused (`ok: false` with the current count) rather than silently undoing
 * the sale. A count left as it was shown keeps the current one; typing the current count is never
 * refused. Turning tracking off keeps the stored count untouched.
 *
 * @returns the quantity to store and the units added (negative: removed) to record in the ledger
 *   (0: no movement).
 */
export function stockEdit(
  current: StockFields,
  next: StockFields,
  seen: number | null,
): { ok: true; stockQuantity: number; change: number } | { ok: false; current: number } {
  if (!next.trackStock) return { ok: true, stockQuantity: current.stockQuantity, change: 0 };
  const changedMeanwhile = current.trackStock && seen !== null && seen !== current.stockQuantity;
  if (changedMeanwhile && next.stockQuantity !== current.stockQuantity) {
    if (next.stockQuantity === seen) return { ok: true, stockQuantity: current.stockQuantity, change: 0 };
    return { ok: false, current: current.stockQuantity };
  }
  return { ok: true, stockQuantity: next.stockQuantity, change: next.stockQuantity - current.stockQuantity };
}
