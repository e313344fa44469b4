/**
 * The owner's reports at 100,000 orders (docs/decisions/068-reports.md), on SQLite or on
 * PostgreSQL (run: `npm run bench:reports -- --database sqlite|postgresql`; PostgreSQL is a
 * throwaway server of the machine's own, scripts/dev/with-postgres.mjs, with its durable defaults,
 * or the one HAAT_TEST_POSTGRES_URL names when it is set).
 *
 * Seeds `--orders` orders (default 100,000) over two years with 1 to 3 line items each (about
 * 136,000 at the default), of 300 products (a third with three variants) in 20 categories, in the
 * 64 districts (Dhaka and Chattogram most), handed to Steadfast or Pathao, of every outcome
 * (delivered, returned, more in some districts, cancelled, open), a tenth with a campaign code and
 * some with an advance. Then, in the same database, times each report of
 * app/models/reports/reports.server.ts over the last 30 days (by day), over the whole two years by
 * month and by day (every order read; by day is the worst range the page allows): first with the
 * migrations' indexes, then against the plain reference (the report indexes dropped,
 * `OrderItem(orderId)` put back, the database ANALYZEd again, and VACUUMed on PostgreSQL, as before the first timing), and prints, per query, the median
 * of `--runs` runs (default 5, after one not counted) in milliseconds, with and without, and their
 * ratio. It asserts nothing: timing goals live here, not in tests.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { benchDatabase, seededRandom } from "./bench-database";

const { values: options } = parseArgs({
  options: {
    database: { type: "string", default: "sqlite" },
    orders: { type: "string", default: "100000" },
    runs: { type: "string", default: "5" },
    keep: { type: "boolean", default: false },
  },
});
const ORDERS = Number(options.orders);
const RUNS = Number(options.runs);
const PRODUCTS = 300;
const CATEGORIES = 20;

const bench = await benchDatabase(options.database, "reports");

try {
  const { prisma } = await import("../../app/models/db/client.server");
  const reports = await import("../../app/models/reports/reports.server");
  const { parseReportQuery } = await import("../../app/rules/report-range");
  const { DISTRICTS } = await import("../../app/rules/districts");

  const random = seededRandom(48);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const seedStart = performance.now();

  await prisma.category.createMany({
    data: Array.from({ length: CATEGORIES }, (_, i) => ({
      id: i + 1,
      name: `Category ${i + 1}`,
      slug: `category-${i + 1}`,
    })),
  });
  await prisma.product.createMany({
    data: Array.from({ length: PRODUCTS }, (_, i) => ({
      id: i + 1,
      name: `Product ${i + 1}`,
      slug: `product-${i + 1}`,
      description: "",
      categoryId: i % 10 === 9 ? null : (i % CATEGORIES) + 1,
    })),
  });
  // Variants: products 1–100 have three (S, M, L), the others one.
  const variants: { id: number; productId: number; label: string; price: number }[] = [];
  for (let p = 1; p <= PRODUCTS; p++) {
    const price = 20_000 + (p % 40) * 10_000;
    for (const label of p <= 100 ? ["S", "M", "L"] : [""])
      variants.push({ id: variants.length + 1, productId: p, label, price });
  }
  await prisma.productVariant.createMany({
    data: variants.map((v) => ({ id: v.id, productId: v.productId, combinationKey: v.label, pricePaisa: v.price })),
  });

  // Districts weighted: Dhaka a third, Chattogram a tenth, the rest shared; returns more likely far away.
  const districtOf = () => {
    const r = random();
    if (r < 0.33) return "Dhaka";
    if (r < 0.43) return "Chattogram";
    return pick(DISTRICTS).name;
  };
  const start = Date.now() - 2 * 365 * 24 * 60 * 60 * 1000;
  const BATCH = 2000;
  let itemId = 0;
  for (let from = 0; from < ORDERS; from += BATCH) {
    const orders = [];
    const items = [];
    for (let k = 0; k < Math.min(BATCH, ORDERS - from); k++) {
      const id = from + k + 1;
      const district = districtOf();
      const lines = 1 + Math.floor(random() * random() * 3);
      let subtotal = 0;
      let count = 0;
      for (let l = 0; l < lines; l++) {
        // Low product numbers sell most (a square skews towards 0).
        const variant = variants[Math.floor(variants.length * random() ** 2)]!;
        const quantity = 1 + Math.floor(random() * random() * 4);
        subtotal += variant.price * quantity;
        count += quantity;
        items.push({
          id: ++itemId,
          orderId: id,
          productId: variant.productId,
          variantId: variant.id,
          productName: `Product ${variant.productId}`,
          variantLabel: variant.label,
          unitPricePaisa: variant.price,
          quantity,
          subtotalPaisa: variant.price * quantity,
        });
      }
      const outcome = random();
      const far = district !== "Dhaka" && district !== "Chattogram";
      const returned = outcome < (far ? 0.2 : 0.1);
      const status = returned
        ? "cancelled"
        : outcome < 0.7
          ? "delivered"
          : outcome < 0.8
            ? "shipped"
            : outcome < 0.9
              ? "cancelled"
              : "pending";
      const sent = returned || status === "delivered" || status === "shipped";
      const coded = random() < 0.1;
      const discount = coded ? Math.round(subtotal / 10) : 0;
      const shipping = district === "Dhaka" ? 6_000 : 12_000;
      const advance = random() < 0.05 ? 20_000 : 0;
      const createdAt = new Date(start + (id / ORDERS) * (Date.now() - start));
      orders.push({
        id,
        createdAt,
        customerName: `Customer ${id % 30_000}`,
        customerPhone: `017${String(10_000_000 + (id % 30_000)).slice(-8)}`,
        customerAddress: "House 1, Road 2",
        district,
        area: "Area",
        shippingMethod: district === "Dhaka" ? "Inside Dhaka" : "Outside Dhaka",
        shippingFeePaisa: shipping,
        subtotalPaisa: subtotal,
        discountCode: coded ? pick(["EID10", "WINTER", "NEWYEAR", "FREESHIP"]) : null,
        discountPaisa: discount,
        totalPaisa: subtotal - discount + shipping,
        status,
        courier: sent ? (random() < 0.6 ? "steadfast" : "pathao") : null,
        consignmentId: sent ? `C${id}` : null,
        deliveryState: returned
          ? "returned"
          : status === "delivered"
            ? "delivered"
            : status === "shipped"
              ? "with-courier"
              : null,
        deliveredAt: status === "delivered" ? new Date(createdAt.getTime() + 3 * 86_400_000) : null,
        cashReceivedAt:
          status === "delivered" && random() < 0.8 ? new Date(createdAt.getTime() + 9 * 86_400_000) : null,
        advancePaisa: advance,
        advanceStatus: advance ? pick(["due", "paid", "paid", "refunded"]) : null,
        advancePaidPaisa: advance ? advance : 0,
        itemCount: count,
        checkoutToken: `bench-${id}`,
      });
    }
    await prisma.order.createMany({ data: orders });
    await prisma.orderItem.createMany({ data: items });
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  // Statistics, and on PostgreSQL the visibility map too (what autovacuum does in a shop after a
  // while), without which no index-only scan happens on freshly written tables.
  const analyze = () => prisma.$executeRawUnsafe(options.database === "postgresql" ? "VACUUM ANALYZE" : "ANALYZE");
  await analyze();

  console.log(
    `haat reports bench: ${options.database}, ${ORDERS} orders, ${itemId} items (seeded in ${seedSeconds.toFixed(1)} s), ` +
      `Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, median of ${RUNS} runs`,
  );
  const now = new Date();
  const rangeOf = (query: Record<string, string>) => {
    const parsed = parseReportQuery(new URLSearchParams(query), now);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.range;
  };
  const from = new Date(start).toISOString().slice(0, 10);
  const queries: [string, () => Promise<unknown>][] = [];
  for (const [name, range] of [
    ["30 days", rangeOf({})],
    ["2 years", rangeOf({ from, group: "month" })],
    ["2 years by day", rangeOf({ from, group: "day" })],
  ] as const) {
    queries.push(
      [`${name}: sales by ${range.group}`, () => reports.salesReport(range)],
      [`${name}: best sellers by product`, () => reports.bestSellers(range, "product", 20)],
      [`${name}: best sellers by variant`, () => reports.bestSellers(range, "variant", 20)],
      [`${name}: categories`, () => reports.categoryReport(range)],
      [`${name}: districts`, () => reports.districtReport(range)],
      [`${name}: couriers`, () => reports.courierReport(range)],
      [`${name}: codes`, () => reports.codeReport(range)],
      [`${name}: advances`, () => reports.advanceReport(range)],
      [`${name}: cash`, () => reports.cashReport(range)],
      [`${name}: the whole page`, () => reports.getReports(range)],
    );
  }
  // The median of RUNS runs of each query, after one not counted.
  const medians = async () => {
    const result: number[] = [];
    for (const [, query] of queries) {
      await query();
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const began = performance.now();
        await query();
        samples.push(performance.now() - began);
      }
      samples.sort((a, b) => a - b);
      result.push(samples[Math.floor(samples.length / 2)]!);
    }
    return result;
  };
  const indexed = await medians();
  // The reference: prisma/migrations/*_report_indexes undone, statistics read again.
  await prisma.$executeRawUnsafe('DROP INDEX "Order_report_idx"');
  await prisma.$executeRawUnsafe('DROP INDEX "OrderItem_report_idx"');
  await prisma.$executeRawUnsafe('CREATE INDEX "OrderItem_orderId_idx" ON "OrderItem"("orderId")');
  await analyze();
  const plain = await medians();
  console.log(
    `${"query".padEnd(40)} ${"without".padStart(9)} ${"with".padStart(9)}  ratio (ms; ratio = without / with)`,
  );
  queries.forEach(([label], i) =>
    console.log(
      `${label.padEnd(40)} ${plain[i]!.toFixed(1).padStart(9)} ${indexed[i]!.toFixed(1).padStart(9)}  ${(plain[i]! / indexed[i]!).toFixed(2).padStart(5)}×`,
    ),
  );
  await prisma.$disconnect();
} finally {
  await bench.close(options.keep);
}
