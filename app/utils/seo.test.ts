import { describe, expect, it } from "vitest";
import { translator } from "~/i18n";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  paisaToDecimal,
  productGroupJsonLd,
  productJsonLd,
  productsCanonicalPath,
  publicOrigin,
  seoMeta,
  shareImage,
  truncateText,
} from "./seo";

describe("paisaToDecimal", () => {
  it("writes taka with two decimals, no grouping", () => {
    expect(paisaToDecimal(125000)).toBe("1250.00");
    expect(paisaToDecimal(99)).toBe("0.99");
    expect(paisaToDecimal(5)).toBe("0.05");
    expect(paisaToDecimal(0)).toBe("0.00");
    expect(paisaToDecimal(1_000_000_050)).toBe("10000000.50");
  });
  it("refuses what is not paisa", () => {
    expect(() => paisaToDecimal(1.5)).toThrow(TypeError);
    expect(() => paisaToDecimal(-1)).toThrow(TypeError);
  });
});

describe("URLs", () => {
  it("prefers the configured origin over the request's", () => {
    const request = new Request("http://10.0.0.5:3000/products?x=1");
    expect(publicOrigin(request)).toBe("http://10.0.0.5:3000");
    expect(publicOrigin(request, "https://shop.example")).toBe("https://shop.example");
    expect(absoluteUrl("https://shop.example", "/products?category=2")).toBe(
      "https://shop.example/products?category=2",
    );
  });
  it("keeps category, q and page in a listing's canonical path, never sort or page 1", () => {
    expect(productsCanonicalPath({})).toBe("/products");
    expect(productsCanonicalPath({ page: 1 })).toBe("/products");
    expect(productsCanonicalPath({ category: 3, page: 2 })).toBe("/products?category=3&page=2");
    expect(productsCanonicalPath({ q: "fan & light", category: null })).toBe("/products?q=fan+%26+light");
  });
});

describe("truncateText", () => {
  it("collapses whitespace and cuts long text at a word with an ellipsis", () => {
    expect(truncateText("  short\n text ")).toBe("short text");
    const long = "word ".repeat(60);
    const cut = truncateText(long, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("word…")).toBe(true);
  });
});

describe("shareImage", () => {
  const image = { key: "a".repeat(32), width: 2000, height: 1500, variantWidths: [320, 640, 1024, 1600], alt: "Lamp" };
  it("offers the 1024 px variant with its height", () => {
    expect(shareImage(image, "https://s.example")).toEqual({
      url: `https://s.example/uploads/${"a".repeat(32)}/1024.webp`,
      width: 1024,
      height: 768,
      alt: "Lamp",
    });
  });
  it("falls back to the widest smaller variant", () => {
    expect(
      shareImage({ ...image, width: 800, height: 800, variantWidths: [320, 640] }, "https://s.example").width,
    ).toBe(640);
  });
});

