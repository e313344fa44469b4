/**
 * bKash tokenized-checkout payments towards an order's advance (docs/decisions/061-bkash-checkout.md):
 * a `Payment` row per attempt, "created" while the shopper is on bKash's page, then "completed",
 * "failed" or "cancelled"; refunds as `PaymentRefund` rows. Talking to bKash is
 * app/server/payments/; this module keeps the rows and the order's figures in step.
 *
 * A payment is completed by one conditional update (only from a status other than "completed"), in
 * the same transaction that credits the order (./advance.server.ts `creditAdvanceIn`), so a callback
 * that arrives twice, or at once on two nodes, credits the order once.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { advanceLeftToPay } from "~/rules/advance";
import { creditAdvanceIn } from "./advance.server";

/** The payment method of bKash's tokenized checkout, as `Payment.method` names it. */
const BKASH_METHOD = "bkash";

/** An order whose advance may be paid by bKash now: what is left to pay, in paisa, and who pays. */
export type PayableAdvance = { orderId: number; amountPaisa: number; language: string; phone: string };

/**
 * Order `orderId` when its advance is "due" (and it is not cancelled): the amount left to pay,
 * `advancePaisa − advancePaidPaisa`, read from the order, never from a form; null otherwise.
 */
export async function payableAdvance(orderId: number): Promise<PayableAdvance | null> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      status: true,
      language: true,
      customerPhone: true,
      advanceStatus: true,
      advancePaisa: true,
      advancePaidPaisa: true,
    },
  });
  const amountPaisa = order && advanceLeftToPay(order);
  if (!order || !amountPaisa) return null;
  return { orderId: order.id, amountPaisa, language: order.language, phone: order.customerPhone };
}

/** A new bKash payment of `amountPaisa` towards order `orderId`, "created", not yet known to bKash. */
export async function createBkashPaymentRow(orderId: number, amountPaisa: number): Promise<{ id: number }> {
  return prisma.payment.create({
    data: { orderId, method: BKASH_METHOD, amountPaisa, status: "created" },
    select: { id: true },
  });
}

/** Records bKash's paymentID for payment `id`. */
export async function attachBkashPaymentId(id: number, providerPaymentId: string): Promise<void> {
  await prisma.payment.update({ where: { id }, data: { providerPaymentId } });
}

/** What settling a payment reads of it (and of its order, the language to answer in). */
const SETTLE_SELECT = {
  id: true,
  orderId: true,
  amountPaisa: true,
  status: true,
  providerPaymentId: true,
  createdAt: true,
  order: { select: { language: true } },
} as const;

/** A bKash payment by bKash's paymentID, or null. */
export async function findBkashPayment(providerPaymentId: string) {
  return prisma.payment.findFirst({
    where: { providerPaymentId, method: BKASH_METHOD },
    select: SETTLE_SELECT,
  });
}

/** A bKash payment haat is settling: the row as `findBkashPayment` reads it. */
export type BkashPaymentRow = NonNullable<Awaited<ReturnType<typeof findBkashPayment>>>;

/**
 * Marks payment `id` "failed" or "cancelled" with `reason` (bKash's code and words), only while it
 * is still "created". @returns whether it changed.
 */
export async function closeBkashPayment(id: number, status: "failed" | "cancelled", reason: string): Promise<boolean> {
  const { count } = await prisma.payment.updateMany({
    where: { id, status: "created" },
    data: { status, reason: reason.slice(0, 500), checkedAt: new Date() },
  });
  return count === 1;
}

/** Notes that haat asked bKash about payment `id` now (the pending-payments job asks the oldest-checked first). */
export async function markBkashPaymentChecked(id: number): Promise<void> {
  await prisma.payment.update({ where: { id }, data: { checkedAt: new Date() } });
}

/**
 * Marks payment `id` "completed" with bKash's `trxId` and the amount bKash took, and credits the
 * order's advance with it, in one transaction. Only a payment not already completed changes, so
 * the same completion arriving twice (or at once) credits once; a trxID the shop already recorded
 * changes nothing either.
 * @returns "credited" when this call completed it; "already" when it was completed before;
 *   "trx-taken" when another payment of the shop holds that trxID (nothing changed).
 */
