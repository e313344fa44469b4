import { describe, expect, it } from "vitest";
import { normalizeBdMobile, toAsciiDigits } from "./phone";

describe("normalizeBdMobile", () => {
  it.each([
    ["01712345678", "01712345678"],
    ["০১৭১২৩৪৫৬৭৮", "01712345678"],
    ["০১৭১২-৩৪৫৬৭৮", "01712345678"],
    ["+8801712345678", "01712345678"],
    ["+880 1712-345678", "01712345678"],
    ["8801712345678", "01712345678"],
    ["+88 017 1234 5678", "01712345678"],
    ["008801712345678", "01712345678"],
    ["(017) 1234.5678", "01712345678"],
    ["+৮৮০১৯১২৩৪৫৬৭৮", "01912345678"],
    ["  01312345678 ", "01312345678"],
  ])("turns %s into %s", (input, expected) => {
    expect(normalizeBdMobile(input)).toBe(expected);
  });

  it.each([
    ["", "empty"],
    ["0171234567", "ten digits"],
    ["017123456789", "twelve digits"],
    ["01212345678", "no operator 012"],
    ["02-9876543", "a Dhaka land line"],
    ["+9101712345678", "another country code"],
    ["01712345678x", "a letter"],
    ["০১৭১২৩৪৫৬৭৮৯", "twelve Bengali digits"],
  ])("refuses %s (%s)", (input) => {
    expect(normalizeBdMobile(input)).toBeNull();
  });
});

describe("toAsciiDigits", () => {
  it("turns each Bengali digit into its ASCII digit and leaves the rest", () => {
    expect(toAsciiDigits("০১২৩৪৫৬৭৮৯ ৳ abc")).toBe("0123456789 ৳ abc");
  });
});
