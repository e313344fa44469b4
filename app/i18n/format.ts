/**
 * Numbers and dates for display, in the page's language, all through `Intl` (the one place that
 * chooses locales): English with Bangladeshi digit grouping (`en-IN`: 1,23,456.00), Bangla with
 * Bengali digits and the same grouping (`bn-BD`: ১,২৩,৪৫৬.০০); dates in the shop's time zone.
 * Node and browsers ship full ICU data, so the server and the browser print the same text.
 */
import type { Lang } from "./lang";

/** The shop's time zone: dates are shown as a shopkeeper in Dhaka reads them. */
export const SHOP_TIME_ZONE = "Asia/Dhaka";

const LOCALES: Record<Lang, string> = { en: "en-IN", bn: "bn-BD" };

const decimalFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<Lang, Intl.DateTimeFormat>();
const integerFormats = new Map<Lang, Intl.NumberFormat>();
const dayMonthFormats = new Map<Lang, Intl.DateTimeFormat>();

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

/**
 * A change in a count with its sign, in `lang`'s digits: (3, "en") → "+3", (-2, "bn") → "−২" (a
 * minus sign, not a hyphen), (0, …) → "0".
 */
export function formatSignedInteger(value: number, lang: Lang): string {
  const digits = formatInteger(Math.abs(value), lang);
  return value > 0 ? `+${digits}` : value < 0 ? `−${digits}` : digits;
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

/**
 * `date` as day, month, year and time in Asia/Dhaka: "21 Nov 2026, 7:00 PM" in English;
 * "২১ নভেম্বর ২০২৬, সন্ধ্যা ৭:০০" in Bangla, written as a Bangla reader says it: the full month
 * name, Bengali digits and the time of day as a word before a 12-hour time (see `banglaDayPeriod`).
 */
export function formatShopDateTime(date: Date, lang: Lang = "en"): string {
  if (lang === "bn") return banglaDateTime(date);
  let format = dateTimeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], {
      timeZone: SHOP_TIME_ZONE,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    });
    dateTimeFormats.set(lang, format);
  }
  // en-IN writes "pm"; the shop has always printed "PM". ICU versions differ in the space before it
  // (a narrow no-break space since ICU 72): a plain space keeps server and browser equal.
  return format
    .formatToParts(date)
    .map((part) => (part.type === "dayPeriod" ? part.value.toUpperCase() : part.value.replace(/\s/gu, " ")))
    .join("");
}

/**
 * The Bangla word for the time of day at `hour` (0–23, the shop's time): ভোর 4–5, সকাল 6–11,
 * দুপুর 12–15, বিকেল 16–17, সন্ধ্যা 18–19, রাত 20–3. The hour ranges are CLDR's day periods for
 * Bangla (common/supplemental/dayPeriods.xml, `bn`: morning1 04:00, morning2 06:00, afternoon1
 * 12:00, afternoon2 16:00, evening1 18:00, night1 20:00); the words are the everyday ones
 * (CLDR's formal "বিকাল", "রাত্রি" differ between ICU versions, so they are not taken from `Intl`).
 * @throws {RangeError} when `hour` is not a whole number from 0 to 23.
 */
export function banglaDayPeriod(hour: number): string {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`Not an hour: ${hour}`);
  if (hour >= 4 && hour < 6) return "ভোর";
  if (hour >= 6 && hour < 12) return "সকাল";
  if (hour >= 12 && hour < 16) return "দুপুর";
  if (hour >= 16 && hour < 18) return "বিকেল";
  if (hour >= 18 && hour < 20) return "সন্ধ্যা";
  return "রাত";
}

// The calendar fields of an instant in the shop's time zone, as numbers (Latin digits, 24-hour).
const dhakaFields = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});
// The Gregorian months as Bangla writes them (CLDR's `bn` wide month names, the Bangla Academy's
// spellings); fixed here because ICU versions have spelled January and February differently, and
// the server's text and the browser's must match.
const BANGLA_MONTHS = [
  "জানুয়ারি",
  "ফেব্রুয়ারি",
  "মার্চ",
  "এপ্রিল",
  "মে",
  "জুন",
  "জুলাই",
  "আগস্ট",
  "সেপ্টেম্বর",
  "অক্টোবর",
  "নভেম্বর",
  "ডিসেম্বর",
];

/** "২১ নভেম্বর ২০২৬, সন্ধ্যা ৭:০০": see `formatShopDateTime`. */
function banglaDateTime(date: Date): string {
  const field = Object.fromEntries(
    dhakaFields.formatToParts(date).map((part) => [part.type, Number(part.value)] as const),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, number>>;
  const hour = field.hour ?? 0;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const minute = formatInteger(field.minute ?? 0, "bn").padStart(2, "০");
  const day = `${formatInteger(field.day ?? 1, "bn")} ${BANGLA_MONTHS[(field.month ?? 1) - 1]} ${formatInteger(field.year ?? 0, "bn")}`;
  return `${day}, ${banglaDayPeriod(hour)} ${formatInteger(hour12, "bn")}:${minute}`;
}

/**
 * A calendar day `isoDay` ("2026-11-21", already a day in the shop's time zone) as day and short
 * month: "21 Nov" in English, "২১ নভে" in Bangla.
 * @throws {RangeError} when `isoDay` is not a yyyy-MM-dd date.
 */
export function formatDayMonth(isoDay: string, lang: Lang): string {
  let format = dayMonthFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: "UTC", day: "numeric", month: "short" });
    dayMonthFormats.set(lang, format);
  }
  return format.format(new Date(`${isoDay}T00:00:00Z`));
}
