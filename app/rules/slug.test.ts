import { describe, expect, it } from "vitest";
import { MAX_SLUG_LENGTH, slugify } from "./slug";

describe("slugify", () => {
  it("lowercases and replaces whitespace runs with one hyphen", () => {
    expect(slugify("LED Lighting")).toBe("led-lighting");
    expect(slugify("  Teak   Wood \t Sofa\nSet ")).toBe("teak-wood-sofa-set");
  });

  it("turns & into 'and' and drops quotes and apostrophes", () => {
    expect(slugify("Ceiling & Wall Fans")).toBe("ceiling-and-wall-fans");
    expect(slugify('Breeze 56" Ceiling Fan')).toBe("breeze-56-ceiling-fan");
    expect(slugify("Kid’s Study Table")).toBe("kids-study-table");
  });

  it("makes other punctuation and symbols separators", () => {
    expect(slugify("Super Star 12W LED Bulb (Cool Daylight)")).toBe("super-star-12w-led-bulb-cool-daylight");
    expect(slugify("2-Gang 1-Way Switch / White")).toBe("2-gang-1-way-switch-white");
    expect(slugify("1.5 mm² Cable — 90 m")).toBe("1-5-mm²-cable-90-m");
    expect(slugify("Lamp ✨ Gold")).toBe("lamp-gold");
  });

  it("removes accents from Latin letters", () => {
    expect(slugify("Café Pendant Lámpara")).toBe("cafe-pendant-lampara");
  });

  it("keeps Bengali letters, vowel signs and digits", () => {
    expect(slugify("এলইডি বাতি ১২ ওয়াট")).toBe("এলইডি-বাতি-১২-ওয়াট");
    expect(slugify("সিলিং ফ্যান")).toBe("সিলিং-ফ্যান");
    expect(slugify("কাঠের  চেয়ার (সেগুন)")).toBe("কাঠের-চেয়ার-সেগুন");
  });

  it("never starts or ends with a hyphen and returns '' without letters or digits", () => {
    expect(slugify("--Fan--")).toBe("fan");
    expect(slugify("!!! ??? ")).toBe("");
    expect(slugify("")).toBe("");
  });

  it("caps the length, cutting at a hyphen", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(/^(word-)*word$/);
  });
});
