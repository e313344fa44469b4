import { describe, expect, it } from "vitest";
import { feedDescription, feedGroupId, feedItemId, feedPrice, feedTitle } from "./product-feed";

describe("product feed fields", () => {
  it("writes prices as taka with two decimals and BDT", () => {
    expect(feedPrice(125_000)).toBe("1250.00 BDT");
    expect(feedPrice(99_950)).toBe("999.50 BDT");
    expect(feedPrice(5)).toBe("0.05 BDT");
    expect(() => feedPrice(12.5)).toThrow(TypeError);
  });

  it("uses the SKU as the id when it fits, else a stable id", () => {
    expect(feedItemId("FAN-56-BR", 7)).toBe("FAN-56-BR");
    expect(feedItemId(null, 7)).toBe("haat-7");
    expect(feedItemId("X".repeat(51), 7)).toBe("haat-7");
    expect(feedGroupId("ceiling-fan", 3)).toBe("ceiling-fan");
    expect(feedGroupId(null, 3)).toBe("haat-p3");
  });

  it("cuts titles at 150 characters on a word, and gives a product without a description its title", () => {
    const title = feedTitle(`${"Brass lamp ".repeat(20)}end`);
    expect(Array.from(title).length).toBeLessThanOrEqual(150);
    expect(title).toMatch(/ (Brass|lamp)…$/);
    expect(feedDescription("  ", "Fan — 56″")).toBe("Fan — 56″");
    expect(Array.from(feedDescription("ক".repeat(6000), "x")).length).toBe(5000);
  });

  it("keeps a title that fits, collapses its whitespace, and cuts one without spaces at 150", () => {
    const fits = "T".repeat(150);
    expect(feedTitle(fits)).toBe(fits);
    expect(feedTitle("  Ceiling fan\n —  56″ / Brown ")).toBe("Ceiling fan — 56″ / Brown");
    expect(feedTitle("X".repeat(151))).toBe(`${"X".repeat(149)}…`);
  });

  it("writes whole taka, a zero price and large prices without grouping", () => {
    expect(feedPrice(0)).toBe("0.00 BDT");
    expect(feedPrice(100)).toBe("1.00 BDT");
    expect(feedPrice(1_000_000_000)).toBe("10000000.00 BDT");
    expect(() => feedPrice(-100)).toThrow(TypeError);
  });
});
