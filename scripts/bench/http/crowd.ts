/**
 * `npm run bench:http -- --crowd`: a crowd behind one address (scripts/bench/bench-http.ts,
 * section 11).
 */
import Database from "better-sqlite3";
import { APP_DIR, CHECKOUT_RATE, CONNECTIONS, databasePath, DURATION_S, installed, options } from "./options";
import { startServer } from "./shop-server";
import type { Load } from "./load";
import { checkOrders, type OrderCheck, orderCount } from "./checkout";
import { browse, type PacedCheckouts, type Sale, saleCarts, shopAtRate, stockSale, watchDatabase } from "./sale";
import { saleUrls } from "./mixed";
import { fixed } from "./report";

/** The address of the crowd of `--crowd` (in the carrier-grade NAT range, RFC 6598). */
const CROWD_ADDRESS = "100.64.0.1";

/** One run of `--crowd`: wrk's figures, the shoppers' and the orders' (with checkouts), and the pages kept. */
type CrowdPass = { load: Load; shoppers: PacedCheckouts | null; orders: OrderCheck | null; kept: number };

/**
 * One run of `--crowd` on a server started afresh: the warm-up pass over `urls` (one request at a
 * time, from `CROWD_ADDRESS` or each from an address of its own), wrk for `DURATION_S` seconds
 * (from that address, or many), with checkouts at `CHECKOUT_RATE` when `checkouts`; then each URL
 * once more to count the pages answered from the cache.
 */
async function crowdPass(sale: Sale, urls: string[], crowd: boolean, checkouts: boolean): Promise<CrowdPass> {
  const server = await startServer();
  try {
    const from = (i: number) => (crowd ? CROWD_ADDRESS : `10.250.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    const carts = checkouts ? await saleCarts(server.origin, sale) : null;
    for (const [i, url] of urls.entries())
      await (await fetch(server.origin + url, { headers: { "X-Forwarded-For": from(i) } })).arrayBuffer();
    const truth = watchDatabase([...sale.low, ...sale.plenty, ...sale.uncounted], sale.threshold);
    const db = new Database(databasePath, { readonly: true });
    const ordersBefore = orderCount(db);
    const lowInStock = () => sale.low.flatMap((product, i) => ((truth.units.get(product.id) ?? 0) > 0 ? [i] : []));
    const [load, shoppers] = await Promise.all([
      browse(server.origin, urls, DURATION_S, crowd ? CROWD_ADDRESS : undefined),
      carts ? shopAtRate(server.origin, carts, DURATION_S, lowInStock, crowd ? CROWD_ADDRESS : undefined) : null,
    ]);
    truth.stop();
    const orders = shoppers ? checkOrders(db, ordersBefore, shoppers.sent, shoppers.placed) : null;
    db.close();
    let kept = 0;
    for (const [i, url] of urls.entries()) {
      const response = await fetch(server.origin + url, { headers: { "X-Forwarded-For": from(i) } });
      await response.arrayBuffer();
      if (response.headers.get("X-Cache") === "HIT") kept++;
    }
    return { load, shoppers, orders, kept };
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
  }
}

/** Runs `--crowd` (the comment atop bench-http.ts, section 11) and prints its table. */
export async function crowdRun(sale: Sale): Promise<void> {
  if (!installed("wrk")) throw new Error("--crowd needs wrk (apt-get install wrk)");
  const urls = saleUrls(sale);
  console.log(
    `\nA crowd behind one address: ${urls.length} pages, wrk's ${CONNECTIONS} connections for ${DURATION_S} s after one ` +
      `warm-up pass, each run on a server started afresh${options.app ? ` from ${APP_DIR}` : ""}: from ${CROWD_ADDRESS} ` +
      `alone (a, b) or from many addresses (c, d, the reference), quiet and with checkouts at ${CHECKOUT_RATE}/s.`,
  );
  const runs: [string, CrowdPass][] = [];
  for (const [label, crowd, checkouts] of [
    ["(a) one address, quiet", true, false],
    [`(b) one address, checkouts at ${CHECKOUT_RATE}/s`, true, true],
    ["(c) many addresses, quiet", false, false],
    [`(d) many addresses, checkouts at ${CHECKOUT_RATE}/s`, false, true],
  ] as const) {
    runs.push([label, await crowdPass(sale, urls, crowd, checkouts)]);
    // The sale's products start each run with their units again.
    stockSale(sale);
  }
  console.log(
    "\n| run | rps | p50 ms | p99 ms | errors | rps ÷ reference | orders/s | lost | duplicated | pages HIT after |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const [i, [label, pass]] of runs.entries()) {
    const reference = i < 2 ? runs[i + 2]![1] : null;
    console.log(
      `| ${label} | ${fixed(pass.load.rps, 0)} | ${fixed(pass.load.p50Ms)} | ${fixed(pass.load.p99Ms)} | ${pass.load.errors} | ` +
        `${reference ? fixed(pass.load.rps / reference.load.rps, 2) : "–"} | ` +
        (pass.shoppers && pass.orders
          ? `${fixed(pass.shoppers.placed.length / DURATION_S, 2)} | ${pass.orders.lost} | ${pass.orders.unexpected} | `
          : "– | – | – | ") +
        `${pass.kept} of ${urls.length} |`,
    );
  }
  for (const [label, pass] of runs) {
    if (pass.shoppers && pass.shoppers.other.size > 0)
      console.log(
        `  ${label}: checkout answers other than 302: ${[...pass.shoppers.other].map(([k, v]) => `${k} × ${v}`).join(", ")}`,
      );
  }
}
