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
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { en } from "../../app/i18n/en";
import { serverMessages } from "../../app/i18n/server-messages";
import { formatMoney, unitPricePaisa } from "../../app/rules/money";
import { availableQuantity, shownUnits, stockLevel } from "../../app/rules/stock";
import { checkoutForm } from "./bench-shop";
import { freePort } from "../lib/free-port";

const { values: options } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "64" },
    rounds: { type: "string", default: "1" },
    "no-build": { type: "boolean", default: false },
    "no-cache": { type: "boolean", default: false },
    autocannon: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    only: { type: "string" },
    "node-options": { type: "string", default: "" },
    "no-nginx": { type: "boolean", default: false },
    flood: { type: "boolean", default: false },
    "flood-connections": { type: "string", default: "8" },
    mixed: { type: "boolean", default: false },
    "checkout-rate": { type: "string", default: "2" },
    "hit-cost": { type: "boolean", default: false },
    feeds: { type: "boolean", default: false },
    crowd: { type: "boolean", default: false },
    app: { type: "string" },
    workers: { type: "string" },
  },
});
const PRODUCTS = positive("products");
const DURATION_S = positive("duration");
const CONNECTIONS = positive("connections");
const ROUNDS = positive("rounds");

const FLOOD_CONNECTIONS = positive("flood-connections");
/** `--checkout-rate`: the orders a second the shoppers of `--mixed` run (b) post. */
const CHECKOUT_RATE = positive("checkout-rate", { whole: false });
/** `--workers`: WEB_CONCURRENCY for the server (a number, or "auto"); null: not set (one process). */
const WORKERS =
  options.workers === undefined || options.workers === "auto" ? (options.workers ?? null) : String(positive("workers"));
/** The stale bound the server is given (PAGE_CACHE_STALE_SECONDS, passed on when set here), in seconds. */
const STALE_SECONDS = Number(process.env.PAGE_CACHE_STALE_SECONDS ?? 3);
if (!Number.isFinite(STALE_SECONDS) || STALE_SECONDS < 0) {
  console.error(`PAGE_CACHE_STALE_SECONDS must be a number of seconds (got ${process.env.PAGE_CACHE_STALE_SECONDS}).`);
  process.exit(2);
}
/** The mode asked for instead of the table of paths (sections 7–11 of the comment above), if any. */
const MODES = (["flood", "mixed", "hit-cost", "feeds", "crowd"] as const).filter((mode) => options[mode]);
/** `--app`: the checkout whose server.js and build/ run (this one by default; not rebuilt when given). */
const APP_DIR = options.app ? path.resolve(options.app) : process.cwd();
if (MODES.length > 1) {
  console.error(`--${MODES.join(" and --")}: one mode at a time.`);
  process.exit(2);
}

/**
 * The option `name` as a positive number (a whole one unless `whole` is false); exits with a
 * message when it is not one.
 */
function positive(
  name: "products" | "duration" | "connections" | "rounds" | "flood-connections" | "checkout-rate" | "workers",
  { whole = true } = {},
): number {
  const value = Number(options[name]);
  if (!(whole ? Number.isSafeInteger(value) : Number.isFinite(value)) || value <= 0) {
    console.error(`--${name} must be a positive ${whole ? "whole " : ""}number (got ${options[name]}).`);
    process.exit(2);
  }
  return value;
}

/** Resolves after `ms` milliseconds. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `command` is on the PATH. */
function installed(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-bench-http-"));
const databasePath = path.join(dir, "bench.db");
const serverEnv: Record<string, string> = {
  NODE_ENV: "production",
  DATABASE_URL: `file:${databasePath}`,
  UPLOADS_DIR: path.join(dir, "uploads"),
  SESSION_SECRET: crypto.randomBytes(24).toString("hex"),
  COOKIE_SECURE: "false",
  COURIER_REFRESH_MINUTES: "0",
  // Thousands of orders come from one address and a few phones: the per-phone and per-address
  // checkout limits would refuse them (they are the owner's settings, off here).
  SHOP_PHONE_ORDER_LIMIT: "0",
  SHOP_ADDRESS_ORDER_LIMIT: "0",
  // `--no-cache` measures what the app itself costs: every request rendered.
  ...(options["no-cache"] ? { PAGE_CACHE_MB: "0" } : {}),
  ...(WORKERS ? { WEB_CONCURRENCY: WORKERS } : {}),
  // `--mixed` models many visitors behind one trusted proxy: each request names its visitor in
  // X-Forwarded-For. From one address, the page cache's limits for one client (60 pages stored a
  // minute, 2 renders at once) would be what the run measures, not the sale.
  ...(options.mixed || options.crowd ? { TRUST_PROXY: "true" } : {}),
  ...(process.env.PAGE_CACHE_STALE_SECONDS !== undefined ? { PAGE_CACHE_STALE_SECONDS: String(STALE_SECONDS) } : {}),
};

// ---- 1. Seed -------------------------------------------------------------------------------

/** Seeds the demo shop and `PRODUCTS` products in all; returns the seeding time in ms. */
async function seed(): Promise<number> {
  const started = performance.now();
  Object.assign(process.env, serverEnv, { PUBLIC_URL: "http://127.0.0.1" });
  const { applyMigrations } = await import("../db/migrate.mjs");
  await applyMigrations({ databasePath });
  const { prisma } = await import("../../app/models/db/client.server");
  const { seedDemoCatalogue } = await import("../../prisma/seed.server");
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

// ---- 2. The server ----------------------------------------------------------------------------

type Server = { child: ChildProcess; origin: string; logPath: string };

/** The app's package.json `start` script (`--app`'s own): the production start command, V8 flags included. */
const START_COMMAND: string = JSON.parse(fs.readFileSync(path.join(APP_DIR, "package.json"), "utf8")).scripts.start;

/** Every server started (`startServer`), so that an interrupted run stops each of them. */
const started: ChildProcess[] = [];

/**
 * Starts the server with `START_COMMAND` (through `sh -c exec`, so the child's pid is Node's own
 * (with `--workers`, the cluster's primary) and its memory is read from /proc) on a free port;
 * resolves once /healthz answers 200 (15 s at most).
 */
async function startServer(): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logPath = path.join(dir, "server.log");
  const out = fs.openSync(logPath, "a");
  const child = spawn("sh", ["-c", `exec ${START_COMMAND}`], {
    env: {
      PATH: process.env.PATH,
      ...serverEnv,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: origin,
      ...(options["node-options"] ? { NODE_OPTIONS: options["node-options"] } : {}),
      // glibc's malloc arenas (one per thread by default, up to 8 × cores): set it to try fewer.
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
    },
    stdio: ["ignore", out, out],
    cwd: APP_DIR,
  });
  started.push(child);
  await waitForAnswer(
    `${origin}/healthz`,
    child,
    15,
    (why) => `The server ${why}:\n${fs.readFileSync(logPath, "utf8")}`,
    (response) => response.ok,
  );
  return { child, origin, logPath };
}

/**
 * Resolves once `url` answers as `accepted` says (any answer by default), asking every 50 ms;
 * rejects with the message `failure(why)` when `child` ends first or after `seconds`.
 */
async function waitForAnswer(
  url: string,
  child: ChildProcess,
  seconds: number,
  failure: (why: string) => string,
  accepted: (response: Response) => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(failure("ended"));
    if (await fetch(url).then(accepted, () => false)) return;
    if (Date.now() > deadline) throw new Error(failure(`did not answer within ${seconds} s`));
    await sleep(50);
  }
}

