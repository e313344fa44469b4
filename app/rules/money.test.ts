import { describe, expect, it } from "vitest";
import {
  discountPercent,
  formatAmount,
  formatMoney,
  parsePercentToBasisPoints,
  parseTakaToPaisa,
  unitPricePaisa,
} from "./money";

describe("formatMoney", () => {
  it("shows paisa as taka with the sign and two decimals", () => {
    expect(formatMoney(6000)).toBe("৳60.00");
    expect(formatMoney(123456)).toBe("৳1,234.56");
    expect(formatMoney(5)).toBe("৳0.05");
  });
  it("groups large amounts the Bangladeshi way (lakh)", () => {
    expect(formatAmount(1234567_89)).toBe("12,34,567.89");
  });
  it("can put the sign after the amount, as the orders list does", () => {
    expect(formatMoney(12000, { signAfter: true })).toBe("120.00 ৳");
  });
  it("refuses fractional paisa", () => {
    expect(() => formatMoney(10.5)).toThrow(TypeError);
  });
});

describe("parsePercentToBasisPoints", () => {
  it("reads a typed percentage exactly, in basis points", () => {
    expect(parsePercentToBasisPoints("10")).toBe(1000);
    expect(parsePercentToBasisPoints(" 12.5 % ")).toBe(1250);
    expect(parsePercentToBasisPoints("৭.২৫%")).toBe(725);
    expect(parsePercentToBasisPoints("0.01")).toBe(1);
    expect(parsePercentToBasisPoints("100")).toBe(10_000);
    expect(parsePercentToBasisPoints("4.35")).toBe(435);
  });

  it("refuses 0, more than 100, three decimals and anything else", () => {
    for (const input of ["0", "0.00", "100.01", "101", "1.234", "-5", "ten", "", "1e2"]) {
      expect(parsePercentToBasisPoints(input)).toBeNull();
    }
  });
});

describe("parseTakaToPaisa", () => {
  it.each([
    ["120", 12000],
    ["1,250.5", 125050],
    ["৳ 99.99", 9999],
    ["0", 0],
    ["১২৫০.৫০", 125050],
    ["৳ ১,২৫০", 125000],
  ])("parses %s as %i paisa", (input, paisa) => {
    expect(parseTakaToPaisa(input)).toBe(paisa);
  });
  it.each(["", "-5", "1.234", "abc", "1e3", "12.3.4"])("rejects %j", (input) => {
    expect(parseTakaToPaisa(input)).toBeNull();
  });
});

describe("discounts", () => {
  it("rounds the percentage off", () => {
    expect(discountPercent(100000, 75000)).toBe(25);
    expect(discountPercent(30000, 19900)).toBe(34); // 33.67 → 34
  });
  it("has no badge when there is no lower discounted price", () => {
    expect(discountPercent(10000, null)).toBeNull();
    expect(discountPercent(10000, 10000)).toBeNull();
    expect(discountPercent(10000, 12000)).toBeNull();
  });
  it("never reads 0% OFF, and 100% OFF only for a free item (regression)", () => {
    expect(discountPercent(10000, 9990)).toBeNull(); // ৳100.00 → ৳99.90: 0.1 %
    expect(discountPercent(10000, 9951)).toBeNull(); // 0.49 %
    expect(discountPercent(10000, 9950)).toBe(1); // 0.5 % rounds up
    expect(discountPercent(10000, 40)).toBe(99); // 99.6 % of a price still charged
    expect(discountPercent(10000, 0)).toBe(100);
  });
  it("charges the discounted price only when it is lower", () => {
    expect(unitPricePaisa({ pricePaisa: 10000, discountedPricePaisa: 8000 })).toBe(8000);
    expect(unitPricePaisa({ pricePaisa: 10000, discountedPricePaisa: null })).toBe(10000);
    expect(unitPricePaisa({ pricePaisa: 10000, discountedPricePaisa: 12000 })).toBe(10000);
  });
});

describe("formatMoney in Bangla", () => {
  it("writes Bengali digits with lakh grouping and the sign first", () => {
    expect(formatMoney(12345600, { lang: "bn" })).toBe("৳১,২৩,৪৫৬.০০");
    expect(formatAmount(6000, "bn")).toBe("৬০.০০");
    expect(formatMoney(12000, { lang: "bn", signAfter: true })).toBe("১২০.০০ ৳");
  });
});
