/**
 * Two app nodes on one PostgreSQL database (docs/decisions/053-two-databases.md), each a real
 * `node server.js` process with its own page cache, as two machines behind a load balancer would
 * run (run by `npm run test:postgresql` only, after `npm run build`):
 * - 200 shoppers checking out at once, split across the nodes, for 150 units: 150 orders, nothing
 *   lost or placed twice, the stock at 0;
 * - the last unit of a variant sells once;
 * - a product changed by another writer shows on each node's cached page within a second;
 * - a node killed in the middle of checkouts loses no order it confirmed, and the shoppers it cut
 *   off place theirs on the other node (the same form posted again is one order).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { createProduct } from "../integration/helpers";
import { startServerProcess, type ServerProcess } from "../support/server-process";

let nodes: ServerProcess[] = [];

beforeAll(async () => {
  nodes = await Promise.all([startServerProcess(), startServerProcess()]);
}, 60_000);

afterAll(async () => {
  for (const node of nodes) node.child.kill("SIGKILL");
  await Promise.all(nodes.map((node) => node.exited));
});

/** A shopper's cart made on `origin` through the cart form: its cookie and the subtotal its page shows. */
async function cartOn(origin: string, variantId: number, quantity = 1): Promise<{ cookie: string; subtotal: string }> {
  const added = await fetch(`${origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", variantId: String(variantId), quantity: String(quantity) }),
  });
  const cookie = added.headers
    .getSetCookie()
    .find((c) => c.startsWith("haat_cart"))
    ?.split(";")[0];
  if (!cookie) throw new Error(`Adding to the cart answered ${added.status} without a cart cookie`);
  const page = await (await fetch(`${origin}/cart`, { headers: { Cookie: cookie } })).text();
  const subtotal = /name="expectedSubtotalPaisa" value="(\d+)"/.exec(page)?.[1];
  if (!subtotal) throw new Error("The cart page has no expectedSubtotalPaisa field");
  return { cookie, subtotal };
}

/** Posts the checkout form of `cart` with `token` to `origin`; resolves with the answer's status and Location. */
async function checkOut(origin: string, cart: { cookie: string; subtotal: string }, token: string, n: number) {
  const response = await fetch(`${origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, Cookie: cart.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "checkout",
      name: "Two Node Shopper",
      phone: `0171${String(1_000_000 + n).padStart(7, "0")}`,
      address: `House ${n}, Road 9`,
      area: "Mirpur 10",
      district: "Dhaka",
      shippingMethod: "Inside Dhaka",
      checkoutToken: token,
      expectedSubtotalPaisa: cart.subtotal,
    }),
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("Location") };
}

const token = () => crypto.randomBytes(18).toString("base64url");

