/**
 * `npm run bench:http -- --mixed`: the page cache under a sale, and the table and details it
 * prints (scripts/bench/bench-http.ts, section 8; docs/decisions/051-page-cache-under-a-sale.md).
 */
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { formatMoney } from "../../../app/rules/money";
import { CHECKOUT_RATE, CONNECTIONS, databasePath, DURATION_S, installed, sleep, STALE_SECONDS } from "./options";
import type { Server } from "./shop-server";
import type { Load } from "./load";
import { checkOrders, type OrderCheck, orderCount } from "./checkout";
import { percentile } from "./flood";
import {
  BOUND_MS,
  browse,
  cacheShares,
  type Check,
  checkPages,
  judge,
  type Judged,
  type PacedCheckouts,
  type Page,
  PLENTY_UNITS,
  reprice,
  type Sale,
  saleCarts,
  type SaleCarts,
  type SaleProduct,
  shopAtRate,
  type Truth,
  TRUTH_POLL_MS,
  watchDatabase,
} from "./sale";
import { fixed } from "./report";

/** One run of `--mixed`: wrk's figures, the checker's judged answers, the truth, and (run b) the sale's. */
type MixedPass = {
  load: Load;
  checks: Check[];
  judged: Judged[];
  truth: Truth;
  startMs: number;
  sale: { shoppers: PacedCheckouts; orders: OrderCheck; repricedAtMs: number; newPricePaisa: number } | null;
};

/**
 * One run of `--mixed` for `DURATION_S` seconds: wrk browsing `urls` beside the checker; with
 * `carts`, run (b): the shoppers check out at `CHECKOUT_RATE` and, halfway, the first uncounted
 * product is repriced. Afterwards the database is compared with what the shoppers were told.
 */
async function mixedPass(origin: string, sale: Sale, urls: string[], carts: SaleCarts | null): Promise<MixedPass> {
  const products = [...sale.low, ...sale.plenty, ...sale.uncounted];
  const pageOf = (product: SaleProduct): Page => ({ url: `/products/${product.id}`, productId: product.id });
  const watched = [...sale.low, sale.uncounted[0]!].map(pageOf);
  // Every other product page, and a listing before every 14th of them.
  const listings = urls.filter((url) => !url.startsWith("/products/"));
  const others = products
    .slice(3)
    .filter((product) => product !== sale.uncounted[0])
    .flatMap((product, i) =>
      i % 14 === 0
        ? [{ url: listings[(i / 14) % listings.length]!, productId: null }, pageOf(product)]
        : [pageOf(product)],
    );
  const truth = watchDatabase(products, sale.threshold);
  const db = new Database(databasePath, { readonly: true });
  const ordersBefore = orderCount(db);
  const startMs = performance.now();
  const edit = { atMs: NaN, pricePaisa: NaN };
  const timer = carts
    ? setTimeout(() => {
        edit.atMs = performance.now();
        edit.pricePaisa = reprice(sale.uncounted[0]!);
      }, DURATION_S * 500)
    : null;
  const lowInStock = () => sale.low.flatMap((product, i) => ((truth.units.get(product.id) ?? 0) > 0 ? [i] : []));
  const [load, checks, shoppers] = await Promise.all([
    browse(origin, urls, DURATION_S),
    checkPages(origin, watched, others, startMs + DURATION_S * 1000),
    carts ? shopAtRate(origin, carts, DURATION_S, lowInStock) : null,
  ]);
  if (timer) clearTimeout(timer);
  await sleep(2 * TRUTH_POLL_MS);
  truth.stop();
  const orders = shoppers ? checkOrders(db, ordersBefore, shoppers.sent, shoppers.placed) : null;
  db.close();
  return {
    load,
    checks,
    judged: judge(checks, truth),
    truth,
    startMs,
    sale: shoppers && orders ? { shoppers, orders, repricedAtMs: edit.atMs, newPricePaisa: edit.pricePaisa } : null,
  };
}

