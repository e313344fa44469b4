/**
 * The product page of a product with options: the variant `?variant=` names or the picker's values
 * (`o1`, `o2` without JavaScript) make, 'not available' for a combination without an active
 * variant, the default variant for a `?variant=` that is not this product's, the `ProductGroup`
 * JSON-LD, Bangla option names on /bn; and, in the production server, a `?variant=` page and a
 * picker page each cached under their own URL and dropped when a variant's price changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/_shop.products.$id";
import { prisma } from "~/models/db/client.server";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { createProduct, get, runData } from "./helpers";

type Fan = {
  id: number;
  sweep: { s48: number; s56: number };
  colour: { brown: number; white: number };
  variant: { brown48: number; white48: number; brown56: number; white56: number };
};

/**
 * A ceiling fan with Sweep (48″, 56″) × Colour (Brown, White): 48″/Brown 6 in stock, 48″/White
 * sold out, 56″/Brown 12 in stock at ৳4,200 less ৳200, 56″/White switched off.
 */
async function createFan(name: string): Promise<Fan> {
  const product = await prisma.product.create({
    data: {
      name,
      nameBn: "বাতাস ফ্যান",
      slug: name.toLowerCase().replace(/\W+/g, "-"),
      description: "A fan",
      minPricePaisa: 380_000,
      maxPricePaisa: 400_000,
      trackStock: true,
    },
  });
  const option = async (position: number, optionName: string, nameBn: string, values: [string, string][]) => {
    const created = await prisma.productOption.create({
      data: {
        productId: product.id,
        name: optionName,
        nameBn,
        position,
        values: { create: values.map(([value, valueBn], at) => ({ value, valueBn, position: at })) },
      },
      include: { values: { orderBy: { position: "asc" } } },
    });
    return created.values.map((value) => value.id);
  };
  const [s48, s56] = (await option(0, "Sweep", "সাইজ", [
    ["48″", "৪৮ ইঞ্চি"],
    ["56″", "৫৬ ইঞ্চি"],
  ])) as [number, number];
  const [brown, white] = (await option(1, "Colour", "রং", [
    ["Brown", "বাদামি"],
    ["White", "সাদা"],
  ])) as [number, number];
  const variant = async (
    position: number,
    values: [number, number],
    fields: { pricePaisa: number; discountedPricePaisa?: number; stockQuantity: number; isActive?: boolean },
  ) =>
    (
      await prisma.productVariant.create({
        data: {
          productId: product.id,
          option1ValueId: values[0],
          option2ValueId: values[1],
          combinationKey: values.join("-"),
          sku: `${name.slice(0, 12)}-${position}`,
          position,
          ...fields,
        },
      })
    ).id;
  return {
    id: product.id,
    sweep: { s48, s56 },
    colour: { brown, white },
    variant: {
      brown48: await variant(0, [s48, brown], { pricePaisa: 380_000, stockQuantity: 6 }),
      white48: await variant(1, [s48, white], { pricePaisa: 380_000, stockQuantity: 0 }),
      brown56: await variant(2, [s56, brown], {
        pricePaisa: 420_000,
        discountedPricePaisa: 400_000,
        stockQuantity: 12,
      }),
      white56: await variant(3, [s56, white], { pricePaisa: 420_000, stockQuantity: 3, isActive: false }),
    },
  };
}

const load = (fan: Fan, query = "", prefix = "") =>
  runData(loader, get(`${prefix}/products/${fan.id}${query}`), { id: String(fan.id) });