/** A process's resident memory now and at its peak, in MB (Linux /proc; null elsewhere). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** The fields of /proc/<pid>/stat after the command's name (the first is field 3, the state). */
function statFields(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
}

/**
 * `pid` and every process below it (a cluster's primary and its workers), from the parent ids in
 * /proc/<n>/stat (this kernel has no /proc/<pid>/task/<tid>/children); `[pid]` where /proc is not
 * readable.
 */
function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  const entries = fs.existsSync("/proc") ? fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name)) : [];
  for (const entry of entries) {
    try {
      parentOf.set(Number(entry), Number(statFields(Number(entry))[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

/**
 * The server's resident memory now and at its peak (VmRSS, VmHWM) as one line, in MB: one process's,
 * or with workers each process's (the primary first) and their sum; null where /proc is not readable.
 */
function serverMemory(pid: number): string | null {
  const processes = processTree(pid).map((each) => ({ pid: each, memory: memoryOf(each) }));
  const describe = (memory: { rssMb: number; peakMb: number }) =>
    `${fixed(memory.rssMb, 0)} MB resident (peak ${fixed(memory.peakMb, 0)} MB)`;
  if (!processes[0]!.memory) return null;
  if (processes.length === 1) return describe(processes[0]!.memory);
  const total = processes.reduce((sum, each) => sum + (each.memory?.rssMb ?? 0), 0);
  const each = processes.map(
    (p, i) => `${i === 0 ? "primary" : "worker"} ${p.pid} ${p.memory ? describe(p.memory) : "ended"}`,
  );
  return `${each.join(", ")}; ${fixed(total, 0)} MB resident in all`;
}

// ---- 3. Load ---------------------------------------------------------------------------------

type Load = { rps: number; p50Ms: number; p99Ms: number; errors: number; requests: number };

/** Milliseconds from one of wrk's durations ("812.00us", "1.20ms", "1.02s"). */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
}

/** wrk's arguments for `connections` connections (on at most 2 threads) during `seconds`. */
function wrkArgs(connections: number, seconds: number): string[] {
  return [`-t${Math.min(2, connections)}`, `-c${connections}`, `-d${seconds}s`];
}

/** The figures in wrk's output `out` (latencies from `--latency`, in ms). */
function wrkFigures(out: string): Load {
  const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ""),
    p99Ms: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ""),
    errors: socketErrors + number(/Non-2xx or 3xx responses: (\d+)/),
    requests: number(/(\d+) requests in/),
  };
}

/** Drives GET `url` with wrk (`-t2`, `--latency`); `headers` are sent with every request. */
function wrkLoad(url: string, headers: Record<string, string>): Load {
  const args = [...wrkArgs(CONNECTIONS, DURATION_S), "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  return wrkFigures(spawnSync("wrk", [...args, url], { encoding: "utf8" }).stdout);
}

/** Runs wrk with `args` in the background; resolves with its output once it ends. */
function wrkInBackground(args: string[]): Promise<string> {
  const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.on("close", () => resolve(out)));
}

/** Drives `url` with autocannon; `expect` is the status every answer should have. */
async function autocannonLoad(
  url: string,
  headers: Record<string, string>,
  extra: Partial<autocannon.Options> = {},
  expect = 200,
): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, ...extra });
  const expected = result.statusCodeStats?.[String(expect) as keyof typeof result.statusCodeStats]?.count ?? 0;
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + (result.requests.total - expected - result.errors - result.timeouts),
    requests: result.requests.total,
  };
}

const useWrk = !options.autocannon && installed("wrk");

/** Drives GET `url` with the chosen load generator, after a one-second warm-up. */
async function loadGet(url: string, headers: Record<string, string> = {}): Promise<Load> {
  if (useWrk) {
    spawnSync("wrk", [...wrkArgs(CONNECTIONS, 1), url], { stdio: "ignore" });
    return wrkLoad(url, headers);
  }
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  return autocannonLoad(url, headers);
}

// ---- 4. nginx --------------------------------------------------------------------------------

type Nginx = { child: ChildProcess; origin: string; root: string };

/**
 * Starts nginx serving the folder `root` on a free port: one worker (against one Node process),
 * access log off, and sendfile, tcp_nopush and tcp_nodelay on, as a tuned nginx serves files
 * (nginx's default leaves sendfile off, which made it much slower than it can be on big pages).
 */
