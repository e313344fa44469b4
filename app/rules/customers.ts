/**
 * The shop's customers, as the back office lists them (docs/decisions/064-customers-by-phone.md):
 * shoppers have no accounts, so a customer is a phone number as orders store it (01XXXXXXXXX,
 * app/rules/phone.ts), and their figures are counted from that phone's orders. Pure: the database
 * work is in app/models/customers/.
 */
import { normalizeBdMobile, toAsciiDigits } from "~/rules/phone";

/**
 * The orders of the customers list, by the link that chooses it: `last-order` (newest first, the
 * default), `orders` (most first), `spent` (most first), `name` (A to Z). Ties go by phone.
 */
export const CUSTOMER_SORTS = ["last-order", "orders", "spent", "name"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** The list's query: the search as typed (trimmed, at most 100 characters) and the sort. */
export type CustomerQuery = { q: string; sort: CustomerSort };

/** `?q=&sort=` read from a URL: anything unknown or missing gives no search and the default sort. */
export function parseCustomerQuery(searchParams: URLSearchParams): CustomerQuery {
  const sort = searchParams.get("sort");
  return {
    q: (searchParams.get("q") ?? "").trim().slice(0, 100),
    sort: CUSTOMER_SORTS.find((known) => known === sort) ?? "last-order",
  };
}

/**
 * What a search text looks for:
 * - `phone`: a whole mobile number in any form checkout accepts ("+880 1712-345678", Bengali
 *   digits), as stored: the customer with that number;
 * - `digits`: three digits or more, not a whole number (separators and a leading +88/0088 dropped,
 *   Bengali digits read as ASCII): the customers whose number contains them;
 * - `name`: anything else: the customers whose name (their latest order's) contains it, case
 *   aside;
 * - null: an empty search.
 */
export type CustomerSearch =
  { kind: "phone"; phone: string } | { kind: "digits"; digits: string } | { kind: "name"; text: string } | null;

/** How the list reads the search text `q` (see CustomerSearch). */
export function customerSearch(q: string): CustomerSearch {
  const text = q.trim();
  if (text === "") return null;
  const phone = normalizeBdMobile(text);
  if (phone) return { kind: "phone", phone };
  const compact = toAsciiDigits(text).replace(/[\s\-.()+]/g, "");
  if (/^\d{3,}$/.test(compact)) return { kind: "digits", digits: compact.replace(/^(?:00)?88(?=0)/, "") };
  return { kind: "name", text };
}
