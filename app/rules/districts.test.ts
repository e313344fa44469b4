import { describe, expect, it } from "vitest";
import { DISTRICTS, DIVISIONS, districtGroups, findDistrict, placeName, suggestedShippingMethod } from "./districts";

describe("the district list (nuhil/bangladesh-geocode)", () => {
  it("has exactly 64 districts and 8 divisions, with unique ids", () => {
    expect(DISTRICTS).toHaveLength(64);
    expect(DIVISIONS).toHaveLength(8);
    expect(new Set(DISTRICTS.map((d) => d.id)).size).toBe(64);
    expect(new Set(DIVISIONS.map((d) => d.id)).size).toBe(8);
  });

  it("puts every district in a division that exists, and every division has districts", () => {
    const divisionIds = new Set(DIVISIONS.map((d) => d.id));
    for (const district of DISTRICTS) expect(divisionIds, district.name).toContain(district.divisionId);
    for (const division of DIVISIONS) {
      expect(DISTRICTS.filter((d) => d.divisionId === division.id).length, division.name).toBeGreaterThan(0);
    }
  });

  it("has unique English and Bangla names, trimmed, Bangla in Bengali script and NFC", () => {
    for (const list of [DISTRICTS, DIVISIONS]) {
      expect(new Set(list.map((d) => d.name)).size).toBe(list.length);
      expect(new Set(list.map((d) => d.bnName)).size).toBe(list.length);
      for (const place of list) {
        expect(place.name).toMatch(/^[A-Z][A-Za-z' ]+[a-z]$/);
        expect(place.bnName).toMatch(/^[\u0980-\u09FF]+$/);
        expect(place.bnName.normalize("NFC")).toBe(place.bnName);
      }
    }
  });

  it("puts Dhaka in Dhaka division, and the corrected spellings are there", () => {
    const dhaka = findDistrict("Dhaka");
    expect(dhaka).toMatchObject({ name: "Dhaka", bnName: "ঢাকা" });
    expect(DIVISIONS.find((d) => d.id === dhaka?.divisionId)?.name).toBe("Dhaka");
    expect(findDistrict("Cox's Bazar")?.bnName).toBe("কক্সবাজার");
    expect(DIVISIONS.map((d) => d.name)).toContain("Chattogram");
    expect(findDistrict("Chattogram")?.divisionId).toBe(DIVISIONS.find((d) => d.name === "Chattogram")?.id);
  });

  it("finds a district by its exact English name only", () => {
    expect(findDistrict("Sylhet")?.bnName).toBe("সিলেট");
    expect(findDistrict("sylhet")).toBeUndefined();
    expect(findDistrict("সিলেট")).toBeUndefined();
    expect(findDistrict("Atlantis")).toBeUndefined();
    expect(findDistrict("")).toBeUndefined();
  });
});

describe("districtGroups", () => {
  it("groups all 64 districts under the 8 divisions, sorted by English name", () => {
    const groups = districtGroups("en");
    expect(groups.map((g) => g.division.name)).toEqual([
      "Barisal",
      "Chattogram",
      "Dhaka",
      "Khulna",
      "Mymensingh",
      "Rajshahi",
      "Rangpur",
      "Sylhet",
    ]);
    expect(groups.flatMap((g) => g.districts)).toHaveLength(64);
    const sylhet = groups.find((g) => g.division.name === "Sylhet")!;
    expect(sylhet.districts.map((d) => d.name)).toEqual(["Habiganj", "Moulvibazar", "Sunamganj", "Sylhet"]);
  });

  it("sorts by Bangla name on Bangla pages", () => {
    const groups = districtGroups("bn");
    expect(groups.map((g) => placeName(g.division, "bn"))).toEqual([
      "খুলনা",
      "চট্টগ্রাম",
      "ঢাকা",
      "বরিশাল",
      "ময়মনসিংহ",
      "রংপুর",
      "রাজশাহী",
      "সিলেট",
    ]);
    const sylhet = groups.find((g) => g.division.name === "Sylhet")!;
    expect(sylhet.districts.map((d) => placeName(d, "bn"))).toEqual(["মৌলভীবাজার", "সিলেট", "সুনামগঞ্জ", "হবিগঞ্জ"]);
  });
});

describe("suggestedShippingMethod", () => {
  it("suggests Inside Dhaka for Dhaka district only", () => {
    expect(suggestedShippingMethod("Dhaka")).toBe("Inside Dhaka");
    for (const district of DISTRICTS.filter((d) => d.name !== "Dhaka")) {
      expect(suggestedShippingMethod(district.name), district.name).toBe("Outside Dhaka");
    }
    expect(suggestedShippingMethod("")).toBe("Outside Dhaka");
  });
});
