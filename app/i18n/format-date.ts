/**
 * Dates for display, in the page's language and the shop's time zone (Asia/Dhaka), through `Intl`
 * with ./format.ts's locales. Apart from the number formats because only the back office and the
 * order tracking page show dates: the catalogue pages never download this module.
 */
import type { Lang } from "./lang";
import { formatInteger, LOCALES, SHOP_TIME_ZONE } from "./format";

const dateTimeFormats = new Map<Lang, Intl.DateTimeFormat>();
const dayMonthFormats = new Map<Lang, Intl.DateTimeFormat>();

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
 * A calendar day `isoDay` ("2026-11-21", already a day in the shop's time zone) as day and month:
 * "21 Nov" in English; "২১ নভেম্বর" in Bangla, with the full month name as in `formatShopDateTime`
 * (Bangla's abbreviations, "নভে", read as clipped, and ICU versions spell them differently).
 * @throws {RangeError} when `isoDay` is not a yyyy-MM-dd date.
 */
export function formatDayMonth(isoDay: string, lang: Lang): string {
  const day = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) throw new RangeError(`Not a day: ${isoDay}`);
  if (lang === "bn") return `${formatInteger(day.getUTCDate(), "bn")} ${BANGLA_MONTHS[day.getUTCMonth()]}`;
  let format = dayMonthFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: "UTC", day: "numeric", month: "short" });
    dayMonthFormats.set(lang, format);
  }
  return format.format(new Date(`${isoDay}T00:00:00Z`));
}

const monthYearFormats = new Map<Lang, Intl.DateTimeFormat>();

/**
 * The month of a calendar day `isoDay` ("2026-11-01") with its year: "November 2026" in English;
 * "নভেম্বর ২০২৬" in Bangla (the full month names of `formatShopDateTime`, Bengali digits).
 * @throws {RangeError} when `isoDay` is not a yyyy-MM-dd date.
 */
export function formatMonthYear(isoDay: string, lang: Lang): string {
  const day = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) throw new RangeError(`Not a day: ${isoDay}`);
  if (lang === "bn") return `${BANGLA_MONTHS[day.getUTCMonth()]} ${formatInteger(day.getUTCFullYear(), "bn")}`;
  let format = monthYearFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: "UTC", month: "long", year: "numeric" });
    monthYearFormats.set(lang, format);
  }
  return format.format(day);
}
