/**
 * Benchmarks of the shop's hot paths on a fresh database (run: `npm run bench`).
 * Seeds BENCH_PRODUCTS products (default 2,000) without images, then times, in milliseconds:
 * the /products listing query, one product page query, placing an order (one transaction), and
 * storing an uploaded 12-megapixel photo (decode, auto-orient, four WebP variants written to disk,
 * app/server/media/images.server.ts `storeImage`), the slowest step of saving a product.
 * Prints median and 95th percentile; it asserts nothing: timing goals live here, not in tests.
 */
import { SPEC_DELIVERY_FEES } from "../../app/rules/shipping";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freshBenchShop } from "./bench-env";

const dir = await freshBenchShop("haat-bench-");

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000);
const { prisma } = await import("../../app/models/db/client.server");
const { listProducts } = await import("../../app/models/catalogue/product-listings.server");
const { getProductDetail } = await import("../../app/models/catalogue/product-detail.server");
const { getVariantsForCart } = await import("../../app/models/catalogue/cart-variants.server");
const { placeOrder } = await import("../../app/models/orders/place-order.server");

const category = await prisma.category.create({ data: { name: "Bench", slug: "bench" } });
// Each product is sold through one default variant (docs/decisions/047-variants.md).
const prices = Array.from({ length: PRODUCTS }, (_, i) => ({
  pricePaisa: 10_000 + ((i * 7919) % 500_000),
  discountedPricePaisa: i % 4 === 0 ? 9_000 : null,
}));
const created = await prisma.product.createManyAndReturn({
  data: prices.map((price, i) => ({
    name: `Bench product ${String(i).padStart(5, "0")}`,
    slug: `bench-product-${i}`,
    description: "A product for benchmarks.",
    minPricePaisa: Math.min(price.pricePaisa, price.discountedPricePaisa ?? price.pricePaisa),
    maxPricePaisa: Math.min(price.pricePaisa, price.discountedPricePaisa ?? price.pricePaisa),
    categoryId: category.id,
    isFeatured: i % 50 === 0,
  })),
  select: { id: true },
});
await prisma.productVariant.createMany({
  data: created.map((product, i) => ({ id: product.id, productId: product.id, combinationKey: "", ...prices[i]! })),
});

async function time(label: string, runs: number, fn: (i: number) => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!.toFixed(2);
  console.log(
    `${label.padEnd(44)} runs ${String(runs).padStart(4)}  p50 ${pct(0.5).padStart(8)} ms  p95 ${pct(0.95).padStart(8)} ms`,
  );
}

console.log(`haat bench: ${PRODUCTS} products, Node ${process.version}, ${os.cpus().length} cores`);
await time("listProducts (all, by name)", 30, () => listProducts({ sort: "name" }));
await time("listProducts (search 'product 01', price asc)", 30, () =>
  listProducts({ query: "product 01", sort: "price-asc" }),
);
await time("getProductDetail", 300, (i) => getProductDetail((i % PRODUCTS) + 1));
const { priceCart } = await import("../../app/rules/pricing");
await time("checkout (3 line items: one product read, one transaction)", 300, async (i) => {
  const lines = [
    { variantId: (i % PRODUCTS) + 1, quantity: 1 },
    { variantId: ((i + 1) % PRODUCTS) + 1, quantity: 2 },
    { variantId: ((i + 2) % PRODUCTS) + 1, quantity: 3 },
  ];
  const cart = priceCart(lines, await getVariantsForCart(lines.map((line) => line.variantId)));
  return placeOrder(
    {
      name: "Bench Shopper",
      phone: "01712345678",
      address: "House 1, Road 2",
      area: "Mirpur 10",
      district: "Dhaka",
      checkoutToken: `bench-token-${i}-xxxxxxxxxxxx`,
      expectedSubtotalPaisa: cart.subtotalPaisa,
    },
    cart,
    SPEC_DELIVERY_FEES,
  );
});

// A 12-megapixel JPEG as a phone makes it: 4000 × 3000 px, quality 90, with EXIF orientation and
// sensor-like noise (a smooth upscale would compress, and so decode, unrealistically fast).
const sharp = (await import("sharp")).default;
const noise = await sharp({
  create: {
    width: 4000,
    height: 3000,
    channels: 3,
    background: "#808080",
    noise: { type: "gaussian", mean: 128, sigma: 24 },
  },
})
  .png()
  .toBuffer();
const photo = await sharp(path.resolve("tests/fixtures/images/ladybird-exif-orientation-6.jpg"))
  .rotate()
  .resize(4000, 3000, { fit: "fill" })
  .composite([{ input: noise, blend: "soft-light" }])
  .jpeg({ quality: 90 })
  .withMetadata({ orientation: 6 })
  .toBuffer();
const { storeImage } = await import("../../app/server/media/images.server");
console.log(`  (the photo: ${(photo.length / 1_000_000).toFixed(1)} MB JPEG)`);
await time("storeImage (12 MP JPEG → 4 WebP variants)", 8, () => storeImage(photo));

await prisma.$disconnect();
fs.rmSync(dir, { recursive: true, force: true });
