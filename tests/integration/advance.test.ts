/**
 * The advance on orders (docs/decisions/062-advance-payment.md) against a real SQLite database,
 * through the routes' loaders and actions: placing an order computes the advance of each rule
 * (new phones with a delivered order included), a shopper reports a Send Money (reused, malformed,
 * forged and tampered reports refused), staff verify or reject it (two at once decide it once), the
 * lapse job cancels unpaid orders (returning their stock) and leaves those being checked, the
 * courier CSV asks for the total less the advance paid, and the list filters "advance to verify".
 */
import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { cancelLapsedAdvances } from "~/models/payments/advance-lapse.server";
import { getShopSettings } from "~/models/settings.server";
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import { action as successAction, loader as successLoader } from "~/routes/_shop.order-success/route";
import { action as trackAction, loader as trackLoader } from "~/routes/_shop.orders.track/route";
import { loader as ordersLoader } from "~/routes/admin.orders._index/route";
import { action as exportAction } from "~/routes/admin.orders.export[.]csv";
import { action as orderAction, loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { serverTranslator } from "~/server/i18n.server";
import { CookieJar, createAdmin, createProduct, get, post, run, runData, signedInJar, stockOf } from "./helpers";

const t = serverTranslator("en");
const PHONE = "01712345678";

let lamp: { id: number; variantId: number };
let staff: CookieJar;

beforeEach(async () => {
  lamp = await createProduct({ name: "Brass Lamp", pricePaisa: 123_450, stockQuantity: 10 });
  staff = await signedInJar((await createAdmin()).id);
  await setShop({
    advanceKind: "delivery",
    advanceValue: 0,
    advanceFor: "all",
    advanceAbovePaisa: 0,
    advanceWindowMinutes: 120,
    bkashSendMoneyNumber: "01811111111",
    nagadSendMoneyNumber: "",
  });
  // The file's tests share the database: earlier orders' advances and payments are left behind.
  await prisma.payment.deleteMany();
  await prisma.order.updateMany({ data: { advanceStatus: null, advanceDueBy: null } });
});

/** Sets the shop's advance settings (the rest as a new shop has them). */
async function setShop(fields: {
  advanceKind?: string;
  advanceValue?: number;
  advanceFor?: string;
  advanceAbovePaisa?: number;
  advanceWindowMinutes?: number;
  bkashSendMoneyNumber?: string;
  nagadSendMoneyNumber?: string;
}) {
  await getShopSettings(); // creates the row on a first start
  await prisma.shopSettings.updateMany({ data: fields });
}

/** Places an order of `quantity` lamps (Dhaka: ৳60 delivery) from `jar`'s browser; returns its number. */
async function order(jar = new CookieJar(), quantity = 1, phone = PHONE): Promise<number> {
  jar.take((await run(cartAction, post("/cart", { intent: "add", variantId: lamp.variantId, quantity }, jar))).headers);
  const page = await runData(cartLoader, get("/cart", jar));
  const fields = {
    intent: "checkout",
    name: "Rahima Akter",
    phone,
    address: "House 4, Road 2",
    area: "Mirpur 10",
    district: "Dhaka",
    shippingMethod: "Inside Dhaka",
    checkoutToken: page.checkoutToken,
    expectedSubtotalPaisa: page.subtotalPaisa,
  };
  const outcome = await run(cartAction, post("/cart", fields, jar));
  jar.take(outcome.headers);
  expect(outcome.location).toMatch(/^\/order-success\?order=\d+$/);
  return Number(new URL(outcome.location!, "http://x").searchParams.get("order"));
}

const advanceOf = (id: number) =>
  prisma.order.findUniqueOrThrow({
    where: { id },
    select: {
      totalPaisa: true,
      advancePaisa: true,
      advanceStatus: true,
      advanceDueBy: true,
      advancePaidPaisa: true,
      status: true,
    },
  });

/** Posts the Send Money form of the confirmation page of order `id` from `jar`'s browser. */
function reportOnSuccessPage(id: number, jar: CookieJar, fields: Record<string, string | number>) {
  return run(successAction, post(`/order-success?order=${id}`, { intent: "send-money", ...fields }, jar));
}

const BKASH_REPORT = { wallet: "bkash", senderNumber: "01911111111", trxId: "9ABC1DEF2G" };

describe("placing an order", () => {
  it("asks the delivery charge, due within the window", async () => {
    await setShop({ advanceWindowMinutes: 90 });
    const before = Date.now();
    const id = await order();
    const placed = await advanceOf(id);
    expect(placed).toMatchObject({ advancePaisa: 6000, advanceStatus: "due", advancePaidPaisa: 0 });
    const dueIn = placed.advanceDueBy!.getTime() - before;
    expect(dueIn).toBeGreaterThanOrEqual(90 * 60_000);
    expect(dueIn).toBeLessThan(91 * 60_000);
  });

  it("asks nothing without a rule", async () => {
    await setShop({ advanceKind: "none" });
    expect(await advanceOf(await order())).toMatchObject({ advancePaisa: 0, advanceStatus: null, advanceDueBy: null });
  });

  it("asks a fixed amount, or a percentage rounded up to whole taka", async () => {
    await setShop({ advanceKind: "fixed", advanceValue: 20_000 });
    expect((await advanceOf(await order())).advancePaisa).toBe(20_000);
    // 10% of ৳1,294.50 (the lamp and ৳60 delivery) is ৳129.45: ৳130 asked.
    await setShop({ advanceKind: "percentage", advanceValue: 1000 });
    expect((await advanceOf(await order())).advancePaisa).toBe(13_000);
  });

  it("asks orders above an amount only", async () => {
    await setShop({ advanceFor: "above", advanceAbovePaisa: 200_000 });
    expect((await advanceOf(await order(new CookieJar(), 1))).advanceStatus).toBeNull();
    expect((await advanceOf(await order(new CookieJar(), 2))).advancePaisa).toBe(6000);
  });

  it("asks new phones only: a phone with a delivered order is not asked again", async () => {
    await setShop({ advanceFor: "new-phones" });
    const first = await order();
    expect((await advanceOf(first)).advancePaisa).toBe(6000);
    // Not yet delivered: still a new phone.
    expect((await advanceOf(await order())).advancePaisa).toBe(6000);
    await prisma.order.update({ where: { id: first }, data: { status: "delivered" } });
    expect((await advanceOf(await order())).advanceStatus).toBeNull();
    expect((await advanceOf(await order(new CookieJar(), 1, "01812345678"))).advancePaisa).toBe(6000);
  });

  it("tells the shopper before they order, and shows the advance due after", async () => {
    const jar = new CookieJar();
    const cart = await runData(cartLoader, get("/cart", jar));
    expect(cart.advance).toEqual({ kind: "delivery", value: 0, for: "all", abovePaisa: 0 });
    const id = await order(jar);
    const page = await runData(successLoader, get(`/order-success?order=${id}`, jar));
    expect(page.details).toMatchObject({ advancePaisa: 6000, advanceStatus: "due" });
    expect(page.numbers).toEqual({ bkash: "01811111111", nagad: "" });
  });
});

describe("a Send Money report", () => {
  it("records a payment to verify of the advance due, whatever amount the form says", async () => {
    const jar = new CookieJar();
    const id = await order(jar);
    const outcome = await reportOnSuccessPage(id, jar, { ...BKASH_REPORT, trxId: "9abc 1def2g", amountPaisa: 1 });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/order-success?order=${id}`);
    expect((await advanceOf(id)).advanceStatus).toBe("to-verify");
    expect(await prisma.payment.findMany({ where: { orderId: id } })).toEqual([
      expect.objectContaining({
        method: "bkash-send-money",
        amountPaisa: 6000,
        status: "to-verify",
        trxId: "9ABC1DEF2G",
        senderNumber: "01911111111",
      }),
    ]);
    // Reported once: a second report finds no advance due.
    const again = await reportOnSuccessPage(id, jar, { ...BKASH_REPORT, trxId: "1ABC1DEF2G" });
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({ sendMoney: { formError: t("advance.notDue") } });
  });

  it("refuses a TrxID already used in the shop, writing nothing", async () => {
    const jar = new CookieJar();
    const first = await order(jar);
    const second = await order(jar);
    expect((await reportOnSuccessPage(first, jar, BKASH_REPORT)).status).toBe(302);
    const reused = await reportOnSuccessPage(second, jar, BKASH_REPORT);
    expect(reused.status).toBe(400);
    expect(reused.data).toMatchObject({ sendMoney: { fieldErrors: { trxId: t("advance.trxIdUsed") } } });
    expect((await advanceOf(second)).advanceStatus).toBe("due");
    expect(await prisma.payment.count({ where: { orderId: second } })).toBe(0);
  });

  it("refuses a malformed TrxID or sender, or a wallet the shop shows no number for, keeping what was typed", async () => {
    const jar = new CookieJar();
    const id = await order(jar);
    // The shop shows only its bKash number: a Nagad report could never be verified.
    const nagadNotOffered = await reportOnSuccessPage(id, jar, { ...BKASH_REPORT, wallet: "nagad", trxId: "7XYZ12AB" });
    expect(nagadNotOffered.data).toMatchObject({
      sendMoney: { fieldErrors: { wallet: t("advance.walletRequired") }, values: { trxId: "7XYZ12AB" } },
    });
    await setShop({ nagadSendMoneyNumber: "01711111111" });
    const nagadTooLong = await reportOnSuccessPage(id, jar, { ...BKASH_REPORT, wallet: "nagad" });
    expect(nagadTooLong.status).toBe(400);
    expect(nagadTooLong.data).toMatchObject({
      sendMoney: { fieldErrors: { trxId: t("advance.trxIdInvalid") }, values: { trxId: "9ABC1DEF2G" } },
    });
    const badSender = await reportOnSuccessPage(id, jar, { ...BKASH_REPORT, senderNumber: "12345" });
    expect(badSender.data).toMatchObject({ sendMoney: { fieldErrors: { senderNumber: t("advance.senderInvalid") } } });
    const noWallet = await reportOnSuccessPage(id, jar, { ...BKASH_REPORT, wallet: "rocket" });
    expect(noWallet.data).toMatchObject({ sendMoney: { fieldErrors: { wallet: t("advance.walletRequired") } } });
    expect(await prisma.payment.count()).toBe(0);
    expect((await advanceOf(id)).advanceStatus).toBe("due");
  });

  it("is refused for an order this browser did not place, and without the order's phone on tracking", async () => {
    const id = await order(new CookieJar());
    const stranger = new CookieJar();
    const forged = await reportOnSuccessPage(id, stranger, BKASH_REPORT);
    expect(forged.status).toBe(403);
    const wrongPhone = await run(
      trackAction,
      post(`/orders/track?order=${id}&phone=01999999999`, { intent: "send-money", ...BKASH_REPORT }),
      {},
      { clientAddress: "10.9.0.1" },
    );
    expect(wrongPhone.status).toBe(403);
    expect(await prisma.payment.count()).toBe(0);
  });

  it("is taken on the tracking page with the order's number and phone", async () => {
    const id = await order(new CookieJar());
    const query = `?order=${id}&phone=${PHONE}`;
    const outcome = await run(
      trackAction,
      post(`/orders/track${query}`, { intent: "send-money", ...BKASH_REPORT }),
      {},
      { clientAddress: "10.9.0.2" },
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(`/orders/track${query}`);
    const page = await runData(trackLoader, get(`/orders/track${query}`));
    expect(page.order).toMatchObject({ advanceStatus: "to-verify", payments: [{ trxId: "9ABC1DEF2G" }] });
  });
});

describe("staff deciding a Send Money", () => {
  /** An order with a reported Send Money; returns the order and payment ids. */
  async function reported(trxId = "9ABC1DEF2G") {
    const jar = new CookieJar();
    const id = await order(jar);
    await reportOnSuccessPage(id, jar, { ...BKASH_REPORT, trxId });
    const payment = await prisma.payment.findFirstOrThrow({ where: { orderId: id } });
    return { id, paymentId: payment.id };
  }

  const decide = (id: number, fields: Record<string, string | number>) =>
    run(orderAction, post(`/admin/orders/view/${id}`, fields, staff), { id: String(id) });

  it("lists the order as advance to verify, then verifies it: paid, credited once, in the history and the trail", async () => {
    const { id, paymentId } = await reported();
    const other = await order();
    const list = await runData(ordersLoader, get("/admin/orders?advance=to-verify", staff));
    expect(list.orders.items.map((row) => [row.id, row.advanceStatus])).toEqual([[id, "to-verify"]]);
    expect(list.orders.items.map((row) => row.id)).not.toContain(other);

    // Two clicks (or two staff members) at once: one verifies, the other is told.
    const [a, b] = await Promise.all([
      decide(id, { intent: "verify-payment", paymentId }),
      decide(id, { intent: "verify-payment", paymentId }),
    ]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(await advanceOf(id)).toMatchObject({ advanceStatus: "paid", advancePaidPaisa: 6000, advanceDueBy: null });
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect(payment.status).toBe("verified");
    expect(payment.verifiedByEmail).toMatch(/@haat\.example$/);
    expect(await prisma.auditEvent.count({ where: { action: "order.advance-verified", subjectId: id } })).toBe(1);

    const view = await runData(orderLoader, get(`/admin/orders/view/${id}`, staff), { id: String(id) });
    expect(view.payments).toEqual([expect.objectContaining({ status: "verified", trxId: "9ABC1DEF2G" })]);
  });

  it("rejects it with a reason: the advance is due again with a new deadline, and may be reported again", async () => {
    await setShop({ advanceWindowMinutes: 30 });
    const { id, paymentId } = await reported();
    const noReason = await decide(id, { intent: "reject-payment", paymentId, reason: " " });
    expect(noReason.status).toBe(302);
    expect((await advanceOf(id)).advanceStatus).toBe("to-verify");

    const before = Date.now();
    await decide(id, { intent: "reject-payment", paymentId, reason: "No such TrxID in the statement" });
    const after = await advanceOf(id);
    expect(after.advanceStatus).toBe("due");
    expect(after.advanceDueBy!.getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(await prisma.payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({
      status: "rejected",
      reason: "No such TrxID in the statement",
    });
    expect(await prisma.auditEvent.count({ where: { action: "order.advance-rejected", subjectId: id } })).toBe(1);
    // A decided payment is not decided again.
    await decide(id, { intent: "verify-payment", paymentId });
    expect((await advanceOf(id)).advancePaidPaisa).toBe(0);
  });

  it("never decides another order's payment from an order's page", async () => {
    const { paymentId } = await reported();
    const other = await order();
    await decide(other, { intent: "verify-payment", paymentId });
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("to-verify");
  });
});

describe("the advance's deadline", () => {
  it("cancels unpaid orders, returning their stock, and leaves orders being checked", async () => {
    const unpaidJar = new CookieJar();
    const unpaid = await order(unpaidJar, 2);
    const checkingJar = new CookieJar();
    const checking = await order(checkingJar, 1);
    await reportOnSuccessPage(checking, checkingJar, BKASH_REPORT);
    const paidUp = await order(new CookieJar(), 1);
    await prisma.order.update({ where: { id: paidUp }, data: { advanceStatus: "paid", advanceDueBy: null } });
    expect(await stockOf(lamp.id)).toBe(6);

    // Not yet: nothing lapses before the deadline.
    expect(await cancelLapsedAdvances(new Date())).toEqual([]);
    const later = new Date(Date.now() + 3 * 60 * 60_000);
    expect(await cancelLapsedAdvances(later)).toEqual([unpaid]);
    expect((await advanceOf(unpaid)).status).toBe("cancelled");
    expect((await advanceOf(checking)).status).toBe("pending");
    expect((await advanceOf(paidUp)).status).toBe("pending");
    expect(await stockOf(lamp.id)).toBe(8);
    // Once only.
    expect(await cancelLapsedAdvances(later)).toEqual([]);

    const history = await prisma.orderStatusChange.findMany({ where: { orderId: unpaid }, orderBy: { id: "asc" } });
    expect(history.at(-1)).toMatchObject({ fromStatus: "pending", toStatus: "cancelled", changedByEmail: null });
    const tracked = await runData(trackLoader, get(`/orders/track?order=${unpaid}&phone=${PHONE}`));
    expect(tracked.order).toMatchObject({ status: "cancelled", advanceLapsed: true });
    // A cancellation by staff is not the lapse.
    await decideCancel(paidUp);
    const cancelledByStaff = await runData(trackLoader, get(`/orders/track?order=${paidUp}&phone=${PHONE}`));
    expect(cancelledByStaff.order).toMatchObject({ status: "cancelled", advanceLapsed: false });
  });

  it("waits for a bKash payment still open on the order, and lapses it once that payment fails", async () => {
    const id = await order(new CookieJar(), 1);
    const payment = await prisma.payment.create({
      data: { orderId: id, method: "bkash", amountPaisa: 6000, status: "created", providerPaymentId: `TR-lapse-${id}` },
    });
    const later = new Date(Date.now() + 3 * 60 * 60_000);
    // The shopper may be paying on bKash's page: not cancelled under them.
    expect(await cancelLapsedAdvances(later)).toEqual([]);
    expect((await advanceOf(id)).status).toBe("pending");
    // bKash's answer, once settled, is that nothing was paid: now it lapses.
    await prisma.payment.update({ where: { id: payment.id }, data: { status: "failed" } });
    expect(await cancelLapsedAdvances(later)).toEqual([id]);
    expect((await advanceOf(id)).status).toBe("cancelled");
  });

  /** Staff cancel order `id` on its page. */
  async function decideCancel(id: number) {
    await run(orderAction, post(`/admin/orders/view/${id}`, { status: "cancelled", confirm: "yes" }, staff), {
      id: String(id),
    });
  }
});

describe("the courier's cash", () => {
  it("is the total less the advance paid", async () => {
    const jar = new CookieJar();
    const id = await order(jar);
    await reportOnSuccessPage(id, jar, BKASH_REPORT);
    const payment = await prisma.payment.findFirstOrThrow({ where: { orderId: id } });
    await run(
      orderAction,
      post(`/admin/orders/view/${id}`, { intent: "verify-payment", paymentId: payment.id }, staff),
      {
        id: String(id),
      },
    );
    const answer = await exportAction({
      request: post(
        "/admin/orders/export.csv",
        { order: [id], column: ["invoice", "amount"], "position-invoice": 1, "position-amount": 2 },
        staff,
      ),
      params: {},
      context: {},
    });
    if (!(answer instanceof Response)) throw new Error("expected a file");
    const rows = parse(await answer.text(), { bom: true }) as string[][];
    // ৳1,294.50 less the ৳60 advance.
    expect(rows.at(-1)).toEqual([`haat-${id}`, "1234.50"]);
  });
});
