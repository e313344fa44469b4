/**
 * The advance's deadline (docs/decisions/062-advance-payment.md): an order whose advance is still
 * "due" after `advanceDueBy` is cancelled, and its stock returned, by the background job on one
 * node (app/server/payments/advance-lapse-schedule.server.ts). An advance "to-verify" (a Send Money
 * staff have not checked yet) never lapses; one staff did not verify is due again with a new deadline.
 * Nor does an order with a bKash payment still open (the shopper may be paying on bKash's page):
 * it lapses once that payment is settled without the money (the pending-payments job closes it
 * within bKash's payment window), so money bKash took never lands on an order the job cancelled.
 */
import { dialect } from "~/models/db/dialect.server";
import { prisma } from "~/models/db/client.server";
import { changeStatusIn } from "~/models/orders/order-status.server";
import { messagesQueued } from "~/models/sms/outbox.server";

/** Orders one run cancels at most; the next run takes the rest. */
const LAPSE_BATCH = 100;

/** The statuses an unpaid order is cancelled from: once staff ship it anyway, the deadline no longer applies. */
const LAPSING_STATUSES = ["pending", "processing"];

/**
 * The orders that lapse at `now`: advance due, deadline passed, not shipped, and no payment still
 * open ("created": a shopper on bKash's page). Read for the candidates, then again in each claim.
 */
const lapsedAt = (now: Date) => ({
  advanceStatus: "due",
  advanceDueBy: { lt: now },
  status: { in: LAPSING_STATUSES },
  payments: { none: { status: "created" } },
});

/**
 * Cancels the orders whose advance is "due" and whose deadline passed before `now`, oldest deadline
 * first (at most LAPSE_BATCH), each in its own transaction: the cancellation returns its stock and
 * writes a status history entry by no one (neither staff nor a courier), which is how the history
 * and the tracking page tell "the advance was not paid in time" (rules/advance.ts `isAdvanceLapse`). An order paid, reported or
 * changed meanwhile is left alone: the claim is a conditional update on the very row.
 * @returns the ids of the orders cancelled.
 */
export async function cancelLapsedAdvances(now: Date = new Date()): Promise<number[]> {
  const candidates = await prisma.order.findMany({
    where: lapsedAt(now),
    orderBy: [{ advanceDueBy: "asc" }, { id: "asc" }],
    take: LAPSE_BATCH,
    select: { id: true, advanceDueBy: true },
  });
  const cancelled: number[] = [];
  for (const candidate of candidates) {
    const startedAt = performance.now();
    const done = await prisma.$transaction(async (tx) => {
      // Writing the row locks it (PostgreSQL) and re-checks it: a Send Money reported, an advance
      // paid or a bKash payment started since the read above makes this claim match nothing.
      const claimed = await tx.order.updateMany({
        where: { id: candidate.id, ...lapsedAt(now) },
        data: { advanceDueBy: candidate.advanceDueBy },
      });
      if (claimed.count !== 1) return false;
      const result = await changeStatusIn(tx, candidate.id, "cancelled", null);
      return result.outcome === "changed";
    });
    if (done) {
      cancelled.push(candidate.id);
      messagesQueued(); // the "order cancelled" SMS changeStatusIn may have queued
    }
    // Checkouts go first: one cancellation holds SQLite's write lock at most about half the time.
    await dialect.betweenWriteTransactions(performance.now() - startedAt);
  }
  return cancelled;
}
