/**
 * The sale that `--mixed` and `--crowd` run (scripts/bench/bench-http.ts, section 8): its
 * catalogue and stock, the truth polled from the database, the checker of the pages shown, the
 * paced shoppers and the browsing load.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { en } from "../../../app/i18n/en";
import { serverMessages } from "../../../app/i18n/server-messages";
import { formatMoney, unitPricePaisa } from "../../../app/rules/money";
import { availableQuantity, shownUnits, stockLevel } from "../../../app/rules/stock";
import { CHECKOUT_RATE, CONNECTIONS, databasePath, dir, sleep, STALE_SECONDS } from "./options";
import { type Load, wrkArgs, wrkFigures, wrkInBackground } from "./load";
import { type Cart, cartOf, checkoutPost, newToken } from "./checkout";
import { httpGet } from "./flood";
import { fixed } from "./report";

/** A browsed product of the sale: its id and its (only, default) variant's. */
export type SaleProduct = { id: number; variantId: number };

/** The catalogue of a `--mixed` run, set up by `prepareSale` (see the comment atop bench-http.ts, section 8). */
export type Sale = {
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
export const PLENTY_UNITS = 100_000;

/**
 * Picks the 60 product pages `--mixed` browses (products sold through one default variant, spread
 * evenly over the catalogue) and makes 3 of them count a little stock, 40 count plenty and 17 none,
 * straight in the database, before the server starts (the change log records it; the server starts
 * after). Returns the sale.
 */
export function prepareSale(): Sale {
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
export function stockSale(sale: Sale): void {
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
export function reprice(product: SaleProduct): number {
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
export const TRUTH_POLL_MS = 50;

/**
 * The database's truth during a run: for each product, what its page should show (`stateOf`) and
 * from when (ms, performance.now(): the first poll that saw it), one entry per change; and its
 * units on hand at the last poll. Polled every `TRUTH_POLL_MS` through a read-only connection until
 * `stop()`.
 */
export type Truth = {
  timelines: Map<number, { atMs: number; state: string }[]>;
  units: Map<number, number>;
  stop: () => void;
};

/** Starts polling the truth (`Truth`) about `products`' default variants. */
export function watchDatabase(products: SaleProduct[], threshold: number): Truth {
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
export type Page = { url: string; productId: number | null };

/**
 * One answer the checker got: when it was asked and answered (ms, performance.now()), its status,
 * its `X-Cache` ("absent" without one), and for a product page what it shows (`pageState`).
 */
export type Check = Page & {
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
export async function checkPages(origin: string, watched: Page[], others: Page[], untilMs: number): Promise<Check[]> {
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
export type Judged = Check & { ageMs: number | null };

/**
 * Judges each product page of `checks` against `truth` (see `Judged`). The state shown is matched
 * with the latest time the database held it up to the answer, plus one poll (a render may read a
 * change the poll sees a little later); it left that state at the poll that first saw the next one.
 */
export function judge(checks: Check[], truth: Truth): Judged[] {
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
export const BOUND_MS = STALE_SECONDS * 1000 + 200;

/** The X-Cache values among `checks` and their shares: "HIT 97% · MISS 3% (of 240)". */
export function cacheShares(checks: Check[]): string {
  const counts = new Map<string, number>();
  for (const check of checks) counts.set(check.cache, (counts.get(check.cache) ?? 0) + 1);
  const shares = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([cache, n]) => `${cache} ${fixed((100 * n) / checks.length, 0)}%`);
  return `${shares.join(" · ")} (of ${checks.length})`;
}

/** What the paced shoppers did: tokens sent and answered as placed, refusals by kind, post times (ms). */
export type PacedCheckouts = {
  sent: string[];
  placed: string[];
  soldOut: number;
  other: Map<string, number>;
  timesMs: number[];
};

/** The carts of the sale's shoppers, by the low-stock products they hold (indexes into `sale.low`, "0,2"; "" for none). */
export type SaleCarts = Map<string, Cart[]>;

/** The low-stock products a cart may hold: none, one, or two of the three. */
const LOW_COMBINATIONS = [[], [0], [1], [2], [0, 1], [1, 2], [0, 2]];

/**
 * The sale's carts: for each of `LOW_COMBINATIONS`, 6 distinct carts, each with one plenty-stock
 * product (a different one for each cart, in turn) and those low-stock products, one unit each.
 */
export async function saleCarts(origin: string, sale: Sale): Promise<SaleCarts> {
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
export async function shopAtRate(
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
export function browse(origin: string, urls: string[], seconds: number, oneAddress?: string): Promise<Load> {
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
