import { describe, expect, it } from "vitest";
import { parseOrderNumber } from "./order-number";

describe("parseOrderNumber", () => {
  it.each([
    ["42", 42],
    ["#42", 42],
    ["# 42", 42],
    ["৪২", 42],
    ["#১০০৭", 1007],
    [" 7 ", 7],
  ])("reads %j as %i", (input, expected) => {
    expect(parseOrderNumber(input)).toBe(expected);
  });
  it.each(["", "0", "-3", "4.2", "abc", "42a", "99999999999", "##42"])("refuses %j", (input) => {
    expect(parseOrderNumber(input)).toBeNull();
  });
});
