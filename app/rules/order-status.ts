/**
 * Order statuses: any status may follow any other. Stored as these strings.
 */

/** The five order statuses, in the order the back office lists them. */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** True when `value` is one of ORDER_STATUSES. */
function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The label of a status from the message catalogue, through `t` (the page's translator); an
 * unknown stored value is shown as it is.
 */
export function orderStatusLabel(status: string, t: (key: `status.${OrderStatus}`) => string): string {
  return isOrderStatus(status) ? t(`status.${status}`) : status;
}

/** How long after a status change its author may undo it with one click, in milliseconds. */
export const UNDO_WINDOW_MS = 10 * 60 * 1000;

/** A change from the order's status history, as `undoableChange` reads it. */
export type RecordedStatusChange = {
  fromStatus: string | null;
  toStatus: string;
  /** The admin who made it; null for the shopper's order or the schedule. */
  changedById: number | null;
  /** The courier whose status report made it; null for a change by staff. */
  courier: string | null;
  createdAt: Date;
};

/**
 * The status change the admin `adminId` may undo with one click, as `{ from, to }` (an undo sets
 * `from` again), or null. Only `latest`, the order's newest change, and only when:
 * - `adminId` made it by hand (not the shopper, the schedule or a courier's report) less than
 *   UNDO_WINDOW_MS before `now` (ms since the epoch), and the order still has the status it set;
 * - the order was never handed to a courier (`handedOver`): the hand-off itself marks it shipped,
 *   and from then on its status follows the parcel's;
 * - neither side is "cancelled": cancelling and reinstating move stock, so cancelling asks first
 *   and going back is a deliberate change, not an undo.
 * The loader offers what this returns, and the undo action asks again before it changes anything,
 * so an Undo left open on a page never overrides a later change.
 */
export function undoableChange(
  latest: RecordedStatusChange | undefined,
  order: { status: string; handedOver: boolean },
  adminId: number,
  now = Date.now(),
): { from: OrderStatus; to: OrderStatus } | null {
  if (!latest || latest.changedById !== adminId || latest.courier !== null || order.handedOver) return null;
  const { fromStatus: from, toStatus: to } = latest;
  if (from === null || !isOrderStatus(from) || !isOrderStatus(to) || to !== order.status) return null;
  if (from === "cancelled" || to === "cancelled") return null;
  if (now - latest.createdAt.getTime() > UNDO_WINDOW_MS) return null;
  return { from, to };
}
