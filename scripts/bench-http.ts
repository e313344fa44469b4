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
 * 3. Drives each path below for `--duration` seconds (default 8) with `--connections` connections
 *    (default 64): with `wrk` when it is installed (a C load generator that leaves more of the CPU to
 *    the server), otherwise with `autocannon` from npm. Prints requests per second, p50 and p99
 *    latency in ms, errors (failed connections, timeouts and unexpected statuses), and the app's
 *    p95 time per request it rendered, read from its log lines (`responseTime`, whole ms; answers
 *    from the page cache are not logged, so with the cache this is the misses' time). `--no-cache`
 *    turns the page cache off (PAGE_CACHE_MB=0): every request is rendered.
 * 4. When `nginx` is installed (and `--no-nginx` is not given), the same bytes of each GET page (taken from haat's answer) are served
 *    from disk by nginx (one worker) in the same run, and the table shows haat ÷ nginx: the physical
 *    limit of this box for that answer.
 * 5. Checkout: shoppers with distinct carts (one cart cookie per connection) post the checkout form
 *    with a new checkout token each time; every 302 to the success page is one order. Afterwards the
 *    database is compared with what the shoppers were told: lost orders (answered as placed, not in
 *    the database) and duplicated or unexpected orders (in the database, never answered) must be 0.
 * 6. After each round (`--rounds`, default 1; the memory goal uses 3) the server's resident memory
 *    (VmRSS) and its peak (VmHWM) from /proc, and once more after 15 s idle at the end.
 *
 * 7. `--flood`, instead of 3–6: what a flood of never-seen URLs costs the other visitors. Two
 *    visitors (one request at a time each, timed here) walk pages already in the page cache, first
 *    alone (quiet), then while wrk's `--flood-connections` (default 8) connections ask for a new
 *    query string on every request: an unknown parameter (`/products?x=N`), a search no one made
 *    before (`/products?q=<new word>`), and, as the reference, `/cart?x=N`, which is never cached.
 *    Prints the visitors' p50 and p95 and their p95 ÷ quiet, the flood's rate, and the server's CPU
 *    per flood request (from /proc, less the quiet visitors' share). Needs wrk.
 *
 * Bounded in time (about paths × rounds × (duration + 1) seconds, plus seeding and the build); never
 * part of `npm test`. It asserts nothing: the figures are for the closing notes and the README's
 * goals table (docs/decisions/036-page-cache.md).
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
import { freePort } from "./free-port";

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
  },
});
const PRODUCTS = positive("products");
const DURATION_S = positive("duration");
const CONNECTIONS = positive("connections");
const ROUNDS = positive("rounds");

const FLOOD_CONNECTIONS = positive("flood-connections");

/** The option `name` as a positive integer; exits with a message when it is not one. */
function positive(name: "products" | "duration" | "connections" | "rounds" | "flood-connections"): number {
  const value = Number(options[name]);
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${name} must be a positive whole number (got ${options[name]}).`);
    process.exit(2);
  }
  return value;
}

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
};

// ---- 1. Seed -------------------------------------------------------------------------------

/** Seeds the demo shop and `PRODUCTS` products in all; returns the seeding time in ms. */
async function seed(): Promise<number> {
  const started = performance.now();
  Object.assign(process.env, serverEnv, { PUBLIC_URL: "http://127.0.0.1" });
  const { applyMigrations } = await import("./migrate.mjs");
  await applyMigrations({ databasePath });
  const { prisma } = await import("../app/models/db.server");
  const { seedDemoCatalogue } = await import("../prisma/seed.server");
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
  await prisma.$disconnect();
  return performance.now() - started;
}

// ---- 2. The server ----------------------------------------------------------------------------

type Server = { child: ChildProcess; origin: string; logPath: string };

/** package.json's `start` script: the production start command, V8 flags included. */
const START_COMMAND: string = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.start;

/**
 * Starts the server with `START_COMMAND` (through `sh -c exec`, so the child's pid is Node's own and
 * its memory is read from /proc) on a free port; resolves once /healthz answers 200 (15 s at most).
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
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server ended:\n${fs.readFileSync(logPath, "utf8")}`);
    const ok = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { child, origin, logPath };
    if (Date.now() > deadline)
      throw new Error(`The server did not answer within 15 s:\n${fs.readFileSync(logPath, "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server's resident memory now and at its peak, in MB (Linux /proc; null elsewhere). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
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

/** Drives GET `url` with wrk (`-t2`, `--latency`); `headers` are sent with every request. */
function wrkLoad(url: string, headers: Record<string, string>): Load {
  const args = [`-t${Math.min(2, CONNECTIONS)}`, `-c${CONNECTIONS}`, `-d${DURATION_S}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const run = spawnSync("wrk", [...args, url], { encoding: "utf8" });
  const out = run.stdout;
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
    spawnSync("wrk", [`-t${Math.min(2, CONNECTIONS)}`, `-c${CONNECTIONS}`, "-d1s", url], { stdio: "ignore" });
    return wrkLoad(url, headers);
  }
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  return autocannonLoad(url, headers);
}

