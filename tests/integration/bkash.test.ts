/**
 * bKash tokenized checkout (app/server/payments/) against a local server that implements bKash's
 * documented API and payment page (tests/support/bkash-server.ts): the token kept and refreshed,
 * create → approve → execute → the advance paid, and every bad case: a callback replayed or arriving
 * twice at once, forged (unknown paymentID, another order's, success without approval), execute
 * timing out then the status query, a callback that never comes (the job), a refund and one too
 * large, bKash down.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { action as payAction } from "~/routes/payments.bkash";
import { loader as callbackLoader } from "~/routes/payments.bkash_.callback";
import { saveCheckedBkashKeys, shopBkash } from "~/server/payments/bkash-account.server";
import {
  handleBkashCallback,
  refundBkashPayment,
  settlePendingBkashPayments,
  startBkashPayment,
} from "~/server/payments/bkash-checkout.server";
import { startFakeBkash, workerBkashPort, type FakeBkash } from "../support/bkash-server";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { createAdmin, createProduct, get, post, run } from "./helpers";
import { placeOrder } from "./place-order";

let bkash: FakeBkash;
let owner: AdminUser;

beforeEach(async () => {
  bkash = await startFakeBkash(workerBkashPort());
  const { id, email } = await createAdmin();
  owner = { id, email, language: "en", role: "owner", mustChangePassword: false, twoFactor: false };
  const saved = await saveCheckedBkashKeys(bkash.keys, true, owner, {});
  expect(saved.saved).toBe(true);
});
afterEach(async () => {
  await bkash.close();
});

/** An order with an advance of `advancePaisa` due (set directly: the advance at placement is another module's). */
async function orderWithAdvance(advancePaisa = 12_000): Promise<number> {
  const { variantId } = await createProduct({ pricePaisa: 150_000, stockQuantity: 50 });
  const id = await placeOrder([[variantId, 1]]);
  await prisma.order.update({ where: { id }, data: { advancePaisa, advanceStatus: "due" } });
  return id;
}

const callbackUrl = (orderId: number) => `http://localhost/payments/bkash/callback?order=${orderId}`;

/** Starts a payment for `orderId` and returns bKash's paymentID. */
async function started(orderId: number): Promise<string> {
  const answer = await startBkashPayment(orderId, () => callbackUrl(orderId));
  if (!("redirect" in answer)) throw new Error(`not started: ${answer.result}`);
  return new URL(answer.redirect).pathname.split("/").at(-1)!;
}

/** The callback bKash sends after the shopper's `choice`, as the query haat reads. */
function callbackOf(orderId: number, paymentID: string, choice: "approve" | "insufficient" | "fail" | "cancel") {
  const url = new URL(bkash.shopper(paymentID, choice));
  return {
    order: Number(url.searchParams.get("order")) || orderId,
    paymentID,
    status: url.searchParams.get("status")!,
  };
}

const advanceOf = (id: number) =>
  prisma.order.findUniqueOrThrow({
    where: { id },
    select: { advanceStatus: true, advancePaidPaisa: true, advanceRefundedPaisa: true, advanceDueBy: true },
  });

