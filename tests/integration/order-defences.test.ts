/**
 * The owner's defences against fake cash-on-delivery orders
 * (docs/decisions/028-checkout-limits-and-blocklist.md), against a real SQLite database through the
 * routes: checkout limits per phone and per address (a polite refusal, the form kept, nothing
 * written), the blocklist (managed at /admin/blocklist and from the order page), and the "confirmed
 * by phone" mark with who and when.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import { action as blocklistAction, loader as blocklistLoader } from "~/routes/admin.blocklist";
import { loader as ordersLoader } from "~/routes/admin.orders._index/route";
import { action as orderAction, loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { serverTranslator } from "~/server/i18n.server";
import { CookieJar, createAdmin, createProduct, expectData, get, post, run, runData, signedInJar } from "./helpers";

const t = serverTranslator("en");

let staff: CookieJar;
let staffEmail: string;
/** The Defence Lamp's default variant: what the cart line names. */
let variantId: number;

beforeEach(async () => {
  const admin = await createAdmin();
  staffEmail = admin.email;
  staff = await signedInJar(admin.id);
  variantId = (await createProduct({ name: "Defence Lamp", pricePaisa: 50000 })).variantId;
});

/** Sets the shop's checkout limits (orders per phone and per address in 24 hours; 0: none). */
async function setLimits(perPhone: number, perAddress: number) {
  const { id: _id, updatedAt: _updatedAt, logoId: _logoId, logo: _logo, ...input } = await getShopSettings();
  await saveShopSettings({ ...input, phoneOrderLimit: perPhone, addressOrderLimit: perAddress });
}

/** Checks out one lamp as a new shopper with `phone` to `address`; returns the action's outcome. */
async function checkout(phone: string, address = "House 4, Road 2") {
  const jar = new CookieJar();
  jar.take((await run(cartAction, post("/cart", { intent: "add", variantId, quantity: 1 }, jar))).headers);
  const page = await runData(cartLoader, get("/cart", jar));
  return run(
    cartAction,
    post(
      "/cart",
      {
        intent: "checkout",
        name: "Defended Shopper",
        phone,
        address,
        area: "Mirpur 10",
        district: "Dhaka",
        shippingMethod: "Inside Dhaka",
        checkoutToken: page.checkoutToken,
        expectedSubtotalPaisa: page.subtotalPaisa,
      },
      jar,
    ),
  );
}

/** The refusal's form error and the name it kept; fails when the order was placed. */
function refusal(outcome: Awaited<ReturnType<typeof checkout>>) {
  expect(outcome.status).toBe(400);
  const data = expectData(outcome) as { formError: string; values: { name: string; phone: string } };
  return data;
}

