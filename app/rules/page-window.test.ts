import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 5)).toEqual([1, 2, "gap", 5]);
  });

  it("keeps first, last and the neighbours of the current page, with gaps", () => {
    expect(pageWindow(5, 417)).toEqual([1, "gap", 4, 5, 6, "gap", 417]);
    expect(pageWindow(1, 417)).toEqual([1, 2, "gap", 417]);
    expect(pageWindow(417, 417)).toEqual([1, "gap", 416, 417]);
    expect(pageWindow(209, 417, 2)).toEqual([1, "gap", 207, 208, 209, 210, 211, "gap", 417]);
  });

  it("shows a lone hidden page instead of a gap", () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, "gap", 10]);
    expect(pageWindow(7, 10)).toEqual([1, "gap", 6, 7, 8, 9, 10]);
  });

  it("clamps a page outside the list and a bad count", () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(-4, 0)).toEqual([1]);
  });

  it("never lists a page twice and stays ascending", () => {
    for (let count = 1; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        const numbers = pageWindow(page, count).filter((p): p is number => p !== "gap");
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(numbers).toContain(page);
        expect(pageWindow(page, count).length).toBeLessThanOrEqual(7);
      }
    }
  });
});
