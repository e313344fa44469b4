/**
 * Shipping methods and fees: the inside-Dhaka fee for "Inside Dhaka", the
 * outside-Dhaka fee for "Outside Dhaka" or anything else. An order's method is its district's
 * (`shippingMethodOf` in rules/districts.ts), never the one a form sends. The amounts are the shop's settings
 * (60 and 120 taka unless the owner changed them), and an order whose subtotal reaches the
 * free-delivery minimum, when the owner set one, ships free. The fee is always computed on the
 * server; an order keeps the fee it was placed with.
 */

export const SHIPPING_METHODS = ["Inside Dhaka", "Outside Dhaka"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** The method the checkout form shows ticked before a district is chosen: the specification's default. */
export const DEFAULT_SHIPPING_METHOD: ShippingMethod = "Inside Dhaka";

/** The shop's delivery fees, in paisa, from its settings. */
export type DeliveryFees = {
  insideDhakaPaisa: number;
  outsideDhakaPaisa: number;
  /** Subtotal from which delivery is free, in paisa; null when it never is. */
  freeFromPaisa: number | null;
};

/** The specification's fees, the settings' defaults: 60 taka inside Dhaka, 120 taka outside, never free. */
export const SPEC_DELIVERY_FEES: DeliveryFees = {
  insideDhakaPaisa: 6000,
  outsideDhakaPaisa: 12000,
  freeFromPaisa: null,
};

/**
 * Shipping fee in paisa for `method` and an order subtotal of `subtotalPaisa`: 0 when the subtotal
 * reaches the free-delivery minimum; else the inside-Dhaka fee for "Inside Dhaka" and the
 * outside-Dhaka fee for any other method.
 */
export function shippingFeePaisa(method: string, subtotalPaisa: number, fees: DeliveryFees): number {
  if (fees.freeFromPaisa !== null && subtotalPaisa >= fees.freeFromPaisa) return 0;
  return method === "Inside Dhaka" ? fees.insideDhakaPaisa : fees.outsideDhakaPaisa;
}
