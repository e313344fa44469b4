/**
 * The order flow through the /cart route's loader and action, against a real SQLite database:
 * the cart's operations, the checkout form's validation and messages, prices and delivery fees.
 */
import assert from "node:assert/strict";
import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  action as cartAction,
  headers as cartHeaders,
  loader as cartLoader,
  shouldRevalidate,
} from "~/routes/_shop.cart/route";
import { prisma } from "~/models/db/client.server";
import { refreshPriceRange } from "~/models/catalogue/product-writes.server";
import { serverTranslator } from "~/server/i18n.server";

const t = serverTranslator("en");
import {
  allowConsoleError,
  CookieJar,
  createProduct,
  expectData,
  post,
  get,
  run,
  runData,
  type HandlerData,
  type Outcome,
  withWritesFailing,
} from "./helpers";

const customer = {
  intent: "checkout",
  name: "Karim Uddin",
  phone: "01812345678",
  email: "karim@example.com",
  address: "Flat 3B, 22 Green Road",
  area: "Agrabad",
  district: "Chattogram",
  shippingMethod: "Outside Dhaka",
};

let jar: CookieJar;
let lamp: { id: number; variantId: number };
let fan: { id: number; variantId: number };

beforeEach(async () => {
  jar = new CookieJar();
  lamp = await createProduct({ name: "Brass Table Lamp", pricePaisa: 250000, discountedPricePaisa: 199900 });
  fan = await createProduct({ name: "Ceiling Fan 56 inch", pricePaisa: 520000 });
});

/** Posts the product page's form for `quantity` of the variant `variantId` (add or buy now). */
async function add(variantId: number, quantity: number, intent = "add") {
  const outcome = await run(cartAction, post("/cart", { intent, variantId, quantity, redirectTo: "/products" }, jar));
  jar.take(outcome.headers);
  return outcome;
}

/** The cart page's data for the cart in `cookies` (the test's jar unless given). */
const cartPage = (cookies = jar) => runData(cartLoader, get("/cart", cookies));

/** What the cart page renders into the checkout form's hidden fields. */
async function formState() {
  const page = await cartPage();
  return { checkoutToken: page.checkoutToken, expectedSubtotalPaisa: page.subtotalPaisa };
}

async function checkout(fields: Record<string, string | number>) {
  const hidden = await formState();
  const outcome = await run(cartAction, post("/cart", { ...hidden, ...fields }, jar));
  jar.take(outcome.headers);
  return { outcome, checkoutToken: hidden.checkoutToken };
}

/** The data of a refused checkout (fieldErrors, formError, values, cartChanged); fails on anything else. */
function refusal(outcome: Outcome<HandlerData<typeof cartAction>>) {
  const data = expectData(outcome);
  assert("fieldErrors" in data, `expected a refused checkout, got ${JSON.stringify(data)}`);
  return data;
}

/** shouldRevalidate's arguments for the cart page after a POST to /cart answered `actionResult`. */
function afterCartPost(actionResult: unknown): ShouldRevalidateFunctionArgs {
  const url = new URL("http://localhost:3000/cart");
  return {
    currentUrl: url,
    currentParams: {},
    nextUrl: url,
    nextParams: {},
    actionResult,
    defaultShouldRevalidate: false,
  };
}

