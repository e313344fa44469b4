/**
 * The owner's reports' period (docs/decisions/068-reports.md): a range of whole calendar days in
 * the shop's time zone (Asia/Dhaka, UTC+6 without daylight saving), as the reports page's GET form
 * and its shared links say it (`?from=2026-11-01&to=2026-11-30&group=week`), the presets offered
 * beside it, and the range cut into days, weeks or months. Pure apart from the clock passed in.
 *
 * - `from` and `to` are yyyy-MM-dd Dhaka days, both included: the range runs from 00:00 on `from`
 *   to 00:00 on the day after `to`, Dhaka time.
 * - A week starts on Saturday, the first working day of a Bangladeshi shop's week (Friday is the
 *   weekly holiday); the first and last week of a range are cut to the range.
 * - A range may cover at most MAX_REPORT_DAYS days (two years and a day, so that "this year" and
 *   "last year" fit even across a leap year): a longer one is refused rather than read, so that
 *   one link cannot make the database read every order of ten years.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, differenceInCalendarDays, format, startOfDay, startOfMonth, startOfWeek } from "date-fns";
import { SHOP_TIME_ZONE } from "~/i18n/format";

/** How the sales table and chart group the range. */
export const REPORT_GROUPS = ["day", "week", "month"] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest range a report reads, in days (both ends included). */
export const MAX_REPORT_DAYS = 731;

/** How many rows the reports page shows of each best sellers' list (their CSV files have them all). */
export const BEST_SELLERS_SHOWN = 20;

/** The presets offered beside the form, in this order. */
export const REPORT_PRESETS = ["last7", "last30", "thisMonth", "lastMonth", "thisYear"] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** A report's query as the URL carries it: two Dhaka days (yyyy-MM-dd, both included) and the grouping. */
export type ReportQuery = { from: string; to: string; group: ReportGroup };

/** A valid query with its instants: `start` (00:00 Dhaka on `from`) and `end` (00:00 Dhaka after `to`, excluded). */
export type ReportRange = ReportQuery & { start: Date; end: Date; days: number };

/** Why a query was refused: a day that is not a date, `from` after `to`, or a range over MAX_REPORT_DAYS. */
export type ReportRangeError = "invalid-date" | "reversed" | "too-long";

/** One bucket of the grouped range: its first day (yyyy-MM-dd) and its instants (`end` excluded). */
export type ReportBucket = { day: string; start: Date; end: Date };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight in Dhaka at the start of the yyyy-MM-dd day `day`; null when it is not a calendar date. */
function dhakaDay(day: string): TZDate | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || date < 1 || year < 2000 || year > 2999) return null;
  const start = new TZDate(year, month - 1, date, SHOP_TIME_ZONE);
  // 31 April rolls over to 1 May: not a day anyone meant.
  return start.getDate() === date ? start : null;
}

/** `date` as the yyyy-MM-dd of its Dhaka day. */
function isoDay(date: Date): string {
  return format(new TZDate(date.getTime(), SHOP_TIME_ZONE), "yyyy-MM-dd");
}

/** Today's Dhaka day at `now`, as midnight Dhaka time. */
function today(now: Date): TZDate {
  return startOfDay(new TZDate(now.getTime(), SHOP_TIME_ZONE));
}

/**
 * The range of a preset as of `now`: the last 7 or 30 days (today included), this calendar month
 * so far, the whole of last month, this calendar year so far.
 */
export function presetQuery(preset: ReportPreset, now: Date, group: ReportGroup = "day"): ReportQuery {
  const day = today(now);
  const range = (from: Date, to: Date) => ({ from: isoDay(from), to: isoDay(to), group });
  switch (preset) {
    case "last7":
      return range(addDays(day, -6), day);
    case "last30":
      return range(addDays(day, -29), day);
    case "thisMonth":
      return range(startOfMonth(day), day);
    case "lastMonth": {
      const first = addMonths(startOfMonth(day), -1);
      return range(first, addDays(startOfMonth(day), -1));
    }
    case "thisYear":
      return range(new TZDate(day.getFullYear(), 0, 1, SHOP_TIME_ZONE), day);
  }
}

/**
 * The report's query read from `?from=&to=&group=`, as of `now`. Missing days give the last 30
 * days (a missing `from` alone: the 30 days up to `to`; a missing `to`: today); an unknown
 * group gives days.
 * @returns the range, or `error` with the query as typed (for the form to show it back).
 */
export function parseReportQuery(
  searchParams: URLSearchParams,
  now: Date,
): { ok: true; range: ReportRange } | { ok: false; error: ReportRangeError; query: ReportQuery } {
  const groupParam = searchParams.get("group");
  const group = REPORT_GROUPS.find((known) => known === groupParam) ?? "day";
  const fallback = presetQuery("last30", now, group);
  const toText = (searchParams.get("to") ?? "").trim().slice(0, 20) || fallback.to;
  const to = dhakaDay(toText);
  const fromText =
    (searchParams.get("from") ?? "").trim().slice(0, 20) || (to ? isoDay(addDays(to, -29)) : fallback.from);
  const from = dhakaDay(fromText);
  const query = { from: fromText, to: toText, group };
  if (!from || !to) return { ok: false, error: "invalid-date", query };
  const days = differenceInCalendarDays(to, from) + 1;
  if (days < 1) return { ok: false, error: "reversed", query };
  if (days > MAX_REPORT_DAYS) return { ok: false, error: "too-long", query };
  return {
    ok: true,
    range: { ...query, start: new Date(from.getTime()), end: new Date(addDays(to, 1).getTime()), days },
  };
}

/** `?from=&to=&group=` of `query`, for links (the presets, the CSV downloads). */
export function reportSearch(query: ReportQuery): string {
  return `?${new URLSearchParams({ from: query.from, to: query.to, group: query.group }).toString()}`;
}

/**
 * The range cut into its days, weeks (from Saturday) or months, oldest first, the first and last
 * cut to the range; each named by its first day within the range.
 */
export function reportBuckets(range: ReportRange): ReportBucket[] {
  const first = new TZDate(range.start.getTime(), SHOP_TIME_ZONE);
  const end = new TZDate(range.end.getTime(), SHOP_TIME_ZONE);
  const next = (start: TZDate): TZDate => {
    if (range.group === "day") return addDays(start, 1);
    if (range.group === "week") return addDays(startOfWeek(start, { weekStartsOn: 6 }), 7);
    return addMonths(startOfMonth(start), 1);
  };
  const buckets: ReportBucket[] = [];
  for (let start = first; start < end;) {
    const after = next(start);
    const stop = after < end ? after : end;
    buckets.push({ day: isoDay(start), start: new Date(start.getTime()), end: new Date(stop.getTime()) });
    start = stop;
  }
  return buckets;
}
