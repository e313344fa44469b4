/**
 * Signs that a cash-on-delivery order may be fake or a double, for staff deciding whom to phone
 * first. Nothing here blocks an order: it only informs (a refused parcel costs the shop two
 * courier fees, a wrongly refused shopper costs a customer). Pure: the database work is in
 * app/models/order.server.ts.
 */

/** Two orders from one phone with the same products within this many ms are a likely duplicate: 6 hours. */
export const DUPLICATE_WINDOW_MS = 6 * 60 * 60 * 1000;

/** What a phone number has ordered before in this shop: counts of its other orders by outcome. */
export type PhoneHistory = {
  /** Orders delivered (the shopper took the parcel and paid). */
  delivered: number;
  /** Orders cancelled (by staff, often after a refused or unreachable call) before the courier had them. */
  cancelled: number;
  /** Parcels the courier brought back: refused at the door or never collected (two courier fees lost). */
  returned: number;
  /** Orders still pending, processing or shipped. */
  open: number;
};

/** An empty history: the phone's first order. */
export const NO_HISTORY: PhoneHistory = { delivered: 0, cancelled: 0, returned: 0, open: 0 };

/**
 * Adds `count` orders of `status` to `history`: returned when the courier's delivery state says so
 * (whatever our status), else by status (any but delivered and cancelled is open).
 */
export function addToHistory(
  history: PhoneHistory,
  status: string,
  count: number,
  deliveryState: string | null = null,
): PhoneHistory {
  if (deliveryState === "returned") return { ...history, returned: history.returned + count };
  if (status === "delivered") return { ...history, delivered: history.delivered + count };
  if (status === "cancelled") return { ...history, cancelled: history.cancelled + count };
  return { ...history, open: history.open + count };
}

/** The orders compared for duplicates: when each was placed and what it holds. */
export type OrderForDuplicateCheck = {
  id: number;
  createdAt: Date;
  /** One entry per line item: the product's id, or its name once the product is deleted. */
  products: (number | string)[];
};

/**
 * The ids of `others` that are likely duplicates of `order`: placed within DUPLICATE_WINDOW_MS of
 * it (before or after) with exactly the same set of products, quantities aside (a shopper who
 * submits twice often changes a quantity). The caller passes only orders from the same phone.
 * Cancelled orders should be left out by the caller: staff have already dealt with them.
 */
export function likelyDuplicates(order: OrderForDuplicateCheck, others: OrderForDuplicateCheck[]): number[] {
  const key = productSetKey(order.products);
  return others
    .filter(
      (other) =>
        other.id !== order.id &&
        Math.abs(other.createdAt.getTime() - order.createdAt.getTime()) <= DUPLICATE_WINDOW_MS &&
        productSetKey(other.products) === key,
    )
    .map((other) => other.id)
    .sort((a, b) => a - b);
}

/** A text that is equal for two orders with the same set of products, in any order. */
function productSetKey(products: (number | string)[]): string {
  return [...new Set(products.map((product) => (typeof product === "number" ? `#${product}` : `=${product}`)))]
    .sort()
    .join("|");
}
