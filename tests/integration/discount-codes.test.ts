/**
 * Campaign codes through the /cart route's loader and action, on a real SQLite database: applying
 * and removing a code (plain form posts), the cart's saving, the order placed with it, every
 * refusal in the cart and at placement, the use given back by a cancelled order, and the code's
 * last use wanted by 20 checkouts at once.
 */
import assert from "node:assert/strict";
import { beforeEach, describe, expect, it } from "vitest";
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import { loader as successLoader } from "~/routes/_shop.order-success/route";
import { prisma } from "~/models/db/client.server";
import { createDiscountCode, type DiscountCodeInput } from "~/models/discounts/discount-admin.server";
import { discountCodeInput } from "../support/discount-codes";
import { changeOrderStatus } from "~/models/orders/order-status.server";
import { getOrderForTracking } from "~/models/orders/order-for-shopper.server";
import { getShopSettings } from "~/models/settings.server";
import { CookieJar, createAdmin, createCategory, createProduct, expectData, get, post, run, runData } from "./helpers";

let lamp: { id: number; variantId: number };
let fan: { id: number; variantId: number };

beforeEach(async () => {
  const lights = await createCategory("Lights");
  lamp = await createProduct({ name: "Brass Table Lamp", pricePaisa: 120_000, categoryId: lights.id });
  fan = await createProduct({ name: "Ceiling Fan", pricePaisa: 80_000 });
});

let codes = 0;

/**
 * Creates a code (10% off everything unless `fields` say otherwise; named AUTO<n>, one name per
 * test, as the file's tests share one database); returns its id.
 */
async function code(fields: Partial<DiscountCodeInput> = {}): Promise<number> {
  const created = await createDiscountCode(discountCodeInput(`AUTO${++codes}`, fields));
  assert(created.ok);
  return created.id;
}

/** A shopper's cart with `lines` (variant id, quantity), in a jar of its own. */
async function cartWith(lines: [number, number][], path = "/cart"): Promise<CookieJar> {
  const jar = new CookieJar();
  for (const [variantId, quantity] of lines) {
    jar.take((await run(cartAction, post(path, { intent: "add", variantId, quantity, redirectTo: "/" }, jar))).headers);
  }
  return jar;
}

/** Posts the code box's form; returns the outcome (the jar takes its cookie). */
async function apply(jar: CookieJar, typed: string, path = "/cart") {
  const outcome = await run(cartAction, post(path, { intent: "apply-code", code: typed }, jar));
  jar.take(outcome.headers);
  return outcome;
}

/** The cart page's data for `jar`. */
const cartPage = (jar: CookieJar, path = "/cart") => runData(cartLoader, get(path, jar));

/** Posts the checkout form as the cart page shows it to `jar`, as the shopper with `phone`. */
async function checkout(jar: CookieJar, phone = "01712345678", page?: Awaited<ReturnType<typeof cartPage>>) {
  const shown = page ?? (await cartPage(jar));
  const applies = shown.code !== null && shown.code.refusal === null;
  const outcome = await run(
    cartAction,
    post(
      "/cart",
      {
        intent: "checkout",
        name: "Karim Uddin",
        phone,
        address: "House 4, Road 2",
        area: "Mirpur 10",
        district: "Dhaka",
        shippingMethod: "Inside Dhaka",
        checkoutToken: shown.checkoutToken,
        expectedSubtotalPaisa: shown.subtotalPaisa,
        discountCode: applies ? shown.code!.code : "",
        expectedDiscountPaisa: applies ? shown.code!.discountPaisa : 0,
        expectedFreeDelivery: applies && shown.code!.freeDelivery ? "1" : "0",
      },
      jar,
    ),
  );
  jar.take(outcome.headers);
  const order = await prisma.order.findUnique({ where: { checkoutToken: shown.checkoutToken } });
  return { outcome, order };
}

/** The form error of a refused checkout or code. */
function messageOf(outcome: Awaited<ReturnType<typeof apply>>): string {
  const data = expectData(outcome) as { formError?: string; codeError?: string };
  return data.formError ?? data.codeError ?? "";
}

