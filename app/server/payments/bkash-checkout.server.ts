/**
 * The bKash tokenized checkout of an order's advance (docs/decisions/061-bkash-checkout.md):
 * starting a payment, the shopper's return from bKash's page, settling a payment bKash has not told
 * us about (the pending-payments job), and a refund by the owner.
 *
 * The one rule: the callback's `status=success` is never trusted. Only `execute` answering
 * `transactionStatus: "Completed"`, or, when execute timed out or says it was already called or
 * completed (2117, 2062), the payment status query answering "Completed", completes a payment, and
 * completing is one conditional update with the credit of the order
 * (app/models/payments/bkash-payments.server.ts `completeBkashPayment`), so it happens once.
 */
import type { AdminUser } from "~/models/auth/admin-user.server";
import {
  attachBkashPaymentId,
  closeBkashPayment,
  completeBkashPayment,
  createBkashPaymentRow,
  findBkashPayment,
  listOrderBkashPayments,
  listPendingBkashPayments,
  markBkashPaymentChecked,
  payableAdvance,
  recordBkashRefund,
  type BkashPaymentRow,
} from "~/models/payments/bkash-payments.server";
import { BKASH_ACTOR_NAME } from "~/rules/audit-actions";
import { formatMoney } from "~/rules/money";
import type { Toast } from "~/utils/toast-message";
import { staffLanguage, staffTranslator } from "../admin-i18n.server";
import { audit } from "../audit.server";
import { log } from "../log.server";
import { shopBkash } from "./bkash-account.server";
import { BKASH_CODES, type BkashPaymentState } from "./bkash.server";
import { PaymentError, shopperReason } from "./payment-error";
import { paymentFailure } from "./messages.server";

/**
 * How long after it was created a payment bKash has not completed is given up, in ms. bKash's
 * payment page lets a shopper finish within its own session; haat waits longer than that before it
 * marks a payment failed (docs/payments.md: a real account should confirm the window).
 */
const BKASH_PAYMENT_WINDOW_MS = 30 * 60_000;

/** The actor of the audit trail's lines that bKash's answers cause (no staff member acted). */
const BKASH_ACTOR = { id: null, email: BKASH_ACTOR_NAME } as const;

/** What the shopper is told after a payment step (the shop's `payment.result.*` messages). */
export type PaymentResult = "paid" | "pending" | "failed" | "cancelled" | "insufficient" | "unavailable" | "not-due";

/**
 * Starts a bKash payment of what is left of order `orderId`'s advance (read from the order, never
 * from a form): a "created" `Payment`, then bKash's Create Payment with `callbackURL`.
 * @returns the bKash page to send the shopper to; or why not: "not-due" (nothing to pay),
 *   "unavailable" (no account, or bKash down or slow: the payment is marked failed, nothing is
 *   charged, the order is kept), "failed" (bKash refused).
 */
export async function startBkashPayment(
  orderId: number,
  callbackURL: (paymentRowId: number) => string,
): Promise<{ redirect: string } | { result: "not-due" | "unavailable" | "failed" }> {
  const payable = await payableAdvance(orderId);
  if (!payable) return { result: "not-due" };
  const bkash = await shopBkash();
  if (!bkash) return { result: "unavailable" };
  const row = await createBkashPaymentRow(orderId, payable.amountPaisa);
  try {
    const created = await bkash.createPayment({
      amountPaisa: payable.amountPaisa,
      callbackURL: callbackURL(row.id),
      merchantInvoiceNumber: `haat-${orderId}-${row.id}`,
      payerReference: payable.phone,
    });
    await attachBkashPaymentId(row.id, created.paymentID);
    return { redirect: created.bkashURL };
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    await closeBkashPayment(row.id, "failed", error.message);
    log.warn(
      { orderId, payment: row.id, kind: error.kind, code: error.code },
      `bKash payment not created: ${error.message}`,
    );
    return { result: shopperReason(error) === "unavailable" ? "unavailable" : "failed" };
  }
}

