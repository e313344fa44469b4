/**
 * Manual bKash / Nagad Send Money towards an order's advance (docs/decisions/062-advance-payment.md):
 * a shop without a merchant account shows its wallet number, the shopper sends the advance and
 * reports the number they sent from and the TrxID, and staff check their wallet and mark the
 * payment verified (the advance is credited) or not (the order's advance is due again). Every step
 * is a conditional update inside one transaction, so a double click, two staff members at once or a
 * report racing the lapse job each change the order once.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { creditAdvanceIn } from "./advance.server";
import { SEND_MONEY_WALLETS, type SendMoneyWallet } from "~/rules/advance";

/** The Payment.method values of Send Money, for queries. */
const SEND_MONEY_METHODS = Object.values(SEND_MONEY_WALLETS);

/** A Send Money as the shopper reports it, already checked (rules/advance.ts `normalizeTrxId`, rules/phone.ts). */
export type SendMoneyReport = { wallet: SendMoneyWallet; senderNumber: string; trxId: string };

/** The outcome of `reportSendMoney`. */
export type SendMoneyReportResult =
  { outcome: "recorded"; paymentId: number; amountPaisa: number } | { outcome: "not-due" | "trx-used" };

/**
 * Records a Send Money the shopper reports for order `orderId`: a Payment "to-verify" of the
 * advance still due (the order's figures, never the form's), and the order's advance "to-verify"
 * (it no longer lapses while staff check). `not-due` (nothing written) when the order does not
 * exist, is cancelled, or has no advance due (already reported, paid or none asked); `trx-used`
 * when the TrxID is already a payment's in this shop (Payment.trxId is unique).
 */
export async function reportSendMoney(orderId: number, report: SendMoneyReport): Promise<SendMoneyReportResult> {
  try {
    return await prisma.$transaction(async (tx) => {
      // The claim first: a second report, or the lapse job cancelling the order, finds it gone.
      const claimed = await tx.order.updateMany({
        where: { id: orderId, advanceStatus: "due", status: { not: "cancelled" } },
        data: { advanceStatus: "to-verify" },
      });
      if (claimed.count !== 1) return { outcome: "not-due" } as const;
      const order = await tx.order.findUniqueOrThrow({
        where: { id: orderId },
        select: { advancePaisa: true, advancePaidPaisa: true },
      });
      const amountPaisa = Math.max(0, order.advancePaisa - order.advancePaidPaisa);
      const payment = await tx.payment.create({
        data: {
          orderId,
          method: SEND_MONEY_WALLETS[report.wallet],
          amountPaisa,
          status: "to-verify",
          trxId: report.trxId,
          senderNumber: report.senderNumber,
        },
        select: { id: true },
      });
      return { outcome: "recorded", paymentId: payment.id, amountPaisa } as const;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return { outcome: "trx-used" };
    throw error;
  }
}

/** Who verifies or rejects a Send Money. */
type Staff = { id: number; email: string };

/** The outcome of `verifySendMoney` and `rejectSendMoney`. */
export type SendMoneyDecision = { outcome: "done" | "not-found" | "already-decided" };

/**
 * Marks Send Money payment `paymentId` of order `orderId` verified by `staff` now and credits its
 * amount to the order's advance (app/models/payments/advance.server.ts `creditAdvanceIn`), in one
 * transaction. `already-decided` (nothing written) when it was verified or rejected meanwhile (a
 * double click, another staff member); `not-found` when the order has no such Send Money payment.
 */
export async function verifySendMoney(orderId: number, paymentId: number, staff: Staff): Promise<SendMoneyDecision> {
  return prisma.$transaction(async (tx) => {
    const payment = await findSendMoney(tx, orderId, paymentId);
    if (!payment) return { outcome: "not-found" };
    const decided = await tx.payment.updateMany({
      where: { id: paymentId, status: "to-verify" },
      data: { status: "verified", verifiedById: staff.id, verifiedByEmail: staff.email, verifiedAt: new Date() },
    });
    if (decided.count !== 1) return { outcome: "already-decided" };
    if (payment.amountPaisa > 0) await creditAdvanceIn(tx, orderId, payment.amountPaisa);
    return { outcome: "done" };
  });
}

/**
 * Marks Send Money payment `paymentId` of order `orderId` not verified by `staff` now, for `reason` (what staff found,
 * at most 300 characters), and makes its order's advance due again with a new deadline
 * `windowMinutes` from now, so the shopper can send and report it again before the order lapses.
 * Outcomes as `verifySendMoney`.
 */
export async function rejectSendMoney(
  orderId: number,
  paymentId: number,
  staff: Staff,
  reason: string,
  windowMinutes: number,
): Promise<SendMoneyDecision> {
  return prisma.$transaction(async (tx) => {
    const payment = await findSendMoney(tx, orderId, paymentId);
    if (!payment) return { outcome: "not-found" };
    const now = new Date();
    const decided = await tx.payment.updateMany({
      where: { id: paymentId, status: "to-verify" },
      data: {
        status: "rejected",
        reason: reason.slice(0, 300),
        verifiedById: staff.id,
        verifiedByEmail: staff.email,
        verifiedAt: now,
      },
    });
    if (decided.count !== 1) return { outcome: "already-decided" };
    await tx.order.updateMany({
      where: { id: orderId, advanceStatus: "to-verify" },
      data: { advanceStatus: "due", advanceDueBy: new Date(now.getTime() + windowMinutes * 60_000) },
    });
    return { outcome: "done" };
  });
}

/** Order `orderId`'s Send Money payment `paymentId` (its amount), or null for none, another order's or another method. */
function findSendMoney(tx: Prisma.TransactionClient, orderId: number, paymentId: number) {
  return tx.payment.findFirst({
    where: { id: paymentId, orderId, method: { in: SEND_MONEY_METHODS } },
    select: { amountPaisa: true },
  });
}

/**
 * An order's payments, oldest first, for its page in the back office: method, amount (paisa),
 * status, the TrxID and sender number, the reason, who decided and when.
 */
export async function listOrderPayments(orderId: number) {
  return prisma.payment.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      method: true,
      amountPaisa: true,
      status: true,
      trxId: true,
      senderNumber: true,
      reason: true,
      verifiedByEmail: true,
      verifiedAt: true,
      createdAt: true,
    },
  });
}
