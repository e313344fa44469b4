/**
 * The charts' arithmetic: an axis's round ticks, how many time labels fit, and the district map's
 * colour classes (zero apart, quantiles of the rest, the darkest for the largest).
 */
import { describe, expect, it } from "vitest";
import { MAP_CLASS_COUNT, labelStep, mapClasses, niceAxis } from "./chart-scales";

describe("niceAxis", () => {
  it("rounds the top up to a nice step and ticks from zero", () => {
    expect(niceAxis(1234, 4)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
    expect(niceAxis(98_765_00, 4)).toEqual({
      top: 100_000_00,
      ticks: [0, 20_000_00, 40_000_00, 60_000_00, 80_000_00, 100_000_00],
    });
  });

  it("keeps whole ticks for counts, and fractions for rates when asked", () => {
    expect(niceAxis(3, 4)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(niceAxis(0.37, 4, false)).toEqual({ top: 0.4, ticks: [0, 0.1, 0.2, 0.3, 0.4] });
  });

  it("gives an all-zero or empty chart a baseline from 0 to 1", () => {
    expect(niceAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceAxis(-5)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceAxis(Number.NaN)).toEqual({ top: 1, ticks: [0, 1] });
  });
});

describe("labelStep", () => {
  it("shows every label when they fit and steps over the rest", () => {
    expect(labelStep(7, 10)).toBe(1);
    expect(labelStep(30, 7)).toBe(5);
    expect(labelStep(365, 4)).toBe(92);
    expect(labelStep(0, 4)).toBe(1);
    expect(labelStep(10, 0)).toBe(10);
  });
});

describe("mapClasses", () => {
  it("cuts the distinct values above zero into classes of about as many distinct values each", () => {
    const { classes, classOf } = mapClasses([1, 2, 3, 4, 5, 6, 7, 80]);
    expect(classes).toEqual([
      { index: 0, min: 1, max: 2 },
      { index: 1, min: 3, max: 4 },
      { index: 2, min: 5, max: 6 },
      { index: 3, min: 7, max: 80 },
    ]);
    expect([1, 2, 3, 5, 7, 80].map(classOf)).toEqual([0, 0, 1, 2, 3, 3]);
  });

  it("keeps zero apart from the classes, and a district with equal figures in one class", () => {
    const { classes, classOf } = mapClasses([0, 0, 5, 5, 5, 9]);
    expect(classOf(0)).toBe(-1);
    expect(classOf(5)).toBeLessThan(classOf(9));
    expect(classes.flatMap((mapClass) => [mapClass.min, mapClass.max])).toEqual([5, 5, 9, 9]);
  });

  it("gives the largest values the darkest class however few values there are", () => {
    expect(mapClasses([42]).classes).toEqual([{ index: MAP_CLASS_COUNT - 1, min: 42, max: 42 }]);
    expect(mapClasses([1, 2]).classes.map((mapClass) => mapClass.index)).toEqual([2, 3]);
  });

  it("has no classes for no values or only zeros", () => {
    expect(mapClasses([]).classes).toEqual([]);
    expect(mapClasses([0, 0]).classes).toEqual([]);
    expect(mapClasses([0]).classOf(0)).toBe(-1);
  });
});
