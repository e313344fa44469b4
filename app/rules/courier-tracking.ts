/**
 * The couriers' public tracking pages, for staff (the order page) and shoppers (the texts). Pure:
 * the SMS length check (app/rules/sms-samples.ts) measures a text with the longest of them.
 */

/** Steadfast's public tracking page for a tracking code. */
export function steadfastTrackingUrl(trackingCode: string): string {
  return `https://steadfast.com.bd/t/${encodeURIComponent(trackingCode)}`;
}

/**
 * Pathao's public tracking page for a consignment; the page asks for the recipient's phone too,
 * given when known (the shopper reading it in a text then needs to type nothing).
 */
export function pathaoTrackingUrl(consignmentId: string, phone?: string | null): string {
  const query = new URLSearchParams({ consignment_id: consignmentId });
  if (phone) query.set("phone", phone);
  return `https://merchant.pathao.com/tracking?${query}`;
}

/**
 * The tracking page of a parcel with `courier` ("steadfast" or "pathao", as orders store it), or
 * null for no tracking code or a courier haat does not know. `phone`: the recipient's, for Pathao.
 */
export function courierTrackingUrl(
  courier: string | null,
  trackingCode: string | null,
  phone?: string | null,
): string | null {
  if (!trackingCode) return null;
  if (courier === "steadfast") return steadfastTrackingUrl(trackingCode);
  if (courier === "pathao") return pathaoTrackingUrl(trackingCode, phone);
  return null;
}