describe("cart actions", () => {
  it("add increments, buy-now replaces and redirects to the cart, update ignores < 1, remove removes", async () => {
    const added = await add(lamp.variantId, 2);
    expect(added).toRedirectTo("/products");
    await expect(added).toSetToast({ kind: "success", message: t("product.added") });
    await add(lamp.variantId, 1);
    let cart = await cartPage();
    expect(cart.lineItems.map((l) => l.quantity)).toEqual([3]);

    const bought = await add(lamp.variantId, 1, "buy-now");
    expect(bought).toRedirectTo("/cart");
    await expect(bought).not.toSetToast();
    await run(cartAction, post("/cart", { intent: "update", variantId: lamp.variantId, quantity: 0 }, jar)).then((o) =>
      jar.take(o.headers),
    );
    cart = await cartPage();
    expect(cart.lineItems.map((l) => l.quantity)).toEqual([1]);

    await run(cartAction, post("/cart", { intent: "remove", variantId: lamp.variantId }, jar)).then((o) =>
      jar.take(o.headers),
    );
    cart = await cartPage();
    expect(cart.lineItems).toEqual([]);
  });

  it("refuses to add a product that does not exist", async () => {
    const outcome = await add(999999, 1);
    expect(outcome).toRedirectTo("/cart");
    await expect(outcome).toSetToast({ kind: "error", message: t("cart.notFound") });
    expect((await cartPage()).lineItems).toEqual([]);
  });

  it("drops a product deleted since it was added, with a notice", async () => {
    await add(lamp.variantId, 1);
    await add(fan.variantId, 1);
    await prisma.product.delete({ where: { id: fan.id } });
    const outcome = await run(cartLoader, get("/cart", jar));
    const cart = expectData(outcome);
    expect(cart.productsRemoved).toBe(true);
    expect(cart.lineItems.map((l) => l.variant.variantId)).toEqual([lamp.variantId]);
    expect(outcome.headers.getSetCookie()).toHaveLength(1); // the cleaned cart is stored
  });

  it("keeps the cart page out of every cache, document requests included", async () => {
    const outcome = await run(cartLoader, get("/cart", jar));
    const headers = new Headers(
      cartHeaders({
        loaderHeaders: outcome.headers,
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("redirects an add back to a local page only", async () => {
    for (const redirectTo of ["//evil.example/", "/\t/evil.example", "https://evil.example/"]) {
      const outcome = await run(
        cartAction,
        post("/cart", { intent: "add", variantId: lamp.variantId, quantity: 1, redirectTo }, jar),
      );
      expect(outcome).toRedirectTo("/cart");
    }
  });

  it("ignores a forged cart cookie", async () => {
    const forged = new CookieJar();
    forged.take(
      new Headers({ "Set-Cookie": `haat_cart=${Buffer.from(JSON.stringify([[lamp.id, 5]])).toString("base64")}` }),
    );
    expect((await cartPage(forged)).lineItems).toEqual([]);
  });
});

describe("placing an order", () => {
  it("computes prices, shipping and totals on the server and ignores tampered price fields", async () => {
    await add(lamp.variantId, 2);
    await add(fan.variantId, 1);
    const { outcome } = await checkout({
      ...customer,
      price: 1,
      total: 1,
      totalPaisa: 1,
      shippingFeePaisa: 0,
      unitPricePaisa: 1,
    });
    expect(outcome).toRedirectTo(/^\/order-success\?order=\d+$/, { status: 302 });
    const orderId = Number(new URL(outcome.location!, "http://x").searchParams.get("order"));
    const order = await prisma.order.findUniqueOrThrow({
      where: { id: orderId },
      include: { items: { orderBy: { id: "asc" } } },
    });

    expect(order.items.map((i) => [i.productName, i.unitPricePaisa, i.quantity, i.subtotalPaisa])).toEqual([
      ["Brass Table Lamp", 199900, 2, 399800],
      ["Ceiling Fan 56 inch", 520000, 1, 520000],
    ]);
    expect(order.subtotalPaisa).toBe(919800);
    expect(order.shippingFeePaisa).toBe(12000);
    expect(order.totalPaisa).toBe(931800);
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      itemCount: 3,
      productId: lamp.id,
      shippingMethod: "Outside Dhaka",
      customerAddress: "Flat 3B, 22 Green Road",
      area: "Agrabad",
      district: "Chattogram",
    });
    expect(jar.has("haat_cart")).toBe(false); // cart cleared after the order
  });

  it("creates one order when the same checkout form is submitted twice", async () => {
    await add(lamp.variantId, 1);
    const hidden = await formState();
    const token = hidden.checkoutToken;
    const cookies = jar.header();
    const submit = () =>
      run(
        cartAction,
        new Request("http://localhost:3000/cart", {
          method: "POST",
          body: new URLSearchParams({
            ...customer,
            checkoutToken: token,
            expectedSubtotalPaisa: String(hidden.expectedSubtotalPaisa),
          }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies },
        }),
      );
    const [first, second] = await Promise.all([submit(), submit()]);
    expect(first).toRedirectTo(/^\/order-success\?order=\d+$/);
    expect(first.location).toBe(second.location);
    expect(await prisma.order.count({ where: { checkoutToken: token } })).toBe(1);
    const third = await submit();
    expect(third.location).toBe(first.location);
  });

  it("leaves no order behind when inserting its items fails", async () => {
    allowConsoleError();
    await add(lamp.variantId, 1);
    const before = await prisma.order.count();
    await withWritesFailing({ table: "OrderItem", event: "INSERT", message: "disk full" }, async () => {
      const { outcome } = await checkout(customer);
      expect(outcome.status).toBe(400);
      expect(refusal(outcome).formError).toBe(t("checkout.failed"));
      expect(await prisma.order.count()).toBe(before);
      expect(jar.has("haat_cart")).toBe(true); // the cart is kept
    });
  });

  it("rejects invalid details with every message and keeps what was typed", async () => {
    await add(lamp.variantId, 1);
    const typed = { ...customer, name: "", phone: "123", email: "karim@", address: "Mirpur 10" };
    const { outcome } = await checkout(typed);
    expect(outcome.status).toBe(400);
    const result = refusal(outcome);
    expect(result.fieldErrors).toEqual({
      name: t("checkout.nameRequired"),
      phone: t("checkout.phoneInvalid"),
      email: t("checkout.emailInvalid"),
    });
    expect(result.values).toEqual({
      name: "",
      phone: "123",
      email: "karim@",
      address: "Mirpur 10",
      area: "Agrabad",
      district: "Chattogram",
      shippingMethod: "Outside Dhaka",
    });
    expect(await prisma.order.count({ where: { customerAddress: "Mirpur 10" } })).toBe(0);
  });

  it("blocks an empty cart with 'Your cart is empty'", async () => {
    const { outcome } = await checkout(customer);
    expect(outcome.status).toBe(400);
    expect(refusal(outcome).formError).toBe("Your cart is empty");
  });

  it("refuses an order when a product was deleted after it was shown, drops it and asks for a reload", async () => {
    await add(lamp.variantId, 1);
    await add(fan.variantId, 1);
    const hidden = await formState();
    await prisma.product.delete({ where: { id: fan.id } });
    const outcome = await run(cartAction, post("/cart", { ...customer, ...hidden }, jar));
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({
      formError: t("cart.productRemoved"),
      cartChanged: true,
      values: { name: customer.name },
    });
    expect(await prisma.order.count({ where: { checkoutToken: hidden.checkoutToken } })).toBe(0);
    // Regression: the action itself stores the cleaned cart (with JavaScript the loader does not run after a 400).
    jar.take(outcome.headers);
    const cart = await cartPage();
    expect(cart.lineItems.map((l) => l.variant.variantId)).toEqual([lamp.variantId]);
    expect(cart.productsRemoved).toBe(false);
    expect(shouldRevalidate(afterCartPost(outcome.data))).toBe(true);
    expect(shouldRevalidate(afterCartPost({ cartChanged: false }))).toBe(false);
  });

  it("refuses an order whose prices changed since the page was shown", async () => {
    await add(lamp.variantId, 2);
    const hidden = await formState();
    await prisma.$transaction(async (tx) => {
      await tx.productVariant.update({ where: { id: lamp.variantId }, data: { discountedPricePaisa: null } });
      await refreshPriceRange(tx, lamp.id);
    });
    const outcome = await run(cartAction, post("/cart", { ...customer, ...hidden }, jar));
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({ formError: t("checkout.cartChanged"), cartChanged: true });
    expect(await prisma.order.count({ where: { checkoutToken: hidden.checkoutToken } })).toBe(0);
    const { outcome: retry } = await checkout(customer); // with the new price shown, it goes through
    expect(retry).toRedirectTo(/^\/order-success\?order=\d+$/, { status: 302 });
  });

  it("refuses a shipping method it does not offer instead of charging the cheaper fee", async () => {
    await add(lamp.variantId, 1);
    const { outcome } = await checkout({ ...customer, shippingMethod: "Mars" });
    expect(outcome.status).toBe(400);
    expect(refusal(outcome).fieldErrors).toEqual({
      shippingMethod: t("checkout.shippingInvalid"),
    });
  });

  it("refuses a district that is not one of the 64, keeping everything typed, and places nothing", async () => {
    await add(lamp.variantId, 1);
    const typed = { ...customer, district: "Atlantis", area: "Mirpur 10" };
    const { outcome, checkoutToken } = await checkout(typed);
    expect(outcome.status).toBe(400);
    const result = refusal(outcome);
    expect(result.fieldErrors).toEqual({ district: t("checkout.districtUnknown") });
    expect(result.formError).toBe(t("checkout.formErrors"));
    const { intent: _intent, ...values } = typed;
    expect(result.values).toEqual(values);
    expect(await prisma.order.count({ where: { checkoutToken } })).toBe(0);
    expect(jar.has("haat_cart")).toBe(true);
  });

  it("requires the district and the area", async () => {
    await add(lamp.variantId, 1);
    const { district: _district, area: _area, ...withoutAddress } = customer;
    const { outcome } = await checkout({ ...withoutAddress, area: "   " });
    expect(outcome.status).toBe(400);
    expect(refusal(outcome).fieldErrors).toEqual({
      district: t("checkout.districtRequired"),
      area: t("checkout.areaRequired"),
    });
  });

  it("charges the district's zone: a form that showed the other one is asked to confirm the fee first", async () => {
    await add(lamp.variantId, 1);
    // Dhaka district is Inside Dhaka; the form (without JavaScript, its radio left or changed) showed Outside Dhaka.
    const { outcome, checkoutToken } = await checkout({
      ...customer,
      district: "Dhaka",
      area: "Savar",
      shippingMethod: "Outside Dhaka",
    });
    const asked = refusal(outcome);
    expect(asked.formError).toBe(
      "Delivery to Dhaka is Inside Dhaka: shipping charge ৳60.00, total ৳2,059.00. Check the total, then place the order again.",
    );
    expect(asked.fieldErrors).toEqual({});
    // Everything typed is kept, with the district's zone ticked.
    expect(asked.values).toMatchObject({
      name: customer.name,
      area: "Savar",
      district: "Dhaka",
      shippingMethod: "Inside Dhaka",
    });
    expect(await prisma.order.count({ where: { checkoutToken } })).toBe(0);

    const { outcome: placed } = await checkout({
      ...customer,
      district: "Dhaka",
      area: "Savar",
      shippingMethod: "Inside Dhaka",
    });
    expect(placed).toRedirectTo(/^\/order-success\?order=\d+$/);
    const orderId = Number(new URL(placed.location!, "http://x").searchParams.get("order"));
    expect(await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      district: "Dhaka",
      area: "Savar",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      totalPaisa: 199900 + 6000,
    });
  });

  it("asks the Bangla shopper to confirm in Bangla, with Bengali digits", async () => {
    await add(lamp.variantId, 1);
    const hidden = await formState();
    const outcome = await run(
      cartAction,
      post("/bn/cart", { ...hidden, ...customer, shippingMethod: "Inside Dhaka" }, jar),
    );
    expect(refusal(outcome).formError).toBe(
      "চট্টগ্রাম জেলায় ডেলিভারি ঢাকার বাইরে: ডেলিভারি চার্জ ৳১২০.০০, সর্বমোট ৳২,১১৯.০০। সর্বমোট দেখে নিয়ে আবার অর্ডার করুন।",
    );
  });

  it("refuses, with a message, an order too large for the database's integers", async () => {
    const chandelier = await createProduct({ name: "Crystal Chandelier", pricePaisa: 900_000_000 });
    await add(chandelier.variantId, 2);
    const { outcome } = await checkout(customer);
    expect(outcome.status).toBe(400);
    expect(refusal(outcome).formError).toMatch(/^This order is too large to place online\. Please call us on /);
  });
});
