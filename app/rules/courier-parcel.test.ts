import { describe, expect, it } from "vitest";
import { MAX_ITEM_DESCRIPTION_LENGTH, parcelItems, parcelSkus } from "./courier-parcel";

const fan = { productName: "Ceiling Fan", variantLabel: "56″ / Brown", sku: "FAN-56-BR", quantity: 1 };
const lamp = { productName: "Lamp", variantLabel: "", sku: "", quantity: 2 };

describe("the parcel's item description", () => {
  it("names each line's product and variant with its quantity", () => {
    expect(parcelItems({ items: [fan, lamp] })).toBe("Ceiling Fan — 56″ / Brown × 1, Lamp × 2");
  });

  it("writes the labels compactly when the full text is too long", () => {
    expect(parcelItems({ items: [fan, lamp] }, 35)).toBe("Ceiling Fan 56″/Brown ×1, Lamp ×2");
  });

  it("keeps the lines that fit and counts the rest when even that is too long", () => {
    const text = parcelItems({ items: [fan, lamp, { ...lamp, productName: "Switch" }] }, 42);
    expect(text).toBe("Ceiling Fan 56″/Brown ×1, Lamp ×2, +1 more");
    expect(Array.from(text).length).toBeLessThanOrEqual(42);
  });

  it("cuts a single line longer than the limit and never goes over it", () => {
    const long = { ...fan, productName: "পাখা ".repeat(100).trim() };
    const one = parcelItems({ items: [long] });
    expect(Array.from(one).length).toBe(MAX_ITEM_DESCRIPTION_LENGTH);
    expect(one.endsWith("…")).toBe(true);
    const two = parcelItems({ items: [long, lamp] });
    expect(Array.from(two).length).toBeLessThanOrEqual(MAX_ITEM_DESCRIPTION_LENGTH);
    expect(two.endsWith("…, +1 more")).toBe(true);
  });

  it("stays within the limit for a big order of variants", () => {
    const items = Array.from({ length: 40 }, (_, index) => ({ ...fan, quantity: index + 1 }));
    const text = parcelItems({ items });
    expect(Array.from(text).length).toBeLessThanOrEqual(MAX_ITEM_DESCRIPTION_LENGTH);
    expect(text).toMatch(/^Ceiling Fan 56″\/Brown ×1, .*, \+\d+ more$/);
  });
});

describe("the parcel's SKUs", () => {
  it("lists each line's SKU with its quantity, leaving out lines without one", () => {
    expect(parcelSkus({ items: [fan, lamp, { ...fan, sku: "FAN-48-WH", quantity: 3 }] })).toBe(
      "FAN-56-BR × 1, FAN-48-WH × 3",
    );
    expect(parcelSkus({ items: [lamp] })).toBe("");
  });
});
