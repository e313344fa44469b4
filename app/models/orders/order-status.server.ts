/**
 * An order's status changes and its deletion in the back office: setting a status (with the stock
 * it moves and the status history entry, in one transaction), undoing the latest change, the
 * phone-confirmation mark, and deleting an order with its audit trail entry.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { auditEventData } from "~/models/audit-trail.server";
import { UNDO_WINDOW_MS, undoableChange, type OrderStatus } from "~/rules/order-status";
import type { StockShortage } from "~/rules/stock";
import { OutOfStockError, returnStock, takeStock, type StockActor } from "~/models/catalogue/stock.server";
import { releaseCodeUseIn, retakeCodeUseIn } from "~/models/discounts/code-use.server";
import { messagesQueued, queueOrderMessageIn, withdrawOrderMessageIn } from "~/models/sms/outbox.server";
import type { OrderSmsEvent } from "~/rules/sms";

/** The statuses that tell the shopper by SMS (when that message is on), and the message each sends. */
const STATUS_MESSAGES: Partial<Record<OrderStatus, OrderSmsEvent>> = {
  shipped: "order-shipped",
  delivered: "order-delivered",
  cancelled: "order-cancelled",
};

/** The outcome of `changeOrderStatus`. */
export type StatusChangeResult =
  | { outcome: "changed" | "unchanged" | "not-found" | "conflict" }
  | { outcome: "out-of-stock"; shortages: StockShortage[] };

/**
 * Sets an order's status (any status may follow any other) and records the change
 * (from, to, who, when) in the same transaction, with the stock it moves (docs/decisions/027-stock.md):
 * cancelling returns what the order holds; moving it out of cancelled takes its lines' units again.
 * Likewise its campaign code's use: cancelling gives it back, reinstating takes it again, even past
 * the code's limit (docs/decisions/060-campaign-codes.md).
 * Choosing the status the order already has changes and records nothing (`unchanged`). `conflict`
 * when another change landed between the read and the write, `out-of-stock` (with the lines) when
 * the stock can no longer fill a cancelled order being reinstated: nothing is written then.
 * `not-found` when there is no such order. A change to shipped, delivered or cancelled queues the
 * shopper's SMS for it (`changeStatusIn`), sent after commit.
 */
export async function changeOrderStatus(
  id: number,
  status: OrderStatus,
  admin: { id: number; email: string },
): Promise<StatusChangeResult> {
  try {
    const result = await prisma.$transaction((tx) => changeStatusIn(tx, id, status, admin));
    if (result.outcome === "changed") messagesQueued();
    return result;
  } catch (error) {
    if (error instanceof OutOfStockError) return { outcome: "out-of-stock", shortages: error.shortages };
    throw error;
  }
}

/**
 * Undoes `admin`'s latest status change of order `id`: sets its `from` status again, when the
 * change may still be undone (rules/order-status.ts `undoableChange`, asked again here inside the
 * transaction) and is the one the page offered (`offered`). `not-undoable` (nothing written) when
 * the order changed since, the change is not theirs, too old, or moved stock; otherwise as
 * `changeOrderStatus`.
 */
export async function undoStatusChange(
  id: number,
  offered: { from: string; to: string },
  admin: { id: number; email: string },
): Promise<StatusChangeResult | { outcome: "not-undoable" }> {
  const result = await prisma.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id }, select: { status: true, consignmentId: true } });
    if (!order) return { outcome: "not-found" as const };
    const latest = await tx.orderStatusChange.findFirst({
      where: { orderId: id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { fromStatus: true, toStatus: true, changedById: true, courier: true, createdAt: true },
    });
    const undo = undoableChange(
      latest ?? undefined,
      { status: order.status, handedOver: order.consignmentId !== null },
      admin.id,
    );
    if (!undo || undo.from !== offered.from || undo.to !== offered.to) return { outcome: "not-undoable" as const };
    // The undone change's message was held back for this window: it never leaves.
    const undoneMessage = STATUS_MESSAGES[undo.to];
    if (undoneMessage) await withdrawOrderMessageIn(tx, id, undoneMessage);
    return changeStatusIn(tx, id, undo.from, admin);
  });
  if (result.outcome === "changed") messagesQueued();
  return result;
}

/**
 * `changeOrderStatus` inside the caller's transaction `tx`. `admin` is who made the change (null
 * for the schedule), `courier` the courier whose status report made it (null for staff). A change
 * to shipped, delivered or cancelled queues that SMS in `tx` (outbox.server.ts
 * `queueOrderMessageIn`: when it is on, once per order): the caller calls `messagesQueued()` after
 * its transaction commits.
 * @throws {OutOfStockError} when reinstating a cancelled order finds too little stock.
 */
