/**
 * `npm run bench:scale-out [-- options]`: the same shop on one node with SQLite, one node with
 * PostgreSQL, and two nodes with PostgreSQL, in one command on this machine
 * (docs/decisions/053-two-databases.md). For each:
 * 1. a fresh database (a SQLite file, or a database on a throwaway PostgreSQL server started here
 *    with PostgreSQL's durable defaults, as SQLite commits durably) with `--products` products
 *    (default 2,000, in 10 categories, stock not counted), no pictures;
 * 2. the production build (`--no-build` reuses build/) started as `npm start` does, once or twice
 *    (the nodes on their own ports, each given half the connections: the load balancer's share);
 * 3. `--duration` seconds (default 10) of each load with autocannon's `--connections` (default 32):
 *    - **catalogue, cached**: GET of 50 product pages, `/products` and its pages 2–3, in turn, with
 *      the page cache as shipped: requests a second;
 *    - **catalogue, uncached**: the same with the page cache off (PAGE_CACHE_MB=0): every page
 *      rendered, its queries run: requests a second;
 *    - **checkout**: one cart per connection, each post a new checkout token and phone: orders (302
 *      answers) a second, then the database is compared with the answers (lost: answered as placed,
 *      not stored; duplicated: stored, not answered) and both must be 0.
 * Prints one table. The load generator, the node(s) and PostgreSQL share this machine's cores: on a
 * 2-core machine a second node competes with the first for them, so the 2-node rows measure
 * correctness under load and the overhead of sharing, not the gain of a second machine.
 */
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { cartOf, checkoutForm, seedProducts, serverEnv, startNode } from "./bench-shop";
import { applyMigrations } from "../db/migrate.mjs";
import { startThrowawayPostgres } from "../dev/with-postgres.mjs";