async function startNginx(): Promise<Nginx> {
  const root = path.join(dir, "www");
  fs.mkdirSync(root, { recursive: true });
  // The worker runs as an unprivileged user when nginx starts as root: it must read the files.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  default_type text/html;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/nginx-tmp;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = spawn("nginx", ["-c", conf, "-p", dir], { stdio: "ignore" });
  const origin = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${origin}/`, child, 5, (why) => `nginx ${why}`);
  return { child, origin, root };
}

/**
 * `fetch`, tried once more when the connection fails: a kept-alive connection that the server closed
 * after its idle timeout (5 s in Node) fails the next request on it.
 */
async function fetchAgain(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

// ---- 5. Checkout -------------------------------------------------------------------------------

/** A cart cookie holding `variantIds` (one unit each), made through the shop's own cart form. */
async function cartCookie(origin: string, variantIds: number[]): Promise<string> {
  let cookie = "";
  for (const variantId of variantIds) {
    const response = await fetchAgain(`${origin}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: origin,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams({ intent: "add", variantId: String(variantId), quantity: "1" }),
    });
    const set = response.headers.getSetCookie().find((c) => c.startsWith("haat_cart") || c.includes("cart"));
    if (!set)
      throw new Error(`Adding variant ${variantId} to a cart answered ${response.status} without a cart cookie`);
    cookie = set.split(";")[0]!;
  }
  return cookie;
}

/** The subtotal the cart page shows to the holder of `cookie`, in paisa (its hidden checkout field). */
async function shownSubtotal(origin: string, cookie: string): Promise<string> {
  const html = await (await fetchAgain(`${origin}/cart`, { headers: { Cookie: cookie } })).text();
  const value = /name="expectedSubtotalPaisa" value="(\d+)"/.exec(html)?.[1];
  if (!value) throw new Error("The cart page has no expectedSubtotalPaisa field");
  return value;
}

/** A shopper's cart: its cookie and the subtotal its page shows (paisa), which checkout posts back. */
type Cart = { cookie: string; subtotal: string };

/** A cart holding `variantIds` (one unit each), made through the shop's cart form, with its subtotal. */
async function cartOf(origin: string, variantIds: number[]): Promise<Cart> {
  const cookie = await cartCookie(origin, variantIds);
  return { cookie, subtotal: await shownSubtotal(origin, cookie) };
}

/**
 * The checkout post of `cart` with the checkout token `token`: its headers and form body. The
 * `n`-th post has a phone number and address of its own (the checkout limits are off as well).
 */
function checkoutPost(origin: string, cart: Cart, token: string, n: number) {
  return {
    headers: { Origin: origin, Cookie: cart.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: checkoutForm(cart, token, n).toString(),
  };
}

/** A new checkout token (what the checkout form carries so that a post placed twice is one order). */
const newToken = () => crypto.randomBytes(18).toString("base64url");

/** What autocannon keeps per connection: that shopper's cart, and the token of the post in flight. */
type ShopperContext = { cart?: Cart; token?: string };

/**
 * The database against what shoppers were told: `inDatabase` orders written since `ordersBefore`,
 * `lost` answered as placed (`placedTokens`) but absent, `unanswered` written but never answered
 * (in flight when the load stopped, or timed out at the client), `unexpected` written without any
 * post having sent its token (`sentTokens`: a duplicate). `lost` and `unexpected` must be 0.
 */
type OrderCheck = { inDatabase: number; lost: number; unanswered: number; unexpected: number };

/** The number of orders in the database `db`. */
const orderCount = (db: Database.Database) =>
  (db.prepare('SELECT count(*) AS n FROM "Order"').get() as { n: number }).n;

/** Compares the database `db` with what the shoppers were told (see `OrderCheck`). */
function checkOrders(
  db: Database.Database,
  ordersBefore: number,
  sentTokens: string[],
  placedTokens: string[],
): OrderCheck {
  const inDatabase = orderCount(db) - ordersBefore;
  const countOf = (tokens: string[]) =>
    (
      db
        .prepare('SELECT count(*) AS n FROM "Order" WHERE checkoutToken IN (SELECT value FROM json_each(?))')
        .get(JSON.stringify(tokens)) as { n: number }
    ).n;
  const found = countOf(placedTokens);
  const fromSent = countOf(sentTokens);
  return {
    inDatabase,
    lost: placedTokens.length - found,
    unanswered: fromSent - found,
    unexpected: inDatabase - fromSent,
  };
}

/** A checkout run: `placed` posts answered 302 (each one order), and the database's `OrderCheck`. */
type CheckoutLoad = Load & OrderCheck & { placed: number };

/**
 * `CONNECTIONS` shoppers, each with their own cart of 1–3 products, post the checkout form for
 * `DURATION_S` seconds, each post with a new checkout token and phone number. Then the database is
 * compared with the answers. `rps` is orders (302 answers) per second.
 */
async function loadCheckout(origin: string, variantIds: number[]): Promise<CheckoutLoad> {
  const carts: Cart[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const ids = variantIds.slice((i * 3) % variantIds.length, ((i * 3) % variantIds.length) + 1 + (i % 3));
    carts.push(await cartOf(origin, ids));
  }
  const db = new Database(databasePath, { readonly: true });
  const ordersBefore = orderCount(db);
  const sentTokens: string[] = [];
  const placedTokens: string[] = [];
  let nextCart = 0;
  let sequence = 0;
  const result = await autocannon({
    url: `${origin}/cart`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: "POST",
        setupRequest(request, context) {
          const shopper = context as ShopperContext;
          shopper.cart ??= carts[nextCart++ % carts.length];
          const token = newToken();
          shopper.token = token;
          sentTokens.push(token);
          return { ...request, ...checkoutPost(origin, shopper.cart!, token, sequence++) };
        },
        onResponse(status, _body, context) {
          if (status === 302) placedTokens.push((context as ShopperContext).token!);
        },
      },
    ],
  });
  // Posts still in flight when the load stopped are finished by the server meanwhile.
  await sleep(2000);
  const orders = checkOrders(db, ordersBefore, sentTokens, placedTokens);
  db.close();
  const answered302 = result.statusCodeStats?.["302"]?.count ?? 0;
  return {
    rps: placedTokens.length / DURATION_S,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + (result.requests.total - answered302 - result.errors - result.timeouts),
    requests: result.requests.total,
    placed: placedTokens.length,
    ...orders,
  };
}

// ---- 7. A flood of new URLs ----------------------------------------------------------------------

/** The server's CPU time so far (user + system; the process and its workers), in ms, from /proc (Linux). */
function cpuMsOf(pid: number): number {
  let total = 0;
  for (const each of processTree(pid)) {
    try {
      const fields = statFields(each);
      // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // A worker that ended meanwhile.
    }
  }
  return total;
}

