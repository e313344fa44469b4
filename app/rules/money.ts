/**
 * Money is integer paisa everywhere in haat (1 taka = 100 paisa); this module is the one place
 * that turns paisa into text and taka input into paisa. See docs/decisions/003-money-in-paisa.md.
 *
 * Amounts show two decimals with the taka sign, always: the spec shows a
 * dollar sign in places, which is its inconsistency, not ours. Digits are grouped the way
 * Bangladesh writes them (lakh grouping: ৳1,23,456.00), with Bengali digits on Bangla pages
 * (৳১,২৩,৪৫৬.০০); the digits come from app/i18n/format.ts.
 */
import type { Lang } from "~/i18n";
import { formatDecimal } from "~/i18n/format";
import { toAsciiDigits } from "./phone";

const TAKA_SIGN = "৳";

/**
 * Formats paisa as taka without a sign, in `lang`'s digits with lakh grouping:
 * 123456 → "1,234.56" ("en"), "১,২৩৪.৫৬" ("bn"). @throws {TypeError} for a non-integer.
 */
export function formatAmount(paisa: number, lang: Lang = "en"): string {
  assertPaisa(paisa);
  return formatDecimal(paisa / 100, lang, 2);
}

/**
 * Paisa as the amount a taka field shows, in `lang`'s digits, two decimals and no grouping, so that
 * it parses back (`parseTakaToPaisa` reads both digit forms): 125050 → "1250.50" ("en"),
 * "১২৫০.৫০" ("bn"); null (no amount) → "". @throws {TypeError} for a non-integer amount.
 */
export function formatTakaInput(paisa: number | null, lang: Lang = "en"): string {
  return paisa === null ? "" : formatAmount(paisa, lang).replace(/,/g, "");
}

/**
 * Formats paisa as taka with the sign: 123456 → "৳1,234.56" ("en"), "৳১,২৩৪.৫৬" ("bn").
 * `signAfter` puts the sign after the amount ("1,234.56 ৳"), as the spec's orders list shows it.
 * @throws {TypeError} for a non-integer amount.
 */
export function formatMoney(paisa: number, options: { signAfter?: boolean; lang?: Lang } = {}): string {
  const amount = formatAmount(paisa, options.lang);
  return options.signAfter ? `${amount} ${TAKA_SIGN}` : `${TAKA_SIGN}${amount}`;
}

/**
 * Paisa as a short taka amount without the sign, for fees in running text: whole taka without
 * decimals (6000 → "60", "৬০" in Bangla), otherwise two decimals (6050 → "60.50").
 * @throws {TypeError} for a non-integer amount.
 */
export function formatTakaShort(paisa: number, lang: Lang = "en"): string {
  assertPaisa(paisa);
  return formatDecimal(paisa / 100, lang, paisa % 100 === 0 ? 0 : 2);
}

/**
 * Parses a decimal taka amount typed by a person ("1,250.5", "৳ 99", "120", "১২৫০.৫০") into paisa.
 * Returns null for anything that is not a non-negative amount with at most 2 decimals.
 */
export function parseTakaToPaisa(input: string): number | null {
  const cleaned = toAsciiDigits(input).replace(/[৳,\s]/g, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/**
 * Parses a percentage typed by a person ("10", "12.5", "১০%", " 7.25 % ") into basis points
 * (1000 = 10%), exactly (no floating point). Returns null for anything that is not 0.01 to 100
 * with at most 2 decimals: a campaign code's and an advance's percentage.
 */
export function parsePercentToBasisPoints(input: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(toAsciiDigits(input).replace(/[%\s]/g, ""));
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints >= 1 && basisPoints <= 10_000 ? basisPoints : null;
}

/**
 * Rounded percentage by which `discountedPaisa` is below `pricePaisa`, or null
 * when there is no discount (no discounted price, or not lower than the price).
 * The badge never misleads where rounding would: a discount under 0.5 % has no badge (never
 * "0% OFF"), and only a free item reads 100 (a price cut to ৳0.40 from ৳100 reads 99, not 100).
 */
export function discountPercent(pricePaisa: number, discountedPaisa: number | null): number | null {
  if (discountedPaisa === null || pricePaisa <= 0 || discountedPaisa >= pricePaisa) return null;
  const percent = Math.round(((pricePaisa - discountedPaisa) / pricePaisa) * 100);
  if (percent === 0) return null;
  return percent === 100 && discountedPaisa > 0 ? 99 : percent;
}

/** The unit price charged, in paisa: the discounted price when it is lower, else the price. */
export function unitPricePaisa(product: { pricePaisa: number; discountedPricePaisa: number | null }): number {
  const { pricePaisa, discountedPricePaisa } = product;
  return discountedPricePaisa !== null && discountedPricePaisa < pricePaisa ? discountedPricePaisa : pricePaisa;
}

function assertPaisa(paisa: number): void {
  if (!Number.isInteger(paisa)) throw new TypeError(`Money must be integer paisa, got ${paisa}`);
}
