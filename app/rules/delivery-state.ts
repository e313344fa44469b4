/**
 * Where a parcel is with its courier, in haat's words (the courier adapters map their own
 * statuses to these; app/server/couriers/courier.ts), and their labels for staff.
 */

/** The delivery states, in the order a parcel usually goes through them. */
const DELIVERY_STATES = ["with-courier", "on-hold", "delivered", "partly-delivered", "returned", "unknown"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** True when `value` is one of DELIVERY_STATES. */
function isDeliveryState(value: string): value is DeliveryState {
  return (DELIVERY_STATES as readonly string[]).includes(value);
}

/** The label of a delivery state through `t` (the page's translator); an unknown value as it is. */
export function deliveryStateLabel(state: string, t: (key: `delivery.${DeliveryState}`) => string): string {
  return isDeliveryState(state) ? t(`delivery.${state}`) : state;
}
