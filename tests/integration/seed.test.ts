/**
 * The demo catalogue (both readings of the spec, 6+ categories, 48+ products, some
 * discounted, some featured, 1–4 images each) and the seed that stores it.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CATALOGUE } from "../../prisma/demo-catalogue";
import { seedDemoCatalogue } from "../../prisma/seed.server";
import { prisma } from "~/models/db.server";
import { verifyPassword } from "~/server/password.server";

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
    const first = await seedDemoCatalogue(prisma, {
      uploadsPath,
      log: () => {},
      catalogue: small,
      adminEmail: "seed@haat.example",
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
  });
});
