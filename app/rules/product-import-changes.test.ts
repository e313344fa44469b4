import { describe, expect, it } from "vitest";
import type { ImportedProduct } from "./product-csv";
import { isUnchanged, pairVariants, sameOptions, sameText, type ShopProduct } from "./product-import-changes";

/** A T-shirt in two sizes as a file gives it, with one picture for the product and one for size L. */
function fileShirt(): ImportedProduct {
  return {
    row: 2,
    handle: "t-shirt",
    name: "T-shirt",
    description: "Cotton.\nMade in Dhaka.",
    category: { name: "Clothing" },
    isPublished: true,
    trackStock: true,
    options: [{ name: "Size" }],
    optionValues: [[{ value: "M" }, { value: "L" }]],
    variants: [
      {
        row: 2,
        values: ["M"],
        sku: "TS-M",
        pricePaisa: 50_000,
        discountedPricePaisa: null,
        stockQuantity: 4,
        imageUrl: null,
        isActive: true,
      },
      {
        row: 3,
        values: ["L"],
        sku: "TS-L",
        pricePaisa: 55_000,
        discountedPricePaisa: 52_000,
        stockQuantity: 0,
        imageUrl: "https://cdn.example/l.jpg",
        isActive: true,
      },
    ],
    imageUrls: ["https://cdn.example/front.jpg", "https://cdn.example/l.jpg"],
  };
}

/** The same T-shirt as the shop stores it: category 7, pictures 31 (front) and 32 (L). */
function shopShirt(): ShopProduct {
  return {
    name: "T-shirt",
    nameBn: "টি-শার্ট",
    description: "Cotton.\r\nMade in Dhaka.\r\n",
    descriptionBn: "",
    brand: "",
    categoryId: 7,
    isPublished: true,
    isFeatured: false,
    trackStock: true,
    options: [
      {
        name: "Size",
        nameBn: "সাইজ",
        values: [
          { id: 11, value: "M", valueBn: "" },
          { id: 12, value: "L", valueBn: "" },
        ],
      },
    ],
    variants: [
      {
        option1ValueId: 11,
        option2ValueId: null,
        option3ValueId: null,
        sku: "TS-M",
        pricePaisa: 50_000,
        discountedPricePaisa: null,
        isActive: true,
        stockQuantity: 4,
        imageId: null,
      },
      {
        option1ValueId: 12,
        option2ValueId: null,
        option3ValueId: null,
        sku: "TS-L",
        pricePaisa: 55_000,
        discountedPricePaisa: 52_000,
        isActive: true,
        stockQuantity: 0,
        imageId: 32,
      },
    ],
    images: [{ imageId: 31 }, { imageId: 32 }],
  };
}

const shopImages = new Map([
  ["https://cdn.example/front.jpg", 31],
  ["https://cdn.example/l.jpg", 32],
]);
const imageIdOf = (url: string) => shopImages.get(url);
const nothingQueued = new Set<string>();
const shown = { hideNew: false };

/** `isUnchanged` of the file's and the shop's T-shirt after `change`, in category 7. */
function unchangedAfter(change: (file: ImportedProduct, shop: ShopProduct) => void, options = shown): boolean {
  const file = fileShirt();
  const shop = shopShirt();
  change(file, shop);
  return isUnchanged(file, shop, 7, imageIdOf, nothingQueued, options);
}

