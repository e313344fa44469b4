/**
 * Stock per variant (docs/decisions/027-stock.md, 047-variants.md) against a real SQLite database,
 * through the cart route and the order page: the last unit of one variant under 50 concurrent
 * checkouts, cancelling, and what the cart does with input it must not trust (an unknown, inactive
 * or sold-out variant, another product's variant, a forged cookie).
 */
import { createCookie } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { prisma } from "~/models/db/client.server";
import { saveOptions } from "~/models/catalogue/product-variants.server";
import { listLowStock } from "~/models/catalogue/stock.server";
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import { action as orderAction } from "~/routes/admin.orders.view.$id/route";
import { commitCart } from "~/server/cart/cart-cookie.server";
import { serverTranslator } from "~/server/i18n.server";
import {
  CookieJar,
  createAdmin,
  createProduct,
  createProductWithVariants,
  expectData,
  get,
  post,
  run,
  runData,
  signedInJar,
} from "./helpers";

const t = serverTranslator("en");

const customer = {
  intent: "checkout",
  name: "Rahima Akter",
  phone: "01712345678",
  address: "House 4, Road 2",
  area: "Mirpur 10",
  district: "Dhaka",
  shippingMethod: "Inside Dhaka",
};

/** A ceiling fan in two sizes and two colours, stock tracked per variant. */
function createFan(name = "Variant Fan") {
  return createProductWithVariants({
    name,
    options: [
      { name: "Size", values: ["48″", "56″"] },
      { name: "Colour", values: ["White", "Brown"] },
    ],
    variants: [
      { values: ["48″", "White"], pricePaisa: 450_000, stockQuantity: 2 },
      { values: ["48″", "Brown"], pricePaisa: 460_000, stockQuantity: 0 },
      { values: ["56″", "White"], pricePaisa: 520_000, stockQuantity: 4 },
      { values: ["56″", "Brown"], pricePaisa: 530_000, discountedPricePaisa: 499_000, stockQuantity: 1 },
    ],
  });
}

/** The `haat_cart=…` pair of `jar`'s Cookie header ("" without a cart). */
const cartCookieOf = (jar: CookieJar) => /(?:^|; )(haat_cart=[^;]*)/.exec(jar.header())?.[1] ?? "";

/** Each variant's stock (variant id → units on hand) of the product `productId`. */
async function stockByVariant(productId: number): Promise<Record<number, number>> {
  const variants = await prisma.productVariant.findMany({ where: { productId }, orderBy: { id: "asc" } });
  return Object.fromEntries(variants.map((variant) => [variant.id, variant.stockQuantity]));
}

/** Posts the product page's add-to-cart form for `quantity` of `variantId` into `jar`'s cart. */
async function add(jar: CookieJar, variantId: number | string, quantity = 1) {
  const outcome = await run(cartAction, post("/cart", { intent: "add", variantId, quantity, redirectTo: "/" }, jar));
  jar.take(outcome.headers);
  return outcome;
}

/** The cart page's lines for `jar`: variant id, its product's id, name, label and quantity. */
async function cartLines(jar: CookieJar) {
  const page = await runData(cartLoader, get("/cart", jar));
  return page.lineItems.map((item) => ({
    variantId: item.variant.variantId,
    productId: item.variant.productId,
    name: item.variant.name,
    label: item.variant.label,
    quantity: item.quantity,
  }));
}

/**
 * The checkout form `jar`'s cart page rendered, ready to post; the cookie the page stores (a cart
 * cleaned of lines no longer sold) is kept, as a browser keeps it.
 */
async function checkout(jar: CookieJar) {
  const shown = await run(cartLoader, get("/cart", jar));
  jar.take(shown.headers);
  const page = expectData(shown);
  return () =>
    run(
      cartAction,
      post("/cart", { ...customer, checkoutToken: page.checkoutToken, expectedSubtotalPaisa: page.subtotalPaisa }, jar),
    );
}

let staff: CookieJar;

beforeEach(async () => {
  staff = await signedInJar((await createAdmin()).id);
});

