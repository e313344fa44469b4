/**
 * What the order page shows (/admin/orders/view/:id): the order, its status history, stock
 * movements, notes, courier steps, edits and payments towards its advance (its bKash payments with
 * their refunds apart), its text messages to the shopper, the fake-order signals, whether its phone is blocked,
 * the courier block's state, and the invoice in the order's language (the one view model for the
 * on-page block and invoice.png).
 */
import type { AdminUser } from "~/models/auth/admin-user.server";
import { findBlockedPhone } from "~/models/orders/blocklist.server";
import { getOrderCourierEvents } from "~/models/orders/courier.server";
import { getOrderCash, getOrderCharges } from "~/models/payouts/payouts.server";
import { getOrderEdits } from "~/models/orders/order-edit.server";
import { listOrderNotes } from "~/models/orders/order-note.server";
import { getOrderForAdmin, getOrderStatusHistory } from "~/models/orders/order-reads.server";
import { getOrderRiskSignals } from "~/models/orders/order-risk.server";
import { orderInvoice } from "~/models/orders/order-invoice.server";
import { getOrderStockMovements } from "~/models/catalogue/stock.server";
import { listOrderPayments } from "~/models/payments/send-money.server";
import { listOrderBkashPayments } from "~/models/payments/bkash-payments.server";
import { listOrderMessages } from "~/models/sms/sms-messages.server";
import { isEditable } from "~/rules/order-edit";
import { undoableChange } from "~/rules/order-status";
import { courierTrackingUrl } from "~/rules/courier-tracking";
import { canForgetHandOff, readyCouriers } from "~/server/couriers/hand-off.server";
import { notFound } from "~/utils/params";

/**
 * Everything the order page of order `id` shows to `admin` (`isOwner` decides the owner-only
 * buttons; `undo` is the status change they may undo). @throws a 404 response when there is no such order.
 */
export async function orderPageData(id: number, admin: Pick<AdminUser, "id" | "role">) {
  const [order, history, stock, notes, courierEvents, couriers, edits, payments, bkashPayments, smsMessages] =
    await Promise.all([
      getOrderForAdmin(id),
      getOrderStatusHistory(id),
      getOrderStockMovements(id),
      listOrderNotes(id),
      getOrderCourierEvents(id),
      readyCouriers(),
      getOrderEdits(id),
      listOrderPayments(id),
      listOrderBkashPayments(id),
      listOrderMessages(id),
    ]);
  if (!order) throw notFound();
  const [signals, blocked] = await Promise.all([getOrderRiskSignals([order]), findBlockedPhone(order.customerPhone)]);
  const risk = signals.get(order.id)!;
  const invoice = await orderInvoice(order);
  return {
    isOwner: admin.role === "owner",
    order,
    history,
    undo: undoableChange(
      history.entries.at(-1),
      { status: order.status, handedOver: order.consignmentId !== null },
      admin.id,
    ),
    stock,
    notes,
    invoice,
    risk,
    blocked: blocked !== null,
    courierEvents,
    edits,
    payments,
    editable: isEditable(order),
    courierReady: couriers.ready.length > 0,
    couriers,
    trackingUrl: courierTrackingUrl(order.courier, order.trackingCode, order.customerPhone),
    canForgetHandOff: canForgetHandOff(order),
    bkashPayments,
    smsMessages,
    cash: await getOrderCash(id),
    payoutCharges: await getOrderCharges(id),
  };
}