/** The catalogue URLs `--mixed` and `--crowd` browse: the sale's 60 product pages, then `/` and 3 listings. */
export function saleUrls(sale: Sale): string[] {
  const products = [...sale.low, ...sale.plenty, ...sale.uncounted];
  return [
    ...products.map((product) => `/products/${product.id}`),
    "/",
    "/products",
    "/products?page=2",
    "/bn/products",
  ];
}

/** Runs `--mixed` (the comment atop bench-http.ts, section 8) against `server` and prints its table. */
export async function mixedRun(server: Server, sale: Sale): Promise<void> {
  if (!installed("wrk")) throw new Error("--mixed needs wrk (apt-get install wrk)");
  const products = [...sale.low, ...sale.plenty, ...sale.uncounted];
  const urls = saleUrls(sale);
  const repriced = sale.uncounted[0]!;
  console.log(
    `\nBrowsing under a sale: wrk, ${CONNECTIONS} connections over ${urls.length} URLs for ${DURATION_S} s, twice: ` +
      `(a) alone, (b) with checkouts at ${CHECKOUT_RATE}/s and one price edit halfway.`,
  );
  console.log(
    `  ${products.length} product pages: 3 count little stock (${sale.low.map((p, i) => `#${p.id} ${sale.threshold + 1 + 2 * i}`).join(", ")} units; ` +
      `"Only N left" at ${sale.threshold} or fewer), ${sale.plenty.length} count ${PLENTY_UNITS.toLocaleString("en")} units, ` +
      `${sale.uncounted.length} count none (#${repriced.id} is repriced); and /, /products, /products?page=2, /bn/products.`,
  );
  console.log(
    `  Stale bound: PAGE_CACHE_STALE_SECONDS ${STALE_SECONDS} s + 0.2 s for the 50-ms poll of the database. ` +
      `Checker: the low-stock and repriced pages, then 2 other URLs in turn, one request at a time.`,
  );
  const carts = await saleCarts(server.origin, sale);
  await browse(server.origin, urls, 2); // Warm-up: every page into the cache.
  const alone = await mixedPass(server.origin, sale, urls, null);
  await sleep(1000);
  const withSale = await mixedPass(server.origin, sale, urls, carts);

  console.log(
    "\n| run | catalogue rps | p50 ms | p99 ms | errors | rps ÷ (a) | orders/s | lost | duplicated | pages checked | HIT share (checker's sample) | stale violations | largest age s |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const [label, pass] of [
    ["(a) browsing alone", alone],
    [`(b) with checkouts at ${CHECKOUT_RATE}/s`, withSale],
  ] as const) {
    const ages = pass.judged.flatMap((check) => (check.ageMs === null ? [] : [check.ageMs]));
    const violations = ages.filter((age) => age > BOUND_MS).length;
    const hits = pass.checks.filter((check) => check.cache === "HIT").length;
    console.log(
      `| ${label} | ${fixed(pass.load.rps, 0)} | ${fixed(pass.load.p50Ms)} | ${fixed(pass.load.p99Ms)} | ${pass.load.errors} | ` +
        `${fixed(pass.load.rps / alone.load.rps, 2)} | ` +
        (pass.sale
          ? `${fixed(pass.sale.shoppers.placed.length / DURATION_S, 2)} | ${pass.sale.orders.lost} | ${pass.sale.orders.unexpected} | `
          : "– | – | – | ") +
        `${pass.checks.length} | ${fixed((100 * hits) / pass.checks.length, 0)}% | ${violations} | ${fixed(Math.max(0, ...ages) / 1000, 2)} |`,
    );
  }
  for (const [label, pass] of [
    ["(a)", alone],
    ["(b)", withSale],
  ] as const) {
    printPassDetails(label, pass, sale);
  }
}

/** Seconds since `startMs` (performance.now()), as text: "4.21 s". */
const secondsSince = (startMs: number, atMs: number) => `${fixed((atMs - startMs) / 1000, 2)} s`;

