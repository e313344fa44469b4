/**
 * The demo catalogue (both readings of the spec, 6+ categories, 48+ products, some
 * discounted, some featured, 1–4 images each, Bangla names and descriptions, a few products
 * with options and variants, a SKU on every variant) and the seed that stores it, with the
 * demo shop's Bangla name, tagline, about text and address, its sample orders and the courier
 * payouts that bring back their cash.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEMO_CATALOGUE,
  demoTracksStock,
  demoVariants,
  type DemoCategory,
  type DemoProduct,
} from "../../prisma/demo-catalogue";
import { seedDemoCatalogue } from "../../prisma/seed.server";
import { DEMO_REPEAT_PHONE } from "../../prisma/demo-orders";
import { prisma } from "~/models/db/client.server";
import { listOverdueCash } from "~/models/payouts/payouts.server";
import { verifyPassword } from "~/server/auth/password.server";
import { unitPricePaisa } from "~/rules/money";
import { priceRangePaisa } from "~/rules/variants";

const products = DEMO_CATALOGUE.flatMap((c) => c.products);

/** The demo product named `name`. @throws when there is none */
function demoProduct(name: string): DemoProduct {
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`No demo product ${name}`);
  return product;
}

/** The demo category named `name`. @throws when there is none */
function demoCategory(name: string): DemoCategory {
  const category = DEMO_CATALOGUE.find((c) => c.name === name);
  if (!category) throw new Error(`No demo category ${name}`);
  return category;
}

const BULB = "Jonaki LED Bulb (Cool Daylight)";
const FAN = "Batash Ceiling Fan";
const SWITCH = "Tara 1-Way Switch (White)";
const WARM_BULB = "Prodip 9W LED Bulb (Warm White)";

/** Bengali letters (the Bengali block without its digits). */
const BENGALI_LETTER = /[\u0980-\u09E5\u09F0-\u09FF]/;

/**
 * The ASCII digits of a Bangla text outside Latin model codes ("E27", "IP65", "B22", "6500K" is not
 * one: it is written "৬৫০০K"): Bangla text writes its numbers in Bengali digits.
 */
function asciiNumbers(text: string): string[] {
  return text.replace(/[A-Za-z]+\d+[A-Za-z\d]*/g, "").match(/\d+/g) ?? [];
}

