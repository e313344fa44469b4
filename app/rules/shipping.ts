/**
 * Shipping methods and fees, spec section 9: 60 taka inside Dhaka, 120 taka outside Dhaka or for
 * anything else. The fee is always computed here, on the server, from the chosen method.
 */

export const SHIPPING_METHODS = ["Inside Dhaka", "Outside Dhaka"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** Default method on the checkout form (spec section 4). */
export const DEFAULT_SHIPPING_METHOD: ShippingMethod = "Inside Dhaka";

const FEES_PAISA: Record<ShippingMethod, number> = {
  "Inside Dhaka": 6000,
  "Outside Dhaka": 12000,
};

/** Shipping fee in paisa for a method; any unknown method pays the outside-Dhaka fee (spec section 9). */
export function shippingFeePaisa(method: string): number {
  return method === "Inside Dhaka" ? FEES_PAISA["Inside Dhaka"] : FEES_PAISA["Outside Dhaka"];
}
