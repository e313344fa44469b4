/**
 * An order's advance (docs/decisions/062-advance-payment.md): the part of its total the shop asks
 * for before dispatch, paid by bKash's checkout or a Send Money staff verify. Every payment that
 * reaches the shop is credited here, inside the transaction that records the payment, so the order's
 * figures and its payments never disagree.
 */
import type { Prisma } from "~/generated/prisma/client";

/**
 * Adds `amountPaisa` (a positive whole number of paisa) to order `orderId`'s advance received, inside
 * the caller's transaction `tx`, and marks the advance "paid" once what was received reaches what
 * was asked (`advancePaisa`); the cancellation deadline (`advanceDueBy`) is cleared then.
 * @throws {RangeError} for an amount that is not a positive integer; a Prisma error (P2025) when
 *   there is no such order.
 */
export async function creditAdvanceIn(
  tx: Prisma.TransactionClient,
  orderId: number,
  amountPaisa: number,
): Promise<void> {
  if (!Number.isSafeInteger(amountPaisa) || amountPaisa <= 0) {
    throw new RangeError(`An advance payment is a positive number of paisa, not ${amountPaisa}`);
  }
  const order = await tx.order.update({
    where: { id: orderId },
    data: { advancePaidPaisa: { increment: amountPaisa } },
    select: { advancePaisa: true, advancePaidPaisa: true },
  });
  if (order.advancePaidPaisa >= order.advancePaisa) {
    await tx.order.update({ where: { id: orderId }, data: { advanceStatus: "paid", advanceDueBy: null } });
  }
}
