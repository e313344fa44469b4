/**
 * `npm run bench:import-busy [-- options]`: what the shop's other visitors and shoppers meet while
 * staff import the largest product file allowed (docs/decisions/056-long-work-off-the-request-path.md).
 *
 * For each database (`--database sqlite|postgresql|both`, default both; PostgreSQL on a throwaway
 * server started here with its durable defaults), on a fresh database of `--products` plain
 * products (default 2,000) and one signed-in owner, the production build of `--app` (a checkout
 * with its build/; default this one, so that an older commit's build can be measured the same way)
 * is started as `npm start` starts it, one process. Then, twice:
 * 1. **quiet**, for `--quiet` seconds (default 15): the reference of this same run;
 * 2. **importing**: a staff member uploads a Shopify file of `--rows` rows (default 50,000, the
 *    most allowed: 20,000 products, about 14.5 MB), opens its dry run, confirms it, and the run
 *    lasts until the import is written (its status "imported") or `--max-seconds` (default 900).
 * Meanwhile, one request at a time each: a visitor opens stored product pages (50 in turn), a
 * second opens /cart with a cart (never stored: rendered every time) and /healthz in turn, and
 * shoppers place cash-on-delivery orders at `--checkout-rate` a second (default 2; one after the
 * other, each with a new cart: its add-to-cart post, its cart page and its checkout post). Every request has
 * a 10 s limit; one that runs out counts as an error and as 10,000 ms.
 * Prints, per database and phase: stored pages' and /cart's p50 and p95 (ms), /healthz failures,
 * orders a second, failed checkouts and a checkout's p95 (its three requests, ms), errors, and the importing phase's p95 ÷ quiet p95; and how
 * long the upload, the dry run's page and the import took, with the server's peak resident memory. Asserts nothing (never part of `npm test`).
 */
import Database from "better-sqlite3";
import { execFileSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { hash } from "@node-rs/argon2";
import pg from "pg";
import { cartOf, checkoutForm, seedProducts, serverEnv, startNode } from "./bench-shop";
import { applyMigrations } from "../db/migrate.mjs";
import { startThrowawayPostgres } from "../dev/with-postgres.mjs";

const { values: options } = parseArgs({
  options: {
    database: { type: "string", default: "both" },
    products: { type: "string", default: "2000" },
    rows: { type: "string", default: "50000" },
    quiet: { type: "string", default: "15" },
    "max-seconds": { type: "string", default: "900" },
    "checkout-rate": { type: "string", default: "2" },
    app: { type: "string", default: process.cwd() },
    "no-build": { type: "boolean", default: false },
  },
});
const PRODUCTS = Number(options.products);
const ROWS = Number(options.rows);
const QUIET_S = Number(options.quiet);
const MAX_S = Number(options["max-seconds"]);
const CHECKOUT_EVERY_MS = 1000 / Number(options["checkout-rate"]);
const APP = path.resolve(options.app);
const LIMIT_MS = 10_000;
const SECRET = "bench-import-busy-secret-0123456789abcdef0123456789";
const EMAIL = "owner@bench.example";
const PASSWORD = "bench-owner-password-42";

/** The file: simple products first, then products with five sizes, until ROWS rows; descriptions of a few hundred characters, as shops write them. */
function shopifyFile(): Buffer {
  const lines = [
    "Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Status",
  ];
  const body = `"<p>${"Warm light for a reading corner, made to last in Dhaka's heat. ".repeat(9)}</p>"`;
  for (let i = 0; lines.length <= ROWS / 4; i++) {
    lines.push(
      `bulb-${i},LED bulb ${i},${body},Walton,Lighting,Title,Default Title,BULB-${i},shopify,50,${120 + (i % 80)}.00,active`,
    );
  }
  for (let i = 0; lines.length <= ROWS; i++) {
    for (const [index, size] of ["36in", "42in", "48in", "52in", "56in"].entries()) {
      if (lines.length > ROWS) break;
      const first = index === 0;
      lines.push(
        `fan-${i},${first ? `Ceiling fan ${i}` : ""},${first ? body : ""},${first ? "Walton" : ""},${first ? "Fans" : ""},${first ? "Size" : ""},${size},FAN-${i}-${index},shopify,20,${3000 + index * 200}.00,${first ? "active" : ""}`,
      );
    }
  }
  return Buffer.from(lines.join("\n"));
}

/** A request's time in ms and whether it got the answer it wanted (a 10 s limit). */
async function timed(request: () => Promise<Response>, wanted: (status: number) => boolean) {
  const started = performance.now();
  try {
    const response = await request();
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: wanted(response.status) };
  } catch {
    return { ms: Math.max(performance.now() - started, LIMIT_MS), ok: false };
  }
}

/** What the visitors and the shopper met during one phase. */
type Phase = {
  stored: number[];
  cart: number[];
  checkouts: number[];
  healthFailures: number;
  orders: number;
  failedCheckouts: number;
  errors: number;
  seconds: number;
};