const { values: options } = parseArgs({
  options: {
    products: { type: "string", default: "2000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    "no-build": { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const PRODUCTS = Number(options.products);
const DURATION_S = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const SECRET = "bench-scale-out-secret-0123456789abcdef0123456789";

type Setup = { name: string; database: "sqlite" | "postgresql"; nodes: 1 | 2 };
const SETUPS: Setup[] = [
  { name: "1 node, SQLite", database: "sqlite", nodes: 1 },
  { name: "1 node, PostgreSQL", database: "postgresql", nodes: 1 },
  { name: "2 nodes, PostgreSQL", database: "postgresql", nodes: 2 },
].filter((setup) => !options.only || setup.name.toLowerCase().includes(options.only.toLowerCase())) as Setup[];

/** The catalogue pages the load asks for, in turn. */
function catalogueRequests(): autocannon.Request[] {
  const paths = ["/products", "/products?page=2", "/products?page=3"];
  for (let i = 0; i < 50; i++) paths.push(`/products/${1 + Math.floor((i * PRODUCTS) / 50)}`);
  return paths.map((p) => ({ method: "GET" as const, path: p }));
}

/** Drives each origin with `connections / origins` connections at once; sums the 200 answers a second. */
async function loadCatalogue(origins: string[]): Promise<{ rps: number; errors: number }> {
  const results = await Promise.all(
    origins.map((origin) =>
      autocannon({
        url: origin,
        connections: Math.max(1, Math.round(CONNECTIONS / origins.length)),
        duration: DURATION_S,
        requests: catalogueRequests(),
      }),
    ),
  );
  let ok = 0;
  let errors = 0;
  for (const result of results) {
    const answered = result.statusCodeStats?.["200"]?.count ?? 0;
    ok += answered;
    errors += result.requests.total - answered;
  }
  return { rps: ok / DURATION_S, errors };
}

/** Checkouts on each origin for DURATION_S seconds; orders a second, and the database compared with the answers. */
async function loadCheckout(origins: string[], databaseUrl: string) {
  const placed: string[] = [];
  const sent: string[] = [];
  let sequence = 0;
  const perOrigin = Math.max(1, Math.round(CONNECTIONS / origins.length));
  await Promise.all(
    origins.map(async (origin, o) => {
      const carts = await Promise.all(
        Array.from({ length: perOrigin }, (_, i) => cartOf(origin, 1 + ((o * perOrigin + i) % PRODUCTS))),
      );
      let nextCart = 0;
      await autocannon({
        url: `${origin}/cart`,
        connections: perOrigin,
        duration: DURATION_S,
        requests: [
          {
            method: "POST",
            setupRequest(request, context) {
              const shopper = context as { cart?: { cookie: string; subtotal: string }; token?: string };
              shopper.cart ??= carts[nextCart++ % carts.length];
              shopper.token = crypto.randomBytes(18).toString("base64url");
              sent.push(shopper.token);
              const n = sequence++;
              return {
                ...request,
                headers: {
                  Origin: origin,
                  Cookie: shopper.cart!.cookie,
                  "Content-Type": "application/x-www-form-urlencoded",
                },
                body: checkoutForm(shopper.cart!, shopper.token, n).toString(),
              };
            },
            onResponse(status, _body, context) {
              if (status === 302) placed.push((context as { token: string }).token);
            },
          },
        ],
      });
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const stored = await storedTokens(databaseUrl);
  const sentSet = new Set(sent);
  return {
    ordersPerSecond: placed.length / DURATION_S,
    lost: placed.filter((token) => !stored.has(token)).length,
    duplicated: [...stored].filter((token) => !sentSet.has(token)).length,
  };
}

/** The checkout tokens of every order in the database. */
async function storedTokens(databaseUrl: string): Promise<Set<string>> {
  if (databaseUrl.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(databaseUrl.slice("file:".length), { readonly: true });
    try {
      return new Set(db.prepare('SELECT "checkoutToken" FROM "Order"').pluck().all() as string[]);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return new Set((await client.query('SELECT "checkoutToken" FROM "Order"')).rows.map((row) => row.checkoutToken));
  } finally {
    await client.end();
  }
}

async function main() {
  if (!options["no-build"]) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "haat-bench-scale-out-"));
  const postgres = SETUPS.some((setup) => setup.database === "postgresql")
    ? await startThrowawayPostgres({ durable: true })
    : null;
  const rows: string[][] = [];
  try {
    for (const [index, setup] of SETUPS.entries()) {
      const databaseUrl =
        setup.database === "sqlite"
          ? `file:${path.join(folder, `bench-${index}.db`)}`
          : postgres!.url.replace(/\/postgres$/, `/bench_${index}`);
      await applyMigrations({ databaseUrl });
      await seedProducts(databaseUrl, PRODUCTS);
      const figures: Record<string, string> = {};
      for (const cache of [true, false]) {
        const env = serverEnv(databaseUrl, path.join(folder, "uploads"), SECRET, cache ? {} : { PAGE_CACHE_MB: "0" });
        const nodes = [];
        for (let n = 0; n < setup.nodes; n++)
          nodes.push(await startNode(env, path.join(folder, `node-${index}-${n}.log`)));
        const origins = nodes.map((node) => node.origin);
        try {
          // A second of warm-up (the first renders, the cache's first stores).
          await Promise.all(
            origins.map((origin) =>
              autocannon({ url: origin, connections: 4, duration: 1, requests: catalogueRequests() }),
            ),
          );
          const catalogue = await loadCatalogue(origins);
          figures[cache ? "cached" : "uncached"] =
            `${Math.round(catalogue.rps)}${catalogue.errors ? ` (${catalogue.errors} errors)` : ""}`;
          if (cache) {
            const checkout = await loadCheckout(origins, databaseUrl);
            figures.checkout = `${Math.round(checkout.ordersPerSecond)}`;
            figures.lostDuplicated = `${checkout.lost}/${checkout.duplicated}`;
          }
        } finally {
          for (const node of nodes) node.child.kill("SIGTERM");
          await Promise.all(nodes.map((node) => new Promise((resolve) => node.child.once("exit", resolve))));
        }
      }
      rows.push([setup.name, figures.cached!, figures.uncached!, figures.checkout!, figures.lostDuplicated!]);
      console.log(`${setup.name}: done`);
    }
  } finally {
    postgres?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
  console.log(
    `\n${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.availableParallelism()} cores (load generator, nodes and PostgreSQL share them)\n`,
  );
  const header = ["setup", "catalogue rps (cached)", "catalogue rps (uncached)", "orders/s", "lost/duplicated"];
  console.log(`| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