/** Prints what one `--mixed` run's checker, truth and shoppers saw (below the table). */
function printPassDetails(label: string, pass: MixedPass, sale: Sale): void {
  const at = (ms: number) => secondsSince(pass.startMs, ms);
  console.log(`\n${label} X-Cache, checker's sample (not wrk's traffic):`);
  console.log(`  low-stock and repriced pages: ${cacheShares(pass.checks.filter((check) => check.watched))}`);
  console.log(`  other URLs: ${cacheShares(pass.checks.filter((check) => !check.watched))}`);
  const failed = pass.checks.filter((check) => check.status !== 200);
  if (failed.length > 0) {
    const first = failed.slice(0, 10).map((check) => `${check.url} ${check.status || "no answer"}`);
    console.log(`  ${failed.length} answers other than 200 (first 10): ${first.join(", ")}`);
  }
  if (pass.sale) {
    const { shoppers, orders } = pass.sale;
    const other = [...shoppers.other].map(([status, n]) => `${n} × ${status}`).join(", ") || "none";
    console.log(
      `${label} checkout: ${shoppers.sent.length} posts on a timer, ${shoppers.placed.length} placed (302), ` +
        `${shoppers.soldOut} refused as out of stock (the last unit went to a post in flight), other answers: ${other}; ` +
        `post p50 ${fixed(percentile(shoppers.timesMs, 0.5))} ms, p99 ${fixed(percentile(shoppers.timesMs, 0.99))} ms; ` +
        `${orders.inDatabase} new orders in the database, lost ${orders.lost}, duplicated ${orders.unexpected}, ` +
        `written but unanswered ${orders.unanswered}`,
    );
  }
  for (const product of [...sale.low, sale.uncounted[0]!]) {
    const timeline = pass.truth.timelines.get(product.id) ?? [];
    const pages = pass.judged.filter((check) => check.productId === product.id);
    const oldest = pages.reduce<Judged | null>(
      (worst, check) => ((check.ageMs ?? -1) > (worst?.ageMs ?? -1) ? check : worst),
      null,
    );
    const changes = timeline.map((entry) => `${entry.state} from ${at(Math.max(pass.startMs, entry.atMs))}`).join("; ");
    console.log(
      `${label} #${product.id}: ${pages.length} pages checked (${cacheShares(pages)}); largest age ` +
        `${oldest && oldest.ageMs ? `${fixed(oldest.ageMs / 1000, 2)} s (asked at ${at(oldest.askedMs)}, ${oldest.cache})` : "0 s"}; database: ${changes}`,
    );
  }
  if (pass.sale && Number.isFinite(pass.sale.repricedAtMs)) {
    const price = formatMoney(pass.sale.newPricePaisa);
    const pages = pass.judged.filter((check) => check.productId === sale.uncounted[0]!.id);
    const lastOld = pages.filter((check) => !check.shown!.endsWith(price)).at(-1);
    const firstNew = pages.find((check) => check.shown!.endsWith(price));
    console.log(
      `${label} price edit of #${sale.uncounted[0]!.id} to ${price} at ${at(pass.sale.repricedAtMs)}: ` +
        `last page with the old price asked at ${lastOld ? `${at(lastOld.askedMs)} (${lastOld.cache})` : "–"}, ` +
        `first with the new one at ${firstNew ? `${at(firstNew.askedMs)} (${firstNew.cache})` : "–"}`,
    );
  }
  const violations = pass.judged.filter((check) => check.ageMs !== null && check.ageMs > BOUND_MS);
  const unseen = pass.judged.filter((check) => check.ageMs === null);
  const describe = (check: Judged) => `${check.url} asked at ${at(check.askedMs)} (${check.cache}): "${check.shown}"`;
  if (violations.length > 0)
    console.log(
      `${label} stale violations (first 5): ${violations
        .slice(0, 5)
        .map((check) => `${describe(check)}, age ${fixed(check.ageMs! / 1000, 2)} s`)
        .join("; ")}`,
    );
  if (unseen.length > 0)
    console.log(
      `${label} pages showing a state the database never held by the poll (${unseen.length}, first 5): ${unseen.slice(0, 5).map(describe).join("; ")}`,
    );
}