describe("checkout limits", () => {
  it("refuses a phone's order over its limit, politely and with the form kept, and writes nothing", async () => {
    await setLimits(2, 0);
    const phone = "01812000001";
    expect((await checkout(phone, "House 1")).status).toBe(302);
    // Another spelling of the same number, to another address: still the same phone.
    expect((await checkout("+880 1812-000001", "House 2")).status).toBe(302);
    const before = await prisma.order.count();
    const refused = refusal(await checkout(phone, "House 3"));
    const { phone: shopPhone } = await getShopSettings();
    expect(refused.formError).toBe(t("checkout.limitReached", { phone: shopPhone }));
    expect(refused.values).toMatchObject({ name: "Defended Shopper", phone });
    expect(await prisma.order.count()).toBe(before);
    // Another phone is not affected.
    expect((await checkout("01812000002", "House 4")).status).toBe(302);
  });

  it("answers a double submit that reached the phone's limit with the order it placed", async () => {
    await setLimits(1, 0);
    const jar = new CookieJar();
    jar.take((await run(cartAction, post("/cart", { intent: "add", variantId, quantity: 1 }, jar))).headers);
    const page = await runData(cartLoader, get("/cart", jar));
    const form = {
      intent: "checkout",
      name: "Double Tapper",
      phone: "01812000099",
      address: "House 9",
      area: "Mirpur 10",
      district: "Dhaka",
      shippingMethod: "Inside Dhaka",
      checkoutToken: page.checkoutToken,
      expectedSubtotalPaisa: page.subtotalPaisa,
    };
    // The same form posted twice at once: the first order uses up the phone's one order a day.
    const outcomes = await Promise.all([
      run(cartAction, post("/cart", form, jar)),
      run(cartAction, post("/cart", form, jar)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([302, 302]);
    expect(outcomes[1].location).toBe(outcomes[0].location);
    expect(await prisma.order.count({ where: { customerPhone: "01812000099" } })).toBe(1);
  });

  it("holds the limits when many checkouts of one phone or one address arrive at once", async () => {
    // Each from its own cart and form: with several processes or nodes (PostgreSQL), the counts
    // and the writes of concurrent checkouts must not interleave.
    async function form(phone: string, address: string) {
      const jar = new CookieJar();
      jar.take((await run(cartAction, post("/cart", { intent: "add", variantId, quantity: 1 }, jar))).headers);
      const page = await runData(cartLoader, get("/cart", jar));
      const fields = {
        intent: "checkout",
        name: "Crowd Shopper",
        phone,
        address,
        area: "Mirpur 10",
        district: "Dhaka",
        shippingMethod: "Inside Dhaka",
        checkoutToken: page.checkoutToken,
        expectedSubtotalPaisa: page.subtotalPaisa,
      };
      return () => run(cartAction, post("/cart", fields, jar));
    }
    await setLimits(1, 2);
    const samePhone = await Promise.all(
      Array.from({ length: 8 }, (_, i) => form("01812000077", `House ${i}, Road 77`)),
    );
    const sameAddress = await Promise.all(
      Array.from({ length: 8 }, (_, i) => form(`0181200010${i}`, "House 1, Road 78")),
    );
    const outcomes = await Promise.all([...samePhone, ...sameAddress].map((post) => post()));
    expect(outcomes.filter((outcome) => outcome.status === 302)).toHaveLength(1 + 2);
    expect(await prisma.order.count({ where: { customerPhone: "01812000077" } })).toBe(1);
    expect(await prisma.order.count({ where: { customerAddress: "House 1, Road 78" } })).toBe(2);
  });

  it("refuses an address's order over its limit, however the address is spelled", async () => {
    await setLimits(0, 2);
    expect((await checkout("01812000011", "Flat 2B, House 7, Road 3")).status).toBe(302);
    expect((await checkout("01812000012", "flat 2b house-7 road 3")).status).toBe(302);
    refusal(await checkout("01812000013", "FLAT 2B, HOUSE 7, ROAD 3."));
    expect((await checkout("01812000014", "Flat 2B, House 8, Road 3")).status).toBe(302);
  });

  it("refuses the spellings that used to dodge the address limit: leading zeros, Rd, a look-alike letter", async () => {
    await setLimits(0, 2);
    expect((await checkout("01812000031", "House 548544, Road 5")).status).toBe(302);
    expect((await checkout("01812000032", "House 0548544, Road 5")).status).toBe(302);
    refusal(await checkout("01812000033", "House 548544, Rd 5"));
    refusal(await checkout("01812000034", "Hоuse 548544, Road 5")); // Cyrillic о
    expect((await checkout("01812000035", "House 548545, Road 5")).status).toBe(302);
  });

  it("counts only the last 24 hours", async () => {
    await setLimits(1, 0);
    const phone = "01812000021";
    expect((await checkout(phone)).status).toBe(302);
    await prisma.order.updateMany({
      where: { customerPhone: phone },
      data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    expect((await checkout(phone)).status).toBe(302);
    refusal(await checkout(phone));
  });

  it("has no limit at 0", async () => {
    await setLimits(0, 0);
    for (let i = 0; i < 6; i++) expect((await checkout("01812000031")).status).toBe(302);
  });
});

describe("the blocklist", () => {
  it("refuses a blocked phone's checkout politely, and takes it again once unblocked", async () => {
    await setLimits(0, 0);
    const added = await run(
      blocklistAction,
      post("/admin/blocklist", { intent: "block", phone: "০১৯১২-৩৪৫৬৭৮", note: "refused 3 parcels" }, staff),
    );
    expect(added).toRedirectTo("/admin/blocklist");
    await expect(added).toSetToast({
      kind: "success",
      message: enAdmin["admin.blocklist.blocked"].replace("{phone}", "01912345678"),
    });
    const { entries } = await runData(blocklistLoader, get("/admin/blocklist", staff));
    const entry = entries.find((candidate) => candidate.phone === "01912345678")!;
    expect(entry).toMatchObject({ note: "refused 3 parcels", createdByEmail: staffEmail });

    const refused = refusal(await checkout("+8801912345678"));
    const { phone: shopPhone } = await getShopSettings();
    expect(refused.formError).toBe(t("checkout.blocked", { phone: shopPhone }));

    const again = await run(
      blocklistAction,
      post("/admin/blocklist", { intent: "block", phone: "01912345678" }, staff),
    );
    await expect(again).toSetToast({
      kind: "info",
      message: enAdmin["admin.blocklist.exists"].replace("{phone}", "01912345678"),
    });

    const removed = await run(blocklistAction, post("/admin/blocklist", { intent: "unblock", id: entry.id }, staff));
    await expect(removed).toSetToast({
      kind: "success",
      message: enAdmin["admin.blocklist.unblocked"].replace("{phone}", "01912345678"),
    });
    expect((await checkout("01912345678")).status).toBe(302);
  });

  it("refuses a number that is not a Bangladeshi mobile, keeping what was typed", async () => {
    const outcome = await run(
      blocklistAction,
      post("/admin/blocklist", { intent: "block", phone: "12345", note: "typo" }, staff),
    );
    expect(outcome.status).toBe(400);
    expect(expectData(outcome)).toEqual({
      values: { phone: "12345", note: "typo" },
      fieldErrors: { phone: enAdmin["admin.blocklist.phoneInvalid"] },
    });
    expect(await prisma.blockedPhone.count({ where: { note: "typo" } })).toBe(0);
  });

  it("blocks from the order page and goes back to it; a foreign `back` goes to the blocklist", async () => {
    const order = await checkout("01712999001");
    const orderId = Number(new URL(order.location!, "http://x").searchParams.get("order"));
    const back = `/admin/orders/view/${orderId}`;
    const blocked = await run(
      blocklistAction,
      post("/admin/blocklist", { intent: "block", phone: "01712999001", note: `Order #${orderId}`, back }, staff),
    );
    expect(blocked).toRedirectTo(back);
    const page = await runData(orderLoader, get(back, staff), { id: String(orderId) });
    expect(page.blocked).toBe(true);

    const foreign = await run(
      blocklistAction,
      post("/admin/blocklist", { intent: "block", phone: "01712999002", back: "https://evil.example/" }, staff),
    );
    expect(foreign).toRedirectTo("/admin/blocklist");
  });

  it("is for staff only", async () => {
    const anonymous = await run(blocklistAction, post("/admin/blocklist", { intent: "block", phone: "01712999003" }));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/login/);
    expect(await prisma.blockedPhone.count({ where: { phone: "01712999003" } })).toBe(0);
  });
});

describe("the confirmed-by-phone mark", () => {
  it("records who confirmed and when, shows in the list, and can be removed", async () => {
    const placed = await checkout("01712999101");
    const orderId = Number(new URL(placed.location!, "http://x").searchParams.get("order"));
    const url = `/admin/orders/view/${orderId}`;
    const orderPage = () => runData(orderLoader, get(url, staff), { id: String(orderId) });
    const listRow = async () =>
      (await runData(ordersLoader, get("/admin/orders", staff))).orders.items.find((row) => row.id === orderId)!;
    expect((await orderPage()).order.confirmedAt).toBeNull();
    expect((await listRow()).confirmedAt).toBeNull();

    const marked = await run(orderAction, post(url, { intent: "confirm" }, staff), { id: String(orderId) });
    expect(marked).toRedirectTo(url);
    await expect(marked).toSetToast({
      kind: "success",
      message: enAdmin["admin.confirm.marked"].replace("{id}", String(orderId)),
    });
    const confirmed = (await orderPage()).order;
    expect(confirmed.confirmedByEmail).toBe(staffEmail);
    expect(Date.now() - confirmed.confirmedAt!.getTime()).toBeLessThan(60_000);
    expect((await listRow()).confirmedAt).not.toBeNull();

    // A second mark by someone else keeps the first one's name and time.
    const other = await signedInJar((await createAdmin()).id);
    await run(orderAction, post(url, { intent: "confirm" }, other), { id: String(orderId) });
    expect((await orderPage()).order).toMatchObject({
      confirmedByEmail: staffEmail,
      confirmedAt: confirmed.confirmedAt,
    });

    const undone = await run(orderAction, post(url, { intent: "unconfirm" }, staff), { id: String(orderId) });
    await expect(undone).toSetToast({
      kind: "success",
      message: enAdmin["admin.confirm.unmarked"].replace("{id}", String(orderId)),
    });
    expect((await orderPage()).order).toMatchObject({ confirmedAt: null, confirmedByEmail: null });
  });

  it("answers a missing order with the list and a message", async () => {
    const outcome = await run(orderAction, post("/admin/orders/view/99999999", { intent: "confirm" }, staff), {
      id: "99999999",
    });
    expect(outcome).toRedirectTo("/admin/orders");
    await expect(outcome).toSetToast({ kind: "error", message: enAdmin["admin.order.notFound"] });
  });
});