describe("the cart's code", () => {
  it("applies a code typed in any case, shows its saving, and removes it", async () => {
    await code({ code: "WELCOME" });
    const jar = await cartWith([
      [lamp.variantId, 1],
      [fan.variantId, 1],
    ]);
    const applied = await apply(jar, "  welcome ");
    expect(applied.status).toBe(302);
    expect(applied.location).toBe("/cart");
    expect((await cartPage(jar)).code).toEqual({
      code: "WELCOME",
      discountPaisa: 20_000,
      freeDelivery: false,
      refusal: null,
    });
    const removed = await run(cartAction, post("/cart", { intent: "remove-code" }, jar));
    jar.take(removed.headers);
    expect(removed.location).toBe("/cart");
    expect((await cartPage(jar)).code).toBeNull();
  });

  it("refuses a code with the reason, keeps what was typed and the cart, and sets no cookie", async () => {
    await code({ code: "SOON", startsAt: new Date("2099-04-09T19:00:00Z") });
    await code({ code: "BIG", minSubtotalPaisa: 1_000_00 * 10 });
    await code({ code: "OLD", endsAt: new Date("2020-01-01T00:00:00Z") });
    await code({ code: "OFF", isActive: false });
    await code({ code: "GONE", usageLimit: 1, value: 500 });
    await prisma.discountCode.update({ where: { code: "GONE" }, data: { usedCount: 1 } });
    const none = await createCategory("None");
    await code({ code: "NOTHING", appliesTo: "selected", categoryIds: [none.id] });
    const jar = await cartWith([[lamp.variantId, 1]]);
    const cases: [string, string][] = [
      ["soon", "This code starts on 10 April."],
      ["BIG", "Minimum order ৳10,000.00 for this code."],
      ["OLD", "This code ended on 1 January."],
      ["OFF", "The code OFF is not in use."],
      ["GONE", "This code has been used up."],
      ["NOTHING", "This code does not apply to any item in your cart."],
      ["NOPE1", "There is no code NOPE1. Please check its spelling."],
      ["a b", "Please enter a code of 3 to 32 letters or digits."],
    ];
    for (const [typed, message] of cases) {
      const outcome = await apply(jar, typed);
      expect(outcome.status).toBe(400);
      expect(outcome.headers.get("Set-Cookie")).toBeNull();
      expect(expectData(outcome)).toEqual({ codeError: message, codeValue: typed });
    }
    expect((await cartPage(jar)).lineItems).toHaveLength(1);
    expect((await cartPage(jar)).code).toBeNull();
  });

  it("answers in Bangla with Bengali digits on /bn", async () => {
    await code({ code: "BIGBN", minSubtotalPaisa: 1_000_00 });
    const jar = await cartWith([[fan.variantId, 1]], "/bn/cart");
    expect(messageOf(await apply(jar, "bigbn", "/bn/cart"))).toBe("এই কোডের জন্য সর্বনিম্ন অর্ডার ৳১,০০০.০০।");
  });

  it("targets only the selected category's lines", async () => {
    const lights = await prisma.product.findUniqueOrThrow({ where: { id: lamp.id }, select: { categoryId: true } });
    await code({ code: "LIGHTS", value: 5000, appliesTo: "selected", categoryIds: [lights.categoryId!] });
    const jar = await cartWith([
      [lamp.variantId, 1],
      [fan.variantId, 1],
    ]);
    await apply(jar, "LIGHTS");
    expect((await cartPage(jar)).code?.discountPaisa).toBe(60_000);
  });

  it("shows why a kept code no longer applies when the cart fell below its minimum, and places the order without it", async () => {
    await code({ code: "MIN", minSubtotalPaisa: 150_000 });
    const jar = await cartWith([
      [lamp.variantId, 1],
      [fan.variantId, 1],
    ]);
    await apply(jar, "MIN");
    jar.take((await run(cartAction, post("/cart", { intent: "remove", variantId: fan.variantId }, jar))).headers);
    const page = await cartPage(jar);
    expect(page.code).toEqual({
      code: "MIN",
      discountPaisa: 0,
      freeDelivery: false,
      refusal: "Minimum order ৳1,500.00 for this code.",
    });
    const { order } = await checkout(jar, "01712345678", page);
    expect(order).toMatchObject({ discountCode: null, discountPaisa: 0, totalPaisa: 126_000 });
  });
});

