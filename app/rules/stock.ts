/**
 * Stock rules (docs/decisions/027-stock.md), pure: what a product's stock lets a shopper buy, what
 * an order holds, and how a cart is held to it. The database work (the conditional decrement in the
 * order's transaction, the ledger) is in app/models/catalogue/stock.server.ts.
 *
 * Stock is optional per product, and counted per variant (docs/decisions/047-variants.md): the
 * variants of a product that does not track stock are always available; those of one that does
 * each have `stockQuantity` units on hand, never fewer than 0.
 */

/** A variant's stock fields: its product's `trackStock` and its own `stockQuantity`. */
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

/** The units of a variant a shopper may buy now: null when its product does not track stock (no limit). */
export function availableQuantity(variant: StockFields): number | null {
  return variant.trackStock ? Math.max(0, variant.stockQuantity) : null;
}

/**
 * The units of a product a shopper may buy now, over its active variants' `availableQuantity`:
 * null when it does not track stock (and has an active variant), their sum otherwise; 0 when no
 * variant is active (nothing can be bought).
 */
export function productAvailable(available: readonly (number | null)[]): number | null {
  if (available.length === 0) return 0;
  if (available.some((units) => units === null)) return null;
  return available.reduce<number>((sum, units) => sum + (units ?? 0), 0);
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

/**
 * The units a storefront page names for `available` units (`availableQuantity`; null: not tracked):
 * the count where the page says "Only N left" (the `low` level), 0 when out of stock, and null
 * where it names none (in stock above the threshold, or not tracked). Catalogue pages carry this,
 * never the count on hand, so that an order which leaves the words on the page as they were leaves
 * the page as it was, and the page cache keeps it (docs/decisions/051-page-cache-under-a-sale.md).
 * The quantity a shopper may add is checked against the real count by the cart.
 */
export function shownUnits(available: number | null, lowThreshold: number): number | null {
  const level = stockLevel(available, lowThreshold);
  return level === "low" || level === "out" ? available : null;
}

/**
 * Whether a page that shows `before` units (of a variant, or of a product over its variants) reads
 * differently with `after` units: its level or the "Only N left" count changes. Units are counted
 * ones (the product tracks stock); `lowThreshold` is the shop's setting.
 */
export function shownStockChanged(before: number, after: number, lowThreshold: number): boolean {
  const was = Math.max(0, before);
  const now = Math.max(0, after);
  return (
    stockLevel(was, lowThreshold) !== stockLevel(now, lowThreshold) ||
    shownUnits(was, lowThreshold) !== shownUnits(now, lowThreshold)
  );
}

/**
 * A line the stock cannot fill: the variant, its line item name ("Fan — 56″ / Brown"), what the
 * line asks for and what is on hand (units).
 */
export type StockShortage = { variantId: number; name: string; requested: number; available: number };

/**
 * The lines of `lines` that ask for more than their variant has on hand, in the lines' order.
 * A variant of a product that does not track stock never falls short; one variant on several
 * lines is summed.
 */
export function stockShortages(
  lines: { variantId: number; quantity: number }[],
  variants: (StockFields & { id: number; name: string })[],
): StockShortage[] {
  const byId = new Map(variants.map((variant) => [variant.id, variant]));
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  const shortages: StockShortage[] = [];
  for (const [variantId, requested] of wanted) {
    const variant = byId.get(variantId);
    if (!variant) continue;
    const available = availableQuantity(variant);
    if (available !== null && requested > available) {
      shortages.push({ variantId, name: variant.name, requested, available });
    }
  }
  return shortages;
}

/**
 * The units of each variant an order holds, from the order's ledger entries: what its placing (or
 * reinstating) took, less what cancelling returned. Variants the order holds nothing of are absent.
 */
export function heldByOrder(movements: { variantId: number | null; change: number }[]): Map<number, number> {
  const net = new Map<number, number>();
  for (const movement of movements) {
    if (movement.variantId === null) continue;
    net.set(movement.variantId, (net.get(movement.variantId) ?? 0) - movement.change);
  }
  for (const [variantId, units] of net) if (units <= 0) net.delete(variantId);
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

/** The admin catalogue's words for a stock movement: units in or out, one or several. */
type StockChangeKey = "admin.stock.unitIn" | "admin.stock.unitsIn" | "admin.stock.unitOut" | "admin.stock.unitsOut";

/**
 * A ledger movement of `change` units (negative: taken out) in words through `t` (the staff
 * member's translator, which writes `count` in the language's digits): "1 unit in", "8 units in",
 * "1 unit out", "2 units out" in English, which has a singular for exactly one; "৮ পিস বেড়েছে",
 * "১ পিস কমেছে" in Bangla, which counts with one form.
 */
export function stockChangeText(change: number, t: (key: StockChangeKey, params: { count: number }) => string): string {
  const count = Math.abs(change);
  const key: StockChangeKey =
    change < 0
      ? count === 1
        ? "admin.stock.unitOut"
        : "admin.stock.unitsOut"
      : count === 1
        ? "admin.stock.unitIn"
        : "admin.stock.unitsIn";
  return t(key, { count });
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
