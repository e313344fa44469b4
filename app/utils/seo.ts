/**
 * Search-engine and share-preview metadata for the storefront: page titles,
 * descriptions, canonical URLs, Open Graph and Twitter card tags, and schema.org JSON-LD
 * (`Product`, `ProductGroup`, `BreadcrumbList`, `WebSite`). Pure functions: storefront loaders build their page's
 * head tags with `seoMeta()` and the request's context (app/server/http/seo.server.ts), and the route's
 * `meta` returns them; everything absolute starts from the shop's public origin, `publicOrigin()`
 * (PUBLIC_URL, else the request's own origin).
 * See docs/decisions/010-http-caching-and-seo.md.
 *
 * JSON-LD is rendered by Remix's `<Meta>` from a `{ "script:ld+json": … }` descriptor: Remix
 * serialises it with `JSON.stringify` and escapes `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`,
 * so a product name containing `</script>` cannot end the block. A JSON-LD block is data
 * (`type="application/ld+json"`), never executed, so the CSP's script nonce does not apply to it.
 */
import type { MetaDescriptor } from "@remix-run/node";
import { LANGUAGES, localePath, type Lang, type Translate } from "~/i18n";
import { variantUrl, type ImageInfo } from "~/utils/image-url";

/** Longest meta description, in characters (what search results show). */
const DESCRIPTION_MAX = 160;

/** Width in px of the image variant offered to link previews (Open Graph). */
const OG_IMAGE_WIDTH = 1024;

/**
 * The shop's public origin (`https://shop.example`, no trailing slash): the configured one
 * (env PUBLIC_URL, already normalised to an origin) or else the origin the request came in on.
 */
export function publicOrigin(request: Request, configured?: string | null): string {
  return configured || new URL(request.url).origin;
}

/** `path` (starting with "/") made absolute on `origin`. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).toString();
}

/**
 * A price in paisa as the decimal taka string schema.org expects for BDT: 125000 → "1250.00".
 * No grouping, no sign, always two decimals. @throws {TypeError} for a non-integer or negative amount.
 */
export function paisaToDecimal(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new TypeError(`Price must be non-negative paisa, got ${paisa}`);
  return `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, "0")}`;
}

/**
 * Plain text cut to at most `max` characters for a meta description: whitespace collapsed, cut at
 * a word boundary where one is near, with "…" when anything was cut.
 */
