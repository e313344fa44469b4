/**
 * The courier hand-off's data (docs/decisions/029-courier-hand-off.md): the courier account's
 * sealed keys, each order's consignment and courier status, and the courier's steps in the order's
 * history. Talking to the courier is app/server/couriers/hand-off.server.ts; sealing the keys is
 * app/server/secret-box.server.ts (this module only stores the sealed text).
 *
 * Reading back: a parcel whose courier status changed gets a `CourierEvent`; delivered (also
 * partly) moves the order to "delivered", returned to "cancelled" (its stock comes back through the
 * ledger). A cancelled order is never moved by the courier: staff decided.
 */
import { prisma } from "~/models/db/client.server";
import { changeStatusIn } from "~/models/orders/order-status.server";
import { messagesQueued } from "~/models/sms/outbox.server";
import type { DeliveryState } from "~/rules/delivery-state";
import type { OrderStatus } from "~/rules/order-status";

/** Who acted: a staff member, or null for the schedule. */
type Actor = { id: number; email: string } | null;

/** A courier account's stored row: the keys sealed, never plain. */
export async function getCourierAccountRow(courier: string) {
  return prisma.courierAccount.findUnique({ where: { courier } });
}

/**
 * Saves (or replaces) a courier account's sealed keys, as changed by `admin`; with Pathao's
 * `settings` (JSON, not secret) and its first tokens (sealed) when given.
 */
export async function saveCourierAccountRow(
  courier: string,
  sealed: {
    apiKeySealed: string;
    secretSealed: string;
    apiKeyHint: string;
    settings?: string;
    tokenSealed?: string | null;
    tokenExpiresAt?: Date | null;
  },
  admin: { email: string },
): Promise<void> {
  const data = { ...sealed, updatedByEmail: admin.email };
  await prisma.courierAccount.upsert({ where: { courier }, create: { courier, ...data }, update: data });
}

/** Replaces a courier account's settings (JSON, not secret), as changed by `admin`; false when there is no account. */
export async function saveCourierSettingsRow(
  courier: string,
  settings: string,
  admin: { email: string },
): Promise<boolean> {
  const { count } = await prisma.courierAccount.updateMany({
    where: { courier },
    data: { settings, updatedByEmail: admin.email },
  });
  return count === 1;
}

/**
 * Stores a courier account's new sealed tokens in place of `replacedSealed` (the sealed tokens
 * they were issued to replace, as read; null for none): a compare and set, so that two refreshes
 * at once (two requests, two nodes) store one set. @returns false when the stored tokens were no
 * longer `replacedSealed` (another refresh stored its set first) or the account is gone.
 */
export async function swapCourierTokenRow(
  courier: string,
  token: { tokenSealed: string; tokenExpiresAt: Date },
  replacedSealed: string | null,
): Promise<boolean> {
  const { count } = await prisma.courierAccount.updateMany({
    where: { courier, tokenSealed: replacedSealed },
    data: token,
  });
  return count === 1;
}

/** Forgets a courier account's keys. Orders already sent keep their consignments. */
export async function deleteCourierAccountRow(courier: string): Promise<void> {
  await prisma.courierAccount.deleteMany({ where: { courier } });
}

/** What a parcel needs of an order, whether it is handed over or written to a courier's CSV file. */
const PARCEL_SELECT = {
  id: true,
  customerName: true,
  customerPhone: true,
  customerAddress: true,
  area: true,
  district: true,
  totalPaisa: true,
  paymentStatus: true,
  advancePaidPaisa: true,
  advanceRefundedPaisa: true,
  items: { orderBy: { id: "asc" }, select: { productName: true, variantLabel: true, sku: true, quantity: true } },
} as const;

/** The orders `ids` as a hand-off reads them (oldest first): what the parcel needs and whether it may go. */
export async function listOrdersForHandOff(ids: number[]) {
  return prisma.order.findMany({
    where: { id: { in: ids } },
    orderBy: { id: "asc" },
    select: { ...PARCEL_SELECT, status: true, consignmentId: true },
  });
}

/** The orders `ids` as the CSV export reads them (oldest first). */
export async function listOrdersForCourierCsv(ids: number[]) {
  return prisma.order.findMany({
    where: { id: { in: ids } },
    orderBy: { id: "asc" },
    select: {
      ...PARCEL_SELECT,
      createdAt: true,
      itemCount: true,
      shippingMethod: true,
      discountCode: true,
      discountPaisa: true,
      shippingDiscountPaisa: true,
    },
  });
}