describe("the demo catalogue", () => {
  it("covers both readings of the spec with at least 6 categories and 48 products", () => {
    expect(DEMO_CATALOGUE.length).toBeGreaterThanOrEqual(6);
    expect(products.length).toBeGreaterThanOrEqual(48);
    const names = DEMO_CATALOGUE.map((c) => c.name.toLowerCase()).join(" | ");
    for (const word of ["light", "fan", "switch", "furniture", "decor"]) expect(names).toContain(word);
  });

  it("names every category and product in Bangla, with Bengali digits, and describes every product in Bangla", () => {
    for (const category of DEMO_CATALOGUE) {
      expect(category.nameBn, category.name).toMatch(BENGALI_LETTER);
      expect(asciiNumbers(category.nameBn), category.name).toEqual([]);
    }
    for (const p of products) {
      expect(p.nameBn, p.name).toMatch(BENGALI_LETTER);
      expect(p.descriptionBn, p.name).toMatch(BENGALI_LETTER);
      expect(asciiNumbers(p.nameBn), p.name).toEqual([]);
      expect(asciiNumbers(p.descriptionBn), p.name).toEqual([]);
      for (const option of p.options ?? []) {
        expect(option.nameBn).toMatch(BENGALI_LETTER);
        for (const value of option.values) expect(asciiNumbers(value.valueBn), value.value).toEqual([]);
      }
    }
    expect(new Set(products.map((p) => p.nameBn)).size).toBe(products.length);
    // Search in Bangla finds the fans by "ফ্যান" and the bulbs by "বাল্ব".
    const fans = products.filter((p) => /\bfan\b/i.test(p.name));
    const bulbs = products.filter((p) => /\bbulb\b/i.test(p.name));
    expect(fans.length).toBeGreaterThanOrEqual(8);
    expect(bulbs.length).toBeGreaterThanOrEqual(4);
    for (const fan of fans) expect(fan.nameBn).toContain("ফ্যান");
    for (const bulb of bulbs) expect(bulb.nameBn).toContain("বাল্ব");
  });

  it("has integer paisa prices, real discounts, featured products and 1 to 4 images each", () => {
    for (const p of products) {
      for (const v of demoVariants(p)) {
        expect(Number.isInteger(v.pricePaisa) && v.pricePaisa > 0).toBe(true);
        if (v.discountedPricePaisa !== undefined) {
          expect(Number.isInteger(v.discountedPricePaisa)).toBe(true);
          expect(v.discountedPricePaisa).toBeLessThan(v.pricePaisa);
        }
      }
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(4);
    }
    const discounted = products.filter((p) => demoVariants(p).some((v) => v.discountedPricePaisa !== undefined));
    expect(discounted.length).toBeGreaterThan(5);
    expect(products.filter((p) => p.isFeatured).length).toBeGreaterThan(3);
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
  });

  it("gives every variant a SKU, unique in the catalogue whatever its case", () => {
    const skus = products.flatMap((p) => demoVariants(p).map((v) => v.sku));
    expect(skus.every((sku) => typeof sku === "string" && sku.trim() === sku && sku !== "")).toBe(true);
    expect(new Set(skus.map((sku) => sku!.toLowerCase())).size).toBe(skus.length);
  });

  it("has a few products with options, each variant one value of every option, once, its picture one of the product's", () => {
    const withOptions = products.filter((p) => p.options !== undefined);
    expect(withOptions.map((p) => p.name).sort()).toEqual([FAN, BULB, SWITCH].sort());
    for (const p of withOptions) {
      const options = p.options!;
      expect(options.length).toBeGreaterThanOrEqual(1);
      expect(options.length).toBeLessThanOrEqual(3);
      for (const option of options) {
        expect(new Set(option.values.map((v) => v.value)).size).toBe(option.values.length);
        for (const value of option.values) expect(value.valueBn).toMatch(BENGALI_LETTER);
      }
      const variants = demoVariants(p);
      for (const v of variants) {
        expect(v.values.map((value, k) => options[k]?.values.some((o) => o.value === value))).toEqual(
          options.map(() => true),
        );
        if (v.image !== undefined) expect(p.images[v.image], `${p.name}: image ${v.image}`).toBeDefined();
      }
      expect(new Set(variants.map((v) => v.values.join("|"))).size).toBe(variants.length);
    }
  });

  it("sells the bulb in 9, 12 and 18 W, each with its own price, SKU and counted stock", () => {
    const bulb = demoProduct(BULB);
    expect(bulb.options?.map((o) => [o.name, o.nameBn])).toEqual([["Wattage", "ওয়াট"]]);
    const variants = demoVariants(bulb);
    expect(variants.map((v) => v.values)).toEqual([["9W"], ["12W"], ["18W"]]);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(3);
    expect(new Set(variants.map((v) => v.pricePaisa)).size).toBe(3);
    expect(variants.every((v) => v.stockQuantity !== undefined && v.stockQuantity > 0)).toBe(true);
  });

  it("sells the ceiling fan in two sweeps and two colours, priced by sweep, one sold out and one switched off", () => {
    const fan = demoProduct(FAN);
    expect(fan.options?.map((o) => o.name)).toEqual(["Sweep", "Colour"]);
    const variants = demoVariants(fan);
    expect(variants).toHaveLength(4);
    for (const v of variants) {
      const sameSweep = variants.filter((other) => other.values[0] === v.values[0]);
      expect(sameSweep.map((other) => other.pricePaisa)).toEqual(sameSweep.map(() => v.pricePaisa));
    }
    expect(new Set(variants.map((v) => v.pricePaisa)).size).toBe(2);
    expect(variants.filter((v) => v.isActive === false)).toHaveLength(1);
    expect(variants.filter((v) => v.isActive !== false && v.stockQuantity === 0)).toHaveLength(1);
    expect(demoTracksStock(fan)).toBe(true);
  });

  it("shows each of the switch's gang counts on its own picture, a plate with that many gangs", () => {
    const plate = demoProduct(SWITCH);
    const variants = demoVariants(plate);
    expect(variants.map((v) => v.values[0])).toEqual(["1 gang", "2 gang", "3 gang"]);
    expect(variants.map((v) => plate.images[v.image!])).toEqual(
      [1, 2, 3].map((gangs) => expect.objectContaining({ shape: "switch-plate", variant: gangs })),
    );
  });

  it("tracks the stock of a few products: one out of stock, some low, the rest untracked", () => {
    const tracked = products.filter(demoTracksStock);
    expect(tracked.length).toBeGreaterThanOrEqual(4);
    expect(tracked.length).toBeLessThan(products.length / 2);
    for (const p of tracked) {
      // A product counts stock on all its variants or on none.
      const quantities = demoVariants(p).map((v) => v.stockQuantity);
      expect(quantities.every((q) => Number.isInteger(q) && q! >= 0)).toBe(true);
    }
    const onHand = (p: DemoProduct) =>
      demoVariants(p)
        .filter((v) => v.isActive !== false)
        .reduce((sum, v) => sum + v.stockQuantity!, 0);
    expect(tracked.filter((p) => onHand(p) === 0)).toHaveLength(1);
    const low = tracked.filter((p) => demoVariants(p).some((v) => v.stockQuantity! > 0 && v.stockQuantity! <= 5));
    expect(low.length).toBeGreaterThanOrEqual(2);
  });
});