/** Runs the visitors and the shopper (the module's comment) until `until()` says to stop. */
async function load(origin: string, variantCount: number, until: () => boolean): Promise<Phase> {
  const phase: Phase = {
    stored: [],
    cart: [],
    checkouts: [],
    healthFailures: 0,
    orders: 0,
    failedCheckouts: 0,
    errors: 0,
    seconds: 0,
  };
  const started = performance.now();
  const signal = () => AbortSignal.timeout(LIMIT_MS);
  const browsing = (async () => {
    for (let i = 0; !until(); i++) {
      const answer = await timed(
        () => fetch(`${origin}/products/${1 + ((i * 37) % 50)}`, { signal: signal() }),
        (s) => s === 200,
      );
      phase.stored.push(answer.ms);
      if (!answer.ok) phase.errors += 1;
    }
  })();
  const carting = (async () => {
    const cart = await cartOf(origin, 7);
    for (let i = 0; !until(); i++) {
      const answer = await timed(
        () => fetch(`${origin}/cart`, { headers: { Cookie: cart.cookie }, signal: signal() }),
        (s) => s === 200,
      );
      phase.cart.push(answer.ms);
      if (!answer.ok) phase.errors += 1;
      const health = await timed(
        () => fetch(`${origin}/healthz`, { signal: signal() }),
        (s) => s === 200,
      );
      if (!health.ok) phase.healthFailures += 1;
    }
  })();
  const first = crypto.randomInt(1_000_000);
  const shopping = (async () => {
    for (let n = first; !until(); n++) {
      const due = started + (n - first) * CHECKOUT_EVERY_MS;
      if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      const began = performance.now();
      try {
        const cart = await cartOf(origin, 1 + (n % variantCount));
        const answer = await timed(
          () =>
            fetch(`${origin}/cart`, {
              method: "POST",
              redirect: "manual",
              headers: { Origin: origin, Cookie: cart.cookie, "Content-Type": "application/x-www-form-urlencoded" },
              body: checkoutForm(cart, crypto.randomBytes(18).toString("base64url"), n).toString(),
              signal: signal(),
            }),
          (s) => s === 302,
        );
        if (answer.ok) phase.orders += 1;
        else phase.failedCheckouts += 1;
      } catch {
        phase.failedCheckouts += 1;
      }
      phase.checkouts.push(performance.now() - began);
    }
  })();
  await Promise.all([browsing, carting, shopping]);
  phase.seconds = (performance.now() - started) / 1000;
  return phase;
}

/** Signs the owner in through the sign-in form; returns the session cookie. */
async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD, redirectTo: "" }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`Signing in answered ${response.status}`);
  return cookies.join("; ");
}

/** The import's status in the database (read apart from the server). */
async function importStatus(databaseUrl: string, id: number): Promise<string> {
  if (databaseUrl.startsWith("file:")) {
    const db = new Database(databaseUrl.slice("file:".length), { readonly: true });
    try {
      return (db.prepare('SELECT status FROM "ProductImport" WHERE id = ?').get(id) as { status: string }).status;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('SELECT status FROM "ProductImport" WHERE id = $1', [id])).rows[0].status;
  } finally {
    await client.end();
  }
}

/** Uploads the file, opens its dry run, confirms it; resolves with the import's id and each step's seconds. */
async function importFile(origin: string, cookie: string, file: Buffer) {
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
  let started = performance.now();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)], { type: "text/csv" }), "products.csv");
  const uploaded = await fetch(`${origin}/admin/products/import?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, Cookie: cookie },
    body: form,
  });
  const location = uploaded.headers.get("location") ?? "";
  const id = Number(/\/import\/(\d+)/.exec(location)?.[1]);
  if (uploaded.status !== 302 || !id) throw new Error(`The upload answered ${uploaded.status}`);
  const upload = seconds(started);
  // The dry run's page, as staff open it (after a large file's check, when it was still under way).
  started = performance.now();
  for (;;) {
    const page = await (await fetch(`${origin}/admin/products/import/${id}`, { headers: { Cookie: cookie } })).text();
    if (!page.includes('data-testid="import-checking"')) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const dryRun = seconds(started);
  const confirmed = await fetch(`${origin}/admin/products/import/${id}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "import" }),
  });
  if (confirmed.status !== 302) throw new Error(`Confirming the import answered ${confirmed.status}`);
  return { id, upload, dryRun };
}

const p = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
};
const ms = (value: number) => (Number.isNaN(value) ? "–" : value < 10 ? value.toFixed(1) : String(Math.round(value)));

