/**
 * Order numbers as shoppers type them: "42", "#42", "order 42" with Bengali digits ("৪২"),
 * spaces or a leading '#'. Orders are numbered by their database id, shown as "#id".
 */
import { toAsciiDigits } from "./phone";

/** The largest order number accepted (SQLite's and JavaScript's safe integer range is far larger). */
const MAX_ORDER_NUMBER = 2_147_483_647;

/** The order number in `input` as a positive integer, or null when it is not one. */
export function parseOrderNumber(input: string): number | null {
  const cleaned = toAsciiDigits(input.trim()).replace(/^#\s*/, "").replace(/\s+/g, "");
  if (!/^\d{1,10}$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value >= 1 && value <= MAX_ORDER_NUMBER ? value : null;
}
