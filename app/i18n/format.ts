/**
 * Numbers for display, in the page's language, all through `Intl` (the one place that chooses
 * locales): English with Bangladeshi digit grouping (`en-IN`: 1,23,456.00), Bangla with Bengali
 * digits and the same grouping (`bn-BD`: ১,২৩,৪৫৬.০০). Dates are in ./format-date.ts, kept apart so
 * that the storefront's pages, which show prices but no dates, do not download them.
 * Node and browsers ship full ICU data, so the server and the browser print the same text.
 */
import type { Lang } from "./lang";

/** The shop's time zone: dates are shown as a shopkeeper in Dhaka reads them. */
export const SHOP_TIME_ZONE = "Asia/Dhaka";

/** The `Intl` locale of each language: Bangladeshi digit grouping in both. */
export const LOCALES: Record<Lang, string> = { en: "en-IN", bn: "bn-BD" };

const decimalFormats = new Map<string, Intl.NumberFormat>();
const integerFormats = new Map<Lang, Intl.NumberFormat>();

/**
 * `value` with the language's digits and lakh/crore grouping, and exactly `fractionDigits`
 * decimals: (123456, "bn", 2) → "১,২৩,৪৫৬.০০"; (1234567, "en", 0) → "12,34,567".
 */
export function formatDecimal(value: number, lang: Lang, fractionDigits = 0): string {
  const key = `${lang}:${fractionDigits}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    decimalFormats.set(key, format);
  }
  return format.format(value);
}

/** `value` in `lang`'s digits without grouping: (2026, "bn") → "২০২৬"; (42, "en") → "42". */
export function formatInteger(value: number, lang: Lang): string {
  let format = integerFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], { useGrouping: false, maximumFractionDigits: 20 });
    integerFormats.set(lang, format);
  }
  return format.format(value);
}

const BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯";

/**
 * `text` with its ASCII digits in `lang`'s digits, everything else as it is: for what is shown as
 * typed but read digit by digit, such as a phone number ("01711-000111", "bn" → "০১৭১১-০০০১১১";
 * "en" → unchanged). Links keep the ASCII text (`tel:` targets): this is for display only.
 */
export function localDigits(text: string, lang: Lang): string {
  return lang === "bn" ? text.replace(/[0-9]/g, (digit) => BENGALI_DIGITS[Number(digit)]!) : text;
}

const compactFormats = new Map<Lang, Intl.NumberFormat>();

/**
 * An amount in paisa as short taka for narrow spaces (a chart's axis on a phone), in lakh and crore
 * as Bangladesh counts: 1200000 paisa → "৳12K", 12000000 → "৳1.2L", 250000000 → "৳25L" in English;
 * "৳১.২ লা" in Bangla. At most one decimal; never for a figure someone must read exactly.
 */
export function formatCompactTaka(paisa: number, lang: Lang): string {
  let format = compactFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], { notation: "compact", maximumFractionDigits: 1 });
    compactFormats.set(lang, format);
  }
  return `৳${format.format(paisa / 100)}`;
}
