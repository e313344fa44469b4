/**
 * The demo catalogue (both readings of the spec, 6+ categories, 48+ products, some
 * discounted, some featured, 1–4 images each) and the seed that stores it.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CATALOGUE } from "../../prisma/demo-catalogue";
import { seedDemoCatalogue } from "../../prisma/seed.server";
import { DEMO_REPEAT_PHONE } from "../../prisma/demo-orders";
import { prisma } from "~/models/db.server";
import { verifyPassword } from "~/server/auth/password.server";

describe("the demo catalogue", () => {
  const products = DEMO_CATALOGUE.flatMap((c) => c.products);

  it("covers both readings of the spec with at least 6 categories and 48 products", () => {
    expect(DEMO_CATALOGUE.length).toBeGreaterThanOrEqual(6);
    expect(products.length).toBeGreaterThanOrEqual(48);
    const names = DEMO_CATALOGUE.map((c) => c.name.toLowerCase()).join(" | ");
    for (const word of ["light", "fan", "switch", "furniture", "decor"]) expect(names).toContain(word);
  });

  it("has integer paisa prices, real discounts, featured products and 1 to 4 images each", () => {
    for (const p of products) {
      expect(Number.isInteger(p.pricePaisa) && p.pricePaisa > 0).toBe(true);
      if (p.discountedPricePaisa !== undefined) expect(p.discountedPricePaisa).toBeLessThan(p.pricePaisa);
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(4);
    }
    expect(products.filter((p) => p.discountedPricePaisa !== undefined).length).toBeGreaterThan(5);
    expect(products.filter((p) => p.isFeatured).length).toBeGreaterThan(3);
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
  });

  it("tracks the stock of a few products: one out of stock, some low, the rest untracked", () => {
    const tracked = products.filter((p) => p.stockQuantity !== undefined);
    expect(tracked.length).toBeGreaterThanOrEqual(4);
    expect(tracked.length).toBeLessThan(products.length / 2);
    expect(tracked.every((p) => Number.isInteger(p.stockQuantity) && p.stockQuantity! >= 0)).toBe(true);
    expect(tracked.filter((p) => p.stockQuantity === 0)).toHaveLength(1);
    expect(tracked.filter((p) => p.stockQuantity! > 0 && p.stockQuantity! <= 5).length).toBeGreaterThanOrEqual(2);
  });
});

describe("seedDemoCatalogue", () => {
  it("stores a catalogue with images through the pipeline, once, and one admin", async () => {
    const uploadsPath = process.env.UPLOADS_DIR!;
    const [firstProduct, secondProduct] = DEMO_CATALOGUE[0]!.products;
    const small = [{ ...DEMO_CATALOGUE[0]!, products: [{ ...firstProduct!, stockQuantity: 3 }, secondProduct!] }];
    const now = new Date("2026-11-20T10:00:00Z");
    const first = await seedDemoCatalogue(prisma, {
      uploadsPath,
      log: () => {},
      catalogue: small,
      adminEmail: "seed@haat.example",
      sampleOrders: true,
      now,
    });
    expect(first).toMatchObject({ categories: 1, products: 2 });
    expect(first.admin?.email).toBe("seed@haat.example");
    const admin = await prisma.adminUser.findUniqueOrThrow({ where: { email: "seed@haat.example" } });
    expect(await verifyPassword(admin.passwordHash, first.admin!.password)).toBe(true);

    const rows = await prisma.product.findMany({
      include: { images: { include: { image: true }, orderBy: { position: "asc" } } },
    });
    expect(rows.map((r) => r.name)).toEqual(small[0]!.products.map((p) => p.name));
    expect(rows.map((r) => [r.trackStock, r.stockQuantity])).toEqual([
      [true, 3],
      [false, 0],
    ]);
    for (const row of rows) {
      expect(row.images.map((i) => i.position)).toEqual(row.images.map((_, index) => index));
      for (const { image } of row.images) {
        for (const width of image.variantWidths.split(",")) {
          const file = path.join(uploadsPath, image.key, `${width}.webp`);
          expect(fs.readFileSync(file).subarray(8, 12).toString()).toBe("WEBP");
        }
      }
    }

    const again = await seedDemoCatalogue(prisma, {
      uploadsPath,
      log: () => {},
      catalogue: small,
      adminEmail: "seed@haat.example",
    });
    expect(again.admin).toBeUndefined();
    expect(await prisma.product.count()).toBe(2);
    expect(await prisma.adminUser.count()).toBe(1);

    // About a month of sample orders came with the catalogue, and only with it.
    expect(first.orders).toBeGreaterThanOrEqual(60);
    expect(again.orders).toBe(0);
    expect(await prisma.order.count()).toBe(first.orders);
    const orders = await prisma.order.findMany({ include: { items: true, statusChanges: true } });
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
    }
    const regular = orders.filter((order) => order.customerPhone === DEMO_REPEAT_PHONE);
    expect(regular.map((order) => order.status).sort()).toEqual(["cancelled", "delivered", "pending", "pending"]);
    // No stock moved: the demo's counts are what the catalogue says.
    expect(await prisma.stockMovement.count()).toBe(0);
  });

  it("writes no sample orders into a shop that already has products", async () => {
    const result = await seedDemoCatalogue(prisma, { uploadsPath: process.env.UPLOADS_DIR!, sampleOrders: true });
    expect(result).toMatchObject({ products: 0, orders: 0 });
  });
});
