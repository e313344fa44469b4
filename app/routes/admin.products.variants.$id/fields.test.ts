import { describe, expect, it } from "vitest";
import { MAX_OPTION_VALUES, MAX_OPTIONS } from "~/rules/variants";
import { addTarget, BLOCKS_FIELD, optionField, optionsShape, valueField, withOneMore } from "./fields";

describe("the options form's shape", () => {
  it("shows one empty block of one row for a product without options, and only the saved values otherwise", () => {
    expect(optionsShape([], null)).toEqual([1]);
    expect(optionsShape([3], null)).toEqual([3]);
    expect(optionsShape([2, 5], null)).toEqual([2, 5]);
  });

  it("keeps the rows a form given back showed, and every block and row typed in", () => {
    const sent = { [BLOCKS_FIELD]: "2", [optionField(0, "rows")]: "4", [optionField(1, "rows")]: "1" };
    expect(optionsShape([2], sent)).toEqual([4, 1]);
    // A value typed in the third block's fifth row, though the counts said less.
    expect(optionsShape([], { [valueField(2, 4, "valueBn")]: "লাল" })).toEqual([1, 1, 5]);
    expect(optionsShape([], { [optionField(1, "name")]: "Size" })).toEqual([1, 1]);
  });

  it("stops at the limits, ignoring counts beyond them and nonsense", () => {
    expect(optionsShape([], { [BLOCKS_FIELD]: "99", [optionField(0, "rows")]: "999" })).toEqual([
      MAX_OPTION_VALUES,
      1,
      1,
    ]);
    expect(optionsShape([], { [BLOCKS_FIELD]: "-2", [optionField(0, "rows")]: "1e3" })).toEqual([1]);
  });
});

describe("an Add button's answer", () => {
  const typed = { [BLOCKS_FIELD]: "1", [optionField(0, "rows")]: "2", [valueField(0, 1, "value")]: "White" };

  it("adds one value row to the block, or one block of one row, keeping what was typed", () => {
    expect(withOneMore(typed, "value-0")).toEqual({ ...typed, [optionField(0, "rows")]: "3" });
    expect(withOneMore(typed, "option")).toEqual({ ...typed, [BLOCKS_FIELD]: "2", [optionField(1, "rows")]: "1" });
  });

  it("adds nothing at the limits, to a block not shown, or for an unknown button", () => {
    const full = { [BLOCKS_FIELD]: String(MAX_OPTIONS), [optionField(0, "rows")]: String(MAX_OPTION_VALUES) };
    expect(withOneMore(full, "option")).toEqual(full);
    expect(withOneMore(full, "value-0")).toEqual(full);
    expect(withOneMore(typed, "value-2")).toEqual(typed);
    expect(withOneMore(typed, "value-x")).toEqual(typed);
    expect(addTarget("value-3")).toBeNull();
    expect(addTarget("value-1")).toEqual({ kind: "value", block: 1 });
  });
});