describe("the bKash token", () => {
  it("is granted once when the keys are saved, kept for every call, refreshed near expiry and granted again when refresh fails", async () => {
    expect(bkash.grants).toBe(1);
    const grant = bkash.requests.find((r) => r.path.endsWith("/token/grant"))!;
    expect(grant.headers.username).toBe(bkash.keys.username);
    expect(grant.body).toEqual({ app_key: bkash.keys.appKey, app_secret: bkash.keys.appSecret });
    const row = await prisma.paymentAccount.findUniqueOrThrow({ where: { provider: "bkash" } });
    expect(row.idTokenSealed).not.toContain("id-token");
    expect(row.appKeyHint).toBe("1234");

    const id = await orderWithAdvance();
    await started(id);
    await started(await orderWithAdvance());
    expect(bkash.grants).toBe(1);
    const create = bkash.requests.find((r) => r.path.endsWith("/checkout/create"))!;
    expect(create.headers.authorization).toMatch(/^id-token-/);
    expect(create.headers["x-app-key"]).toBe(bkash.keys.appKey);
    expect(create.body).toMatchObject({
      mode: "0011",
      amount: "120.00",
      currency: "BDT",
      intent: "sale",
      payerReference: "01712345678",
    });

    // Four minutes left: inside the margin, so the next call refreshes first.
    await prisma.paymentAccount.update({
      where: { provider: "bkash" },
      data: { tokenExpiresAt: new Date(Date.now() + 4 * 60_000) },
    });
    await started(await orderWithAdvance());
    expect(bkash.refreshes).toBe(1);
    expect(bkash.grants).toBe(1);

    bkash.refuseRefresh = true;
    await prisma.paymentAccount.update({
      where: { provider: "bkash" },
      data: { tokenExpiresAt: new Date(Date.now() - 1000) },
    });
    await started(await orderWithAdvance());
    expect(bkash.grants).toBe(2);
  });

  it("is granted again when bKash no longer accepts a token it kept", async () => {
    bkash.expireTokens();
    await started(await orderWithAdvance());
    expect(bkash.grants).toBe(2);
  });

  it("refuses keys bKash refuses, and saves nothing", async () => {
    await prisma.paymentAccount.deleteMany();
    const refused = await saveCheckedBkashKeys({ ...bkash.keys, appKey: "wrong-app-key" }, true, owner, {});
    expect(refused).toMatchObject({ saved: false });
    expect(await prisma.paymentAccount.count()).toBe(0);
    expect(await shopBkash()).toBeNull();
  });
});