export function truncateText(text: string, max = DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The canonical path of a products listing (`/products`): only the parameters that change what is
 * listed are kept, in a fixed order (category, q, page); sort is dropped (same products, other
 * order) and page 1 is implicit.
 */
export function productsCanonicalPath(params: { category?: number | null; q?: string | null; page?: number }): string {
  const search = new URLSearchParams();
  if (params.category) search.set("category", String(params.category));
  if (params.q) search.set("q", params.q);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const qs = search.toString();
  return qs ? `/products?${qs}` : "/products";
}

/** An image for link previews: absolute URL of the widest variant up to OG_IMAGE_WIDTH, its size in px. */
export type ShareImage = { url: string; width: number; height: number; alt: string };

/** The share-preview variant of a stored image (the 1024 px one, or the widest smaller one). */
export function shareImage(image: ImageInfo, origin: string): ShareImage {
  const widths = image.variantWidths.length > 0 ? image.variantWidths : [image.width];
  const width = widths.filter((w) => w <= OG_IMAGE_WIDTH).at(-1) ?? widths[0]!;
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  return { url: absoluteUrl(origin, variantUrl(image.key, width)), width, height, alt: image.alt };
}

/** One JSON-LD object (schema.org vocabulary). */
export type JsonLd = { "@context": "https://schema.org"; "@type": string; [key: string]: unknown };

/** schema.org availability values (a product that does not track stock is always in stock). */
const IN_STOCK = "https://schema.org/InStock";
const OUT_OF_STOCK = "https://schema.org/OutOfStock";

/** The offer of a product or variant: its charged price in BDT, availability, seller and URL. */
function offerJsonLd(url: string, pricePaisa: number, inStock: boolean | undefined, shopName: string) {
  return {
    "@type": "Offer",
    url,
    price: paisaToDecimal(pricePaisa),
    priceCurrency: "BDT",
    availability: inStock === false ? OUT_OF_STOCK : IN_STOCK,
    itemCondition: "https://schema.org/NewCondition",
    seller: { "@type": "Organization", name: shopName },
  };
}

/**
 * schema.org `Product` for the page of a product without options. The offer's price is what the
 * shopper pays (the discounted price when it is lower), in BDT as a decimal string; its
 * availability follows the stock (`inStock`, default true). `sku`: the default variant's SKU, else
 * the product's id.
 */
export function productJsonLd(input: {
  id: number;
  name: string;
  description: string;
  /** The price charged, in paisa. */
  pricePaisa: number;
  /** Absolute image URLs, in gallery order. */
  images: string[];
  /** Absolute canonical URL of the product page. */
  url: string;
  category?: string | null;
  shopName: string;
  inStock?: boolean;
  sku?: string | null;
  /** The product's brand; empty or missing: none is given. */
  brand?: string;
}): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.name,
    description: input.description,
    ...(input.images.length > 0 ? { image: input.images } : {}),
    sku: input.sku || String(input.id),
    ...(input.brand ? { brand: { "@type": "Brand", name: input.brand } } : {}),
    ...(input.category ? { category: input.category } : {}),
    url: input.url,
    offers: offerJsonLd(input.url, input.pricePaisa, input.inStock, input.shopName),
  };
}

/** schema.org properties a product's option varies, by option name (lower case; English or Bangla). */
const VARIES_BY: Readonly<Record<string, string>> = {
  colour: "https://schema.org/color",
  color: "https://schema.org/color",
  রং: "https://schema.org/color",
  রঙ: "https://schema.org/color",
  size: "https://schema.org/size",
  sweep: "https://schema.org/size",
  সাইজ: "https://schema.org/size",
  মাপ: "https://schema.org/size",
  material: "https://schema.org/material",
  pattern: "https://schema.org/pattern",
};

/**
 * schema.org `ProductGroup` for the page of a product with options (Google's product variants):
 * `productGroupID` is the product's id, `variesBy` names the schema.org property of each option
 * where there is an obvious one (colour → color, size and sweep → size), else the option's name;
 * `hasVariant` holds each active variant as a `Product` with its name ("Fan — 56″ / Brown"), SKU,
 * picture, its own URL (`<url>?variant=<id>`) and an `Offer` (charged price in BDT as a decimal
 * string, InStock / OutOfStock).
 */
export function productGroupJsonLd(input: {
  id: number;
  name: string;
  description: string;
  /** Absolute image URLs, in gallery order. */
  images: string[];
  /** Absolute canonical URL of the product page. */
  url: string;
  category?: string | null;
  shopName: string;
  /** The product's brand; empty or missing: none is given. */
  brand?: string;
  /** The options' English names, in order. */
  optionNames: string[];
  variants: {
    id: number;
    /** Line item name: the product's name and the variant's label. */
    name: string;
    sku: string | null;
    /** The price charged, in paisa. */
    pricePaisa: number;
    inStock: boolean;
    /** Absolute URL of the variant's picture, if any. */
    image: string | null;
  }[];
}): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: input.name,
    description: input.description,
    ...(input.images.length > 0 ? { image: input.images } : {}),
    productGroupID: String(input.id),
    ...(input.brand ? { brand: { "@type": "Brand", name: input.brand } } : {}),
    ...(input.category ? { category: input.category } : {}),
    url: input.url,
    variesBy: input.optionNames.map((name) => VARIES_BY[name.trim().toLowerCase()] ?? name),
    hasVariant: input.variants.map((variant) => {
      const url = `${input.url}?variant=${variant.id}`;
      return {
        "@type": "Product",
        name: variant.name,
        ...(variant.sku ? { sku: variant.sku } : {}),
        ...(variant.image ? { image: variant.image } : {}),
        url,
        offers: offerJsonLd(url, variant.pricePaisa, variant.inStock, input.shopName),
      };
    }),
  };
}

