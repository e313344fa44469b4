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