describe("placing an order with a code", () => {
  it("records the code and its saving, totals subtotal − discount + fee, takes a use and empties the code", async () => {
    const id = await code({ code: "EID10", usageLimit: 5 });
    const jar = await cartWith([
      [lamp.variantId, 1],
      [fan.variantId, 1],
    ]);
    expect((await apply(jar, "EID10")).status).toBe(302);
    const { outcome, order } = await checkout(jar);
    expect(outcome.status).toBe(302);
    expect(order).toMatchObject({
      discountCode: "EID10",
      discountCodeId: id,
      subtotalPaisa: 200_000,
      discountPaisa: 20_000,
      shippingFeePaisa: 6000,
      shippingDiscountPaisa: 0,
      totalPaisa: 186_000,
    });
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id } })).usedCount).toBe(1);
    expect(outcome.headers.get("Set-Cookie")).toMatch(/haat_code=;/);
    // The confirmation page (private, no-store) shows the code and the saving.
    const success = await run(successLoader, get(`/order-success?order=${order!.id}`, jar));
    expect(success.headers.get("Cache-Control")).toBe("private, no-store");
    expect(expectData(success).details).toMatchObject({
      discountCode: "EID10",
      discountPaisa: 20_000,
      totalPaisa: 186_000,
    });
  });

  it("asks the shop's advance of the total after the code's saving", async () => {
    await getShopSettings();
    await prisma.shopSettings.updateMany({
      data: { advanceKind: "percentage", advanceValue: 1000, advanceFor: "all" },
    });
    try {
      await code({ code: "ADVANCED" });
      const jar = await cartWith([[fan.variantId, 1]]);
      await apply(jar, "ADVANCED");
      // ৳800 − ৳80 + ৳60 = ৳780; 10% of it.
      expect((await checkout(jar)).order).toMatchObject({
        totalPaisa: 78_000,
        advancePaisa: 7800,
        advanceStatus: "due",
      });
    } finally {
      await prisma.shopSettings.updateMany({ data: { advanceKind: "none", advanceValue: 0 } });
    }
  });

  it("waives the delivery charge for a free-delivery code", async () => {
    await code({ code: "FREEDELIVERY", kind: "free-delivery", value: 0 });
    const jar = await cartWith([[fan.variantId, 1]]);
    await apply(jar, "freedelivery");
    const { order } = await checkout(jar);
    expect(order).toMatchObject({
      discountPaisa: 0,
      shippingFeePaisa: 0,
      shippingDiscountPaisa: 6000,
      totalPaisa: 80_000,
    });
    // The tracking page reads the code and the fee it waived.
    expect(await getOrderForTracking(order!.id)).toMatchObject({
      discountCode: "FREEDELIVERY",
      shippingDiscountPaisa: 6000,
      totalPaisa: 80_000,
    });
  });

  it("refuses the order when the saving changed since the page was shown, writing nothing", async () => {
    const id = await code({ code: "CHANGES" });
    const jar = await cartWith([[lamp.variantId, 1]]);
    await apply(jar, "CHANGES");
    const page = await cartPage(jar);
    await prisma.discountCode.update({ where: { id }, data: { value: 2000 } });
    const { outcome, order } = await checkout(jar, "01712345678", page);
    expect(outcome.status).toBe(400);
    expect(messageOf(outcome)).toBe("The saving of your code has changed. Please check your order and place it again.");
    expect(expectData(outcome)).toMatchObject({ values: { name: "Karim Uddin", phone: "01712345678" } });
    expect(order).toBeNull();
  });

  it("refuses a phone that used the code up, with the reason, and places nothing", async () => {
    await code({ code: "ONCE", perPhoneLimit: 1 });
    const first = await cartWith([[lamp.variantId, 1]]);
    await apply(first, "ONCE");
    expect((await checkout(first, "01812345678")).order).not.toBeNull();
    const again = await cartWith([[fan.variantId, 1]]);
    await apply(again, "ONCE");
    const { outcome, order } = await checkout(again, "01812345678");
    expect(outcome.status).toBe(400);
    expect(messageOf(outcome)).toBe(
      "This code has already been used with this phone number. Remove the code to place your order without it.",
    );
    expect(order).toBeNull();
    expect((await checkout(again, "01912345678")).order).toMatchObject({ discountPaisa: 8000 });
  });

  it("gives the use back when the order is cancelled, and takes it again when reinstated, even past the limit", async () => {
    const id = await code({ code: "BACK", usageLimit: 1 });
    const jar = await cartWith([[lamp.variantId, 1]]);
    await apply(jar, "BACK");
    const { order } = await checkout(jar);
    assert(order);
    const admin = await createAdmin();
    const used = async () => (await prisma.discountCode.findUniqueOrThrow({ where: { id } })).usedCount;
    expect(await used()).toBe(1);
    await changeOrderStatus(order.id, "cancelled", admin);
    expect(await used()).toBe(0);
    // Another shopper takes the freed use; then staff reinstate the first order.
    const other = await cartWith([[fan.variantId, 1]]);
    await apply(other, "BACK");
    expect((await checkout(other, "01912345678")).order?.discountCodeId).toBe(id);
    await changeOrderStatus(order.id, "processing", admin);
    expect(await used()).toBe(2);
  });

  it("gives the code's last use to exactly one of 20 checkouts at once; the others are refused cleanly", async () => {
    const id = await code({ code: "LAST", usageLimit: 1 });
    const jars = await Promise.all(Array.from({ length: 20 }, () => cartWith([[fan.variantId, 1]])));
    for (const jar of jars) expect((await apply(jar, "LAST")).status).toBe(302);
    const pages = await Promise.all(jars.map((jar) => cartPage(jar)));
    const results = await Promise.all(
      jars.map((jar, index) => checkout(jar, `0171${String(index).padStart(7, "0")}`, pages[index])),
    );
    const placed = results.filter((result) => result.order !== null);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.order).toMatchObject({ discountCodeId: id, discountPaisa: 8000 });
    for (const result of results.filter((r) => r.order === null)) {
      expect(result.outcome.status).toBe(400);
      expect(messageOf(result.outcome)).toMatch(/^This code has been used up\./);
    }
    expect(await prisma.order.count({ where: { discountCodeId: id } })).toBe(1);
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id } })).usedCount).toBe(1);
  });
});