/** The value at `fraction` (0.95: p95) of `values`, in their unit. */
function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/** An answer read whole by `httpGet`. */
type Answer = { status: number; headers: http.IncomingHttpHeaders; rawHeaders: string[]; body: Buffer };

/**
 * GET `url` with node:http through `agent` (keep-alive; without one, a connection of its own: the
 * global agent would reuse a socket the server may have closed after its idle timeout) with
 * `headers`, asking for no encoding (so the identity bytes, as wrk gets them); resolves with the
 * whole answer.
 */
function httpGet(url: string, agent?: http.Agent, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: agent ?? false, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            rawHeaders: response.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

/**
 * Two visitors, each asking for the next of `urls` as soon as the last answer arrived, for
 * `seconds`; each answer's time in ms (node:http with keep-alive, no encoding asked).
 */
async function visitors(origin: string, urls: string[], seconds: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    [0, 1].map(async (visitor) => {
      for (let i = visitor; performance.now() < until; i++) {
        const started = performance.now();
        await httpGet(origin + urls[i % urls.length]!, agent);
        times.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
  return times;
}

/**
 * wrk with a Lua script that asks for `prefix` followed by a new number on every request; an empty
 * `prefix` asks for /products every time. `done` resolves with the number of requests made.
 */
function floodWith(origin: string, prefix: string): { done: Promise<number> } {
  const script = path.join(dir, "flood.lua");
  const target = prefix ? `"${prefix}" .. n .. "-" .. math.random(1e9)` : `"/products"`;
  fs.writeFileSync(
    script,
    `local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", ${target})\nend\n`,
  );
  const out = wrkInBackground([...wrkArgs(FLOOD_CONNECTIONS, DURATION_S), "-s", script, origin]);
  return { done: out.then((text) => wrkFigures(text).requests) };
}

/** Runs the flood table (option `--flood`) against `server`. */
async function floodRun(server: Server, productId: number): Promise<void> {
  if (!installed("wrk")) throw new Error("--flood needs wrk (apt-get install wrk)");
  const urls = ["/", "/products", `/products/${productId}`, "/products?page=2", "/bn/products"];
  for (const url of urls) for (let i = 0; i < 3; i++) await fetchAgain(server.origin + url);
  const pid = server.child.pid!;
  let cpu = cpuMsOf(pid);
  const quiet = await visitors(server.origin, urls, DURATION_S);
  const quietCpuPerAnswer = (cpuMsOf(pid) - cpu) / quiet.length;
  const quietP95 = percentile(quiet, 0.95);
  console.log(
    `\nA flood of new URLs: ${FLOOD_CONNECTIONS} connections (wrk), ${DURATION_S} s each; two visitors walk ${urls.join(", ")}`,
  );
  console.log(
    "| flood | flood rps | server CPU ms per flood request | visitors p50 ms | visitors p95 ms | p95 ÷ quiet |",
  );
  console.log("|---|---|---|---|---|---|");
  console.log(
    `| none (quiet) | – | – | ${fixed(percentile(quiet, 0.5), 2)} | ${fixed(quietP95, 2)} | 1.0 (${quiet.length} answers) |`,
  );
  for (const [label, prefix] of [
    ["one stored page /products (reference)", ""],
    ["unknown parameter /products?x=N", "/products?x="],
    ["new search /products?q=N", "/products?q=w"],
    ["never cached /cart?x=N (reference)", "/cart?x="],
  ] as const) {
    cpu = cpuMsOf(pid);
    const flood = floodWith(server.origin, prefix);
    const times = await visitors(server.origin, urls, DURATION_S);
    const requests = await flood.done;
    const floodCpu = cpuMsOf(pid) - cpu - quietCpuPerAnswer * times.length;
    const p95 = percentile(times, 0.95);
    console.log(
      `| ${label} | ${fixed(requests / DURATION_S, 0)} | ${fixed(floodCpu / Math.max(1, requests), 2)} | ` +
        `${fixed(percentile(times, 0.5), 2)} | ${fixed(p95, 2)} | ${fixed(p95 / quietP95, 1)} |`,
    );
    await sleep(1000);
  }
}

// ---- 10. The product feeds (`--feeds`) ----------------------------------------------------------

/** The feeds `--feeds` asks for, in turn. */
const FEED_PATHS = ["/feeds/google.xml", "/feeds/facebook.csv"];

/**
 * The visitors of `--feeds` for `seconds`: two walking the stored pages `urls`, one asking for
 * /cart; each answer's time in ms.
 */
async function feedVisitors(
  origin: string,
  urls: string[],
  seconds: number,
): Promise<{ pages: number[]; cart: number[] }> {
  const cartAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const cart: number[] = [];
  const until = performance.now() + seconds * 1000;
  const cartVisitor = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await httpGet(`${origin}/cart`, cartAgent);
      cart.push(performance.now() - started);
    }
  })();
  const pages = await visitors(origin, urls, seconds);
  await cartVisitor;
  cartAgent.destroy();
  return { pages, cart };
}

/** Runs the feeds table (option `--feeds`) against `server`. */
async function feedsRun(server: Server, productId: number): Promise<void> {
  if (!installed("wrk")) throw new Error("--feeds needs wrk (apt-get install wrk)");
  const pid = server.child.pid!;
  const rows: string[] = [];
  let items = 0;
  await sleep(1000);
  for (const feed of FEED_PATHS) {
    for (let i = 0; i < 3; i++) {
      const cpu = cpuMsOf(pid);
      const started = performance.now();
      const answer = await httpGet(server.origin + feed);
      const took = performance.now() - started;
      rows.push(
        `| ${feed} (${i === 0 ? "first" : "again"}) | ${fixed(cpuMsOf(pid) - cpu, 0)} | ${fixed(took, 0)} | ${answer.body.length} |`,
      );
      if (feed.endsWith(".csv")) items = answer.body.toString("utf8").split("\n").length - 2;
    }
  }
  console.log(`\nThe product feeds: ${items} items (rows of /feeds/facebook.csv)`);
  console.log("| feed, one request at a time | server CPU ms | answer ms | bytes |");
  console.log("|---|---|---|---|");
  for (const row of rows) console.log(row);
  const urls = ["/", "/products", `/products/${productId}`, "/products?page=2", "/bn/products"];
  for (const url of [...urls, "/cart"]) for (let i = 0; i < 3; i++) await fetchAgain(server.origin + url);
  let cpu = cpuMsOf(pid);
  const quiet = await feedVisitors(server.origin, urls, DURATION_S);
  const quietCpuPerAnswer = (cpuMsOf(pid) - cpu) / (quiet.pages.length + quiet.cart.length);
  const script = path.join(dir, "feeds.lua");
  fs.writeFileSync(
    script,
    `local n = 0\nlocal paths = { ${FEED_PATHS.map((p) => `"${p}"`).join(", ")} }\n` +
      `request = function()\n  n = n + 1\n  return wrk.format("GET", paths[n % #paths + 1])\nend\n`,
  );
  cpu = cpuMsOf(pid);
  const flood = wrkInBackground([
    ...wrkArgs(FLOOD_CONNECTIONS, DURATION_S),
    "--timeout",
    "30s",
    "-s",
    script,
    server.origin,
  ]);
  const busy = await feedVisitors(server.origin, urls, DURATION_S);
  const floodOut = await flood;
  const requests = wrkFigures(floodOut).requests;
  const feedCpu = cpuMsOf(pid) - cpu - quietCpuPerAnswer * (busy.pages.length + busy.cart.length);
  console.log(
    `\n${FLOOD_CONNECTIONS} connections (wrk) asking for ${FEED_PATHS.join(" and ")} in turn, ${DURATION_S} s; ` +
      `two visitors walk ${urls.join(", ")}; a third asks for /cart`,
  );
  console.log(
    "| run | feed rps | server CPU ms per feed request | pages p50 ms | pages p95 ms | /cart p50 ms | /cart p95 ms |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const [label, run, rps, perRequest] of [
    ["quiet", quiet, "–", "–"],
    ["under the feeds", busy, fixed(requests / DURATION_S, 1), fixed(feedCpu / Math.max(1, requests), 1)],
  ] as const) {
    console.log(
      `| ${label} | ${rps} | ${perRequest} | ${fixed(percentile(run.pages, 0.5), 2)} | ${fixed(percentile(run.pages, 0.95), 2)} | ` +
        `${fixed(percentile(run.cart, 0.5), 2)} | ${fixed(percentile(run.cart, 0.95), 2)} |`,
    );
  }
  const errors = wrkFigures(floodOut).errors;
  if (errors > 0) console.log(`  wrk counted ${errors} errors (timeouts, non-2xx answers)`);
}