describe("the last unit of one variant", () => {
  it(
    "goes to exactly one of 50 shoppers checking out at once; the other variants keep theirs",
    { timeout: 120_000 },
    async () => {
      const fan = await createFan();
      const last = fan.variantId("56″", "Brown");
      const before = await stockByVariant(fan.id);

      const shoppers = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const jar = new CookieJar();
          await add(jar, last);
          return jar;
        }),
      );
      const submits = await Promise.all(shoppers.map((jar) => checkout(jar)));
      const outcomes = await Promise.all(submits.map((submit) => submit()));

      const placed = outcomes.filter((outcome) => outcome.status === 302);
      const refused = outcomes.filter((outcome) => outcome.status === 400);
      expect(placed).toHaveLength(1);
      expect(refused).toHaveLength(49);
      for (const outcome of refused) {
        const answer = expectData(outcome) as { formError: string; cartChanged: boolean };
        expect(answer).toMatchObject({ formError: t("checkout.outOfStock"), cartChanged: true });
      }
      expect(await stockByVariant(fan.id)).toEqual({ ...before, [last]: 0 });

      const orderId = Number(new URL(placed[0]!.location!, "http://x").searchParams.get("order"));
      const items = await prisma.orderItem.findMany({ where: { orderId } });
      expect(items.map((i) => [i.productId, i.variantId, i.productName, i.variantLabel, i.unitPricePaisa])).toEqual([
        [fan.id, last, "Variant Fan", "56″ / Brown", 499_000],
      ]);
      const ledger = await prisma.stockMovement.findMany({ where: { productId: fan.id }, orderBy: { id: "asc" } });
      expect(ledger.map((m) => [m.variantId, m.variantLabel, m.orderId, m.change, m.balance, m.reason])).toEqual([
        [last, "56″ / Brown", orderId, -1, 0, "order-placed"],
      ]);

      // Cancelling returns the unit to that variant only.
      const cancelled = await run(
        orderAction,
        post(`/admin/orders/view/${orderId}`, { status: "cancelled", confirm: "yes" }, staff),
        { id: String(orderId) },
      );
      expect(cancelled.status).toBe(302);
      expect(await stockByVariant(fan.id)).toEqual(before);
      const returned = await prisma.stockMovement.findFirstOrThrow({ where: { orderId, reason: "order-cancelled" } });
      expect(returned).toMatchObject({ variantId: last, variantLabel: "56″ / Brown", change: 1, balance: 1 });
    },
  );
});

describe("a retired variant", () => {
  it("keeps its label in the stock ledger when a cancelled order returns its units", async () => {
    const fan = await createFan("Retired Fan");
    const brown56 = fan.variantId("56″", "Brown");
    const jar = new CookieJar();
    await add(jar, brown56);
    const placed = await (await checkout(jar))();
    expect(placed.status).toBe(302);
    const orderId = Number(new URL(placed.headers.get("Location")!, "http://x").searchParams.get("order"));

    // Brown is no longer sold: 56″ / Brown has an order, so it is retired (its option values cleared).
    const options = await prisma.productOption.findMany({
      where: { productId: fan.id },
      orderBy: { position: "asc" },
      include: { values: { orderBy: { position: "asc" } } },
    });
    await saveOptions(
      fan.id,
      options.map((option) => ({
        id: option.id,
        name: option.name,
        nameBn: option.nameBn,
        values: option.values
          .filter((value) => value.value !== "Brown")
          .map((value) => ({ id: value.id, value: value.value, valueBn: value.valueBn })),
      })),
      null,
    );
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: brown56 } })).toMatchObject({
      isActive: false,
      option1ValueId: null,
    });

    const cancelled = await run(
      orderAction,
      post(`/admin/orders/view/${orderId}`, { status: "cancelled", confirm: "yes" }, staff),
      { id: String(orderId) },
    );
    expect(cancelled.status).toBe(302);
    const ledger = await prisma.stockMovement.findMany({ where: { variantId: brown56 }, orderBy: { id: "asc" } });
    expect(ledger.map((m) => [m.variantLabel, m.change, m.balance, m.reason])).toEqual([
      ["56″ / Brown", -1, 0, "order-placed"],
      ["56″ / Brown", 1, 1, "order-cancelled"],
    ]);
  });
});