/**
 * The shopper's return from bKash's page: `/payments/bkash/callback?order=&paymentID=&status=`.
 * A paymentID haat did not make, or one of another order, changes nothing ("not-due", no order).
 * `success` is checked with bKash (`settleBkashPayment`); `failure` and `cancel` close the payment
 * (the order's advance stays due, so the shopper can try again).
 * @returns the order the page is about (null when none can be trusted), its language and the result.
 */
export async function handleBkashCallback(
  query: { order: number | null; paymentID: string; status: string },
  context: unknown,
): Promise<{ orderId: number | null; language: string; result: PaymentResult }> {
  const payment = query.paymentID ? await findBkashPayment(query.paymentID) : null;
  if (!payment || payment.orderId !== query.order) {
    log.warn(
      { order: query.order, status: query.status },
      "A bKash callback named no payment of this order: nothing changed",
    );
    return { orderId: null, language: "en", result: "not-due" };
  }
  const answer = (result: PaymentResult) => ({ orderId: payment.orderId, language: payment.order.language, result });
  if (payment.status === "completed") return answer("paid");
  if (query.status === "success") return answer(await settleBkashPayment(payment, "callback", context));
  if (query.status === "cancel") {
    await closeBkashPayment(payment.id, "cancelled", "The shopper cancelled on bKash's page.");
    return answer("cancelled");
  }
  await closeBkashPayment(payment.id, "failed", `bKash's page answered "${query.status.slice(0, 40)}".`);
  return answer("failed");
}

/**
 * Asks bKash to finish payment `payment` (execute) and records the answer: "Completed" completes it
 * and credits the order (once); after a timeout, 2117 or 2062 the status query decides. When bKash
 * refuses execute: from the callback the payment fails (the shopper said they paid, bKash says no);
 * from the job (`mode` "job") it waits, until BKASH_PAYMENT_WINDOW_MS has passed since it was created.
 * @returns what the shopper is told: "paid", "pending" (not known yet), "failed" or "insufficient".
 */
async function settleBkashPayment(
  payment: BkashPaymentRow,
  mode: "callback" | "job",
  context: unknown = undefined,
): Promise<PaymentResult> {
  const expired = Date.now() - payment.createdAt.getTime() > BKASH_PAYMENT_WINDOW_MS;
  const waitOrGiveUp = async (reason: string): Promise<PaymentResult> => {
    if (mode === "job" && expired) {
      await closeBkashPayment(payment.id, "failed", reason);
      return "failed";
    }
    await markBkashPaymentChecked(payment.id);
    return "pending";
  };
  if (!payment.providerPaymentId) return waitOrGiveUp("bKash never gave this payment an id.");
  const bkash = await shopBkash();
  if (!bkash) return "pending";
  const paymentID = payment.providerPaymentId;
  let state: BkashPaymentState;
  try {
    state = await bkash.executePayment(paymentID);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    const askStatus =
      error.kind === "timeout" ||
      error.kind === "unreachable" ||
      error.kind === "bad-answer" ||
      error.code === BKASH_CODES.alreadyExecuted ||
      error.code === BKASH_CODES.alreadyCompleted;
    if (!askStatus && error.kind === "refused") {
      if (mode === "job") return waitOrGiveUp(error.message);
      await closeBkashPayment(payment.id, "failed", error.message);
      return shopperReason(error) === "insufficient" ? "insufficient" : "failed";
    }
    if (!askStatus) {
      log.warn({ payment: payment.id, kind: error.kind }, `bKash payment not executed: ${error.message}`);
      return "pending";
    }
    try {
      state = await bkash.paymentStatus(paymentID);
    } catch (again) {
      if (!(again instanceof PaymentError)) throw again;
      log.warn({ payment: payment.id, kind: again.kind }, `bKash payment status not read: ${again.message}`);
      return waitOrGiveUp(again.message);
    }
  }
  if (state.transactionStatus === "Completed" && state.trxID) {
    const amountPaisa = state.amountPaisa ?? payment.amountPaisa;
    const completed = await completeBkashPayment(payment.id, { trxId: state.trxID, amountPaisa });
    if (completed === "trx-taken") {
      log.error(
        { payment: payment.id, orderId: payment.orderId },
        "bKash completed a payment with a trxID another payment holds: not credited",
      );
      return "pending";
    }
    if (completed === "credited") {
      await audit(context, BKASH_ACTOR, {
        action: "payment.bkash-completed",
        subjectType: "order",
        subjectId: payment.orderId,
        summary: `bKash ${state.trxID} ${formatMoney(amountPaisa)}`,
      });
    }
    return "paid";
  }
  if (["Failed", "Cancelled", "Expired", "Declined"].includes(state.transactionStatus)) {
    await closeBkashPayment(payment.id, "failed", `bKash: ${state.transactionStatus}`);
    return "failed";
  }
  return waitOrGiveUp(`bKash: ${state.transactionStatus}`);
}

