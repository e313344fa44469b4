import { describe, expect, it } from "vitest";
import { MAX_REPORT_DAYS, parseReportQuery, presetQuery, reportBuckets, reportSearch } from "./report-range";

// 29 Nov 2026, 01:00 in Dhaka: still 28 Nov in UTC.
const NOW = new Date("2026-11-28T19:00:00Z");

const parse = (query: Record<string, string>) => parseReportQuery(new URLSearchParams(query), NOW);

function range(query: Record<string, string>) {
  const parsed = parse(query);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.range;
}

describe("the reports' range", () => {
  it("runs from 00:00 Dhaka on the first day to 00:00 Dhaka after the last", () => {
    const november = range({ from: "2026-11-01", to: "2026-11-30", group: "week" });
    expect(november).toMatchObject({ from: "2026-11-01", to: "2026-11-30", group: "week", days: 30 });
    expect(november.start.toISOString()).toBe("2026-10-31T18:00:00.000Z");
    expect(november.end.toISOString()).toBe("2026-11-30T18:00:00.000Z");
  });

  it("defaults to the last 30 Dhaka days by day, and reads a missing end as today", () => {
    expect(range({})).toMatchObject({ from: "2026-10-31", to: "2026-11-29", group: "day", days: 30 });
    expect(range({ to: "2026-02-10", group: "fortnight" })).toMatchObject({ from: "2026-01-12", group: "day" });
    expect(range({ from: "2026-11-20" })).toMatchObject({ to: "2026-11-29", days: 10 });
  });

  it("refuses days that are not dates, a reversed range and one longer than two years", () => {
    expect(parse({ from: "2026-02-30", to: "2026-03-01" })).toMatchObject({ ok: false, error: "invalid-date" });
    expect(parse({ from: "yesterday", to: "2026-03-01" })).toMatchObject({
      ok: false,
      error: "invalid-date",
      query: { from: "yesterday", to: "2026-03-01" },
    });
    expect(parse({ from: "2026-03-02", to: "2026-03-01" })).toMatchObject({ ok: false, error: "reversed" });
    expect(parse({ from: "2016-01-01", to: "2026-01-01" })).toMatchObject({ ok: false, error: "too-long" });
    expect(range({ from: "2024-11-29", to: "2026-11-29" }).days).toBe(MAX_REPORT_DAYS);
    expect(parse({ from: "2024-11-28", to: "2026-11-29" })).toMatchObject({ ok: false, error: "too-long" });
  });

  it("offers presets as of the Dhaka day", () => {
    expect(presetQuery("last7", NOW)).toEqual({ from: "2026-11-23", to: "2026-11-29", group: "day" });
    expect(presetQuery("last30", NOW, "week")).toEqual({ from: "2026-10-31", to: "2026-11-29", group: "week" });
    expect(presetQuery("thisMonth", NOW)).toMatchObject({ from: "2026-11-01", to: "2026-11-29" });
    expect(presetQuery("lastMonth", NOW)).toMatchObject({ from: "2026-10-01", to: "2026-10-31" });
    expect(presetQuery("thisYear", NOW)).toMatchObject({ from: "2026-01-01", to: "2026-11-29" });
    expect(presetQuery("lastMonth", new Date("2026-03-10T00:00:00Z"))).toMatchObject({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(reportSearch(presetQuery("last7", NOW))).toBe("?from=2026-11-23&to=2026-11-29&group=day");
  });

  it("cuts the range into days, weeks from Saturday and months, the ends cut to the range", () => {
    const days = reportBuckets(range({ from: "2026-11-01", to: "2026-11-03" }));
    expect(days.map((bucket) => bucket.day)).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
    expect(days[1]!.start.toISOString()).toBe("2026-11-01T18:00:00.000Z");
    // 1 Nov 2026 is a Sunday: the first week is cut at Friday 6 Nov.
    const weeks = reportBuckets(range({ from: "2026-11-01", to: "2026-11-30", group: "week" }));
    expect(weeks.map((bucket) => bucket.day)).toEqual([
      "2026-11-01",
      "2026-11-07",
      "2026-11-14",
      "2026-11-21",
      "2026-11-28",
    ]);
    expect(weeks.at(-1)!.end.toISOString()).toBe("2026-11-30T18:00:00.000Z");
    const months = reportBuckets(range({ from: "2025-12-15", to: "2026-02-10", group: "month" }));
    expect(months.map((bucket) => bucket.day)).toEqual(["2025-12-15", "2026-01-01", "2026-02-01"]);
    expect(months[1]!.start.toISOString()).toBe("2025-12-31T18:00:00.000Z");
    expect(reportBuckets(range({ from: "2024-11-29", to: "2026-11-29" }))).toHaveLength(MAX_REPORT_DAYS);
  });
});