// ---- 8. Browsing under a sale (`--mixed`) ------------------------------------------------------

/** A browsed product of the sale: its id and its (only, default) variant's. */
type SaleProduct = { id: number; variantId: number };

/** The catalogue of a `--mixed` run, set up by `prepareSale` (see the comment at the top, section 8). */
type Sale = {
  /** The shop's low-stock threshold (ShopSettings.lowStockThreshold): "Only N left" at N ≤ it. */
  threshold: number;
  /** Counting a little stock (threshold + 1, + 3, + 5 units): a sale takes them to "Out of stock". */
  low: SaleProduct[];
  /** Counting plenty of stock (`PLENTY_UNITS`): no sale changes what their page shows. */
  plenty: SaleProduct[];
  /** Counting no stock; the first one (without a discount) is repriced during run (b). */
  uncounted: SaleProduct[];
};

/** The units each plenty-stock product of the sale counts. */
const PLENTY_UNITS = 100_000;

/**
 * Picks the 60 product pages `--mixed` browses (products sold through one default variant, spread
 * evenly over the catalogue) and makes 3 of them count a little stock, 40 count plenty and 17 none,
 * straight in the database, before the server starts (the change log records it; the server starts
 * after). Returns the sale.
 */
function prepareSale(): Sale {
  const db = new Database(databasePath);
  try {
    const candidates = db
      .prepare(
        `SELECT p.id, v.id AS variantId, v.discountedPricePaisa AS discounted FROM Product p
         JOIN ProductVariant v ON v.productId = p.id
         WHERE p.isPublished AND NOT p.trackStock AND v.isActive AND v.combinationKey = ''
           AND (SELECT count(*) FROM ProductVariant w WHERE w.productId = p.id) = 1
         ORDER BY p.id`,
      )
      .all() as (SaleProduct & { discounted: number | null })[];
    if (candidates.length < 60) throw new Error(`--mixed needs 60 products, found ${candidates.length}`);
    const picked = Array.from({ length: 60 }, (_, i) => candidates[Math.floor((i * candidates.length) / 60)]!);
    // The repriced product shows its regular price (no discount), so a new price is what its page shows.
    const repriced = picked.slice(43).find((product) => product.discounted === null);
    if (!repriced) throw new Error("--mixed found no product without a discount to reprice");
    const threshold =
      (db.prepare("SELECT lowStockThreshold AS n FROM ShopSettings LIMIT 1").get() as { n: number } | undefined)?.n ??
      5;
    const sale: Sale = {
      threshold,
      low: picked.slice(0, 3),
      plenty: picked.slice(3, 43),
      uncounted: [repriced, ...picked.slice(43).filter((product) => product !== repriced)],
    };
    stockSale(sale);
    return sale;
  } finally {
    db.close();
  }
}

/**
 * Makes the sale's products count their starting stock, straight in the database: the low-stock
 * ones the threshold + 1, + 3 and + 5 units, the plenty-stock ones `PLENTY_UNITS`. `prepareSale`
 * calls it once; `--crowd` again after each run (no server runs then), so that each run starts
 * from the same stock.
 */
function stockSale(sale: Sale): void {
  const db = new Database(databasePath);
  try {
    const count = db.prepare("UPDATE Product SET trackStock = 1 WHERE id = ?");
    const stock = db.prepare("UPDATE ProductVariant SET stockQuantity = ? WHERE id = ?");
    db.transaction(() => {
      for (const [i, product] of sale.low.entries()) {
        count.run(product.id);
        stock.run(sale.threshold + 1 + 2 * i, product.variantId);
      }
      for (const product of sale.plenty) {
        count.run(product.id);
        stock.run(PLENTY_UNITS, product.variantId);
      }
    })();
  } finally {
    db.close();
  }
}