describe("the low-stock list", () => {
  it("names each active variant at or below the threshold, fewest first, with its label in both languages", async () => {
    await prisma.product.updateMany({ data: { trackStock: false } });
    const fan = await createFan("Low Fan");
    await prisma.productVariant.update({ where: { id: fan.variantId("48″", "White") }, data: { isActive: false } });
    // A Bangla name and one Bangla value: the sizes have none, so their English values stand in.
    await prisma.product.update({ where: { id: fan.id }, data: { nameBn: "লো ফ্যান" } });
    await prisma.productOptionValue.updateMany({
      where: { option: { productId: fan.id }, value: "Brown" },
      data: { valueBn: "বাদামি" },
    });
    const low = await listLowStock(2);
    expect(low).toMatchObject({ total: 2, anyTracked: true });
    const named = { productId: fan.id, name: "Low Fan", nameBn: "লো ফ্যান" };
    expect(low.variants).toEqual([
      { id: fan.variantId("48″", "Brown"), ...named, label: "48″ / Brown", labelBn: "48″ / বাদামি", stockQuantity: 0 },
      { id: fan.variantId("56″", "Brown"), ...named, label: "56″ / Brown", labelBn: "56″ / বাদামি", stockQuantity: 1 },
    ]);
  });
});

describe("input the cart does not trust", () => {
  it("refuses an unknown variant id, and drops one from a signed cookie", async () => {
    const fan = await createFan("Tamper Fan");
    const jar = new CookieJar();
    await add(jar, fan.variantId("48″", "White"));
    const unknown = await add(jar, 99_999_999);
    expect(unknown).toRedirectTo("/cart");
    await expect(unknown).toSetToast({ kind: "error", message: t("cart.notFound") });
    expect(await add(jar, "12abc")).toRedirectTo("/cart");
    expect((await cartLines(jar)).map((line) => line.variantId)).toEqual([fan.variantId("48″", "White")]);

    // A cookie the shop signed but naming a variant that does not exist (as a tampered line would).
    const signed = new CookieJar();
    signed.take(
      new Headers({
        "Set-Cookie": await commitCart([
          { variantId: 99_999_998, quantity: 1 },
          { variantId: fan.variantId("56″", "White"), quantity: 2 },
        ]),
      }),
    );
    const page = await runData(cartLoader, get("/cart", signed));
    expect(page.productsRemoved).toBe(true);
    expect(page.lineItems.map((item) => [item.variant.variantId, item.quantity])).toEqual([
      [fan.variantId("56″", "White"), 2],
    ]);
  });

  it("refuses an inactive variant, and leaves one switched off after it was added out of the order", async () => {
    const fan = await createFan("Retired Fan");
    const white = fan.variantId("56″", "White");
    const jar = new CookieJar();
    await add(jar, white);
    await prisma.productVariant.update({ where: { id: white }, data: { isActive: false } });
    const refused = await add(jar, white);
    await expect(refused).toSetToast({ kind: "error", message: t("cart.notFound") });
    await add(jar, fan.variantId("48″", "White"));
    const page = await runData(cartLoader, get("/cart", jar));
    expect(page.productsRemoved).toBe(true);
    expect(page.lineItems.map((item) => item.variant.variantId)).toEqual([fan.variantId("48″", "White")]);
    const outcome = await (await checkout(jar))();
    expect(outcome).toRedirectTo(/^\/order-success\?order=\d+$/);
    const order = await prisma.order.findFirstOrThrow({ orderBy: { id: "desc" }, include: { items: true } });
    expect(order.items.map((item) => item.variantId)).toEqual([fan.variantId("48″", "White")]);
  });

  it("refuses a sold-out variant with its name and label, and changes nothing", async () => {
    const fan = await createFan("Sold Fan");
    const soldOut = fan.variantId("48″", "Brown");
    const jar = new CookieJar();
    await add(jar, fan.variantId("56″", "White"), 2);
    const before = { lines: await cartLines(jar), stock: await stockByVariant(fan.id), cookie: cartCookieOf(jar) };
    const refused = await add(jar, soldOut);
    expect(refused).toRedirectTo("/");
    await expect(refused).toSetToast({
      kind: "error",
      message: t("cart.outOfStock", { name: "Sold Fan — 48″ / Brown" }),
    });
    expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith("haat_cart="))).toBe(false);
    expect(cartCookieOf(jar)).toBe(before.cookie);
    expect(await cartLines(jar)).toEqual(before.lines);
    expect(await stockByVariant(fan.id)).toEqual(before.stock);

    const fetched = await run(
      cartAction,
      post("/cart", { intent: "buy-now", variantId: soldOut, quantity: 1, _fetcher: "1" }, jar),
    );
    expect(fetched.status).toBe(409);
    expect(expectData(fetched)).toEqual({
      ok: false,
      message: t("cart.outOfStock", { name: "Sold Fan — 48″ / Brown" }),
    });
  });

  it("buys a variant by its id alone: another product's variant shows as that product's line", async () => {
    const fan = await createFan("Own Fan");
    const lamp = await createProduct({ name: "Other Lamp", pricePaisa: 150_000 });
    const jar = new CookieJar();
    // Posted from the fan's page, but naming the lamp's variant: no product id is read.
    const outcome = await run(
      cartAction,
      post("/cart", { intent: "add", productId: fan.id, variantId: lamp.variantId, quantity: 1 }, jar),
    );
    jar.take(outcome.headers);
    expect(await cartLines(jar)).toEqual([
      { variantId: lamp.variantId, productId: lamp.id, name: "Other Lamp", label: "", quantity: 1 },
    ]);
    await add(jar, fan.variantId("56″", "Brown"));
    expect(await cartLines(jar)).toEqual([
      { variantId: lamp.variantId, productId: lamp.id, name: "Other Lamp", label: "", quantity: 1 },
      {
        variantId: fan.variantId("56″", "Brown"),
        productId: fan.id,
        name: "Own Fan",
        label: "56″ / Brown",
        quantity: 1,
      },
    ]);
  });

  it("reads a signed cookie of the wrong shape (a quantity of 0, a line too many units) as an empty cart", async () => {
    const fan = await createFan("Shapeless Fan");
    const cookie = createCookie("haat_cart", { secrets: [getEnv().SESSION_SECRET], path: "/" });
    const variantId = fan.variantId("56″", "White");
    for (const value of [
      { v: [[variantId, 0]] },
      { v: [[variantId, 1_000_000]] },
      { v: [[-variantId, 1]] },
      { v: "x" },
    ]) {
      const jar = new CookieJar();
      jar.take(new Headers({ "Set-Cookie": await cookie.serialize(value) }));
      expect(await cartLines(jar), JSON.stringify(value)).toEqual([]);
    }
  });

  it("reads a cart cookie with a forged signature as an empty cart", async () => {
    const fan = await createFan("Forged Fan");
    const jar = new CookieJar();
    await add(jar, fan.variantId("56″", "White"), 3);
    expect(await cartLines(jar)).toHaveLength(1);
    const cookie = cartCookieOf(jar);
    const forged = cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const request = new Request("http://localhost:3000/cart", { headers: { Cookie: forged } });
    expect((await runData(cartLoader, request)).lineItems).toEqual([]);
    // A value re-encoded by hand without the shop's secret fares no better.
    const value = Buffer.from(JSON.stringify({ v: [[fan.variantId("56″", "White"), 3]] })).toString("base64");
    const unsigned = new Request("http://localhost:3000/cart", { headers: { Cookie: `haat_cart=${value}` } });
    expect((await runData(cartLoader, unsigned)).lineItems).toEqual([]);
  });
});