/** schema.org `BreadcrumbList` of `items` (name and absolute URL), positions from 1. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/**
 * schema.org `Organization` of the shop, with its logo (the share variant's absolute URL), for the
 * home page; null when the shop has no logo (a name alone adds nothing the `WebSite` block lacks).
 */
export function organizationJsonLd(context: SeoContext): JsonLd | null {
  if (!context.logo) return null;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: context.shopName,
    url: pageUrl(context, "/"),
    logo: context.logo.url,
  };
}

/** schema.org `WebSite` with its search box (`/products?q=`), for the home page, in the page's language. */
export function websiteJsonLd(context: SeoContext): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: context.shopName,
    url: pageUrl(context, "/"),
    inLanguage: context.lang,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${pageUrl(context, "/products")}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/**
 * What every page's meta needs: the shop's name and description, the public origin, the page's
 * language (from its URL) and that language's translator (app/server/http/seo.server.ts makes it).
 */
export type SeoContext = {
  origin: string;
  shopName: string;
  description: string;
  lang: Lang;
  t: Translate;
  /** The shop's logo as a share image (settings), or null when there is none. */
  logo?: ShareImage | null;
};

/** The absolute URL of the storefront `path` (without a language prefix) in the page's language. */
export function pageUrl(context: SeoContext, path: string): string {
  return absoluteUrl(context.origin, localePath(context.lang, path));
}

/** A page's full title: "<page> | <shop>". */
export function pageTitle(title: string, context: SeoContext): string {
  return context.t("seo.title", { title, shop: context.shopName });
}

/** Open Graph locale of each language. */
const OG_LOCALES: Record<Lang, string> = { en: "en_US", bn: "bn_BD" };

/**
 * Every head tag of a storefront page: title, description, canonical link, robots, Open Graph,
 * Twitter card and JSON-LD blocks. `path` is the canonical path (with its query, if any) without
 * a language prefix: the canonical URL is the page in its own language, and `hreflang` alternates
 * name the page in every language (x-default: English, whose URLs have no prefix).
 * `robots`: "noindex" for private pages (cart, order success), "noindex, follow" for search
 * results; omitted for indexable pages.
 */
export function seoMeta(
  context: SeoContext,
  page: {
    title: string;
    description: string;
    path: string;
    type?: "website" | "product";
    image?: ShareImage | null;
    robots?: "noindex" | "noindex, follow";
    jsonLd?: JsonLd[];
  },
): MetaDescriptor[] {
  const url = pageUrl(context, page.path);
  const description = truncateText(page.description);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: context.shopName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: OG_LOCALES[context.lang] },
    ...LANGUAGES.filter((lang) => lang !== context.lang).map((lang) => ({
      property: "og:locale:alternate",
      content: OG_LOCALES[lang],
    })),
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
  ];
  if (page.robots) tags.push({ name: "robots", content: page.robots });
  else {
    for (const lang of LANGUAGES) {
      tags.push({
        tagName: "link",
        rel: "alternate",
        hrefLang: lang,
        href: absoluteUrl(context.origin, localePath(lang, page.path)),
      });
    }
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absoluteUrl(context.origin, page.path),
    });
  }
  if (page.image) {
    tags.push(
      { property: "og:image", content: page.image.url },
      { property: "og:image:type", content: "image/webp" },
      { property: "og:image:width", content: String(page.image.width) },
      { property: "og:image:height", content: String(page.image.height) },
      { property: "og:image:alt", content: page.image.alt },
      { name: "twitter:image", content: page.image.url },
      { name: "twitter:image:alt", content: page.image.alt },
    );
  }
  for (const block of page.jsonLd ?? []) tags.push({ "script:ld+json": block });
  return tags;
}
