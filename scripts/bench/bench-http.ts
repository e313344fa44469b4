/**
 * `npm run bench:http [-- options]`: the shop under load, end to end, on this machine's loopback.
 *
 * 1. Seeds its own database in a temporary folder: the demo catalogue (7 categories, 66 products
 *    with pictures, a month of sample orders), then generated products up to `--products`
 *    (default 10,000; `--products 100000` for the large run), a seventh of them with Bengali names.
 * 2. Builds (`npm run build`; `--no-build` reuses build/) and starts the production server exactly
 *    as `npm start` does (package.json's `start` script, with its V8 flags) on a free port, its log
 *    lines written to a file in the temporary folder. `--node-options="<flags>"` adds flags through
 *    NODE_OPTIONS (and MALLOC_ARENA_MAX is passed on when set), to try other limits (docs/decisions/039-memory.md).
 *    `--workers N` (or `auto`) sets WEB_CONCURRENCY: the server forks N processes (node:cluster).
 *    PAGE_CACHE_STALE_SECONDS, when set in this command's environment, is passed on to the server.
 * 3. Drives each path below for `--duration` seconds (default 8) with `--connections` connections
 *    (default 64): with `wrk` when it is installed (a C load generator that leaves more of the CPU to
 *    the server), otherwise with `autocannon` from npm. Prints requests per second, p50 and p99
 *    latency in ms, errors (failed connections, timeouts and unexpected statuses), and the app's
 *    p95 time per request it rendered, read from its log lines (`responseTime`, whole ms; answers
 *    from the page cache are not logged, so with the cache this is the misses' time). `--no-cache`
 *    turns the page cache off (PAGE_CACHE_MB=0): every request is rendered, so its rps are uncached
 *    renders per second (compare `--no-cache --workers 1` with `--no-cache --workers 2`).
 * 4. When `nginx` is installed (and `--no-nginx` is not given), the same bytes of each GET page (taken from haat's answer) are served
 *    from disk by nginx in the same run (one worker against the one Node process: sendfile,
 *    tcp_nopush and tcp_nodelay on, access log off), and the table shows haat ÷ nginx: the physical
 *    limit of this box for that answer. With `--workers` above 1 the ratio compares several Node
 *    processes with one nginx worker.
 * 5. Checkout: shoppers with distinct carts (one cart cookie per connection) post the checkout form
 *    with a new checkout token each time; every 302 to the success page is one order (the row's rps
 *    are orders per second). Afterwards the database is compared with what the shoppers were told:
 *    lost orders (answered as placed, not in the database) and duplicated or unexpected orders (in
 *    the database, never answered) must be 0.
 * 6. After each round (`--rounds`, default 1; the memory goal uses 3) the server's resident memory
 *    (VmRSS) and its peak (VmHWM) from /proc, and once more after 15 s idle at the end; with workers,
 *    for each process (the primary and every worker) and their sum.
 *
 * Instead of 3–6, one of these modes:
 *
 * 7. `--flood`: what a flood of never-seen URLs costs the other visitors. Two
 *    visitors (one request at a time each, timed here) walk pages already in the page cache, first
 *    alone (quiet), then while wrk's `--flood-connections` (default 8) connections ask for a new
 *    query string on every request: an unknown parameter (`/products?x=N`), a search no one made
 *    before (`/products?q=<new word>`), and, as the reference, `/cart?x=N`, which is never cached.
 *    Prints the visitors' p50 and p95 and their p95 ÷ quiet, the flood's rate, and the server's CPU
 *    (all its processes) per flood request (from /proc, less the quiet visitors' share). wrk's two
 *    threads draw the same sequence of numbers (its Lua random generator is not seeded per thread),
 *    so each new URL is asked for twice, usually at about the same time: a flood of searches each
 *    repeated once, which is what a cache that admits a search on its second request must bear
 *    (decision 057). Needs wrk.
 * 8. `--mixed`: the page cache under a sale (docs/decisions/051-page-cache-under-a-sale.md). Before
 *    the server starts, 60 products are picked to browse: 3 count a little stock (the low-stock
 *    threshold + 1, + 3 and + 5 units, so that a sale takes them through "Only N left" to "Out of
 *    stock"), 40 count plenty (100,000 units: a sale never changes their page), 17 count none.
 *    wrk's `--connections` connections ask for those 60 pages, `/`, `/products`,
 *    `/products?page=2` and `/bn/products` in turn (a Lua script) for `--duration` seconds, twice:
 *    (a) browsing alone, the reference; (b) the same while shoppers check out at `--checkout-rate`
 *    orders a second (default 2; on a timer, each a real checkout post of a cart holding a
 *    plenty-stock product and up to two low-stock ones still in stock), and halfway through, one
 *    browsed product's price is raised straight in the database (as a staff edit writes it). The
 *    server trusts one proxy (TRUST_PROXY) and every request names its visitor in X-Forwarded-For
 *    (wrk: 1,000 addresses a thread, the checker one, each checkout its own), as a shop behind a
 *    proxy sees many shoppers: from one address, the cache's limits for a single client (60 pages
 *    stored a minute, 2 renders at once) would be what is measured. A run of 8 s at 2 orders a
 *    second sells the low-stock products out (16 orders, each taking up to 2 of their units).
 *    Table, for each run: catalogue rps, p50, p99 (ms) and errors (wrk's); rps ÷ (a); for (b) orders
 *    per second (302 answers), lost and duplicated orders (as in 5); and the checker's figures. The
 *    checker asks for one page at a time beside wrk (the 3 low-stock pages and the repriced one, then
 *    2 other URLs in turn) and reads `X-Cache` and what a product page shows (stock words, whether
 *    Add to cart can be pressed, the price), while the database is polled every 50 ms (read-only).
 *    "HIT share" is the share of `X-Cache: HIT` in the checker's sample, not in wrk's traffic. A
 *    page asked at t showing a state the database had left before t − bound (bound:
 *    PAGE_CACHE_STALE_SECONDS, default 3, + 0.2 s for the poll) is a stale violation; "largest age"
 *    (s) is the longest time after the database left a state that a page still showed it. Below the
 *    table: X-Cache shares, the checkouts (posts refused because another shopper's post took the
 *    last unit are counted apart), each watched product's states in the database over time, and
 *    when the edited price first showed. Needs wrk.
 * 9. `--hit-cost`: what a page-cache hit costs. One cached product page's answer (asked without
 *    Accept-Encoding: the identity bytes) is served by haat and by a bare Node `http` server (one
 *    process, spawned here: same status, headers and bytes); wrk drives each 3 times, alternating
 *    (this machine's figures vary by ±30 %), and each pair's bare rps ÷ haat rps is the cost of a
 *    hit relative to the least Node can do (the goal is 1.5 or less).
 *
 * 10. `--feeds`: what the product feeds cost the other visitors. The generated products get one of
 *    the demo's pictures each (a feed lists only products with a picture), so the feeds hold an item
 *    per product. First the server's CPU per feed request, one request at a time (3 of
 *    /feeds/google.xml, then 3 of /feeds/facebook.csv; the first of each apart, since it may build
 *    what the others reuse); then two visitors walk stored pages while a third asks for /cart
 *    (never cached), alone (quiet) and while wrk's `--flood-connections` (default 8) connections ask
 *    for the two feeds in turn (no Accept-Encoding, a 30 s timeout). Prints the feeds' rate, the
 *    CPU per feed request (less the visitors' share), and the stored pages' and /cart's p50 and p95.
 *    Needs wrk.
 * 11. `--crowd`: a crowd behind one address (a carrier's NAT, or a proxy without TRUST_PROXY), as
 *    docs/decisions/057-page-cache-for-crowds.md sets it out. The pages of `--mixed` (60 product
 *    pages, `/`, `/products`, `/products?page=2`, `/bn/products`) and its checkouts, in four runs,
 *    each on a server started afresh (an empty page cache) and trusting one proxy: (a) the crowd,
 *    quiet: one warm-up pass over the pages, one request at a time, then wrk's `--connections`
 *    connections over them for `--duration` seconds, every request (the warm-up's too) naming the
 *    one address 100.64.0.1 in X-Forwarded-For; (b) the same while shoppers check out at
 *    `--checkout-rate` orders a second (stock writes), from that address too; (c) and (d), the
 *    reference: the same with each warm-up request from an address of its own and wrk's requests
 *    from 1,000 addresses a thread, as `--mixed` sends them. Table: rps, p50, p99 (ms), errors
 *    (wrk's), rps ÷ the reference run ((a) ÷ (c), (b) ÷ (d)), orders a second, lost and duplicated
 *    orders, and how many of the pages the cache answered HIT right after wrk (each asked once more
 *    from the run's address). `--app DIR` runs another checkout's server (its server.js and build/,
 *    not rebuilt), to measure older code with this benchmark. Needs wrk.
 *
 * Bounded in time (about paths × rounds × (duration + 1) seconds, plus seeding and the build); never
 * part of `npm test`. It asserts nothing: the figures are for the closing notes and the goals table
 * of docs/benchmarks.md (docs/decisions/036-page-cache.md, 051-page-cache-under-a-sale.md).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import {
  APP_DIR,
  CONNECTIONS,
  databasePath,
  dir,
  DURATION_S,
  installed,
  MODES,
  options,
  PRODUCTS,
  ROUNDS,
  sleep,
  WORKERS,
} from "./http/options";
import { seed } from "./http/seed";
import { processTree, serverMemory, START_COMMAND, started, startServer } from "./http/shop-server";
import { loadGet, useWrk } from "./http/load";
import { fetchAgain, startNginx } from "./http/nginx";
import { cartCookie, loadCheckout } from "./http/checkout";
import { floodRun } from "./http/flood";
import { feedsRun } from "./http/feeds";
import { prepareSale } from "./http/sale";
import { mixedRun } from "./http/mixed";
import { crowdRun } from "./http/crowd";
import { hitCostRun } from "./http/hit-cost";
import { fixed, serverP95 } from "./http/report";

async function main() {
  console.log(
    `haat bench:http: ${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION_S} s per path, ${ROUNDS} round(s); ` +
      `Node ${process.version}, ${os.cpus().length} cores; load by ${useWrk ? "wrk" : "autocannon"}; ` +
      `server: ${START_COMMAND}${options.app ? ` in ${APP_DIR}` : ""}${options["node-options"] ? ` with NODE_OPTIONS=${options["node-options"]}` : ""}` +
      `${WORKERS ? `, WEB_CONCURRENCY=${WORKERS}` : ""}${options["no-cache"] ? ", no page cache" : ""}`,
  );
  console.log(`Seeding in ${dir} …`);
  console.log(`  seeded in ${fixed((await seed()) / 1000)} s`);
  const sale = options.mixed || options.crowd ? prepareSale() : null;
  if (!options["no-build"] && !options.app) {
    console.log("Building (npm run build) …");
    const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("The build failed");
  }
  if (options.crowd) {
    // Each run starts and stops a server of its own: an interrupted run stops the one running.
    process.once("SIGINT", () => {
      for (const child of started) child.kill("SIGTERM");
      process.exit(130);
    });
    try {
      await crowdRun(sale!);
    } finally {
      if (!options.keep) fs.rmSync(dir, { recursive: true, force: true });
      else console.log(`Kept ${dir} (database, uploads, server.log).`);
    }
    return;
  }
  const server = await startServer();
  const processes = processTree(server.child.pid!);
  if (WORKERS)
    console.log(`  the server's processes once it answered: ${processes.join(", ")} (the first is the one spawned)`);
  const nginx = MODES.length === 0 && installed("nginx") && !options["no-nginx"] ? await startNginx() : null;
  const cleanup = () => {
    server.child.kill("SIGTERM");
    nginx?.child.kill("SIGTERM");
  };
  process.once("SIGINT", () => {
    cleanup();
    process.exit(130);
  });
  try {
    const db = new Database(databasePath, { readonly: true });
    const biggest = db
      .prepare("SELECT categoryId AS id, count(*) AS n FROM Product GROUP BY categoryId ORDER BY n DESC LIMIT 1")
      .get() as { id: number; n: number };
    const middle = (
      db.prepare("SELECT id FROM Product ORDER BY id LIMIT 1 OFFSET ?").get(Math.floor(PRODUCTS / 2)) as {
        id: number;
      }
    ).id;
    // Variants whose stock is not counted: orders placed by the checkout load cannot run them out,
    // and (as a stock change would) drop the page cache while the other paths are measured.
    const cartProducts = (
      db
        .prepare(
          "SELECT v.id FROM ProductVariant v JOIN Product p ON p.id = v.productId WHERE p.trackStock = 0 AND v.isActive ORDER BY v.id LIMIT 200",
        )
        .all() as { id: number }[]
    ).map((row) => row.id);
    // The demo product with the most variants (the ceiling fan: colour × sweep), and one of its variants.
    const withVariants = db
      .prepare(
        "SELECT productId AS id, max(id) AS variant FROM ProductVariant WHERE isActive GROUP BY productId ORDER BY count(*) DESC, productId LIMIT 1",
      )
      .get() as { id: number; variant: number };
    db.close();
    if (MODES.length > 0) {
      if (options.flood) await floodRun(server, middle);
      if (options["hit-cost"]) await hitCostRun(server, `/products/${middle}`);
      if (options.feeds) await feedsRun(server, middle);
      if (sale) await mixedRun(server, sale);
      console.log(`\nServer memory at the end: ${serverMemory(server.child.pid!) ?? "not readable here"}`);
      return;
    }
    const deepPage = Math.max(1, Math.floor(biggest.n / 24 / 2));
    const cart = await cartCookie(server.origin, cartProducts.slice(0, 3));
    const paths: { label: string; url: string; headers?: Record<string, string> }[] = [
      { label: "/", url: "/" },
      { label: "/products", url: "/products" },
      {
        label: `category, price sort, page ${deepPage}`,
        url: `/products?category=${biggest.id}&sort=price-asc&page=${deepPage}`,
      },
      { label: "product page", url: `/products/${middle}` },
      { label: "product page with variants", url: `/products/${withVariants.id}` },
      { label: "a variant's page", url: `/products/${withVariants.id}?variant=${withVariants.variant}` },
      { label: "search 'lamp'", url: "/products?q=lamp" },
      // A word few names contain (a generated product's number): the index finds it at once.
      { label: "search, a rare word", url: `/products?q=${String(Math.floor(PRODUCTS / 2) + 1).padStart(6, "0")}` },
      { label: "suggestions 'lam'", url: "/resources/search-suggestions?q=lam" },
      { label: "/cart with 3 lines", url: "/cart", headers: { Cookie: cart } },
    ].filter((p) => !options.only || p.label.includes(options.only) || p.url.includes(options.only));

    if (nginx) {
      for (const [i, p] of paths.entries()) {
        const body = Buffer.from(await (await fetchAgain(server.origin + p.url, { headers: p.headers })).arrayBuffer());
        fs.writeFileSync(path.join(nginx.root, `page-${i}.html`), body);
      }
    }

    const memory: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`\nRound ${round} of ${ROUNDS}`);
      console.log(
        "| path | rps | p50 ms | p99 ms | errors | app p95 ms |" + (nginx ? " nginx rps, same bytes | ratio |" : ""),
      );
      console.log("|---|---|---|---|---|---|" + (nginx ? "---|---|" : ""));
      for (const [i, p] of paths.entries()) {
        const haat = await loadGet(server.origin + p.url, p.headers);
        const theirs = nginx ? await loadGet(`${nginx.origin}/page-${i}.html`) : null;
        console.log(
          `| ${p.label} | ${fixed(haat.rps, 0)} | ${fixed(haat.p50Ms)} | ${fixed(haat.p99Ms)} | ${haat.errors} | ` +
            `${fixed(serverP95(server.logPath, p.url))} |` +
            (theirs ? ` ${fixed(theirs.rps, 0)} | ${fixed(haat.rps / theirs.rps, 3)} |` : ""),
        );
      }
      if (!options.only || "checkout".includes(options.only)) {
        const checkout = await loadCheckout(server.origin, cartProducts);
        console.log(
          `| checkout (POST /cart) | ${fixed(checkout.rps, 0)} orders/s | ${fixed(checkout.p50Ms)} | ${fixed(checkout.p99Ms)} | ` +
            `${checkout.errors} | – |` +
            (nginx ? " – | – |" : ""),
        );
        console.log(
          `  checkout: ${checkout.requests} posts, ${checkout.placed} answered as placed, ${checkout.inDatabase} new orders ` +
            `in the database (${checkout.unanswered} of them not answered before the load stopped); ` +
            `lost ${checkout.lost}, duplicated ${checkout.unexpected}`,
        );
      }
      const line = serverMemory(server.child.pid!) ?? "not readable here";
      memory.push(line);
      console.log(`Server memory after round ${round}: ${line}`);
    }
    console.log(`\nServer memory after each round: ${memory.join("; ")}`);
    // V8 gives memory back once the allocation rate falls (its memory reducer): what an idle
    // server keeps between two spikes of traffic.
    await sleep(15_000);
    const idle = serverMemory(server.child.pid!);
    if (idle) console.log(`Server memory after 15 s idle: ${idle}`);
  } finally {
    cleanup();
    if (!options.keep) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`Kept ${dir} (database, uploads, server.log).`);
  }
}

await main();