describe("a bKash payment", () => {
  it("is paid only once execute says Completed: the advance is credited, the trxID recorded, the audit trail told", async () => {
    const id = await orderWithAdvance(12_000);
    const paymentID = await started(id);
    const payment = await prisma.payment.findUniqueOrThrow({ where: { providerPaymentId: paymentID } });
    expect(payment).toMatchObject({ orderId: id, method: "bkash", status: "created", amountPaisa: 12_000 });

    const answer = await handleBkashCallback(callbackOf(id, paymentID, "approve"), {});
    expect(answer).toEqual({ orderId: id, language: "en", result: "paid" });
    expect(await advanceOf(id)).toMatchObject({ advanceStatus: "paid", advancePaidPaisa: 12_000 });
    const paid = await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(paid.status).toBe("completed");
    expect(paid.trxId).toBe(bkash.payments.get(paymentID)!.trxID);
    expect(await prisma.auditEvent.count({ where: { action: "payment.bkash-completed", subjectId: id } })).toBe(1);
  });

  it("is credited once when the callback is replayed, or arrives twice at once", async () => {
    const id = await orderWithAdvance(12_000);
    const paymentID = await started(id);
    const callback = callbackOf(id, paymentID, "approve");
    await Promise.all([handleBkashCallback(callback, {}), handleBkashCallback(callback, {})]);
    expect((await handleBkashCallback(callback, {})).result).toBe("paid");
    expect(await advanceOf(id)).toMatchObject({ advanceStatus: "paid", advancePaidPaisa: 12_000 });
    expect(await prisma.auditEvent.count({ where: { action: "payment.bkash-completed", subjectId: id } })).toBe(1);
  });

  it("changes nothing for a forged callback: an unknown paymentID, another order's, success without approval", async () => {
    const id = await orderWithAdvance();
    const other = await orderWithAdvance();
    const paymentID = await started(id);
    expect(await handleBkashCallback({ order: id, paymentID: "TR00forged", status: "success" }, {})).toMatchObject({
      orderId: null,
      result: "not-due",
    });
    bkash.shopper(paymentID, "approve");
    expect(await handleBkashCallback({ order: other, paymentID, status: "success" }, {})).toMatchObject({
      orderId: null,
    });
    expect(bkash.payments.get(paymentID)!.executeCalls).toBe(0);
    expect(await advanceOf(id)).toMatchObject({ advanceStatus: "due", advancePaidPaisa: 0 });
    expect(await advanceOf(other)).toMatchObject({ advanceStatus: "due", advancePaidPaisa: 0 });

    // The shopper never approved: bKash refuses execute (2056), so status=success is a failure.
    const unapproved = await orderWithAdvance();
    const unapprovedID = await started(unapproved);
    expect(
      await handleBkashCallback({ order: unapproved, paymentID: unapprovedID, status: "success" }, {}),
    ).toMatchObject({ result: "failed" });
    expect(await prisma.payment.findUniqueOrThrow({ where: { providerPaymentId: unapprovedID } })).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("2056"),
    });
    expect(await advanceOf(unapproved)).toMatchObject({ advanceStatus: "due", advancePaidPaisa: 0 });
  });

  it("is failed or cancelled as the shopper chose on bKash's page, and the order stays due to try again", async () => {
    const id = await orderWithAdvance();
    const cancelled = await started(id);
    expect((await handleBkashCallback(callbackOf(id, cancelled, "cancel"), {})).result).toBe("cancelled");
    const poor = await started(id);
    expect((await handleBkashCallback(callbackOf(id, poor, "insufficient"), {})).result).toBe("insufficient");
    const failed = await started(id);
    expect((await handleBkashCallback(callbackOf(id, failed, "fail"), {})).result).toBe("failed");
    const statuses = await prisma.payment.findMany({
      where: { orderId: id },
      orderBy: { id: "asc" },
      select: { status: true },
    });
    expect(statuses.map((p) => p.status)).toEqual(["cancelled", "failed", "failed"]);
    expect(await advanceOf(id)).toMatchObject({ advanceStatus: "due", advancePaidPaisa: 0 });
    const again = await started(id);
    expect((await handleBkashCallback(callbackOf(id, again, "approve"), {})).result).toBe("paid");
  });

  it("asks the status when execute times out, and is paid when bKash completed it", async () => {
    const id = await orderWithAdvance(12_000);
    const paymentID = await started(id);
    bkash.delays = { execute: 3_000 };
    expect((await handleBkashCallback(callbackOf(id, paymentID, "approve"), {})).result).toBe("paid");
    expect(bkash.requests.filter((r) => r.path.endsWith("/payment/status"))).toHaveLength(1);
    expect(await advanceOf(id)).toMatchObject({ advanceStatus: "paid", advancePaidPaisa: 12_000 });
  });

  it("is settled by the job when the callback never comes", async () => {
    const id = await orderWithAdvance(12_000);
    const paymentID = await started(id);
    const waiting = await orderWithAdvance();
    await started(waiting);
    bkash.shopper(paymentID, "approve");
    // (Payments of the tests before, still "created", are asked about too.)
    expect(await settlePendingBkashPayments(0)).toMatchObject({ completed: 1 });
    expect(await advanceOf(id)).toMatchObject({ advanceStatus: "paid", advancePaidPaisa: 12_000 });
    // Not approved: still waiting, until bKash's window has passed.
    expect(await prisma.payment.findFirstOrThrow({ where: { orderId: waiting } })).toMatchObject({ status: "created" });
    await prisma.payment.updateMany({
      where: { orderId: waiting },
      data: { createdAt: new Date(Date.now() - 31 * 60_000) },
    });
    expect(await settlePendingBkashPayments(0)).toMatchObject({ completed: 0 });
    expect(await prisma.payment.findFirstOrThrow({ where: { orderId: waiting } })).toMatchObject({ status: "failed" });
    expect(await advanceOf(waiting)).toMatchObject({ advanceStatus: "due" });
  });

  it("keeps the order and charges nothing when bKash is down or slow", async () => {
    const id = await orderWithAdvance();
    bkash.down = true;
    expect(await startBkashPayment(id, () => callbackUrl(id))).toEqual({ result: "unavailable" });
    bkash.down = false;
    bkash.delays = { create: 3_000 };
    expect(await startBkashPayment(id, () => callbackUrl(id))).toEqual({ result: "unavailable" });
    const payments = await prisma.payment.findMany({ where: { orderId: id } });
    expect(payments.map((p) => p.status)).toEqual(["failed", "failed"]);
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "pending",
      advanceStatus: "due",
    });
  });

  it("is refunded up to what was paid, never more", async () => {
    const id = await orderWithAdvance(12_000);
    const paymentID = await started(id);
    await handleBkashCallback(callbackOf(id, paymentID, "approve"), {});
    const payment = await prisma.payment.findUniqueOrThrow({ where: { providerPaymentId: paymentID } });

    const tooMuch = await refundBkashPayment(id, { paymentId: payment.id, amountPaisa: 12_001, reason: "" }, owner, {});
    expect(tooMuch).toMatchObject({ kind: "error", message: expect.stringContaining("120.00") });
    expect(bkash.requests.filter((r) => r.path.endsWith("/refund"))).toHaveLength(0);

    expect(
      await refundBkashPayment(id, { paymentId: payment.id, amountPaisa: 5_000, reason: "Out of stock" }, owner, {}),
    ).toMatchObject({ kind: "success" });
    expect(bkash.requests.find((r) => r.path.endsWith("/refund"))!.body).toMatchObject({
      paymentID,
      trxID: payment.trxId,
      amount: "50.00",
      reason: "Out of stock",
    });
    expect(await advanceOf(id)).toMatchObject({ advanceStatus: "paid", advanceRefundedPaisa: 5_000 });
    expect(
      (await refundBkashPayment(id, { paymentId: payment.id, amountPaisa: 7_001, reason: "" }, owner, {})).kind,
    ).toBe("error");
    expect(
      await refundBkashPayment(id, { paymentId: payment.id, amountPaisa: 7_000, reason: "" }, owner, {}),
    ).toMatchObject({ kind: "success" });
    expect(await advanceOf(id)).toMatchObject({ advanceStatus: "refunded", advanceRefundedPaisa: 12_000 });
    expect(await prisma.paymentRefund.count({ where: { paymentId: payment.id } })).toBe(2);
    expect(await prisma.auditEvent.count({ where: { action: "payment.bkash-refunded", subjectId: id } })).toBe(2);
  });
});