describe("two app nodes on one PostgreSQL database", () => {
  it("place 150 orders for 150 units when 200 shoppers check out at once across both, none lost or doubled", async () => {
    const lamp = await createProduct({ name: "Two Node Lamp", pricePaisa: 50_000, stockQuantity: 150 });
    const shoppers = await Promise.all(
      Array.from({ length: 200 }, async (_, n) => {
        const origin = nodes[n % 2]!.origin;
        return { n, origin, cart: await cartOn(origin, lamp.variantId), token: token() };
      }),
    );
    const answers = await Promise.all(shoppers.map((s) => checkOut(s.origin, s.cart, s.token, s.n)));
    const placed = shoppers.filter(
      (_, i) => answers[i]!.status === 302 && answers[i]!.location?.startsWith("/order-success"),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(placed).toHaveLength(150);
    // Every order confirmed is in the database once, and no other order was written.
    const orders = await prisma.order.findMany({
      where: { checkoutToken: { in: shoppers.map((s) => s.token) } },
      select: { checkoutToken: true },
    });
    expect(orders.map((order) => order.checkoutToken).sort()).toEqual(placed.map((s) => s.token).sort());
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: lamp.variantId } })).toMatchObject({
      stockQuantity: 0,
    });
    // The ledger's balances follow each other down to 0, one entry per order.
    const ledger = await prisma.stockMovement.findMany({
      where: { variantId: lamp.variantId },
      orderBy: { id: "asc" },
    });
    expect(ledger.map((entry) => entry.balance)).toEqual(Array.from({ length: 150 }, (_, i) => 149 - i));
  }, 60_000);

  it("sell the last unit of a variant once", async () => {
    const fan = await createProduct({ name: "Two Node Last Fan", pricePaisa: 90_000, stockQuantity: 1 });
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const origin = nodes[n % 2]!.origin;
        return { n, origin, cart: await cartOn(origin, fan.variantId), token: token() };
      }),
    );
    const answers = await Promise.all(shoppers.map((s) => checkOut(s.origin, s.cart, s.token, 1000 + s.n)));
    expect(
      answers.filter((answer) => answer.status === 302 && answer.location?.startsWith("/order-success")),
    ).toHaveLength(1);
    expect(await prisma.order.count({ where: { items: { some: { variantId: fan.variantId } } } })).toBe(1);
  });

  it("show a product changed by another writer on each node's cached page within a second", async () => {
    const shade = await createProduct({ name: "Two Node Shade", pricePaisa: 12_300 });
    const path = `/products/${shade.id}`;
    // Each node stores the page (a render that overlapped the product's own creation reaching the
    // node's change log is not kept: the next one is).
    for (const node of nodes) {
      await expect
        .poll(async () => {
          const response = await fetch(`${node.origin}${path}`);
          await response.text();
          return response.headers.get("X-Cache");
        })
        .toBe("HIT");
    }
    const changedAt = Date.now();
    await prisma.product.update({ where: { id: shade.id }, data: { name: "Two Node Shade, Renamed" } });
    const seenAfter = await Promise.all(
      nodes.map(async (node) => {
        for (;;) {
          const html = await (await fetch(`${node.origin}${path}`)).text();
          if (html.includes("Two Node Shade, Renamed")) return Date.now() - changedAt;
          if (Date.now() - changedAt > 5000) return Infinity;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
    for (const ms of seenAfter) expect(ms).toBeLessThan(1000);
  });

  it("lose no confirmed order when a node is killed mid-checkout; the cut-off shoppers order on the other", async () => {
    const bulb = await createProduct({ name: "Two Node Bulb", pricePaisa: 20_000, stockQuantity: 1000 });
    const [doomed, survivor] = nodes as [ServerProcess, ServerProcess];
    const shoppers = await Promise.all(
      Array.from({ length: 60 }, async (_, n) => ({
        n: 2000 + n,
        cart: await cartOn(doomed.origin, bulb.variantId),
        token: token(),
      })),
    );
    // The cart cookie is signed with the shared secret: either node reads it.
    const inFlight = shoppers.map((s) => checkOut(doomed.origin, s.cart, s.token, s.n).catch(() => null));
    await new Promise((resolve) => setTimeout(resolve, 30));
    doomed.child.kill("SIGKILL");
    const answers = await Promise.all(inFlight);
    const confirmed = shoppers.filter((_, i) => answers[i]?.status === 302);
    // Every order the killed node confirmed is in the database.
    const stored = new Set(
      (
        await prisma.order.findMany({
          where: { checkoutToken: { in: shoppers.map((s) => s.token) } },
          select: { checkoutToken: true },
        })
      ).map((order) => order.checkoutToken),
    );
    for (const shopper of confirmed) expect(stored.has(shopper.token)).toBe(true);
    // The shoppers who got no answer post the same form again, to the other node: one order each.
    const retried = shoppers.filter((_, i) => answers[i]?.status !== 302);
    const second = await Promise.all(retried.map((s) => checkOut(survivor.origin, s.cart, s.token, s.n)));
    expect(second.every((answer) => answer.status === 302)).toBe(true);
    const orders = await prisma.order.findMany({
      where: { checkoutToken: { in: shoppers.map((s) => s.token) } },
      select: { checkoutToken: true },
    });
    expect(orders).toHaveLength(60);
    expect(new Set(orders.map((order) => order.checkoutToken)).size).toBe(60);
    expect((await prisma.productVariant.findUniqueOrThrow({ where: { id: bulb.variantId } })).stockQuantity).toBe(940);
  });
});
