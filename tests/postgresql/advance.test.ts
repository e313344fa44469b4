/**
 * The advance on PostgreSQL (docs/decisions/062-advance-payment.md): only what differs from SQLite,
 * where one writer at a time makes every race a queue. Here the statements run on separate
 * connections of the pool (separate sessions, as two nodes' would be) under READ COMMITTED with
 * row locks: staff verifying one Send Money from several sessions at once credit it once; a report
 * racing the lapse job either cancels the order or records the payment, never both; the lapse job
 * cancels an unpaid order and returns its stock.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { cancelLapsedAdvances } from "~/models/payments/advance-lapse.server";
import { reportSendMoney, verifySendMoney } from "~/models/payments/send-money.server";
import { getShopSettings } from "~/models/settings.server";
import { createAdmin, createProduct, stockOf } from "../integration/helpers";
import { placeOrder } from "../integration/place-order";

let lamp: { id: number; variantId: number };

beforeEach(async () => {
  lamp = await createProduct({ name: `PG Lamp ${Date.now()}`, pricePaisa: 100_000, stockQuantity: 50 });
  await getShopSettings();
  await prisma.shopSettings.updateMany({
    data: { advanceKind: "delivery", advanceFor: "all", advanceValue: 0, advanceAbovePaisa: 0 },
  });
});

let trx = 0;
/** A bKash TrxID no other test of the run used. */
const nextTrxId = () => `PG${String(Date.now() % 1e6).padStart(6, "0")}${String(++trx).padStart(2, "0")}`;

describe("the advance on PostgreSQL", () => {
  it("credits a Send Money once when staff verify it from several sessions at once", async () => {
    const staff = await createAdmin();
    const orderId = await placeOrder([[lamp.variantId, 1]]);
    const report = await reportSendMoney(orderId, { wallet: "bkash", senderNumber: "01911111111", trxId: nextTrxId() });
    if (report.outcome !== "recorded") throw new Error(`not recorded: ${report.outcome}`);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => verifySendMoney(orderId, report.paymentId, staff)),
    );
    expect(results.filter((result) => result.outcome === "done")).toHaveLength(1);
    expect(results.filter((result) => result.outcome === "already-decided")).toHaveLength(5);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      advanceStatus: "paid",
      advancePaidPaisa: 6000,
    });
  });

  it("lets a report and the lapse job race: the order is cancelled with its stock back, or the payment kept, never both", async () => {
    const later = new Date(Date.now() + 3 * 60 * 60_000);
    for (let round = 0; round < 5; round++) {
      const orderId = await placeOrder([[lamp.variantId, 2]]);
      const stockBefore = await stockOf(lamp.id);
      const [report, cancelled] = await Promise.all([
        reportSendMoney(orderId, { wallet: "bkash", senderNumber: "01911111111", trxId: nextTrxId() }),
        cancelLapsedAdvances(later),
      ]);
      const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });
      const payments = await prisma.payment.count({ where: { orderId } });
      if (cancelled.includes(orderId)) {
        expect(report.outcome).toBe("not-due");
        expect(order.status).toBe("cancelled");
        expect(payments).toBe(0);
        expect(await stockOf(lamp.id)).toBe(stockBefore + 2);
      } else {
        expect(report.outcome).toBe("recorded");
        expect(order).toMatchObject({ status: "pending", advanceStatus: "to-verify" });
        expect(payments).toBe(1);
        expect(await stockOf(lamp.id)).toBe(stockBefore);
      }
    }
  });
});
