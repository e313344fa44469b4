/**
 * A campaign code's limits on two app nodes sharing one PostgreSQL database (docs/decisions/060-
 * campaign-codes.md), each a real `node server.js` process (run by `npm run test:postgresql` only,
 * after `npm run build`). What differs from SQLite, which has one writer: concurrent transactions.
 * - 20 shoppers check out at once, split across the nodes, for a code's last use: exactly one order
 *   gets it (the conditional update on usedCount), the others are refused and place nothing;
 * - 10 checkouts of one phone at once for a code of one use per phone: one order (the count under
 *   the advisory lock on the code and phone).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { createDiscountCode } from "~/models/discounts/discount-admin.server";
import { createProduct } from "../integration/helpers";
import { discountCodeInput } from "../support/discount-codes";
import { startServerProcess, type ServerProcess } from "../support/server-process";

let nodes: ServerProcess[] = [];

beforeAll(async () => {
  nodes = await Promise.all([startServerProcess(), startServerProcess()]);
}, 60_000);

afterAll(async () => {
  for (const node of nodes) node.child.kill("SIGKILL");
  await Promise.all(nodes.map((node) => node.exited));
});

/** The `name=value` of the Set-Cookie named `name` among `response`'s. */
function cookieOf(response: Response, name: string): string {
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
  if (!cookie) throw new Error(`The answer (${response.status}) set no ${name} cookie`);
  return cookie;
}

/** A hidden field's value on the cart page `html`. */
function hidden(html: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (value === undefined) throw new Error(`The cart page has no ${name} field`);
  return value;
}

/** A shopper's cart on `origin` with `code` applied through the cart's forms; the checkout form's hidden fields. */
async function cartWithCode(origin: string, variantId: number, code: string) {
  const post = (body: Record<string, string>, cookie = "") =>
    fetch(`${origin}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body),
    });
  const cart = cookieOf(await post({ intent: "add", variantId: String(variantId), quantity: "1" }), "haat_cart");
  const applied = await post({ intent: "apply-code", code }, cart);
  const cookie = `${cart}; ${cookieOf(applied, "haat_code")}`;
  const page = await (await fetch(`${origin}/cart`, { headers: { Cookie: cookie } })).text();
  return {
    cookie,
    fields: Object.fromEntries(
      ["expectedSubtotalPaisa", "discountCode", "expectedDiscountPaisa", "expectedFreeDelivery", "checkoutToken"].map(
        (name) => [name, hidden(page, name)],
      ),
    ),
  };
}

/** Posts the checkout form of `cart` on `origin` as the shopper with `phone`; the answer's status. */
async function checkOut(origin: string, cart: Awaited<ReturnType<typeof cartWithCode>>, phone: string) {
  const response = await fetch(`${origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, Cookie: cart.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "checkout",
      name: "Code Shopper",
      phone,
      address: "House 4, Road 9",
      area: "Mirpur 10",
      district: "Dhaka",
      shippingMethod: "Inside Dhaka",
      ...cart.fields,
    }),
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** A 10% code named `code` with the given limits; its id. */
async function codeWith(code: string, limits: { usageLimit: number | null; perPhoneLimit: number | null }) {
  const created = await createDiscountCode(discountCodeInput(code, limits));
  if (!created.ok) throw new Error(`The code ${code} exists`);
  return created.id;
}

describe("a campaign code on two app nodes", () => {
  it("gives its last use to exactly one of 20 checkouts at once across both nodes", async () => {
    const lamp = await createProduct({ name: "Code Lamp", pricePaisa: 50_000 });
    const id = await codeWith("LASTONE", { usageLimit: 1, perPhoneLimit: null });
    const carts = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const origin = nodes[n % 2]!.origin;
        return { n, origin, cart: await cartWithCode(origin, lamp.variantId, "lastone") };
      }),
    );
    const answers = await Promise.all(
      carts.map(({ n, origin, cart }) => checkOut(origin, cart, `0171${String(2_000_000 + n).padStart(7, "0")}`)),
    );
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 302);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.text).toContain("This code has been used up.");
    }
    expect(await prisma.order.count({ where: { discountCodeId: id } })).toBe(1);
    expect(await prisma.order.count({ where: { customerName: "Code Shopper", discountCodeId: null } })).toBe(0);
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id } })).usedCount).toBe(1);
  });

  it("lets one phone use a one-per-phone code once when it checks out 10 times at once on both nodes", async () => {
    const fan = await createProduct({ name: "Code Fan", pricePaisa: 80_000 });
    const id = await codeWith("ONEPERPHONE", { usageLimit: null, perPhoneLimit: 1 });
    const carts = await Promise.all(
      Array.from({ length: 10 }, async (_, n) => {
        const origin = nodes[n % 2]!.origin;
        return { origin, cart: await cartWithCode(origin, fan.variantId, "ONEPERPHONE") };
      }),
    );
    const answers = await Promise.all(carts.map(({ origin, cart }) => checkOut(origin, cart, "01819999999")));
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(1);
    expect(await prisma.order.count({ where: { discountCodeId: id } })).toBe(1);
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id } })).usedCount).toBe(1);
  });
});
