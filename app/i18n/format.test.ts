import { describe, expect, it } from "vitest";
import { formatCompactTaka, formatDecimal, formatInteger, localDigits } from "./format";
import { banglaDayPeriod, formatDayMonth, formatShopDateTime } from "./format-date";

describe("formatDecimal", () => {
  it("groups by lakh and crore in both languages", () => {
    expect(formatDecimal(123456, "en", 2)).toBe("1,23,456.00");
    expect(formatDecimal(12345678.9, "en", 2)).toBe("1,23,45,678.90");
    expect(formatDecimal(1234567, "en")).toBe("12,34,567");
  });
  it("writes Bengali digits in Bangla", () => {
    expect(formatDecimal(123456, "bn", 2)).toBe("১,২৩,৪৫৬.০০");
    expect(formatDecimal(60, "bn")).toBe("৬০");
  });
});

describe("formatShopDateTime", () => {
  // 09:05 UTC is 15:05 in Dhaka (UTC+6, no daylight saving).
  const date = new Date("2026-11-24T09:05:00Z");
  it("prints Dhaka time in English", () => {
    expect(formatShopDateTime(date, "en")).toBe("24 Nov 2026, 3:05 PM");
  });
  it("prints Dhaka time in Bangla as it is said: full month, Bengali digits, the time of day as a word", () => {
    expect(formatShopDateTime(date, "bn")).toBe("২৪ নভেম্বর ২০২৬, দুপুর ৩:০৫");
    expect(formatShopDateTime(new Date("2026-11-26T05:03:00Z"), "bn")).toBe("২৬ নভেম্বর ২০২৬, সকাল ১১:০৩");
    // Midnight in Dhaka is 12 at night, on the new day; noon is 12 in the afternoon.
    expect(formatShopDateTime(new Date("2026-12-31T18:00:00Z"), "bn")).toBe("১ জানুয়ারি ২০২৭, রাত ১২:০০");
    expect(formatShopDateTime(new Date("2026-06-01T06:00:00Z"), "bn")).toBe("১ জুন ২০২৬, দুপুর ১২:০০");
  });
  it("moves to the next day in Dhaka before UTC does", () => {
    expect(formatShopDateTime(new Date("2026-11-24T19:30:00Z"), "en")).toBe("25 Nov 2026, 1:30 AM");
  });
});

describe("banglaDayPeriod", () => {
  it("names each hour by CLDR's Bangla day periods, in the everyday words", () => {
    const names = Array.from({ length: 24 }, (_, hour) => banglaDayPeriod(hour));
    expect(names).toEqual([
      ...Array<string>(4).fill("রাত"),
      "ভোর",
      "ভোর",
      ...Array<string>(6).fill("সকাল"),
      ...Array<string>(4).fill("দুপুর"),
      "বিকেল",
      "বিকেল",
      "সন্ধ্যা",
      "সন্ধ্যা",
      ...Array<string>(4).fill("রাত"),
    ]);
  });
  it("refuses what is not an hour", () => {
    expect(() => banglaDayPeriod(24)).toThrow(RangeError);
    expect(() => banglaDayPeriod(6.5)).toThrow(RangeError);
  });
});

describe("formatInteger", () => {
  it("writes the language's digits without grouping", () => {
    expect(formatInteger(2026, "bn")).toBe("২০২৬");
    expect(formatInteger(123456, "en")).toBe("123456");
  });
});

describe("localDigits", () => {
  it("writes a phone number's digits in Bengali for Bangla, keeping its other characters", () => {
    expect(localDigits("01711-000111", "bn")).toBe("০১৭১১-০০০১১১");
    expect(localDigits("+880 1711 000111", "bn")).toBe("+৮৮০ ১৭১১ ০০০১১১");
  });

  it("leaves English text and text without digits as they are", () => {
    expect(localDigits("01711-000111", "en")).toBe("01711-000111");
    expect(localDigits("ঢাকা", "bn")).toBe("ঢাকা");
  });
});

describe("formatDayMonth", () => {
  it("writes a calendar day as day and short month in each language, whatever the machine's time zone", () => {
    expect(formatDayMonth("2026-11-21", "en")).toBe("21 Nov");
    expect(formatDayMonth("2026-11-21", "bn")).toBe("২১ নভেম্বর");
    expect(formatDayMonth("2026-01-05", "bn")).toBe("৫ জানুয়ারি");
    expect(formatDayMonth("2026-01-01", "en")).toBe("1 Jan");
  });
  it("refuses what is not a date", () => {
    expect(() => formatDayMonth("21/11/2026", "en")).toThrow(RangeError);
  });
});

describe("formatCompactTaka", () => {
  it("writes short taka in thousands, lakh and crore", () => {
    expect(formatCompactTaka(90_000, "en")).toBe("৳900");
    expect(formatCompactTaka(1_200_000, "en")).toBe("৳12K");
    expect(formatCompactTaka(12_000_000, "en")).toBe("৳1.2L");
    expect(formatCompactTaka(2_500_000_000, "en")).toBe("৳2.5Cr");
    expect(formatCompactTaka(12_000_000, "bn")).toBe("৳১.২\u00a0লা"); // ICU puts a no-break space before the unit
  });
});