export async function changeStatusIn(
  tx: Prisma.TransactionClient,
  id: number,
  status: OrderStatus,
  admin: { id: number; email: string } | null,
  courier: string | null = null,
): Promise<StatusChangeResult> {
  const order = await tx.order.findUnique({
    where: { id },
    select: { status: true, consignmentId: true, items: { select: { variantId: true, quantity: true } } },
  });
  if (!order) return { outcome: "not-found" };
  if (order.status === status) return { outcome: "unchanged" };
  const { count } = await tx.order.updateMany({
    where: { id, status: order.status },
    // The delivery time goes with the status: set on reaching "delivered", cleared on leaving it.
    data: { status, deliveredAt: status === "delivered" ? new Date() : null },
  });
  if (count !== 1) return { outcome: "conflict" };
  if (status === "cancelled") {
    await returnStock(tx, id, "order-cancelled", admin);
    await releaseCodeUseIn(tx, id);
  } else if (order.status === "cancelled") {
    await retakeCodeUseIn(tx, id);
    const lines = order.items.flatMap((item) =>
      item.variantId === null ? [] : [{ variantId: item.variantId, quantity: item.quantity }],
    );
    await takeStock(tx, { orderId: id, lines }, "order-reinstated", admin);
  }
  await tx.orderStatusChange.create({
    data: {
      orderId: id,
      fromStatus: order.status,
      toStatus: status,
      changedById: admin?.id ?? null,
      changedByEmail: admin?.email ?? null,
      courier,
    },
  });
  const message = STATUS_MESSAGES[status];
  if (message) {
    // A change its author may still undo with one click (rules/order-status.ts `undoableChange`)
    // holds its message back for that window: an undone mis-click never reaches the shopper.
    const undoable =
      admin !== null &&
      courier === null &&
      order.consignmentId === null &&
      order.status !== "cancelled" &&
      status !== "cancelled";
    await queueOrderMessageIn(tx, id, message, undoable ? UNDO_WINDOW_MS : 0);
  }
  return { outcome: "changed" };
}

/** How long the "order confirmed" SMS waits after the mark, in ms: time to take back a mis-tapped mark. */
const CONFIRMATION_HOLD_MS = 2 * 60 * 1000;

/**
 * Marks an order as confirmed with the shopper by phone, by `admin` now (docs/decisions/028), or
 * removes the mark when `admin` is null. Marking an order that is already marked keeps the first
 * mark (who and when). A new mark queues the "order confirmed" SMS in the same transaction (when
 * it is on; once per order), held back CONFIRMATION_HOLD_MS: a mark removed meanwhile withdraws it
 * (and a later mark queues it again); once sent, a mark removed and set again sends nothing more.
 * @returns false when there is no such order.
 */
export async function setOrderConfirmation(id: number, admin: { id: number; email: string } | null): Promise<boolean> {
  if (admin === null) {
    return prisma.$transaction(async (tx) => {
      const { count } = await tx.order.updateMany({
        where: { id },
        data: { confirmedAt: null, confirmedById: null, confirmedByEmail: null },
      });
      // A mark removed while its message is still held back: the message never leaves.
      if (count === 1) await withdrawOrderMessageIn(tx, id, "order-confirmed");
      return count === 1;
    });
  }
  const marked = await prisma.$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({
      where: { id, confirmedAt: null },
      data: { confirmedAt: new Date(), confirmedById: admin.id, confirmedByEmail: admin.email },
    });
    return count === 1 && (await queueOrderMessageIn(tx, id, "order-confirmed", CONFIRMATION_HOLD_MS));
  });
  if (marked) {
    messagesQueued();
    return true;
  }
  return (await prisma.order.count({ where: { id } })) === 1;
}

/**
 * Deletes an order (its line items, then the order) in ONE transaction,
 * returning to stock what it still holds (`admin` recorded as who): if any write fails nothing is
 * deleted and the error is thrown. The status history goes with the order (cascade); its stock
 * ledger entries stay, without the order; the audit trail gets, in the same transaction, the whole
 * order as it was (items, history, notes, edits, courier events) with `admin` and the client
 * `address` (docs/decisions/035-audit-trail.md). Returns false when there was no such order.
 */
export async function deleteOrder(id: number, admin: StockActor = null, address = ""): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    // Everything the order was, for the audit trail, which keeps it after the order is gone.
    const snapshot = await tx.order.findUnique({
      where: { id },
      include: {
        items: true,
        statusChanges: true,
        notes: true,
        edits: true,
        courierEvents: true,
        stockMovements: true,
      },
    });
    if (!snapshot) return false;
    await returnStock(tx, id, "order-deleted", admin);
    // A deleted order no longer holds its campaign code's use (a cancelled one gave it back already).
    if (snapshot.status !== "cancelled") await releaseCodeUseIn(tx, id);
    await tx.orderItem.deleteMany({ where: { orderId: id } });
    const deleted = await tx.order.deleteMany({ where: { id } });
    await tx.auditEvent.create({
      data: auditEventData({
        actor: admin ?? { id: null, email: "" },
        address,
        action: "order.deleted",
        subjectType: "order",
        subjectId: id,
        summary: `${snapshot.customerName}, ${snapshot.customerPhone}`,
        details: { order: snapshot },
      }),
    });
    return deleted.count === 1;
  });
}