/**
 * A staff member's price edit, written straight to the database as the back office writes it: the
 * variant's regular price up by ৳500 and the product's price range with it, in one transaction (the
 * triggers log the change, as for any writer). Returns the new price in paisa.
 */
function reprice(product: SaleProduct): number {
  const db = new Database(databasePath);
  try {
    return db.transaction(() => {
      db.prepare("UPDATE ProductVariant SET pricePaisa = pricePaisa + 50000 WHERE id = ?").run(product.variantId);
      const { price } = db
        .prepare("SELECT pricePaisa AS price FROM ProductVariant WHERE id = ?")
        .get(product.variantId) as { price: number };
      db.prepare("UPDATE Product SET minPricePaisa = ?, maxPricePaisa = ? WHERE id = ?").run(price, price, product.id);
      return price;
    })();
  } finally {
    db.close();
  }
}

/** What a product page says when its product counts no stock (it shows no stock words). */
const NO_STOCK_WORDS = "(no stock words)";

/**
 * What a product page's HTML shows a shopper, as one string comparable with `stateOf`: the stock
 * words (`data-testid="stock-status"`), whether Add to cart can be pressed, and the price shown
 * (`data-testid="price"`), e.g. "Only 3 left · buyable · ৳1,200.00".
 */
function pageState(html: string): string {
  const words = /data-testid="stock-status"[^>]*>([\s\S]*?)<\/p>/
    .exec(html)?.[1]
    ?.replace(/<[^>]*>/g, "")
    .trim();
  const addButton = /<button[^>]*value="add"[^>]*>/.exec(html)?.[0] ?? "";
  const price = /data-testid="price"[^>]*>([^<]*)</.exec(html)?.[1] ?? "(no price)";
  return `${words ?? NO_STOCK_WORDS} · ${/\sdisabled[\s=>]/.test(addButton) ? "not buyable" : "buyable"} · ${price}`;
}

/** A product's default variant as the database holds it (`watchDatabase`'s poll). */
type VariantRow = {
  id: number;
  trackStock: number;
  stockQuantity: number;
  pricePaisa: number;
  discountedPricePaisa: number | null;
};

/**
 * What the English product page of `row` should show, by the shop's own rules (app/rules/stock.ts,
 * app/rules/money.ts) and words (app/i18n/en.ts), in `pageState`'s form.
 */
function stateOf(row: VariantRow, threshold: number): string {
  const available = availableQuantity({ trackStock: row.trackStock === 1, stockQuantity: row.stockQuantity });
  const level = stockLevel(available, threshold);
  const words = {
    out: en["stock.out"],
    low: en["stock.low"].replace("{count}", String(shownUnits(available, threshold))),
    "in-stock": en["stock.in"],
    untracked: NO_STOCK_WORDS,
  }[level];
  return `${words} · ${level === "out" ? "not buyable" : "buyable"} · ${formatMoney(unitPricePaisa(row))}`;
}

/** How often the database is polled for the truth, in ms. */
const TRUTH_POLL_MS = 50;

/**
 * The database's truth during a run: for each product, what its page should show (`stateOf`) and
 * from when (ms, performance.now(): the first poll that saw it), one entry per change; and its
 * units on hand at the last poll. Polled every `TRUTH_POLL_MS` through a read-only connection until
 * `stop()`.
 */
type Truth = {
  timelines: Map<number, { atMs: number; state: string }[]>;
  units: Map<number, number>;
  stop: () => void;
};

/** Starts polling the truth (`Truth`) about `products`' default variants. */
function watchDatabase(products: SaleProduct[], threshold: number): Truth {
  const db = new Database(databasePath, { readonly: true });
  const query = db.prepare(
    `SELECT p.id, p.trackStock, v.stockQuantity, v.pricePaisa, v.discountedPricePaisa FROM ProductVariant v
     JOIN Product p ON p.id = v.productId WHERE v.id IN (SELECT value FROM json_each(?))`,
  );
  const ids = JSON.stringify(products.map((product) => product.variantId));
  const timelines: Truth["timelines"] = new Map();
  const units: Truth["units"] = new Map();
  const poll = () => {
    const atMs = performance.now();
    for (const row of query.all(ids) as VariantRow[]) {
      units.set(row.id, row.stockQuantity);
      const state = stateOf(row, threshold);
      const timeline = timelines.get(row.id) ?? [];
      if (timeline.at(-1)?.state !== state) timeline.push({ atMs, state });
      timelines.set(row.id, timeline);
    }
  };
  poll();
  const timer = setInterval(poll, TRUTH_POLL_MS);
  return {
    timelines,
    units,
    stop: () => {
      clearInterval(timer);
      db.close();
    },
  };
}

/** A page the checker asks for; `productId` is null for a listing. */
type Page = { url: string; productId: number | null };

/**
 * One answer the checker got: when it was asked and answered (ms, performance.now()), its status,
 * its `X-Cache` ("absent" without one), and for a product page what it shows (`pageState`).
 */
type Check = Page & {
  watched: boolean;
  askedMs: number;
  answeredMs: number;
  status: number;
  cache: string;
  shown: string | null;
};

/**
 * The checker: until `untilMs` (performance.now()), asks for one page at a time (node:http,
 * keep-alive, no encoding: the bytes wrk gets): every `watched` page, then the next 2 of `others`,
 * over and over. Returns every answer.
 */
async function checkPages(origin: string, watched: Page[], others: Page[], untilMs: number): Promise<Check[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const checks: Check[] = [];
  let other = 0;
  while (performance.now() < untilMs) {
    const round = [...watched.map((page) => ({ ...page, watched: true }))];
    for (let i = 0; i < 2; i++) round.push({ ...others[other++ % others.length]!, watched: false });
    for (const page of round) {
      if (performance.now() >= untilMs) break;
      const askedMs = performance.now();
      const answer = await httpGet(origin + page.url, agent, { "X-Forwarded-For": "10.250.0.1" }).catch(() => null);
      const html = answer?.status === 200 && page.productId !== null ? answer.body.toString("utf8") : null;
      checks.push({
        ...page,
        askedMs,
        answeredMs: performance.now(),
        status: answer?.status ?? 0,
        cache: String(answer?.headers["x-cache"] ?? "absent"),
        shown: html === null ? null : pageState(html),
      });
    }
  }
  agent.destroy();
  return checks;
}

