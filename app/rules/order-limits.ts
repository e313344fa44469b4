/**
 * Checkout limits against floods of fake cash-on-delivery orders
 * (docs/decisions/028-checkout-limits-and-blocklist.md): how many orders one phone number may place,
 * and one delivery address may receive, within ORDER_LIMIT_WINDOW_MS. The owner sets both numbers
 * (0: no limit). Pure: the counting is in app/models/order.server.ts, inside the order's transaction.
 */
import { toAsciiDigits } from "./phone";

/** The window the limits count orders in: 24 hours, in ms. */
export const ORDER_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The owner's limits: orders per phone and per address within the window; 0 means no limit. */
export type OrderLimits = { perPhone: number; perAddress: number };

/**
 * An address reduced so that two spellings of one place compare equal: the street address, area
 * and district, NFC-normalised, lower-cased, Bengali digits as ASCII, and everything that is not a
 * letter or digit (spaces, commas, dashes, "#", full stops) removed. "House 4, Road 2" and
 * "house-4 road 2" give the same key; a different house number does not.
 */
export function addressKey(address: string, area: string, district: string): string {
  const reduce = (text: string) =>
    toAsciiDigits(text.normalize("NFC").toLowerCase()).replace(/[^\p{L}\p{M}\p{N}]+/gu, "");
  return [reduce(address), reduce(area), reduce(district)].join("|");
}

/** Which limit an order would pass, if any. */
export type LimitReached = "phone" | "address" | null;

/**
 * Whether one more order goes over a limit, given the orders the phone and the address already
 * placed within the window (cancelled ones included: a refused fake order still counts).
 */
export function limitReached(limits: OrderLimits, recent: { byPhone: number; byAddress: number }): LimitReached {
  if (limits.perPhone > 0 && recent.byPhone >= limits.perPhone) return "phone";
  if (limits.perAddress > 0 && recent.byAddress >= limits.perAddress) return "address";
  return null;
}