// ---- 4. nginx --------------------------------------------------------------------------------

type Nginx = { child: ChildProcess; origin: string; root: string };

/** Starts nginx (one worker, access log off) serving the folder `root` on a free port. */
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
  const deadline = Date.now() + 5000;
  while (
    !(await fetch(`${origin}/`).then(
      () => true,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("nginx did not start");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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

/** What autocannon keeps per connection: that shopper's cart, and the token of the post in flight. */
type ShopperContext = { cart?: { cookie: string; subtotal: string }; token?: string };

/**
 * A checkout run: `placed` posts answered 302 (each one order), `inDatabase` orders written, `lost`
 * answered as placed but absent, `unanswered` written but never answered (in flight when the load
 * stopped, or timed out at the client), `unexpected` written without any post having sent its token
 * (a duplicate), `lost` and `unexpected` must be 0.
 */
type CheckoutLoad = Load & { placed: number; inDatabase: number; lost: number; unanswered: number; unexpected: number };

/**
 * `CONNECTIONS` shoppers, each with their own cart of 1–3 products, post the checkout form for
 * `DURATION_S` seconds, each post with a new checkout token and phone number. Then the database is
 * compared with the answers.
 */
async function loadCheckout(origin: string, variantIds: number[]): Promise<CheckoutLoad> {
  const carts: { cookie: string; subtotal: string }[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const ids = variantIds.slice((i * 3) % variantIds.length, ((i * 3) % variantIds.length) + 1 + (i % 3));
    const cookie = await cartCookie(origin, ids);
    carts.push({ cookie, subtotal: await shownSubtotal(origin, cookie) });
  }
  const db = new Database(databasePath, { readonly: true });
  const ordersBefore = (db.prepare('SELECT count(*) AS n FROM "Order"').get() as { n: number }).n;
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
          const cart = shopper.cart!;
          const token = crypto.randomBytes(18).toString("base64url");
          shopper.token = token;
          sentTokens.push(token);
          const n = sequence++;
          return {
            ...request,
            headers: {
              Origin: origin,
              Cookie: cart.cookie,
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({
              intent: "checkout",
              name: "Bench Shopper",
              phone: `017${String(10_000_000 + (n % 89_999_999)).padStart(8, "0")}`,
              address: `House ${n}, Road 2`,
              area: "Mirpur 10",
              district: "Dhaka",
              shippingMethod: "Inside Dhaka",
              checkoutToken: token,
              expectedSubtotalPaisa: cart.subtotal,
            }).toString(),
          };
        },
        onResponse(status, _body, context) {
          if (status === 302) placedTokens.push((context as ShopperContext).token!);
        },
      },
    ],
  });
  // Posts still in flight when the load stopped are finished by the server meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const inDatabase = (db.prepare('SELECT count(*) AS n FROM "Order"').get() as { n: number }).n - ordersBefore;
  const countOf = (tokens: string[]) =>
    (
      db
        .prepare('SELECT count(*) AS n FROM "Order" WHERE checkoutToken IN (SELECT value FROM json_each(?))')
        .get(JSON.stringify(tokens)) as { n: number }
    ).n;
  const found = countOf(placedTokens);
  const fromSent = countOf(sentTokens);
  db.close();
  const answered302 = result.statusCodeStats?.["302"]?.count ?? 0;
  return {
    rps: placedTokens.length / DURATION_S,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + (result.requests.total - answered302 - result.errors - result.timeouts),
    requests: result.requests.total,
    placed: placedTokens.length,
    inDatabase,
    lost: placedTokens.length - found,
    unanswered: fromSent - found,
    unexpected: inDatabase - fromSent,
  };
}