/**
 * A checked product page against the truth: `ageMs` is how long before it was asked the database
 * had left the state it shows (0 while the database still held it), null when the database never
 * held that state (by the poll) up to the answer; a listing or a failed answer is not judged.
 */
type Judged = Check & { ageMs: number | null };

/**
 * Judges each product page of `checks` against `truth` (see `Judged`). The state shown is matched
 * with the latest time the database held it up to the answer, plus one poll (a render may read a
 * change the poll sees a little later); it left that state at the poll that first saw the next one.
 */
function judge(checks: Check[], truth: Truth): Judged[] {
  const judged: Judged[] = [];
  for (const check of checks) {
    const timeline = check.productId === null ? undefined : truth.timelines.get(check.productId);
    if (!timeline || check.shown === null) continue;
    let index = timeline.length - 1;
    while (
      index >= 0 &&
      (timeline[index]!.atMs > check.answeredMs + TRUTH_POLL_MS || timeline[index]!.state !== check.shown)
    )
      index--;
    const leftMs = timeline[index + 1]?.atMs ?? Infinity;
    judged.push({ ...check, ageMs: index < 0 ? null : Math.max(0, check.askedMs - leftMs) });
  }
  return judged;
}

/** The stale bound a page is held to, in ms: the server's PAGE_CACHE_STALE_SECONDS plus 0.2 s for the poll. */
const BOUND_MS = STALE_SECONDS * 1000 + 200;

/** The X-Cache values among `checks` and their shares: "HIT 97% · MISS 3% (of 240)". */
function cacheShares(checks: Check[]): string {
  const counts = new Map<string, number>();
  for (const check of checks) counts.set(check.cache, (counts.get(check.cache) ?? 0) + 1);
  const shares = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([cache, n]) => `${cache} ${fixed((100 * n) / checks.length, 0)}%`);
  return `${shares.join(" · ")} (of ${checks.length})`;
}

/** What the paced shoppers did: tokens sent and answered as placed, refusals by kind, post times (ms). */
type PacedCheckouts = {
  sent: string[];
  placed: string[];
  soldOut: number;
  other: Map<string, number>;
  timesMs: number[];
};

/** The carts of the sale's shoppers, by the low-stock products they hold (indexes into `sale.low`, "0,2"; "" for none). */
type SaleCarts = Map<string, Cart[]>;

/** The low-stock products a cart may hold: none, one, or two of the three. */
const LOW_COMBINATIONS = [[], [0], [1], [2], [0, 1], [1, 2], [0, 2]];

/**
 * The sale's carts: for each of `LOW_COMBINATIONS`, 6 distinct carts, each with one plenty-stock
 * product (a different one for each cart, in turn) and those low-stock products, one unit each.
 */
async function saleCarts(origin: string, sale: Sale): Promise<SaleCarts> {
  const carts: SaleCarts = new Map();
  let next = 0;
  for (const lows of LOW_COMBINATIONS) {
    const list: Cart[] = [];
    for (let i = 0; i < 6; i++) {
      const plenty = sale.plenty[next++ % sale.plenty.length]!;
      list.push(await cartOf(origin, [plenty.variantId, ...lows.map((low) => sale.low[low]!.variantId)]));
    }
    carts.set(lows.join(","), list);
  }
  return carts;
}

/**
 * Shoppers checking out at `CHECKOUT_RATE` a second for `seconds`, on a timer (one post every
 * 1/rate s, whether or not the ones before were answered): each a real checkout post (`checkoutPost`)
 * of one of `carts` with a new checkout token. The cart holds up to two of the low-stock products
 * the database still has (`lowInStock()`, indexes into the sale's `low`, taken in turn). A 400 that
 * says the stock ran short (the last unit went to a shopper whose post was in flight) counts in
 * `soldOut`; any other answer but 302 in `other`, by status. Each post comes from an address of
 * its own, or from `oneAddress` when given. Resolves once every post is answered.
 */
async function shopAtRate(
  origin: string,
  carts: SaleCarts,
  seconds: number,
  lowInStock: () => number[],
  oneAddress?: string,
): Promise<PacedCheckouts> {
  const result: PacedCheckouts = { sent: [], placed: [], soldOut: 0, other: new Map(), timesMs: [] };
  const outOfStock = serverMessages.en["checkout.outOfStock"];
  const post = async (n: number) => {
    const inStock = lowInStock();
    const lows = inStock.length <= 2 ? inStock : [inStock[n % 3]!, inStock[(n + 1) % 3]!].sort((a, b) => a - b);
    const choice = carts.get(lows.join(","))!;
    const token = newToken();
    result.sent.push(token);
    const started = performance.now();
    try {
      const { headers, body } = checkoutPost(origin, choice[n % choice.length]!, token, n);
      const visitor = oneAddress ?? `10.251.${Math.floor(n / 250) % 250}.${n % 250}`;
      const response = await fetch(`${origin}/cart`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, "X-Forwarded-For": visitor },
        body,
      });
      const text = await response.text();
      result.timesMs.push(performance.now() - started);
      if (response.status === 302) result.placed.push(token);
      else if (response.status === 400 && text.includes(outOfStock)) result.soldOut++;
      else result.other.set(String(response.status), (result.other.get(String(response.status)) ?? 0) + 1);
    } catch {
      result.other.set("no answer", (result.other.get("no answer") ?? 0) + 1);
    }
  };
  const posts: Promise<void>[] = [];
  const startMs = performance.now();
  for (let n = 0; n < seconds * CHECKOUT_RATE; n++) {
    await sleep(startMs + (n * 1000) / CHECKOUT_RATE - performance.now());
    posts.push(post(n));
  }
  await Promise.all(posts);
  return result;
}

/**
 * wrk's `CONNECTIONS` connections for `seconds`, asking for `urls` in turn (a Lua script; each
 * thread starts elsewhere in the list), each request from one of 1,000 visitor addresses per thread
 * (X-Forwarded-For, in turn: over the rounds each address asks for every URL), or all from
 * `oneAddress` when given. Resolves with wrk's figures.
 */
