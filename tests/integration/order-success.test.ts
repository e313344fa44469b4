/**
 * The confirmation page (/order-success) against a real SQLite database: the order's details for
 * the browser that placed it, and only the number for anyone else (order numbers are sequential).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import { headers as successHeaders, loader as successLoader } from "~/routes/_shop.order-success/route";
import { CookieJar, createProduct, get, post, run, runData } from "./helpers";

const customer = {
  intent: "checkout",
  name: "Karim Uddin",
  phone: "01812345678",
  address: "Flat 3B, 22 Green Road",
  area: "Agrabad",
  district: "Chattogram",
  shippingMethod: "Outside Dhaka",
};

let lamp: { id: number; variantId: number };

beforeEach(async () => {
  lamp = await createProduct({ name: "Brass Table Lamp", pricePaisa: 250000, discountedPricePaisa: 199900 });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Places an order of `quantity` lamps from the browser whose cookies are `jar`; returns its number. */
async function placeOrder(jar: CookieJar, quantity: number): Promise<number> {
  jar.take((await run(cartAction, post("/cart", { intent: "add", variantId: lamp.variantId, quantity }, jar))).headers);
  const page = await runData(cartLoader, get("/cart", jar));
  const fields = { ...customer, checkoutToken: page.checkoutToken, expectedSubtotalPaisa: page.subtotalPaisa };
  const outcome = await run(cartAction, post("/cart", fields, jar));
  jar.take(outcome.headers);
  expect(outcome.location).toMatch(/^\/order-success\?order=\d+$/);
  return Number(new URL(outcome.location!, "http://x").searchParams.get("order"));
}

const confirmation = (order: number, jar?: CookieJar) =>
  runData(successLoader, get(`/order-success?order=${order}`, jar));

describe("the order confirmation", () => {
  it("is unlocked by a cookie only the server can read or make: signed, HttpOnly, SameSite=Lax, an hour long", async () => {
    const jar = new CookieJar();
    jar.take(
      (await run(cartAction, post("/cart", { intent: "add", variantId: lamp.variantId, quantity: 1 }, jar))).headers,
    );
    const page = await runData(cartLoader, get("/cart", jar));
    const fields = { ...customer, checkoutToken: page.checkoutToken, expectedSubtotalPaisa: page.subtotalPaisa };
    const outcome = await run(cartAction, post("/cart", fields, jar));
    const placed = outcome.headers.getSetCookie().find((cookie) => cookie.startsWith("haat_placed="));
    expect(placed).toBeDefined();
    const attributes = placed!.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["max-age=3600", "path=/", "httponly", "samesite=lax"]));
    // Signed: the value carries the server's signature after the payload ("<base64>.<signature>").
    expect(decodeURIComponent(placed!.split(";")[0]!.slice("haat_placed=".length))).toMatch(/^[^.]+\.[^.]+$/);
  });

  it("shows the buyer the items, cash to pay, delivery charge and address; anyone else only the number", async () => {
    const buyer = new CookieJar();
    const order = await placeOrder(buyer, 2);
    expect(buyer.has("haat_placed")).toBe(true);

    expect((await confirmation(order, buyer)).details).toMatchObject({
      id: order,
      items: [{ productName: "Brass Table Lamp", quantity: 2, subtotalPaisa: 399800 }],
      subtotalPaisa: 399800,
      shippingMethod: "Outside Dhaka",
      shippingFeePaisa: 12000,
      totalPaisa: 411800,
      customerPhone: "01812345678",
      customerAddress: "Flat 3B, 22 Green Road",
      area: "Agrabad",
      district: "Chattogram",
    });

    // Another browser typing the number, with or without cookies of its own.
    expect(await confirmation(order)).toMatchObject({ orderId: order, details: null });
    const other = new CookieJar();
    const othersOrder = await placeOrder(other, 1);
    expect(await confirmation(order, other)).toMatchObject({ orderId: order, details: null });
    // The buyer guessing the next number sees only that number too, and still their own order.
    expect(await confirmation(othersOrder, buyer)).toMatchObject({ orderId: othersOrder, details: null });
    expect((await confirmation(order, buyer)).details?.id).toBe(order);
    expect((await confirmation(othersOrder, other)).details?.id).toBe(othersOrder);

    // A cookie not signed by the shop names nothing.
    const forged = new CookieJar();
    const value = Buffer.from(JSON.stringify([[order, Date.now() + 3_600_000]])).toString("base64");
    forged.take(new Headers({ "Set-Cookie": `haat_placed=${encodeURIComponent(value)}` }));
    expect((await confirmation(order, forged)).details).toBeNull();
  });

  it("keeps the details for an hour after the order is placed, then only the number", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const buyer = new CookieJar();
    const order = await placeOrder(buyer, 1);
    vi.setSystemTime(Date.now() + 59 * 60_000);
    expect((await confirmation(order, buyer)).details?.id).toBe(order);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await confirmation(order, buyer)).details).toBeNull();
  });

  it("is never stored by a cache", async () => {
    const outcome = await run(successLoader, get("/order-success?order=1"));
    expect(outcome.headers.get("Cache-Control")).toBe("private, no-store");
    const headers = new Headers(
      successHeaders({
        loaderHeaders: outcome.headers,
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });
});
