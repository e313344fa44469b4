import { describe, expect, it } from "vitest";
import {
  DISTRICTS,
  DIVISIONS,
  districtGroups,
  districtSearched,
  findDistrict,
  placeName,
  shippingMethodMismatch,
  shippingMethodOf,
} from "./districts";

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

  it("uses the current official names: the five of 2018, the division Barishal, none of the old spellings", () => {
    for (const name of ["Chattogram", "Cumilla", "Barishal", "Jashore", "Bogura"]) {
      expect(
        DISTRICTS.map((d) => d.name),
        name,
      ).toContain(name);
    }
    expect(DIVISIONS.map((d) => d.name)).toEqual(expect.arrayContaining(["Barishal", "Chattogram"]));
    const current = [...DISTRICTS, ...DIVISIONS].map((place) => place.name);
    for (const old of ["Chittagong", "Chattagram", "Comilla", "Barisal", "Jessore", "Bogra"]) {
      expect(current, old).not.toContain(old);
    }
  });

  it("maps every former name to its district, and no name (current or former) to two districts", () => {
    const renames = DISTRICTS.flatMap((d) => d.formerNames.map((old) => [old, d.name]));
    expect(Object.fromEntries(renames)).toEqual({
      Chittagong: "Chattogram",
      Comilla: "Cumilla",
      Barisal: "Barishal",
      Jessore: "Jashore",
      Bogra: "Bogura",
    });
    for (const [old, name] of renames) expect(findDistrict(old!)?.name, old).toBe(name);
    const everyName = DISTRICTS.flatMap((d) => [d.name, ...d.formerNames]).map((n) => n.toLowerCase());
    expect(new Set(everyName).size).toBe(everyName.length);
    for (const d of DISTRICTS) for (const old of d.formerNames) expect(old).toMatch(/^[A-Z][A-Za-z' ]+[a-z]$/);
  });

  it("finds a district by its exact English name, current or former, only", () => {
    expect(findDistrict("Cumilla")).toBe(findDistrict("Comilla"));
    expect(findDistrict("Barisal")?.bnName).toBe("বরিশাল");
    expect(findDistrict("comilla")).toBeUndefined();
    expect(findDistrict("Sylhet")?.bnName).toBe("সিলেট");
    expect(findDistrict("sylhet")).toBeUndefined();
    expect(findDistrict("সিলেট")).toBeUndefined();
    expect(findDistrict("Atlantis")).toBeUndefined();
    expect(findDistrict("")).toBeUndefined();
  });
});

describe("districtSearched", () => {
  it("finds a district by its whole current, former or Bangla name, in any case, spaces aside", () => {
    expect(districtSearched("Cumilla")?.name).toBe("Cumilla");
    expect(districtSearched("  comilla ")?.name).toBe("Cumilla");
    expect(districtSearched("BARISAL")?.name).toBe("Barishal");
    expect(districtSearched("কুমিল্লা")?.name).toBe("Cumilla");
    expect(districtSearched("cox's   bazar")?.name).toBe("Cox's Bazar");
    expect(districtSearched("Chittagong")?.name).toBe("Chattogram");
  });

  it("finds nothing for a part of a name or another text", () => {
    for (const text of ["Cumil", "Karim", "", "Barishal Division", "47"])
      expect(districtSearched(text), text).toBeUndefined();
  });
});

describe("districtGroups", () => {
  it("groups all 64 districts under the 8 divisions, sorted by English name", () => {
    const groups = districtGroups("en");
    expect(groups.map((g) => g.division.name)).toEqual([
      "Barishal",
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

describe("shippingMethodOf", () => {
  it("gives Inside Dhaka for Dhaka district only, Outside Dhaka for the 63 others, former names included", () => {
    expect(shippingMethodOf("Dhaka")).toBe("Inside Dhaka");
    for (const district of DISTRICTS.filter((d) => d.name !== "Dhaka")) {
      expect(shippingMethodOf(district.name), district.name).toBe("Outside Dhaka");
      for (const former of district.formerNames) expect(shippingMethodOf(former), former).toBe("Outside Dhaka");
    }
  });

  it("gives no zone for a name that is not a district: the caller decides", () => {
    expect(shippingMethodOf("")).toBeNull();
    expect(shippingMethodOf("Atlantis")).toBeNull();
    expect(shippingMethodOf("dhaka")).toBeNull();
  });
});

describe("shippingMethodMismatch", () => {
  it("names the district's zone when the stored one is another, and nothing otherwise", () => {
    expect(shippingMethodMismatch({ district: "Chattogram", shippingMethod: "Inside Dhaka" })).toBe("Outside Dhaka");
    expect(shippingMethodMismatch({ district: "Dhaka", shippingMethod: "Outside Dhaka" })).toBe("Inside Dhaka");
    expect(shippingMethodMismatch({ district: "Chattogram", shippingMethod: "Outside Dhaka" })).toBeNull();
    expect(shippingMethodMismatch({ district: "Dhaka", shippingMethod: "Inside Dhaka" })).toBeNull();
    // An order from before districts has none to judge by.
    expect(shippingMethodMismatch({ district: "", shippingMethod: "Inside Dhaka" })).toBeNull();
    expect(shippingMethodMismatch({ district: null, shippingMethod: "Outside Dhaka" })).toBeNull();
  });
});
