/**
 * bKash's callback for one payment arriving many times at once on PostgreSQL, where (unlike
 * SQLite's one writer) the completions really run side by side, each on its own connection as on
 * several nodes: the payment is completed and the order's advance credited exactly once
 * (app/models/payments/bkash-payments.server.ts `completeBkashPayment`).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { saveCheckedBkashKeys } from "~/server/payments/bkash-account.server";
import { handleBkashCallback, startBkashPayment } from "~/server/payments/bkash-checkout.server";
import { startFakeBkash, workerBkashPort, type FakeBkash } from "../support/bkash-server";
import { createAdmin, createProduct } from "../integration/helpers";
import { placeOrder } from "../integration/place-order";

let bkash: FakeBkash;

beforeEach(async () => {
  bkash = await startFakeBkash(workerBkashPort());
  const { id, email } = await createAdmin();
  const owner = { id, email, language: "en", role: "owner" as const, mustChangePassword: false, twoFactor: false };
  expect((await saveCheckedBkashKeys(bkash.keys, true, owner, {})).saved).toBe(true);
});
afterEach(async () => {
  await bkash.close();
});

describe("a bKash callback on PostgreSQL", () => {
  it("credits the advance once when it arrives ten times at once", async () => {
    const { variantId } = await createProduct({ pricePaisa: 150_000, stockQuantity: 5 });
    const orderId = await placeOrder([[variantId, 1]]);
    await prisma.order.update({ where: { id: orderId }, data: { advancePaisa: 12_000, advanceStatus: "due" } });
    const started = await startBkashPayment(orderId, () => `http://localhost/payments/bkash/callback?order=${orderId}`);
    if (!("redirect" in started)) throw new Error(started.result);
    const paymentID = started.redirect.split("/").at(-1)!;
    bkash.shopper(paymentID, "approve");

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => handleBkashCallback({ order: orderId, paymentID, status: "success" }, {})),
    );
    expect(answers.map((answer) => answer.result)).toEqual(Array(10).fill("paid"));
    expect(await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      advanceStatus: "paid",
      advancePaidPaisa: 12_000,
    });
    expect(await prisma.payment.count({ where: { orderId, status: "completed" } })).toBe(1);
    expect(await prisma.auditEvent.count({ where: { action: "payment.bkash-completed", subjectId: orderId } })).toBe(1);
  });
});