describe("isUnchanged", () => {
  it("finds a product the file gives exactly as the shop has it unchanged (Bangla the file lacks is kept)", () => {
    expect(unchangedAfter(() => undefined)).toBe(true);
  });

  it("finds a changed name, price, SKU, stock or switch a change", () => {
    expect(unchangedAfter((file) => (file.name = "T-shirt (cotton)"))).toBe(false);
    expect(unchangedAfter((file) => (file.variants[0]!.pricePaisa = 49_000))).toBe(false);
    expect(unchangedAfter((file) => (file.variants[1]!.sku = "TS-XL"))).toBe(false);
    expect(unchangedAfter((file) => (file.variants[0]!.stockQuantity = 5))).toBe(false);
    expect(unchangedAfter((file) => (file.variants[1]!.isActive = false))).toBe(false);
  });

  it("compares stock only when the file counts it", () => {
    expect(
      unchangedAfter((file, shop) => {
        file.trackStock = shop.trackStock = false;
        file.variants[0]!.stockQuantity = null;
      }),
    ).toBe(true);
  });

  it("finds another category a change", () => {
    const file = fileShirt();
    expect(isUnchanged(file, shopShirt(), 8, imageIdOf, nothingQueued, shown)).toBe(false);
  });

  it("compares the shown state unless new products are kept hidden (an updated one keeps its own)", () => {
    expect(unchangedAfter((_, shop) => (shop.isPublished = false))).toBe(false);
    expect(unchangedAfter((_, shop) => (shop.isPublished = false), { hideNew: true })).toBe(true);
  });

  it("compares Bangla texts, the brand and the featured flag only where the file has them", () => {
    expect(unchangedAfter((file) => (file.nameBn = "টি-শার্ট"))).toBe(true);
    expect(unchangedAfter((file) => (file.nameBn = "জামা"))).toBe(false);
    expect(unchangedAfter((file) => (file.brand = "Aarong"))).toBe(false);
    expect(unchangedAfter((file) => (file.isFeatured = true))).toBe(false);
  });

  it("finds options in another order a change", () => {
    expect(unchangedAfter((file) => file.optionValues[0]!.reverse())).toBe(false);
  });

  it("finds a combination the shop lacks a change, and one the file leaves out a change unless it is switched off", () => {
    expect(
      unchangedAfter((file) => {
        file.optionValues[0]!.push({ value: "XL" });
        file.variants.push({ ...file.variants[0]!, row: 4, values: ["XL"], sku: "TS-XL" });
      }),
    ).toBe(false);
    expect(unchangedAfter((file) => file.variants.pop())).toBe(false);
    expect(
      unchangedAfter((file, shop) => {
        file.variants.pop();
        shop.variants[1]!.isActive = false;
      }),
    ).toBe(true);
  });

  it("matches a variant's values trimmed, spaces collapsed and case aside", () => {
    expect(unchangedAfter((file) => (file.variants[1]!.values = [" l "]))).toBe(true);
  });

  it("finds pictures the shop has in another order, or a variant showing another one, a change", () => {
    expect(unchangedAfter((file) => file.imageUrls.reverse())).toBe(false);
    expect(unchangedAfter((file) => (file.variants[1]!.imageUrl = "https://cdn.example/front.jpg"))).toBe(false);
    expect(unchangedAfter((file) => (file.variants[0]!.imageUrl = "https://cdn.example/front.jpg"))).toBe(false);
  });

  it("finds a picture the shop does not have a change unless it is queued already", () => {
    const file = fileShirt();
    file.imageUrls.push("https://cdn.example/back.jpg");
    expect(isUnchanged(file, shopShirt(), 7, imageIdOf, nothingQueued, shown)).toBe(false);
    expect(isUnchanged(file, shopShirt(), 7, imageIdOf, new Set(["https://cdn.example/back.jpg"]), shown)).toBe(true);
  });
});

describe("sameText", () => {
  it("reads Windows line ends, spaces at line ends and runs of blank lines as the same text", () => {
    expect(sameText("Cotton.\r\n\r\n\r\nMade in Dhaka.  \r\n", "Cotton.\n\nMade in Dhaka.")).toBe(true);
  });

  it("tells different words, and one blank line from none, apart", () => {
    expect(sameText("Cotton.", "Silk.")).toBe(false);
    expect(sameText("Cotton.\n\nMade in Dhaka.", "Cotton.\nMade in Dhaka.")).toBe(false);
  });
});

describe("sameOptions", () => {
  it("compares names and values exactly and in order, Bangla only where the file has it", () => {
    const shop = shopShirt();
    expect(sameOptions(fileShirt(), shop)).toBe(true);
    expect(sameOptions({ options: [{ name: "size" }], optionValues: fileShirt().optionValues }, shop)).toBe(false);
    expect(
      sameOptions({ options: [{ name: "Size", nameBn: "মাপ" }], optionValues: fileShirt().optionValues }, shop),
    ).toBe(false);
    expect(sameOptions({ options: [{ name: "Size" }], optionValues: [[{ value: "L" }, { value: "M" }]] }, shop)).toBe(
      false,
    );
    expect(sameOptions({ options: [], optionValues: [] }, shop)).toBe(false);
  });
});

describe("pairVariants", () => {
  it("pairs each stored variant with the file's of its combination, with its values' English texts", () => {
    const file = fileShirt();
    file.variants.shift();
    const pairs = pairVariants(shopShirt(), file);
    expect(pairs.map((pair) => [pair.values, pair.wanted?.sku ?? null])).toEqual([
      [["M"], null],
      [["L"], "TS-L"],
    ]);
  });
});