async function run(database: "sqlite" | "postgresql", databaseUrl: string, folder: string, file: Buffer) {
  await applyMigrations({ databaseUrl });
  await seedProducts(databaseUrl, PRODUCTS);
  const env = serverEnv(databaseUrl, path.join(folder, `uploads-${database}`), SECRET);
  const passwordHash = await hash(PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const node: { origin: string; child: ChildProcess } = await startNode(
    env,
    path.join(folder, `server-${database}.log`),
    APP,
  );
  try {
    await insertOwner(databaseUrl, passwordHash);
    const cookie = await signIn(node.origin);
    // Warm-up: the stored pages are stored, the cart renders once.
    await load(
      node.origin,
      PRODUCTS,
      (
        (end) => () =>
          performance.now() > end
      )(performance.now() + 2000),
    );
    const quietEnd = performance.now() + QUIET_S * 1000;
    const quiet = await load(node.origin, PRODUCTS, () => performance.now() > quietEnd);
    const quietPeakMb = peakResidentMb(node.child.pid!);
    let done = false;
    let steps = { id: 0, upload: "–", dryRun: "–" };
    const importEnd = performance.now() + MAX_S * 1000;
    const importStarted = performance.now();
    const importing = load(node.origin, PRODUCTS, () => done || performance.now() > importEnd);
    steps = await importFile(node.origin, cookie, file);
    while (!done && performance.now() < importEnd) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      done = (await importStatus(databaseUrl, steps.id)) === "imported";
    }
    done = true;
    const busy = await importing;
    const importSeconds = ((performance.now() - importStarted) / 1000).toFixed(0);
    const peakMb = peakResidentMb(node.child.pid!);
    return {
      database,
      quiet,
      busy,
      steps,
      importSeconds,
      peakMb,
      quietPeakMb,
      finished: (await importStatus(databaseUrl, steps.id)) === "imported",
    };
  } finally {
    node.child.kill("SIGTERM");
    await new Promise((resolve) => node.child.once("exit", resolve));
  }
}

/** The server process's peak resident memory so far (VmHWM, threads included), in MB. */
function peakResidentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
}

/** Adds the owner who imports (the password the sign-in form is given). */
async function insertOwner(databaseUrl: string, passwordHash: string): Promise<void> {
  const sql = 'INSERT INTO "AdminUser" ("email", "passwordHash", "role") VALUES ($1, $2, \'owner\')';
  if (databaseUrl.startsWith("file:")) {
    const db = new Database(databaseUrl.slice("file:".length));
    db.prepare(sql.replace(/\$\d/g, "?")).run(EMAIL, passwordHash);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(sql, [EMAIL, passwordHash]);
  await client.end();
}

function row(label: string, phase: Phase, quiet: Phase | null): string[] {
  const ratio = (values: number[], reference: number[]) =>
    quiet ? `${(p(values, 0.95) / p(reference, 0.95)).toFixed(1)}×` : "";
  return [
    label,
    `${ms(p(phase.stored, 0.5))} / ${ms(p(phase.stored, 0.95))}`,
    quiet ? ratio(phase.stored, quiet.stored) : "",
    `${ms(p(phase.cart, 0.5))} / ${ms(p(phase.cart, 0.95))}`,
    quiet ? ratio(phase.cart, quiet.cart) : "",
    String(phase.healthFailures),
    `${(phase.orders / phase.seconds).toFixed(1)} (${phase.failedCheckouts} failed)`,
    `${ms(p(phase.checkouts, 0.95))}`,
    String(phase.errors),
    phase.seconds.toFixed(0),
  ];
}

async function main() {
  if (!options["no-build"]) execFileSync("npm", ["run", "build"], { stdio: "inherit", cwd: APP });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "haat-bench-import-busy-"));
  const file = shopifyFile();
  const databases = (options.database === "both" ? ["sqlite", "postgresql"] : [options.database]) as (
    "sqlite" | "postgresql"
  )[];
  const postgres = databases.includes("postgresql") ? await startThrowawayPostgres({ durable: true }) : null;
  const results = [];
  try {
    for (const database of databases) {
      const databaseUrl =
        database === "sqlite"
          ? `file:${path.join(folder, "bench.db")}`
          : postgres!.url.replace(/\/postgres$/, "/bench_import");
      results.push(await run(database, databaseUrl, folder, file));
    }
  } finally {
    await postgres?.stop();
  }
  const table = [
    [
      "",
      "stored p50 / p95 ms",
      "÷ quiet",
      "/cart p50 / p95 ms",
      "÷ quiet",
      "/healthz failed",
      "orders/s",
      "order p95 ms",
      "errors",
      "s",
    ],
  ];
  for (const result of results) {
    table.push(row(`${result.database}, quiet`, result.quiet, null));
    table.push(row(`${result.database}, importing`, result.busy, result.quiet));
  }
  const widths = table[0]!.map((_, column) => Math.max(...table.map((cells) => cells[column]!.length)));
  console.log(
    `\n${ROWS} rows (${(file.byteLength / 1_048_576).toFixed(1)} MiB), ${PRODUCTS} products in the shop, ${os.availableParallelism()} cores, app: ${APP}\n`,
  );
  for (const cells of table) console.log(cells.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
  for (const result of results) {
    console.log(
      `${result.database}: upload ${result.steps.upload} s, dry run's page ${result.steps.dryRun} s, import ${result.finished ? "written" : "NOT written"} after ${result.importSeconds} s from the upload; the server's peak resident memory ${result.quietPeakMb} MB before, ${result.peakMb} MB after`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
