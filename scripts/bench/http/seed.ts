/** `npm run bench:http`, step 1: the seeded shop (scripts/bench/bench-http.ts, section 1). */
import { performance } from "node:perf_hooks";
import { databasePath, options, PRODUCTS, serverEnv } from "./options";

/** Seeds the demo shop and `PRODUCTS` products in all; returns the seeding time in ms. */
export async function seed(): Promise<number> {
  const started = performance.now();
  Object.assign(process.env, serverEnv, { PUBLIC_URL: "http://127.0.0.1" });
  const { applyMigrations } = await import("../../db/migrate.mjs");
  await applyMigrations({ databasePath });
  const { prisma } = await import("../../../app/models/db/client.server");
  const { seedDemoCatalogue } = await import("../../../prisma/seed.server");
  await seedDemoCatalogue(prisma, { uploadsPath: serverEnv.UPLOADS_DIR!, sampleOrders: true });
  const categories = await prisma.category.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  const existing = await prisma.product.count();
  const things = ["Pendant Lamp", "Ceiling Fan", "Wall Switch", "LED Bulb", "Table Lamp", "Socket", "Chandelier"];
  const bengali = ["ঝুলন্ত বাতি", "সিলিং ফ্যান", "দেয়াল সুইচ", "এলইডি বাল্ব", "টেবিল ল্যাম্প", "সকেট", "ঝাড়বাতি"];
  const rows = [];
  for (let i = existing; i < PRODUCTS; i++) {
    const kind = i % things.length;
    const name =
      i % 7 === 3 ? `${bengali[Math.floor(i / 7) % 7]} ${i}` : `${things[kind]} ${String(i).padStart(6, "0")}`;
    rows.push({
      name,
      slug: `bench-${i}`,
      description: `A product made for the benchmark, number ${i}.`,
      pricePaisa: 10_000 + ((i * 7919) % 900_000),
      discountedPricePaisa: i % 5 === 0 ? 9_000 + ((i * 7919) % 800_000) : null,
      categoryId: categories[i % categories.length]!.id,
      isFeatured: i % 500 === 0,
    });
    if (rows.length === 5000 || i === PRODUCTS - 1) {
      // Each product is sold through one default variant (docs/decisions/047-variants.md).
      const batch = rows.splice(0);
      const created = await prisma.product.createManyAndReturn({
        data: batch.map(({ pricePaisa, discountedPricePaisa, ...product }) => ({
          ...product,
          minPricePaisa: Math.min(pricePaisa, discountedPricePaisa ?? pricePaisa),
          maxPricePaisa: Math.min(pricePaisa, discountedPricePaisa ?? pricePaisa),
        })),
        select: { id: true },
      });
      await prisma.productVariant.createMany({
        data: created.map((product, index) => ({
          productId: product.id,
          combinationKey: "",
          pricePaisa: batch[index]!.pricePaisa,
          discountedPricePaisa: batch[index]!.discountedPricePaisa,
        })),
      });
    }
  }
  if (options.feeds) {
    // A feed lists only products with a picture: each generated product gets one of the demo's.
    const images = await prisma.image.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    const bare = await prisma.product.findMany({ where: { images: { none: {} } }, select: { id: true } });
    for (let at = 0; at < bare.length; at += 5000) {
      await prisma.productImage.createMany({
        data: bare.slice(at, at + 5000).map((product, index) => ({
          productId: product.id,
          imageId: images[(at + index) % images.length]!.id,
          position: 0,
        })),
      });
    }
  }
  await prisma.$disconnect();
  return performance.now() - started;
}