describe("JSON-LD", () => {
  it("describes a product with its charged price in BDT", () => {
    const ld = productJsonLd({
      id: 7,
      name: "Lamp",
      description: "Bright",
      pricePaisa: 125050,
      images: ["https://s.example/uploads/x/1024.webp"],
      url: "https://s.example/products/7",
      category: "Lighting",
      shopName: "Haat",
    });
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Lamp",
      sku: "7",
      image: ["https://s.example/uploads/x/1024.webp"],
      offers: {
        "@type": "Offer",
        price: "1250.50",
        priceCurrency: "BDT",
        availability: "https://schema.org/InStock",
        url: "https://s.example/products/7",
      },
    });
  });
  it("says OutOfStock for a product whose stock is at 0", () => {
    const ld = productJsonLd({
      id: 7,
      name: "Lamp",
      description: "",
      pricePaisa: 100,
      images: [],
      url: "https://s.example/products/7",
      shopName: "Haat",
      inStock: false,
    });
    expect(ld.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
  });
  it("gives a product without options its default variant's SKU when it has one", () => {
    const ld = productJsonLd({
      id: 7,
      name: "Lamp",
      description: "",
      pricePaisa: 100,
      images: [],
      url: "https://s.example/products/7",
      shopName: "Haat",
      sku: "LM-7",
    });
    expect(ld.sku).toBe("LM-7");
  });
  it("names the product's brand when it has one, and none otherwise", () => {
    const base = {
      id: 7,
      name: "Fan",
      description: "",
      pricePaisa: 100,
      images: [],
      url: "https://s.example/products/7",
      shopName: "Haat",
    };
    expect(productJsonLd({ ...base, brand: "Walton" }).brand).toEqual({ "@type": "Brand", name: "Walton" });
    expect(productJsonLd({ ...base, brand: "" })).not.toHaveProperty("brand");
    expect(productGroupJsonLd({ ...base, brand: "Walton", optionNames: ["Size"], variants: [] }).brand).toEqual({
      "@type": "Brand",
      name: "Walton",
    });
  });
  it("describes a product with options as a ProductGroup of its variants", () => {
    const ld = productGroupJsonLd({
      id: 9,
      name: "Ceiling Fan",
      description: "Quiet",
      images: ["https://s.example/uploads/a/1024.webp", "https://s.example/uploads/b/1024.webp"],
      url: "https://s.example/products/9",
      category: "Fans",
      shopName: "Haat",
      optionNames: ["Sweep", "Colour", "Speed"],
      variants: [
        {
          id: 31,
          name: "Ceiling Fan — 48″ / Brown / Fast",
          sku: "CF-48-BR",
          pricePaisa: 380000,
          inStock: true,
          image: "https://s.example/uploads/a/1024.webp",
        },
        {
          id: 32,
          name: "Ceiling Fan — 48″ / White / Fast",
          sku: null,
          pricePaisa: 380050,
          inStock: false,
          image: null,
        },
      ],
    });
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      name: "Ceiling Fan",
      productGroupID: "9",
      url: "https://s.example/products/9",
      category: "Fans",
      variesBy: ["https://schema.org/size", "https://schema.org/color", "Speed"],
    });
    expect(ld.offers).toBeUndefined();
    expect(ld.hasVariant).toEqual([
      {
        "@type": "Product",
        name: "Ceiling Fan — 48″ / Brown / Fast",
        sku: "CF-48-BR",
        image: "https://s.example/uploads/a/1024.webp",
        url: "https://s.example/products/9?variant=31",
        offers: {
          "@type": "Offer",
          url: "https://s.example/products/9?variant=31",
          price: "3800.00",
          priceCurrency: "BDT",
          availability: "https://schema.org/InStock",
          itemCondition: "https://schema.org/NewCondition",
          seller: { "@type": "Organization", name: "Haat" },
        },
      },
      {
        "@type": "Product",
        name: "Ceiling Fan — 48″ / White / Fast",
        url: "https://s.example/products/9?variant=32",
        offers: expect.objectContaining({ price: "3800.50", availability: "https://schema.org/OutOfStock" }),
      },
    ]);
  });
  it("maps the Bangla names of colour and size too", () => {
    const ld = productGroupJsonLd({
      id: 9,
      name: "ফ্যান",
      description: "",
      images: [],
      url: "https://s.example/bn/products/9",
      shopName: "Haat",
      optionNames: ["সাইজ", "রং"],
      variants: [],
    });
    expect(ld.variesBy).toEqual(["https://schema.org/size", "https://schema.org/color"]);
  });
  it("numbers breadcrumb items from 1", () => {
    const ld = breadcrumbJsonLd([
      { name: "Home", url: "https://s.example/" },
      { name: "Lamp", url: "https://s.example/products/7" },
    ]);
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://s.example/" },
      { "@type": "ListItem", position: 2, name: "Lamp", item: "https://s.example/products/7" },
    ]);
  });
});

describe("seoMeta", () => {
  const context = {
    origin: "https://s.example",
    shopName: "Haat",
    description: "A shop",
    lang: "en",
    t: translator("en"),
  } as const;
  const bangla = { ...context, lang: "bn", t: translator("bn") } as const;
  it("has title, description, absolute canonical, Open Graph and Twitter tags", () => {
    const tags = seoMeta(context, {
      title: "Lamp | Haat",
      description: "Bright",
      path: "/products/7",
      type: "product",
      image: { url: "https://s.example/i.webp", width: 1024, height: 768, alt: "Lamp" },
      jsonLd: [breadcrumbJsonLd([])],
    });
    expect(tags).toContainEqual({ title: "Lamp | Haat" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://s.example/products/7" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://s.example/products/7" });
    expect(tags).toContainEqual({ property: "og:type", content: "product" });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1024" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags.filter((tag) => "script:ld+json" in tag)).toHaveLength(1);
    expect(tags.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
  });
  it("marks private pages noindex", () => {
    expect(seoMeta(context, { title: "Cart", description: "", path: "/cart", robots: "noindex" })).toContainEqual({
      name: "robots",
      content: "noindex",
    });
  });
  it("names the page in both languages with hreflang, English as x-default", () => {
    const tags = seoMeta(context, { title: "Lamp | Haat", description: "", path: "/products/7" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "alternate",
      hrefLang: "en",
      href: "https://s.example/products/7",
    });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "alternate",
      hrefLang: "bn",
      href: "https://s.example/bn/products/7",
    });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: "https://s.example/products/7",
    });
    expect(tags).toContainEqual({ property: "og:locale", content: "en_US" });
    expect(tags).toContainEqual({ property: "og:locale:alternate", content: "bn_BD" });
  });
  it("makes a Bangla page's canonical URL its /bn address", () => {
    const tags = seoMeta(bangla, { title: "বাতি | Haat", description: "", path: "/" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://s.example/bn" });
    expect(tags).toContainEqual({ property: "og:locale", content: "bn_BD" });
    expect(tags).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "en", href: "https://s.example/" });
  });
  it("gives private pages no alternates", () => {
    const tags = seoMeta(context, { title: "Cart", description: "", path: "/cart", robots: "noindex" });
    expect(tags.some((tag) => "rel" in tag && tag.rel === "alternate")).toBe(false);
  });
});