describe("the product page of a product with options", () => {
  let fan: Fan;
  beforeAll(async () => {
    fan = await createFan("Loader Fan");
  });

  it("shows the first variant that can be bought, with its values chosen", async () => {
    const data = await load(fan);
    expect(data.variant?.id).toBe(fan.variant.brown48);
    expect(data.choice).toEqual([fan.sweep.s48, fan.colour.brown]);
    expect(data.product.options.map((option) => option.name)).toEqual(["Sweep", "Colour"]);
    // Only the active variants reach the page.
    expect(data.product.variants.map((variant) => variant.id)).not.toContain(fan.variant.white56);
  });

  it("shows the variant ?variant= names, sold out included", async () => {
    const data = await load(fan, `?variant=${fan.variant.white48}`);
    expect(data.variant?.id).toBe(fan.variant.white48);
    expect(data.choice).toEqual([fan.sweep.s48, fan.colour.white]);
    expect(data.stock).toBe("out");
  });

  it("shows the variant the picker's values make without JavaScript", async () => {
    const data = await load(fan, `?o1=${fan.sweep.s56}&o2=${fan.colour.brown}`);
    expect(data.variant).toMatchObject({ id: fan.variant.brown56, pricePaisa: 420_000, discountedPricePaisa: 400_000 });
    expect(data.stock).toBe("in-stock");
  });

  it("says 'not available' (no variant, nothing to buy) for a combination without an active variant", async () => {
    const data = await load(fan, `?o1=${fan.sweep.s56}&o2=${fan.colour.white}`);
    expect(data.variant).toBeNull();
    expect(data.choice).toEqual([fan.sweep.s56, fan.colour.white]);
    expect(data.stock).toBe("out");
  });

  it("falls back to the default variant for a ?variant= or value that is not this product's", async () => {
    const other = await createProduct({ name: "Other Lamp", pricePaisa: 100 });
    for (const query of [
      `?variant=${other.variantId}`,
      `?variant=${fan.variant.white56}`,
      "?variant=abc",
      `?o1=${fan.colour.white}&o2=${fan.sweep.s56}`,
    ]) {
      const data = await load(fan, query);
      expect(data.variant?.id, query).toBe(fan.variant.brown48);
    }
  });

  it("describes the product as a ProductGroup of its active variants; the canonical URL has no variant", async () => {
    const data = await load(fan, `?variant=${fan.variant.brown56}`);
    const tags = data.meta as Record<string, unknown>[];
    type Group = {
      "@type": string;
      hasVariant: { name: string; url: string; offers: { price: string; availability: string } }[];
    };
    const group = tags
      .map((tag) => tag["script:ld+json"] as Group | undefined)
      .find((block) => block?.["@type"] === "ProductGroup")!;
    expect(group).toMatchObject({
      productGroupID: String(fan.id),
      variesBy: ["https://schema.org/size", "https://schema.org/color"],
    });
    expect(
      group.hasVariant.map(
        (variant: { name: string; url: string; offers: { price: string; availability: string } }) => [
          variant.name,
          variant.url.replace(/^https?:\/\/[^/]+/, ""),
          variant.offers.price,
          variant.offers.availability,
        ],
      ),
    ).toEqual([
      [
        "Loader Fan — 48″ / Brown",
        `/products/${fan.id}?variant=${fan.variant.brown48}`,
        "3800.00",
        "https://schema.org/InStock",
      ],
      [
        "Loader Fan — 48″ / White",
        `/products/${fan.id}?variant=${fan.variant.white48}`,
        "3800.00",
        "https://schema.org/OutOfStock",
      ],
      [
        "Loader Fan — 56″ / Brown",
        `/products/${fan.id}?variant=${fan.variant.brown56}`,
        "4000.00",
        "https://schema.org/InStock",
      ],
    ]);
    const canonical = tags.find((tag) => tag.rel === "canonical");
    expect(String(canonical?.href)).toMatch(new RegExp(`/products/${fan.id}$`));
  });

  it("names the options and values in Bangla on /bn", async () => {
    const data = await load(fan, "", "/bn");
    expect(data.product.options.map((option) => [option.name, option.values.map((value) => value.value)])).toEqual([
      ["সাইজ", ["৪৮ ইঞ্চি", "৫৬ ইঞ্চি"]],
      ["রং", ["বাদামি", "সাদা"]],
    ]);
    expect(data.variant?.label).toBe("৪৮ ইঞ্চি / বাদামি");
  });
});

describe("a product page with variants in the page cache", () => {
  let server: ServerProcess;
  let fan: Fan;
  beforeAll(async () => {
    fan = await createFan("Cached Fan");
    server = await startServerProcess();
  });
  afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
  });

  /** A GET of `path`: X-Cache and text. */
  async function page(path: string) {
    const response = await fetch(server.origin + path);
    return { status: response.status, cache: response.headers.get("X-Cache"), text: await response.text() };
  }
  /** GETs `path` until it is answered from the cache; 5 s at most. */
  async function cached(path: string) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const answer = await page(path);
      if (answer.cache === "HIT") return answer;
      if (Date.now() > deadline) throw new Error(`${path} was never answered from the cache`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const sku = (html: string) => /data-testid="variant-sku"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;

  it("keeps a ?variant= page and a picker page under their own URLs", async () => {
    const white = await cached(`/products/${fan.id}?variant=${fan.variant.white48}`);
    expect(sku(white.text)).toBe("SKU Cached Fan-1");
    const brown = await cached(`/products/${fan.id}?o1=${fan.sweep.s56}&o2=${fan.colour.brown}&fbclid=x`);
    expect(sku(brown.text)).toBe("SKU Cached Fan-2");
    expect(sku((await cached(`/products/${fan.id}`)).text)).toBe("SKU Cached Fan-0");
  });

  it("shows a variant's new price on the very next request", async () => {
    const path = `/products/${fan.id}?variant=${fan.variant.brown56}`;
    expect((await cached(path)).text).toContain('"price":"4000.00"');
    await prisma.productVariant.update({ where: { id: fan.variant.brown56 }, data: { discountedPricePaisa: 390_000 } });
    const after = await page(path);
    expect(after.cache).toBe("MISS");
    expect(after.text).toContain('"price":"3900.00"');

    // A stock change too, on the product's own page.
    expect((await cached(`/products/${fan.id}`)).text).not.toContain("Only 2 left");
    await prisma.productVariant.update({ where: { id: fan.variant.brown48 }, data: { stockQuantity: 2 } });
    expect((await page(`/products/${fan.id}`)).text).toContain("Only 2 left");
  });
});