describe("the shopper's routes", () => {
  it("start a payment only for the order's proven shopper, for the amount due, and come back to the result", async () => {
    const id = await orderWithAdvance(12_000);
    // No placed-orders cookie and no phone: the tracking page asks for the phone; nothing is created.
    const anonymous = await run(payAction, post("/payments/bkash", { order: id, lang: "en", amountPaisa: 1 }));
    expect(anonymous).toMatchObject({ status: 303, location: `/orders/track?order=${id}` });
    const wrongPhone = await run(
      payAction,
      post("/payments/bkash", { order: id, lang: "en", phone: "01999999999" }),
      {},
      { clientAddress: "10.0.0.1" },
    );
    expect(wrongPhone.location).toBe(`/orders/track?order=${id}`);
    expect(await prisma.payment.count({ where: { orderId: id } })).toBe(0);

    const started = await run(
      payAction,
      post("/payments/bkash", { order: id, lang: "bn", phone: "01712345678", amountPaisa: 1 }),
      {},
      { clientAddress: "10.0.0.2" },
    );
    expect(started.status).toBe(303);
    expect(started.location).toMatch(new RegExp(`^${bkash.origin}/pay/`));
    const paymentID = started.location!.split("/").at(-1)!;
    expect(bkash.payments.get(paymentID)!.amount).toBe("120.00");

    const back = new URL(bkash.shopper(paymentID, "approve"));
    const result = await run(callbackLoader, get(`${back.pathname}${back.search}`));
    expect(result).toMatchObject({ status: 303, location: `/order-success?order=${id}&payment=paid` });
    const replayed = await run(callbackLoader, get(`${back.pathname}${back.search}`));
    expect(replayed.location).toBe(`/order-success?order=${id}&payment=paid`);
    expect(await advanceOf(id)).toMatchObject({ advanceStatus: "paid", advancePaidPaisa: 12_000 });

    const forged = await run(callbackLoader, get(`/payments/bkash/callback?order=${id}&paymentID=nope&status=success`));
    expect(forged.location).toBe("/orders/track?payment=not-due");
    // Paid: nothing more is due, nothing is created.
    const more = await run(
      payAction,
      post("/payments/bkash", { order: id, lang: "en", phone: "01712345678" }),
      {},
      { clientAddress: "10.0.0.3" },
    );
    expect(more.location).toBe(`/orders/track?order=${id}&phone=01712345678&payment=not-due`);
  });
});
