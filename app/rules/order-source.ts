/**
 * Where an order came from. A shopper's checkout is "website"; staff taking an order at
 * /admin/orders/new choose where the shopper reached the shop: most small Bangladeshi shops sell
 * through a Facebook page (comments and Messenger) and the phone as much as through their website
 * (docs/decisions/063-staff-orders.md). Stored in `Order.source`.
 */

/** The sources, in the order the staff form and the orders list's filter offer them. */
export const ORDER_SOURCES = ["website", "facebook", "phone", "counter", "other"] as const;

/** One of ORDER_SOURCES. */
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Whether `value` is one of ORDER_SOURCES (for a form's or a URL's value). */
export function isOrderSource(value: unknown): value is OrderSource {
  return typeof value === "string" && (ORDER_SOURCES as readonly string[]).includes(value);
}
