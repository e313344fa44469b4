import { describe, expect, it } from "vitest";
import { areaKey, districtOfCity, parseWeightKg, suggestCity } from "./courier-places";

const cities = [
  { id: 1, name: "Dhaka" },
  { id: 2, name: "Chittagong" },
  { id: 8, name: "Comilla" },
  { id: 32, name: "B. Baria" },
  { id: 17, name: "Barisal" },
  { id: 40, name: "Coxs Bazar" },
];

describe("suggestCity", () => {
  it("finds the courier's city for a district by its current, former or courier spelling", () => {
    expect(suggestCity("Dhaka", cities)?.id).toBe(1);
    expect(suggestCity("Chattogram", cities)?.id).toBe(2);
    expect(suggestCity("Cumilla", cities)?.id).toBe(8);
    expect(suggestCity("Brahmanbaria", cities)?.id).toBe(32);
    expect(suggestCity("Barishal", cities)?.id).toBe(17);
    expect(suggestCity("Cox's Bazar", cities)?.id).toBe(40);
  });

  it("suggests nothing for a district the courier does not list, or none", () => {
    expect(suggestCity("Sylhet", cities)).toBeNull();
    expect(suggestCity(null, cities)).toBeNull();
    expect(districtOfCity("Atlantis")).toBeNull();
  });
});

describe("areaKey", () => {
  it("reduces the district and area text so that the same place typed differently is one key", () => {
    expect(areaKey("Dhaka", "  Mirpur   10 ")).toBe("dhaka|mirpur 10");
    expect(areaKey("Dhaka", "MIRPUR 10")).toBe(areaKey("dhaka", "mirpur 10"));
    expect(areaKey("Dhaka", null)).toBeNull();
    expect(areaKey("Dhaka", "   ")).toBeNull();
  });
});

describe("parseWeightKg", () => {
  it("reads English and Bangla digits within Pathao's range", () => {
    expect(parseWeightKg("0.5")).toBe(0.5);
    expect(parseWeightKg("১.৫")).toBe(1.5);
    expect(parseWeightKg(" 2,25 ")).toBe(2.25);
    expect(parseWeightKg("0.4")).toBeNull();
    expect(parseWeightKg("11")).toBeNull();
    expect(parseWeightKg("one")).toBeNull();
  });
});
