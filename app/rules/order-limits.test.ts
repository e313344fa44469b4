import { describe, expect, it } from "vitest";
import { addressKey, limitReached } from "./order-limits";

describe("addressKey", () => {
  it("compares two spellings of one address as equal", () => {
    expect(addressKey("House 4, Road 2", "Mirpur 10", "Dhaka")).toBe(
      addressKey("house-4  road 2.", "MIRPUR-10", "dhaka"),
    );
    expect(addressKey("বাড়ি ৪, রোড ২", "মিরপুর ১০", "Dhaka")).toBe(addressKey("বাড়ি 4 রোড 2", "মিরপুর 10", "Dhaka"));
  });

  it("reads the spellings that dodged the limit as one address: leading zeros, abbreviations, look-alike letters", () => {
    const home = addressKey("House 548544, Road 2", "Mirpur 10", "Dhaka");
    for (const typed of [
      "House 0548544, Road 2",
      "House 548544, Rd 2",
      "H# 548544, Rd. 02",
      "House No. 548544, Road No 2",
      "Hоuse 548544, Rоad 2", // Cyrillic о
      "ΗOUSE 548544, ROAD 2", // Greek capital eta
      "Ｈｏｕｓｅ ５４８５４４, Ｒｏａｄ ２", // full-width
      "Hôuse 548544, Röad 2",
      "Hou\u200Bse 548544, Road\u00AD 2", // a zero-width space, a soft hyphen
      "house548544road2",
      "বাড়ি ৫৪৮৫৪৪, রোড ২",
      "বাসা নং ০৫৪৮৫৪৪, সড়ক ২",
    ]) {
      expect(addressKey(typed, "Mirpur 10", "Dhaka"), typed).toBe(home);
    }
    expect(addressKey("House 548544, Road 2", "MIRPUR-010", " dhaka ")).toBe(home);
    expect(addressKey("Flat 2B, Apt 7, Blk C, Sec 4, Ln 3", "Uttara", "Dhaka")).toBe(
      addressKey("flat 2b apartment 07 block c sector 4 lane 3", "Uttara", "Dhaka"),
    );
  });

  it("reads the digits of every script as ASCII: Arabic-Indic, Persian, Devanagari, Bengali, Thai", () => {
    const home = addressKey("House 548544, Road 24", "Mirpur 10", "Dhaka");
    for (const typed of [
      "House ٥٤٨٥٤٤, Road ٢٤", // Arabic-Indic
      "House ۵۴۸۵۴۴, Road ۲۴", // Extended Arabic-Indic (Persian, Urdu)
      "House ५४८५४४, Road २४", // Devanagari
      "House ৫৪৮৫৪৪, Road ২৪", // Bengali
      "House ๕๔๘๕๔๔, Road ๒๔", // Thai
      "House 5٤8५4৪, Road ٠٢٤", // mixed, with a leading Arabic-Indic zero
      "House 𝟓𝟒𝟖𝟓𝟒𝟒, Road 𝟐𝟒", // mathematical bold
    ]) {
      expect(addressKey(typed, "Mirpur ١٠", "Dhaka"), typed).toBe(home);
    }
    expect(addressKey("House ٤", "Mirpur 10", "Dhaka")).not.toBe(addressKey("House 5", "Mirpur 10", "Dhaka"));
  });

  it("turns each decimal digit Unicode has into the ASCII digit of its value", () => {
    const decimal = /^\p{Nd}$/u;
    let digits = 0;
    let runStart = -1;
    for (let code = 0; code <= 0x1ffff; code += 1) {
      const char = String.fromCodePoint(code);
      if (!decimal.test(char)) {
        runStart = -1;
        continue;
      }
      if (runStart === -1) runStart = code;
      digits += 1;
      // Through the whole key: the digit alone is the street address, written after a letter.
      const value = (code - runStart) % 10;
      expect(addressKey(`h${char}`, "", ""), `U+${code.toString(16)}`).toBe(`house${value}||`);
    }
    expect(digits).toBeGreaterThan(600);
  });

  it("keeps different houses, areas and districts apart", () => {
    const home = addressKey("House 4, Road 2", "Mirpur 10", "Dhaka");
    expect(addressKey("House 40, Road 2", "Mirpur 10", "Dhaka")).not.toBe(home);
    expect(addressKey("House 4, Road 2", "Mirpur 11", "Dhaka")).not.toBe(home);
    expect(addressKey("House 4, Road 2", "Mirpur 10", "Gazipur")).not.toBe(home);
    // The parts are kept apart: text cannot slide from the address into the area.
    expect(addressKey("House 4 Road", "2 Mirpur 10", "Dhaka")).not.toBe(home);
    // Two numbers stay two numbers, a zero inside a number stays, a letter is not a digit.
    expect(addressKey("House 4 05, Road 2", "Mirpur 10", "Dhaka")).not.toBe(
      addressKey("House 405, Road 2", "Mirpur 10", "Dhaka"),
    );
    expect(addressKey("House 4, Road 20", "Mirpur 10", "Dhaka")).not.toBe(home);
    expect(addressKey("House 4, Road 2", "Mirpur 1O", "Dhaka")).not.toBe(home);
    expect(addressKey("Flat 2B, House 4, Road 2", "Mirpur 10", "Dhaka")).not.toBe(
      addressKey("Flat 2C, House 4, Road 2", "Mirpur 10", "Dhaka"),
    );
  });
});

describe("limitReached", () => {
  it("refuses the order that would go over the phone's or the address's limit", () => {
    const limits = { perPhone: 3, perAddress: 5 };
    expect(limitReached(limits, { byPhone: 2, byAddress: 4 })).toBeNull();
    expect(limitReached(limits, { byPhone: 3, byAddress: 0 })).toBe("phone");
    expect(limitReached(limits, { byPhone: 0, byAddress: 5 })).toBe("address");
  });

  it("has no limit at 0", () => {
    expect(limitReached({ perPhone: 0, perAddress: 0 }, { byPhone: 500, byAddress: 500 })).toBeNull();
  });
});