/** A copy of a demo product without options that counts `stock` units. */
function withStock(product: DemoProduct, stock: number): DemoProduct {
  if (product.options !== undefined) throw new Error(`${product.name} has options`);
  return { ...product, stockQuantity: stock };
}

describe("seedDemoCatalogue", () => {
  it("stores a catalogue with its Bangla texts, options, variants and images through the pipeline, once, and one admin", async () => {
    const uploadsPath = process.env.UPLOADS_DIR!;
    const led = demoCategory("LED Lighting");
    const small: DemoCategory[] = [
      { ...led, products: [demoProduct(BULB), withStock(demoProduct(WARM_BULB), 3)] },
      { ...demoCategory("Ceiling & Wall Fans"), products: [demoProduct(FAN)] },
      { ...demoCategory("Switches & Sockets"), products: [demoProduct(SWITCH)] },
    ];
    const smallProducts = small.flatMap((c) => c.products);
    const now = new Date("2026-11-20T10:00:00Z");
    const first = await seedDemoCatalogue(prisma, {
      uploadsPath,
      log: () => {},
      catalogue: small,
      adminEmail: "seed@haat.example",
      sampleOrders: true,
      now,
    });
    expect(first).toMatchObject({ categories: 3, products: 4 });
    expect(first.admin?.email).toBe("seed@haat.example");
    const admin = await prisma.adminUser.findUniqueOrThrow({ where: { email: "seed@haat.example" } });
    expect(await verifyPassword(admin.passwordHash, first.admin!.password)).toBe(true);

    const categories = await prisma.category.findMany({ orderBy: { id: "asc" } });
    expect(categories.map((c) => [c.name, c.nameBn])).toEqual(small.map((c) => [c.name, c.nameBn]));

    const rows = await prisma.product.findMany({
      orderBy: { id: "asc" },
      include: {
        images: { include: { image: true }, orderBy: { position: "asc" } },
        options: { orderBy: { position: "asc" }, include: { values: { orderBy: { position: "asc" } } } },
        variants: { orderBy: { position: "asc" } },
      },
    });
    expect(rows.map((r) => [r.name, r.nameBn, r.descriptionBn])).toEqual(
      smallProducts.map((p) => [p.name, p.nameBn, p.descriptionBn]),
    );
    expect(rows.map((r) => r.trackStock)).toEqual([true, true, true, false]);
    for (const row of rows) {
      expect(row.nameBn).not.toBe("");
      expect(row.variants.length).toBeGreaterThanOrEqual(1);
      expect(row.variants.map((v) => v.position)).toEqual(row.variants.map((_, index) => index));
      expect(row.variants.every((v) => v.sku !== null && v.sku !== "")).toBe(true);
      // The listings' "from" price and their sort by price read these.
      expect({ min: row.minPricePaisa, max: row.maxPricePaisa }).toEqual(priceRangePaisa(row.variants));
      // Each variant names one value of every option, by option position, and its key joins their ids.
      for (const v of row.variants) {
        const ids = [v.option1ValueId, v.option2ValueId, v.option3ValueId];
        expect(ids.slice(row.options.length).every((id) => id === null)).toBe(true);
        const own = ids.slice(0, row.options.length);
        own.forEach((id, k) => expect(row.options[k]!.values.map((value) => value.id)).toContain(id));
        expect(v.combinationKey).toBe(own.join("-"));
      }
      expect(row.images.map((i) => i.position)).toEqual(row.images.map((_, index) => index));
      for (const { image } of row.images) {
        for (const width of image.variantWidths.split(",")) {
          const file = path.join(uploadsPath, image.key, `${width}.webp`);
          expect(fs.readFileSync(file).subarray(8, 12).toString()).toBe("WEBP");
        }
      }
    }
    const [bulb, warmBulb, fan, plate] = rows;

    // A product without options: exactly one default variant, with the product's price, stock and SKU.
    expect(warmBulb!.options).toEqual([]);
    expect(warmBulb!.variants).toEqual([
      expect.objectContaining({
        combinationKey: "",
        option1ValueId: null,
        sku: "PD-LB09-WW",
        pricePaisa: 18000,
        discountedPricePaisa: null,
        stockQuantity: 3,
        isActive: true,
        imageId: null,
      }),
    ]);

    // The bulb: one option of three values, three variants with their own SKU, price and stock.
    expect(bulb!.options.map((o) => [o.name, o.nameBn, o.values.map((v) => [v.value, v.valueBn])])).toEqual([
      [
        "Wattage",
        "ওয়াট",
        [
          ["9W", "৯ ওয়াট"],
          ["12W", "১২ ওয়াট"],
          ["18W", "১৮ ওয়াট"],
        ],
      ],
    ]);
    expect(bulb!.variants.map((v) => v.option1ValueId)).toEqual(bulb!.options[0]!.values.map((v) => v.id));
    expect(bulb!.variants.map((v) => [v.sku, v.pricePaisa, v.discountedPricePaisa, v.stockQuantity])).toEqual(
      demoVariants(demoProduct(BULB)).map((v) => [
        v.sku,
        v.pricePaisa,
        v.discountedPricePaisa ?? null,
        v.stockQuantity,
      ]),
    );
    expect(new Set(bulb!.variants.map((v) => v.sku)).size).toBe(3);
    expect(new Set(bulb!.variants.map((v) => v.pricePaisa)).size).toBe(3);

    // The fan: sweep × colour in combination order (the sweep varies slowest), priced by sweep.
    const [sweeps, colours] = fan!.options.map((o) => o.values.map((v) => v.id));
    expect(fan!.variants.map((v) => v.combinationKey)).toEqual(
      sweeps!.flatMap((sweep) => colours!.map((colour) => `${sweep}-${colour}`)),
    );
    expect(fan!.variants.map((v) => [v.pricePaisa, v.stockQuantity, v.isActive])).toEqual([
      [380000, 6, true],
      [380000, 0, true],
      [420000, 12, true],
      [420000, 3, false],
    ]);
    expect([fan!.minPricePaisa, fan!.maxPricePaisa]).toEqual([380000, 420000]);
    // The white variants show the white fan's picture.
    const fanImage = (index: number) => fan!.images[index]!.imageId;
    expect(fan!.variants.map((v) => v.imageId)).toEqual([fanImage(0), fanImage(2), fanImage(0), fanImage(2)]);
    expect(fan!.images[2]!.image.alt).toBe("Batash Ceiling Fan — White");

    // The switch: each gang count on its own picture.
    expect(plate!.variants.map((v) => v.imageId)).toEqual(plate!.images.slice(0, 3).map((i) => i.imageId));
    expect(plate!.images.slice(0, 3).map((i) => i.image.alt)).toEqual([
      "Tara 1-Way Switch (White) — 1 gang",
      "Tara 1-Way Switch (White) — 2 gang",
      "Tara 1-Way Switch (White) — 3 gang",
    ]);

    // SKUs are unique in the shop.
    const skus = rows.flatMap((r) => r.variants.map((v) => v.sku!.toLowerCase()));
    expect(new Set(skus).size).toBe(skus.length);

    // The demo shop speaks Bangla too.
    const settings = await prisma.shopSettings.findFirstOrThrow();
    expect(settings).toMatchObject({
      name: "Haat Lights & Decor",
      nameBn: "হাট লাইটস অ্যান্ড ডেকর",
      addressBn: "দোকান ১৪, গুলিস্তান শপিং কমপ্লেক্স, গুলিস্তান, ঢাকা ১০০০",
    });
    for (const text of [settings.nameBn, settings.taglineBn, settings.aboutBn, settings.addressBn]) {
      expect(text).toMatch(BENGALI_LETTER);
    }

    const again = await seedDemoCatalogue(prisma, {
      uploadsPath,
      log: () => {},
      catalogue: small,
      adminEmail: "seed@haat.example",
    });
    expect(again.admin).toBeUndefined();
    expect(await prisma.product.count()).toBe(4);
    expect(await prisma.productVariant.count()).toBe(3 + 1 + 4 + 3);
    expect(await prisma.adminUser.count()).toBe(1);

    // About a month of sample orders came with the catalogue, and only with it.
    expect(first.orders).toBeGreaterThanOrEqual(60);
    expect(again.orders).toBe(0);
    expect(await prisma.order.count()).toBe(first.orders);
    const orders = await prisma.order.findMany({
      include: { items: { include: { variant: true } }, statusChanges: true },
    });
    const days = new Set(orders.map((order) => order.createdAt.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(28);
    expect(orders.every((order) => order.createdAt <= now && order.checkoutToken.startsWith("demo-order-"))).toBe(true);
    const statuses = new Set(orders.map((order) => order.status));
    expect([...statuses].sort()).toEqual(["cancelled", "delivered", "pending", "processing", "shipped"]);
    expect(new Set(orders.map((order) => order.district)).size).toBeGreaterThanOrEqual(5);
    for (const order of orders) {
      // Priced as checkout prices: the lines add up to the subtotal, and the total adds the fee.
      expect(order.items.reduce((sum, item) => sum + item.subtotalPaisa, 0)).toBe(order.subtotalPaisa);
      expect(order.totalPaisa).toBe(order.subtotalPaisa + order.shippingFeePaisa);
      expect(order.statusChanges.at(-1)?.toStatus ?? "pending").toBe(order.status);
      // Each line is for a variant of its product, at its price, with checkout's snapshots.
      for (const item of order.items) {
        const product = rows.find((r) => r.id === item.productId)!;
        expect(item.variant?.productId).toBe(product.id);
        expect(item.variant?.isActive).toBe(true);
        expect(item.unitPricePaisa).toBe(unitPricePaisa(item.variant!));
        expect([item.sku, item.productName, item.productNameBn]).toEqual([
          item.variant!.sku,
          product.name,
          product.nameBn,
        ]);
      }
    }
    const bulbLine = orders.flatMap((o) => o.items).find((item) => item.productId === bulb!.id);
    expect(bulbLine).toMatchObject({ variantLabel: "9W", variantLabelBn: "৯ ওয়াট", sku: "LB-09W" });
    const fanLine = orders.flatMap((o) => o.items).find((item) => item.productId === fan!.id);
    expect(fanLine).toMatchObject({ variantLabel: "48″ / Brown", variantLabelBn: "৪৮ ইঞ্চি / বাদামি" });
    const warmLine = orders.flatMap((o) => o.items).find((item) => item.productId === warmBulb!.id);
    expect(warmLine).toMatchObject({ variantLabel: "", variantLabelBn: "", sku: "PD-LB09-WW" });
    // Parcels for the reports: sent ones with a courier, delivered ones with the day they arrived,
    // and a tenth to a fifth of the finished parcels returned (their orders cancelled).
    const finished = orders.filter(
      (order) => order.deliveryState === "delivered" || order.deliveryState === "returned",
    );
    const returned = finished.filter((order) => order.deliveryState === "returned");
    expect(returned.every((order) => order.status === "cancelled" && order.courier !== null)).toBe(true);
    expect(returned.length / finished.length).toBeGreaterThanOrEqual(0.08);
    expect(returned.length / finished.length).toBeLessThanOrEqual(0.25);
    const delivered = orders.filter((order) => order.status === "delivered");
    expect(delivered.every((order) => order.deliveredAt !== null && order.deliveryState === "delivered")).toBe(true);
    expect(new Set(orders.map((order) => order.courier))).toEqual(new Set([null, "steadfast", "pathao"]));
    const regular = orders.filter((order) => order.customerPhone === DEMO_REPEAT_PHONE);
    expect(regular.map((order) => order.status).sort()).toEqual(["cancelled", "delivered", "pending", "pending"]);

    // Two courier payouts, recorded through recordPayout: each cash line matched to its courier's
    // delivered parcel by consignment, which it marks received on the payout's day; Steadfast's
    // also deducts a returned parcel's charge. Cash on delivery: no order is marked paid.
    expect(orders.every((order) => order.paymentStatus === "pending")).toBe(true);
    expect(first.payouts).toBe(2);
    expect(again.payouts).toBe(0);
    const payouts = await prisma.courierPayout.findMany({ orderBy: { id: "asc" }, include: { items: true } });
    expect(payouts.map((p) => [p.courier, p.source, p.createdByEmail])).toEqual([
      ["steadfast", "api", null],
      ["pathao", "csv", "seed@haat.example"],
    ]);
    for (const payout of payouts) {
      expect(payout.paidAt!.getTime()).toBeLessThan(now.getTime());
      expect(payout.items.every((item) => item.matchState === "matched" || item.matchState === "charge")).toBe(true);
      expect(payout.items.filter((item) => item.matchState === "matched").length).toBeGreaterThanOrEqual(3);
      expect(payout.paidPaisa).toBe(payout.items.reduce((sum, item) => sum + item.paidPaisa, 0));
      for (const item of payout.items) {
        const order = orders.find((o) => o.id === item.orderId)!;
        expect([order.courier, order.consignmentId]).toEqual([payout.courier, item.consignmentId]);
        if (item.matchState === "matched") {
          expect(order).toMatchObject({
            status: "delivered",
            cashPayoutItemId: item.id,
            cashReceivedAt: payout.paidAt,
          });
          expect(item.collectedPaisa).toBe(item.expectedPaisa);
          expect(item.paidPaisa).toBe(item.collectedPaisa - item.deliveryChargePaisa - item.codFeePaisa);
        } else {
          expect(order.deliveryState).toBe("returned");
          expect(item).toMatchObject({ collectedPaisa: 0, paidPaisa: -item.deliveryChargePaisa });
        }
      }
    }
    expect(payouts[0]!.items.filter((item) => item.matchState === "charge")).toHaveLength(1);
    const cashBack = await prisma.order.count({ where: { cashReceivedAt: { not: null } } });
    expect(cashBack).toBe(payouts.flatMap((p) => p.items).filter((item) => item.matchState === "matched").length);
    // Some older parcels' cash is still out: the payouts page lists them as overdue.
    const overdue = await listOverdueCash(now, 7);
    expect(overdue.count).toBeGreaterThan(0);
    expect(overdue.expectedPaisa).toBeGreaterThan(0);
    // No stock moved: the demo's counts are what the catalogue says.
    expect(await prisma.stockMovement.count()).toBe(0);
  });

  it("writes no sample orders into a shop that already has products", async () => {
    const result = await seedDemoCatalogue(prisma, { uploadsPath: process.env.UPLOADS_DIR!, sampleOrders: true });
    expect(result).toMatchObject({ products: 0, orders: 0 });
  });

  it("fills in only the Bangla texts the owner left empty and whose English is still the demo's", async () => {
    await prisma.shopSettings.updateMany({
      data: { nameBn: "রহিম ইলেকট্রিক", tagline: "Lights for every home", taglineBn: "", aboutBn: "", addressBn: "" },
    });
    await seedDemoCatalogue(prisma, { uploadsPath: process.env.UPLOADS_DIR! });
    expect(await prisma.shopSettings.findFirstOrThrow()).toMatchObject({
      nameBn: "রহিম ইলেকট্রিক",
      tagline: "Lights for every home",
      taglineBn: "",
      aboutBn: "বাংলাদেশে মানসম্মত লাইট, ফ্যান আর ইলেকট্রিক সুইচের বিশ্বস্ত সরবরাহকারী।",
      addressBn: "দোকান ১৪, গুলিস্তান শপিং কমপ্লেক্স, গুলিস্তান, ঢাকা ১০০০",
    });
  });
});
