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
 * How long a claim (`claimForCourier`) holds without an answer recorded, in ms: a process that
 * stopped while a courier was being asked leaves its claim, which another hand-off may take after
 * this long (15 minutes; a courier answers within seconds or times out).
 */
export const CLAIM_STALE_MS = 15 * 60_000;

/** Order statuses from which a parcel may be handed to a courier. */
export const SENDABLE_STATUSES: readonly string[] = ["pending", "processing", "shipped"];

/**
 * Claims the order for a hand-off to `courier` before the courier is asked, so that no other
 * hand-off (to this courier or another) asks for a parcel meanwhile: a conditional update that sets
 * `courier` and `sentToCourierAt` = `claimedAt` while `consignmentId` stays null. It succeeds when
 * the order has no consignment, may still be sent (SENDABLE_STATUSES) and is not claimed, or its
 * claim is older than CLAIM_STALE_MS.
 * @returns "claimed"; "sent" when it has a consignment already; "claimed-elsewhere" with the
 *   courier holding the claim; "closed" or "gone" otherwise.
 */
export async function claimForCourier(
  orderId: number,
  courier: string,
  claimedAt: Date,
): Promise<{ outcome: "claimed" | "sent" | "closed" | "gone" } | { outcome: "claimed-elsewhere"; courier: string }> {
  const { count } = await prisma.order.updateMany({
    where: {
      id: orderId,
      consignmentId: null,
      status: { in: [...SENDABLE_STATUSES] },
      OR: [
        { courier: null },
        { sentToCourierAt: null },
        { sentToCourierAt: { lt: new Date(claimedAt.getTime() - CLAIM_STALE_MS) } },
      ],
    },
    data: { courier, sentToCourierAt: claimedAt, courierStatus: null, deliveryState: null, trackingCode: null },
  });
  if (count === 1) return { outcome: "claimed" };
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { status: true, courier: true, consignmentId: true },
  });
  if (!order) return { outcome: "gone" };
  if (order.consignmentId) return { outcome: "sent" };
  if (!SENDABLE_STATUSES.includes(order.status)) return { outcome: "closed" };
  return { outcome: "claimed-elsewhere", courier: order.courier ?? courier };
}

/**
 * Gives back a claim (`claimForCourier`) the courier surely did nothing with (it refused the
 * parcel, could not be reached, or was never asked): only the claim taken at `claimedAt` for
 * `courier`, and only while it has no consignment.
 */
export async function releaseClaim(orderId: number, courier: string, claimedAt: Date): Promise<void> {
  await prisma.order.updateMany({
    where: { id: orderId, courier, consignmentId: null, sentToCourierAt: claimedAt },
    data: { courier: null, sentToCourierAt: null },
  });
}

/**
 * Records that `courier` accepted the order's parcel, in one transaction: the consignment on the
 * order, a `CourierEvent` by `admin`, and the order moved to "shipped" (unless it is already).
 * Only while the order still holds this hand-off's claim (`claimForCourier` for `courier` at
 * `claimedAt`).
 * @returns false when the claim is no longer held (it went stale and another hand-off took the
 *   order, or the hand-off was forgotten), the order was cancelled or delivered meanwhile, or it is
 *   gone: the parcel is then an orphan at the courier.
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
  claimedAt: Date,
): Promise<boolean> {
  const recorded = await prisma.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.order.updateMany({
      where: {
        id: orderId,
        consignmentId: null,
        courier,
        sentToCourierAt: claimedAt,
        status: { in: [...SENDABLE_STATUSES] },
      },
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

/** An order's hand-off as staff may forget it: its courier, consignment and courier status. */
export async function getHandOffOf(orderId: number) {
  return prisma.order.findUnique({
    where: { id: orderId },
    select: { id: true, courier: true, consignmentId: true, courierStatus: true, sentToCourierAt: true },
  });
}

/**
 * Forgets an order's hand-off as read by `getHandOffOf` (`seen`): its courier, consignment,
 * tracking code, statuses and fee, so the order can be sent again. Conditional on the order still
 * being as seen (a status read meanwhile, or another hand-off, wins). The order's status and its
 * courier history stay. @returns false when the order changed meanwhile.
 */
export async function forgetHandOff(seen: {
  id: number;
  courier: string | null;
  consignmentId: string | null;
  courierStatus: string | null;
}): Promise<boolean> {
  const { count } = await prisma.order.updateMany({
    where: { id: seen.id, courier: seen.courier, consignmentId: seen.consignmentId, courierStatus: seen.courierStatus },
    data: {
      courier: null,
      consignmentId: null,
      trackingCode: null,
      courierStatus: null,
      deliveryState: null,
      sentToCourierAt: null,
      courierCheckedAt: null,
      courierFeePaisa: null,
    },
  });
  return count === 1;
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
