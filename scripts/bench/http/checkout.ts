/**
 * `npm run bench:http`, step 5: shoppers' carts and checkouts through the shop's own forms, and
 * the database compared with what they were told (scripts/bench/bench-http.ts, section 5).
 */
import crypto from "node:crypto";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { checkoutForm } from "../bench-shop";
import { CONNECTIONS, databasePath, DURATION_S, sleep } from "./options";
import type { Load } from "./load";
import { fetchAgain } from "./nginx";

/** A cart cookie holding `variantIds` (one unit each), made through the shop's own cart form. */
export async function cartCookie(origin: string, variantIds: number[]): Promise<string> {
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
export type Cart = { cookie: string; subtotal: string };

/** A cart holding `variantIds` (one unit each), made through the shop's cart form, with its subtotal. */
export async function cartOf(origin: string, variantIds: number[]): Promise<Cart> {
  const cookie = await cartCookie(origin, variantIds);
  return { cookie, subtotal: await shownSubtotal(origin, cookie) };
}

/**
 * The checkout post of `cart` with the checkout token `token`: its headers and form body. The
 * `n`-th post has a phone number and address of its own (the checkout limits are off as well).
 */
export function checkoutPost(origin: string, cart: Cart, token: string, n: number) {
  return {
    headers: { Origin: origin, Cookie: cart.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: checkoutForm(cart, token, n).toString(),
  };
}

/** A new checkout token (what the checkout form carries so that a post placed twice is one order). */
export const newToken = () => crypto.randomBytes(18).toString("base64url");

/** What autocannon keeps per connection: that shopper's cart, and the token of the post in flight. */
type ShopperContext = { cart?: Cart; token?: string };

/**
 * The database against what shoppers were told: `inDatabase` orders written since `ordersBefore`,
 * `lost` answered as placed (`placedTokens`) but absent, `unanswered` written but never answered
 * (in flight when the load stopped, or timed out at the client), `unexpected` written without any
 * post having sent its token (`sentTokens`: a duplicate). `lost` and `unexpected` must be 0.
 */
export type OrderCheck = { inDatabase: number; lost: number; unanswered: number; unexpected: number };

/** The number of orders in the database `db`. */
export const orderCount = (db: Database.Database) =>
  (db.prepare('SELECT count(*) AS n FROM "Order"').get() as { n: number }).n;

/** Compares the database `db` with what the shoppers were told (see `OrderCheck`). */
export function checkOrders(
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
export async function loadCheckout(origin: string, variantIds: number[]): Promise<CheckoutLoad> {
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