// ---- 7. A flood of new URLs ----------------------------------------------------------------------

/** The process's CPU time so far (user + system), in ms, from /proc (Linux). */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The value at `fraction` (0.95: p95) of `values`, in their unit. */
function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/**
 * Two visitors, each asking for the next of `urls` as soon as the last answer arrived, for
 * `seconds`; each answer's time in ms (node:http with keep-alive, no encoding asked).
 */
async function visitors(origin: string, urls: string[], seconds: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  const get = (url: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(origin + url, { agent }, (response) => {
          response.resume();
          response.on("end", resolve);
        })
        .on("error", reject);
    });
  await Promise.all(
    [0, 1].map(async (visitor) => {
      for (let i = visitor; performance.now() < until; i++) {
        const started = performance.now();
        await get(urls[i % urls.length]!);
        times.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
  return times;
}

/**
 * wrk with a Lua script that asks for `prefix` followed by a new number on every request; an empty
 * `prefix` asks for /products every time.
 */
function floodWith(origin: string, prefix: string): { done: Promise<number> } {
  const script = path.join(dir, "flood.lua");
  const target = prefix ? `"${prefix}" .. n .. "-" .. math.random(1e9)` : `"/products"`;
  fs.writeFileSync(
    script,
    `local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", ${target})\nend\n`,
  );
  const child = spawn(
    "wrk",
    [`-t${Math.min(2, FLOOD_CONNECTIONS)}`, `-c${FLOOD_CONNECTIONS}`, `-d${DURATION_S}s`, "-s", script, origin],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return {
    done: new Promise((resolve) => child.on("close", () => resolve(Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)))),
  };
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
    await new Promise((resolve) => setTimeout(resolve, 1000));
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
      `server: ${START_COMMAND}${options["node-options"] ? ` with NODE_OPTIONS=${options["node-options"]}` : ""}`,
  );
  console.log(`Seeding in ${dir} …`);
  console.log(`  seeded in ${fixed((await seed()) / 1000)} s`);
  if (!options["no-build"]) {
    console.log("Building (npm run build) …");
    const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("The build failed");
  }
  const server = await startServer();
  const nginx = installed("nginx") && !options["no-nginx"] ? await startNginx() : null;
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
    if (options.flood) return await floodRun(server, middle);
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
      const now = memoryOf(server.child.pid!);
      const line = now ? `${fixed(now.rssMb, 0)} MB resident (peak ${fixed(now.peakMb, 0)} MB)` : "not readable here";
      memory.push(line);
      console.log(`Server memory after round ${round}: ${line}`);
    }
    console.log(`\nServer memory after each round: ${memory.join("; ")}`);
    // V8 gives memory back once the allocation rate falls (its memory reducer): what an idle
    // server keeps between two spikes of traffic.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const idle = memoryOf(server.child.pid!);
    if (idle) console.log(`Server memory after 15 s idle: ${fixed(idle.rssMb, 0)} MB resident`);
  } finally {
    cleanup();
    if (!options.keep) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`Kept ${dir} (database, uploads, server.log).`);
  }
}

await main();
