/**
 * Bangladeshi mobile numbers as shoppers type them, and the one form haat stores: 01XXXXXXXXX
 * (11 digits; the operator prefixes 013–019, per BTRC's numbering plan). Couriers (Steadfast,
 * Pathao) take this form, and one stored form lets the shop match a shopper's earlier orders.
 */

const BENGALI_ZERO = 0x09e6;

/** `text` with Bengali digits (০–৯) turned into ASCII digits (0–9); other characters unchanged. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BENGALI_ZERO));
}

/**
 * The mobile number in `input` as 01XXXXXXXXX, or null when it is not a Bangladeshi mobile number.
 * Accepts Bengali or ASCII digits, spaces, dashes, dots and brackets between them, and the country
 * code as `+880`, `880`, `+88`, `88` or `00880` before the 01 (the 0 after 88 is the trunk prefix).
 * Examples: "০১৭১২-৩৪৫৬৭৮", "+880 1712 345678", "8801712345678" → "01712345678".
 */
export function normalizeBdMobile(input: string): string | null {
  const compact = toAsciiDigits(input.trim()).replace(/[\s\-.()]/g, "");
  const match = /^(?:\+?88|0088)?(01[3-9]\d{8})$/.exec(compact) ?? /^(?:\+?880|00880)(1[3-9]\d{8})$/.exec(compact);
  if (!match) return null;
  const digits = match[1]!;
  return digits.startsWith("0") ? digits : `0${digits}`;
}