export async function completeBkashPayment(
  id: number,
  done: { trxId: string; amountPaisa: number },
): Promise<"credited" | "already" | "trx-taken"> {
  try {
    return await prisma.$transaction(async (tx) => {
      const payment = await tx.payment.findUnique({ where: { id }, select: { orderId: true } });
      if (!payment) return "already";
      const { count } = await tx.payment.updateMany({
        where: { id, status: { not: "completed" } },
        data: {
          status: "completed",
          trxId: done.trxId,
          amountPaisa: done.amountPaisa,
          reason: "",
          checkedAt: new Date(),
        },
      });
      if (count !== 1) return "already";
      await creditAdvanceIn(tx, payment.orderId, done.amountPaisa);
      return "credited";
    });
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    // The trxID is recorded already: by this payment (a completion that raced this one) or another.
    const holder = await prisma.payment.findUnique({ where: { trxId: done.trxId }, select: { id: true } });
    return holder?.id === id ? "already" : "trx-taken";
  }
}

/**
 * bKash payments still "created" that were made before `createdBefore` and not asked about since
 * `checkedBefore`, oldest checked first, at most `limit`.
 */
export async function listPendingBkashPayments(createdBefore: Date, checkedBefore: Date, limit: number) {
  return prisma.payment.findMany({
    where: {
      method: BKASH_METHOD,
      status: "created",
      createdAt: { lt: createdBefore },
      OR: [{ checkedAt: null }, { checkedAt: { lt: checkedBefore } }],
    },
    orderBy: [{ checkedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    take: limit,
    select: SETTLE_SELECT,
  });
}

/**
 * Order `orderId`'s bKash payments, newest first, with their refunds and what may still be given
 * back of each (`refundablePaisa`: a completed payment's amount less its refunds; 0 otherwise).
 */
export async function listOrderBkashPayments(orderId: number) {
  const payments = await prisma.payment.findMany({
    where: { orderId, method: BKASH_METHOD },
    orderBy: { id: "desc" },
    select: {
      id: true,
      amountPaisa: true,
      status: true,
      providerPaymentId: true,
      trxId: true,
      reason: true,
      createdAt: true,
      updatedAt: true,
      refunds: {
        orderBy: { id: "asc" },
        select: { id: true, amountPaisa: true, refundTrxId: true, reason: true, createdByEmail: true, createdAt: true },
      },
    },
  });
  return payments.map((payment) => ({
    ...payment,
    refundablePaisa:
      payment.status === "completed"
        ? payment.amountPaisa - payment.refunds.reduce((sum, refund) => sum + refund.amountPaisa, 0)
        : 0,
  }));
}

/**
 * Records a refund bKash made of payment `paymentId`, by `admin`, in one transaction: the
 * `PaymentRefund` row, the order's `advanceRefundedPaisa`, and its advance "refunded" once all it
 * received was given back. @throws Prisma's error when the payment is gone.
 */
export async function recordBkashRefund(
  paymentId: number,
  refund: { amountPaisa: number; refundTrxId: string; reason: string },
  admin: { id: number; email: string },
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { orderId: true } });
    await tx.paymentRefund.create({
      data: {
        paymentId,
        amountPaisa: refund.amountPaisa,
        refundTrxId: refund.refundTrxId,
        reason: refund.reason,
        createdById: admin.id,
        createdByEmail: admin.email,
      },
    });
    const order = await tx.order.update({
      where: { id: payment.orderId },
      data: { advanceRefundedPaisa: { increment: refund.amountPaisa } },
      select: { advancePaidPaisa: true, advanceRefundedPaisa: true },
    });
    if (order.advanceRefundedPaisa >= order.advancePaidPaisa) {
      await tx.order.update({ where: { id: payment.orderId }, data: { advanceStatus: "refunded" } });
    }
  });
}