/**
 * Records that `courier` accepted the order's parcel, in one transaction: the consignment on the
 * order, a `CourierEvent` by `admin`, and the order moved to "shipped" (unless it is already).
 * @returns false when the order already had a consignment (another hand-off landed first) or is gone.
 */
export async function recordConsignment(
  orderId: number,
  courier: string,
  consignment: {
    consignmentId: string;
    trackingCode: string;
    courierStatus: string;
    state: DeliveryState;
    /** The courier's quoted charge in paisa (Pathao's delivery_fee), when it gave one. */
    feePaisa?: number | null;
  },
  admin: Actor,
): Promise<boolean> {
  const recorded = await prisma.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.order.updateMany({
      where: { id: orderId, consignmentId: null },
      data: {
        courier,
        consignmentId: consignment.consignmentId,
        trackingCode: consignment.trackingCode,
        courierStatus: consignment.courierStatus,
        deliveryState: consignment.state,
        sentToCourierAt: now,
        courierCheckedAt: now,
        courierFeePaisa: consignment.feePaisa ?? null,
      },
    });
    if (count !== 1) return false;
    await tx.courierEvent.create({
      data: {
        orderId,
        courier,
        courierStatus: consignment.courierStatus,
        deliveryState: consignment.state,
        changedById: admin?.id ?? null,
        changedByEmail: admin?.email ?? null,
      },
    });
    await changeStatusIn(tx, orderId, "shipped", admin);
    return true;
  });
  if (recorded) messagesQueued(); // the "order shipped" SMS changeStatusIn may have queued
  return recorded;
}

/**
 * The parcels of `courier` still on their way (courier status not in `finalStatuses`), oldest
 * checked first, at most `limit`; only `orderIds` when given.
 */
export async function listParcelsToRefresh(
  courier: string,
  finalStatuses: readonly string[],
  { orderIds, limit }: { orderIds?: number[]; limit: number },
) {
  return prisma.order.findMany({
    where: {
      courier,
      consignmentId: { not: null },
      OR: [{ courierStatus: null }, { courierStatus: { notIn: [...finalStatuses] } }],
      ...(orderIds ? { id: { in: orderIds } } : {}),
    },
    orderBy: [{ courierCheckedAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true, courierStatus: true, consignmentId: true },
  });
}

/** Our order status for a courier's delivery state, or null when it says nothing about ours. */
function statusFor(state: DeliveryState): OrderStatus | null {
  if (state === "delivered" || state === "partly-delivered") return "delivered";
  if (state === "returned") return "cancelled";
  return null;
}

/**
 * Records what the courier said about a parcel. The same status as before only notes when it was
 * read. A new one, in one transaction: the order's courier status, a `CourierEvent`, and our status
 * following it (see the module's comment), with `admin` as who asked (null: the schedule).
 * @returns true when the courier status changed.
 */
export async function recordCourierStatus(
  orderId: number,
  courier: string,
  report: { courierStatus: string; state: DeliveryState },
  admin: Actor,
): Promise<boolean> {
  const changed = await prisma.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id: orderId }, select: { status: true, courierStatus: true } });
    if (!order) return false;
    if (order.courierStatus === report.courierStatus) {
      await tx.order.update({ where: { id: orderId }, data: { courierCheckedAt: new Date() } });
      return false;
    }
    await tx.order.update({
      where: { id: orderId },
      data: { courierStatus: report.courierStatus, deliveryState: report.state, courierCheckedAt: new Date() },
    });
    await tx.courierEvent.create({
      data: {
        orderId,
        courier,
        courierStatus: report.courierStatus,
        deliveryState: report.state,
        changedById: admin?.id ?? null,
        changedByEmail: admin?.email ?? null,
      },
    });
    const status = statusFor(report.state);
    if (status && order.status !== "cancelled") await changeStatusIn(tx, orderId, status, admin, courier);
    return true;
  });
  if (changed) messagesQueued(); // the "delivered" or "cancelled" SMS changeStatusIn may have queued
  return changed;
}

/** The courier steps of an order, oldest first, for its history. */
export async function getOrderCourierEvents(orderId: number) {
  return prisma.courierEvent.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      courier: true,
      courierStatus: true,
      deliveryState: true,
      changedByEmail: true,
      createdAt: true,
    },
  });
}