/** How many pending payments one run of the job settles at most. */
const PENDING_BATCH = 50;

/**
 * The pending-payments job's run: every bKash payment still "created" more than `minAgeMs` after it
 * was made (and not asked about in that time) is settled as a callback would (`settleBkashPayment`,
 * mode "job"), so a callback that never came still credits a payment the shopper made.
 * @returns how many were asked about, and how many were completed or failed.
 */
export async function settlePendingBkashPayments(
  minAgeMs = 3 * 60_000,
): Promise<{ checked: number; completed: number; failed: number }> {
  const before = new Date(Date.now() - minAgeMs);
  const pending = await listPendingBkashPayments(before, before, PENDING_BATCH);
  const tally = { checked: 0, completed: 0, failed: 0 };
  for (const payment of pending) {
    const result = await settleBkashPayment(payment, "job");
    tally.checked += 1;
    if (result === "paid") tally.completed += 1;
    if (result === "failed") tally.failed += 1;
  }
  return tally;
}

/**
 * Gives `amountPaisa` of order `orderId`'s completed bKash payment `paymentId` back through bKash's
 * refund API, as `admin` (an owner). Never more than the payment's amount less what was refunded of
 * it: a larger amount is refused before bKash is asked. The refund is recorded (the order's
 * advance refunded; "refunded" once all is given back) with an audit line.
 * @returns the toast for the order page, in the staff member's language.
 */
export async function refundBkashPayment(
  orderId: number,
  request: { paymentId: number; amountPaisa: number; reason: string },
  admin: AdminUser,
  context: unknown,
): Promise<Toast> {
  const t = staffTranslator(admin);
  const lang = staffLanguage(admin);
  const payment = (await listOrderBkashPayments(orderId)).find((row) => row.id === request.paymentId);
  if (!payment || payment.status !== "completed" || !payment.providerPaymentId || !payment.trxId) {
    return { kind: "error", message: t("admin.payments.refundNone") };
  }
  if (request.amountPaisa <= 0 || request.amountPaisa > payment.refundablePaisa) {
    return {
      kind: "error",
      message: t("admin.payments.refundTooMuch", { max: formatMoney(payment.refundablePaisa, { lang }) }),
    };
  }
  const bkash = await shopBkash();
  if (!bkash) return { kind: "error", message: t("admin.payments.noAccount") };
  let refund;
  try {
    refund = await bkash.refund({
      paymentID: payment.providerPaymentId,
      trxID: payment.trxId,
      amountPaisa: request.amountPaisa,
      sku: `order-${orderId}`,
      reason: request.reason || "Order cancelled",
    });
  } catch (error) {
    const message = paymentFailure(error, t);
    if (message === null) throw error;
    return { kind: "error", message };
  }
  await recordBkashRefund(
    payment.id,
    { amountPaisa: request.amountPaisa, refundTrxId: refund.refundTrxID, reason: request.reason },
    admin,
  );
  const amount = formatMoney(request.amountPaisa, { lang });
  await audit(context, admin, {
    action: "payment.bkash-refunded",
    subjectType: "order",
    subjectId: orderId,
    summary: `bKash ${refund.refundTrxID} ${formatMoney(request.amountPaisa)}`,
  });
  return { kind: "success", message: t("admin.payments.refunded", { amount, trx: refund.refundTrxID }) };
}
