/**
 * What the benchmarks that drive the production server share (bench-scale-out.ts,
 * bench-import-busy.ts): a database seeded with plain products on either database, the server
 * started as `npm start` starts it, a shopper's cart and checkout form.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { freePort } from "../lib/free-port";

/** Runs `sql` statements on a database, whichever it is (the seed below is standard SQL). */
type Runner = { run(sql: string, values?: unknown[]): Promise<void>; close(): Promise<void> };

async function runnerFor(databaseUrl: string): Promise<Runner> {
  if (databaseUrl.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(databaseUrl.slice("file:".length));
    return {
      async run(sql, values = []) {
        // `$n` as PostgreSQL numbers them, as `?` in the order they appear.
        const ordered = [...sql.matchAll(/\$(\d+)/g)].map((match) => values[Number(match[1]) - 1]);
        db.prepare(sql.replace(/\$\d+/g, "?")).run(...(ordered as never[]));
      },
      async close() {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async run(sql, values = []) {
      await client.query(sql, values);
    },
    async close() {
      await client.end();
    },
  };
}

/** `products` products in 10 categories, each with its default variant (ids 1…products), stock not counted. */
export async function seedProducts(databaseUrl: string, products: number): Promise<void> {
  const db = await runnerFor(databaseUrl);
  const now = new Date().toISOString();
  try {
    await db.run("BEGIN");
    for (let c = 1; c <= 10; c++) {
      await db.run(`INSERT INTO "Category" ("name", "slug", "updatedAt") VALUES ($1, $2, $3)`, [
        `Bench Category ${c}`,
        `bench-category-${c}`,
        now,
      ]);
    }
    const words = ["Brass", "Ceiling", "Table", "LED", "Wall", "Pendant", "Switch", "Socket", "Fan", "Lamp"];
    for (let i = 1; i <= products; i++) {
      const name = `${words[i % 10]} ${words[(i * 7) % 10]} ${i}`;
      const price = 50_000 + (i % 50) * 1_000;
      await db.run(
        `INSERT INTO "Product" ("name", "slug", "description", "minPricePaisa", "maxPricePaisa", "categoryId", "updatedAt")
         VALUES ($1, $2, $3, $4, $4, $5, $6)`,
        [name, `bench-${i}`, "A product of the benchmark.", price, (i % 10) + 1, now],
      );
      await db.run(`INSERT INTO "ProductVariant" ("productId", "pricePaisa") VALUES ($1, $2)`, [i, price]);
    }
    await db.run("COMMIT");
  } finally {
    await db.close();
  }
}

/**
 * Starts `node server.js` of the checkout `appDir` (this one by default) with `env` on a free port,
 * with `npm start`'s V8 flags; resolves with its origin and process once /healthz answers (30 s at most).
 */
export async function startNode(
  env: Record<string, string>,
  logFile: string,
  appDir = process.cwd(),
): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--max-old-space-size=192", "--max-semi-space-size=4", "--optimize-for-size", "server.js"],
    {
      env: {
        ...env,
        NODE_ENV: "production",
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        MALLOC_ARENA_MAX: "2",
      },
      stdio: ["ignore", "pipe", "inherit"],
      cwd: appDir,
    },
  );
  const log = fs.createWriteStream(logFile);
  child.stdout!.pipe(log);
  // Ready once /healthz answers (the log is kept to warnings, so its "serving" line is not written).
  const origin = `http://127.0.0.1:${port}`;
  for (const giveUpAt = Date.now() + 30_000; ;) {
    if (child.exitCode !== null)
      throw new Error(`The server ended (${child.exitCode}) before listening; its log: ${logFile}`);
    if (Date.now() > giveUpAt) throw new Error(`The server did not answer within 30 s; its log: ${logFile}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, child };
}

/** A cart cookie holding one unit of product `productId`'s default variant (variant id = product id here). */
export async function cartOf(origin: string, variantId: number): Promise<{ cookie: string; subtotal: string }> {
  const added = await fetch(`${origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", variantId: String(variantId), quantity: "1" }),
  });
  const cookie = added.headers
    .getSetCookie()
    .find((c) => c.startsWith("haat_cart"))
    ?.split(";")[0];
  if (!cookie) throw new Error(`Adding to a cart answered ${added.status}`);
  const page = await (await fetch(`${origin}/cart`, { headers: { Cookie: cookie } })).text();
  return { cookie, subtotal: /name="expectedSubtotalPaisa" value="(\d+)"/.exec(page)![1]! };
}

/** The checkout form of `cart` with checkout token `token`: the `n`-th shopper's own phone number and address, in Dhaka. */
export function checkoutForm(cart: { cookie: string; subtotal: string }, token: string, n: number): URLSearchParams {
  return new URLSearchParams({
    intent: "checkout",
    name: "Bench Shopper",
    phone: `017${String(10_000_000 + (n % 89_999_999)).padStart(8, "0")}`,
    address: `House ${n}, Road 2`,
    area: "Mirpur 10",
    district: "Dhaka",
    shippingMethod: "Inside Dhaka",
    checkoutToken: token,
    expectedSubtotalPaisa: cart.subtotal,
  });
}

/**
 * The environment of a benchmark's server on `databaseUrl`, with the pictures in `uploadsDir`: the
 * production mode, the courier schedule and the checkout limits off (the shoppers share an
 * address), warnings and errors logged only; `extra` adds or overrides variables.
 */
export function serverEnv(
  databaseUrl: string,
  uploadsDir: string,
  secret: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: uploadsDir,
    SESSION_SECRET: secret,
    COOKIE_SECURE: "false",
    COURIER_REFRESH_MINUTES: "0",
    SHOP_PHONE_ORDER_LIMIT: "0",
    SHOP_ADDRESS_ORDER_LIMIT: "0",
    LOG_LEVEL: "warn",
    ...extra,
  };
}
