/**
 * The customers list at 100,000 orders (docs/decisions/064-customers-by-phone.md), on SQLite or on
 * PostgreSQL (run: `npm run bench:customers -- --database sqlite|postgresql`; PostgreSQL is a
 * throwaway server of the machine's own, scripts/dev/with-postgres.mjs, with its durable defaults,
 * or the one HAAT_TEST_POSTGRES_URL names when it is set).
 *
 * Seeds `--orders` orders (default 100,000) over `--phones` phone numbers (default 30,000; a few
 * customers order often, most once or twice), of every outcome (delivered, returned by the courier,
 * cancelled, open) over two years, then times, in milliseconds, what the customers pages ask the
 * database (app/models/customers/): the first page by last order, the first page by total spent,
 * the first page by name, a search by a whole phone typed as "+880 …", by part of a number, by part
 * of a name, and the page of the customer with the most orders. Prints the median and 95th
 * percentile of `--runs` runs (default 15, after one not counted); it asserts nothing: timing
 * goals live here, not in tests. `--drop-index <name>` drops an index of "Order" before timing
 * (the figures "before" an index the migrations add).
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { benchDatabase, seededRandom, timer } from "./bench-database";

const { values: options } = parseArgs({
  options: {
    database: { type: "string", default: "sqlite" },
    orders: { type: "string", default: "100000" },
    phones: { type: "string", default: "30000" },
    runs: { type: "string", default: "15" },
    "drop-index": { type: "string", multiple: true, default: [] },
  },
});
const ORDERS = Number(options.orders);
const PHONES = Number(options.phones);
const RUNS = Number(options.runs);

const bench = await benchDatabase(options.database, "customers");

try {
  const { prisma } = await import("../../app/models/db/client.server");
  const { listCustomers } = await import("../../app/models/customers/customer-list.server");
  const { getCustomerPage } = await import("../../app/models/customers/customer-page.server");

  const random = seededRandom(46);
  const FIRST = ["Rahim", "Karim", "Fatema", "Ayesha", "Jamal", "Nusrat", "Sabbir", "Tania", "Md. Hasan", "Rupa"];
  const LAST = ["Uddin", "Akter", "Hossain", "Begum", "Islam", "Rahman", "Khatun", "Ahmed", "Sarkar", "Chowdhury"];
  const DISTRICTS = ["Dhaka", "Chattogram", "Sylhet", "Rajshahi", "Khulna", "Barishal", "Rangpur", "Gazipur"];
  const phoneOf = (index: number) => `017${String(10_000_000 + index).slice(-8)}`;
  const start = Date.now() - 2 * 365 * 24 * 60 * 60 * 1000;
  const seedStart = performance.now();
  const BATCH = 2000;
  for (let from = 0; from < ORDERS; from += BATCH) {
    const data = Array.from({ length: Math.min(BATCH, ORDERS - from) }, (_, k) => {
      const i = from + k;
      // Every phone orders at least once; the rest go mostly to a few (a square skews towards 0).
      const customer = i < PHONES ? i : Math.floor(PHONES * random() ** 2);
      const outcome = random();
      const status = outcome < 0.6 ? "delivered" : outcome < 0.7 ? "shipped" : outcome < 0.8 ? "cancelled" : "pending";
      const total = 20_000 + Math.floor(random() * 500_000);
      return {
        createdAt: new Date(start + (i / ORDERS) * (Date.now() - start)),
        customerName: `${FIRST[customer % 10]} ${LAST[Math.floor(customer / 10) % 10]} ${customer}`,
        customerPhone: phoneOf(customer),
        customerAddress: `House ${customer % 300}, Road ${customer % 17}`,
        district: DISTRICTS[customer % DISTRICTS.length]!,
        area: "Area",
        shippingMethod: "Inside Dhaka",
        shippingFeePaisa: 6000,
        subtotalPaisa: total - 6000,
        totalPaisa: total,
        status,
        // A tenth of the parcels come back: some still "shipped", some already marked delivered.
        deliveryState: outcome >= 0.6 && outcome < 0.7 ? "returned" : outcome < 0.05 ? "returned" : null,
        itemCount: 1,
        checkoutToken: `bench-${i}`,
      };
    });
    await prisma.order.createMany({ data });
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  for (const name of options["drop-index"]) await prisma.$executeRawUnsafe(`DROP INDEX "${name}"`);
  if (options.database === "postgresql") await prisma.$executeRawUnsafe('ANALYZE "Order"');
  else await prisma.$executeRawUnsafe("ANALYZE");

  const [busiest] = await prisma.order.groupBy({
    by: ["customerPhone"],
    _count: { _all: true },
    orderBy: { _count: { customerPhone: "desc" } },
    take: 1,
  });
  const busiestPhone = busiest!.customerPhone;
  const busiestName = (await prisma.order.findFirst({
    where: { customerPhone: busiestPhone },
    orderBy: { id: "desc" },
  }))!.customerName;

  console.log(
    `haat customers bench: ${options.database}, ${ORDERS} orders over ${PHONES} phones (seeded in ${seedSeconds.toFixed(1)} s), ` +
      `Node ${process.version}, ${os.cpus().length} cores${options["drop-index"].length ? `, without ${options["drop-index"].join(", ")}` : ""}`,
  );
  console.log(`busiest customer: ${busiestPhone}, ${busiest!._count._all} orders`);
  const time = timer(RUNS);
  await time("first page, by last order", () => listCustomers(1, { q: "", sort: "last-order" }));
  await time("first page, by total spent", () => listCustomers(1, { q: "", sort: "spent" }));
  await time("first page, by name", () => listCustomers(1, { q: "", sort: "name" }));
  await time("page 300, by last order", () => listCustomers(300, { q: "", sort: "last-order" }));
  const typed = `+880 ${busiestPhone.slice(1, 5)}-${busiestPhone.slice(5)}`;
  await time(`search phone "${typed}"`, () => listCustomers(1, { q: typed, sort: "last-order" }));
  await time(`search digits "${busiestPhone.slice(-6)}"`, () =>
    listCustomers(1, { q: busiestPhone.slice(-6), sort: "last-order" }),
  );
  const part = busiestName.split(" ").slice(0, 2).join(" ").toLowerCase();
  await time(`search name "${part}"`, () => listCustomers(1, { q: part, sort: "last-order" }));
  await time("customer page (busiest)", () => getCustomerPage(busiestPhone, 1));
  await prisma.$disconnect();
} finally {
  await bench.close();
}