function browse(origin: string, urls: string[], seconds: number, oneAddress?: string): Promise<Load> {
  const script = path.join(dir, "browse.lua");
  const address = oneAddress
    ? JSON.stringify(oneAddress)
    : `string.format("10.%d.%d.%d", id + 1, math.floor(i / 250), i % 250 + 1)`;
  fs.writeFileSync(
    script,
    `local paths = { ${urls.map((url) => JSON.stringify(url)).join(", ")} }
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
local requests = {}
local at = 0
function init(args)
  for i = 0, 999 do
    local address = ${address}
    requests[i + 1] = wrk.format("GET", paths[(i + id * 17) % #paths + 1], { ["X-Forwarded-For"] = address })
  end
end
function request()
  at = at % #requests + 1
  return requests[at]
end
`,
  );
  return wrkInBackground([...wrkArgs(CONNECTIONS, seconds), "--latency", "-s", script, origin]).then(wrkFigures);
}

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
function saleUrls(sale: Sale): string[] {
  const products = [...sale.low, ...sale.plenty, ...sale.uncounted];
  return [
    ...products.map((product) => `/products/${product.id}`),
    "/",
    "/products",
    "/products?page=2",
    "/bn/products",
  ];
}

/** Runs `--mixed` (the comment at the top, section 8) against `server` and prints its table. */
async function mixedRun(server: Server, sale: Sale): Promise<void> {
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

// ---- 11. A crowd behind one address (`--crowd`) ----------------------------------------------

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

/** Runs `--crowd` (the comment at the top, section 11) and prints its table. */
async function crowdRun(sale: Sale): Promise<void> {
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

// ---- 9. The cost of a cache hit (`--hit-cost`) ---------------------------------------------------

/**
 * A bare Node `http` server (CommonJS, for `node -e`): answers every request with STATUS, the
 * headers HEADERS (JSON, a flat [name, value, …] list) and the bytes of the file BODY_PATH, on PORT.
 */
const BARE_SERVER = `
const http = require("node:http");
const body = require("node:fs").readFileSync(process.env.BODY_PATH);
const headers = JSON.parse(process.env.HEADERS);
const status = Number(process.env.STATUS);
http.createServer((req, res) => { res.writeHead(status, headers); res.end(body); }).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** Headers Node writes itself on every answer, left out of those the bare server is given. */
const NODE_OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** Runs `--hit-cost` (the comment at the top, section 9) for the page `url` of `server`. */
async function hitCostRun(server: Server, url: string): Promise<void> {
  if (!useWrk) throw new Error("--hit-cost needs wrk (apt-get install wrk)");
  let page = await httpGet(server.origin + url);
  for (let i = 0; i < 5 && page.headers["x-cache"] !== "HIT"; i++) page = await httpGet(server.origin + url);
  const headers: string[] = [];
  for (let i = 0; i < page.rawHeaders.length; i += 2) {
    if (!NODE_OWN_HEADERS.has(page.rawHeaders[i]!.toLowerCase()))
      headers.push(page.rawHeaders[i]!, page.rawHeaders[i + 1]!);
  }
  if (page.headers["content-length"] === undefined) headers.push("Content-Length", String(page.body.length));
  const bodyPath = path.join(dir, "hit.html");
  fs.writeFileSync(bodyPath, page.body);
  const port = await freePort();
  const bare = spawn(process.execPath, ["-e", BARE_SERVER], {
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      BODY_PATH: bodyPath,
      HEADERS: JSON.stringify(headers),
      STATUS: String(page.status),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const bareOrigin = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(bareOrigin, bare, 5, (why) => `The bare Node server ${why}`);
    console.log(
      `\nCost of a cache hit: ${url}, status ${page.status}, ${page.body.length} bytes (identity), X-Cache ${page.headers["x-cache"] ?? "absent"}` +
        `${page.headers["content-length"] === undefined ? " (haat sent no Content-Length; the bare server does)" : ""}. ` +
        `wrk ${CONNECTIONS} connections, ${DURATION_S} s each after 1 s of warm-up, haat and a bare Node server ` +
        `(one process, ${process.version}, the same status, headers and bytes) in turn` +
        (WORKERS ? `; haat runs WEB_CONCURRENCY=${WORKERS}, the bare server one process.` : "."),
    );
    console.log(
      `  headers both send: ${headers.filter((_, i) => i % 2 === 0).join(", ")}, and Node's own (Date, Connection, Keep-Alive)`,
    );
    console.log("| try | haat rps | haat errors | bare Node rps | bare errors | bare ÷ haat |");
    console.log("|---|---|---|---|---|---|");
    const ratios: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const haat = await loadGet(server.origin + url);
      const plain = await loadGet(bareOrigin + url);
      ratios.push(plain.rps / haat.rps);
      console.log(
        `| ${round} | ${fixed(haat.rps, 0)} | ${haat.errors} | ${fixed(plain.rps, 0)} | ${plain.errors} | ${fixed(plain.rps / haat.rps, 2)} |`,
      );
    }
    const after = await httpGet(server.origin + url);
    console.log(
      `Cost of a hit ÷ bare (bare rps ÷ haat rps): median ${fixed(percentile(ratios, 0.5), 2)}, ` +
        `from ${fixed(Math.min(...ratios), 2)} to ${fixed(Math.max(...ratios), 2)} (goal: 1.5 or less); ` +
        `X-Cache after: ${after.headers["x-cache"] ?? "absent"}`,
    );
  } finally {
    bare.kill("SIGTERM");
  }
}

// ---- 6. Report ---------------------------------------------------------------------------------

/** The p95 of the server's own times (`responseTime`, ms) for requests to exactly `url`, from its log. */
function serverP95(logPath: string, url: string, method = "GET"): number {
  const times: number[] = [];
  for (const line of fs.readFileSync(logPath, "utf8").split("\n")) {
    if (!line.includes('"responseTime"')) continue;
    try {
      const entry = JSON.parse(line) as { req?: { url?: string; method?: string }; responseTime?: number };
      if (entry.req?.url === url && entry.req.method === method && typeof entry.responseTime === "number") {
        times.push(entry.responseTime);
      }
    } catch {
      // Not a request line.
    }
  }
  if (times.length === 0) return NaN;
  times.sort((a, b) => a - b);
  return times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

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
