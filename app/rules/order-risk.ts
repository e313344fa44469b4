/**
 * Signs that a cash-on-delivery order may be fake or a double, for staff deciding whom to phone
 * first. Nothing here blocks an order: it only informs (a refused parcel costs the shop two
 * courier fees, a wrongly refused shopper costs a customer). Pure: the database work is in
 * app/models/orders/order-risk.server.ts.
 */

/**
 * Two orders with the same products within this many ms, from one phone or to one name and
 * address, are a likely duplicate: 6 hours.
 */
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

/**
 * The orders compared for duplicates: when each was placed, what it holds, who placed it and where
 * it goes.
 */
export type OrderForDuplicateCheck = {
  id: number;
  createdAt: Date;
  /** One entry per line item: the product's id, or its name once the product is deleted. */
  products: (number | string)[];
  /** The phone as stored (normalised to 01XXXXXXXXX at checkout). */
  phone: string;
  /** The customer's name as typed; compared by `nameKey`. */
  name: string;
  /** The delivery address, area and district reduced (rules/order-limits.ts `addressKey`); null on orders placed before it was kept. */
  addressKey: string | null;
};

/**
 * Likely duplicates of an order, by the reason given to staff: `samePhone`, orders from its phone;
 * `sameAddress`, orders from other phones to the same name and delivery address. Ids ascending.
 */
export type LikelyDuplicates = { samePhone: number[]; sameAddress: number[] };

/**
 * The orders of `others` that are likely duplicates of `order`: placed within DUPLICATE_WINDOW_MS
 * of it (before or after) with exactly the same set of products, quantities aside (a shopper who
 * submits twice often changes a quantity), and either from the same phone (`samePhone`) or, from
 * another phone, to the same delivery address (equal `addressKey`) and the same customer name
 * (equal `nameKey`): one person ordering the same cart again from a new number, or a flood of
 * fake orders from throwaway numbers (`sameAddress`). An order without an address key is compared
 * by phone only. Two people at one address with different names are not duplicates, nor is one
 * name at two addresses. Cancelled orders should be left out by the caller: staff have already
 * dealt with them.
 */
export function likelyDuplicates(order: OrderForDuplicateCheck, others: OrderForDuplicateCheck[]): LikelyDuplicates {
  const key = productSetKey(order.products);
  const name = nameKey(order.name);
  const found: LikelyDuplicates = { samePhone: [], sameAddress: [] };
  for (const other of others) {
    if (
      other.id === order.id ||
      Math.abs(other.createdAt.getTime() - order.createdAt.getTime()) > DUPLICATE_WINDOW_MS ||
      productSetKey(other.products) !== key
    ) {
      continue;
    }
    if (other.phone === order.phone) found.samePhone.push(other.id);
    else if (order.addressKey !== null && other.addressKey === order.addressKey && nameKey(other.name) === name) {
      found.sameAddress.push(other.id);
    }
  }
  found.samePhone.sort((a, b) => a - b);
  found.sameAddress.sort((a, b) => a - b);
  return found;
}

/** A text that is equal for two orders with the same set of products, in any order. */
function productSetKey(products: (number | string)[]): string {
  return [...new Set(products.map((product) => (typeof product === "number" ? `#${product}` : `=${product}`)))]
    .sort()
    .join("|");
}

/**
 * Spellings of "Mohammad", the name many Bangladeshi men's names start with, in English and Bangla,
 * abbreviated or not: one person types "Md.", another "Mohammed", the same person both.
 */
const MOHAMMAD = new Set([
  "md",
  "mohammad",
  "mohammed",
  "muhammad",
  "muhammed",
  "mohamed",
  "mohamad",
  "mohd",
  "mohmmad",
  "মোঃ",
  "মো",
  "মোহাম্মদ",
  "মুহাম্মদ",
  "মোহাম্মাদ",
  "মুহাম্মাদ",
]);

/**
 * A customer's name reduced so that two typings of one name compare equal: Unicode NFKC, invisible
 * format characters removed, lower case, accents off Latin letters, then its words (letters with
 * their marks, or digits) joined by one space, punctuation and extra spaces dropped, every
 * spelling of "Mohammad" (`MOHAMMAD`) read as "md". "Md. Rahim  Uddin", "MOHAMMAD RAHIM UDDIN" and
 * "mohammed rahim-uddin" are one name; "Rahim Uddin" (no Mohammad) is another. Bangla and English
 * spellings of one name stay apart (no transliteration).
 */
export function nameKey(name: string): string {
  const folded = name
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/([a-z])\p{M}+/gu, "$1")
    .normalize("NFC");
  return [...folded.matchAll(/\p{L}[\p{L}\p{M}]*|\p{N}+/gu)]
    .map(([word]) => (MOHAMMAD.has(word) ? "md" : word))
    .join(" ");
}
