import { describe, expect, it } from "vitest";
import { MIN_FINISHED_PARCELS, rateSample, returnRate } from "./return-rate";

describe("the return rate", () => {
  it("is the returned share of the finished parcels, and none before any finished", () => {
    expect(returnRate(3, 1)).toBe(0.25);
    expect(returnRate(0, 1)).toBe(1);
    expect(returnRate(7, 0)).toBe(0);
    expect(returnRate(0, 0)).toBeNull();
  });

  it("is too few to compare below five finished parcels, delivered and returned counted together", () => {
    expect(MIN_FINISHED_PARCELS).toBe(5);
    expect(rateSample(0, 0)).toBe("none");
    expect(rateSample(0, 1)).toBe("few");
    expect(rateSample(1, 0)).toBe("few");
    expect(rateSample(2, 2)).toBe("few");
    expect(rateSample(3, 2)).toBe("enough");
    expect(rateSample(0, 5)).toBe("enough");
    expect(rateSample(200, 200)).toBe("enough");
  });
});
