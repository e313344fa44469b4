import type { AdminTranslate } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";
import { formatShopDateTime } from "~/i18n/format-date";
import { findDistrict, placeName } from "~/rules/districts";
import { formatMoney } from "~/rules/money";
import { isOrderSource } from "~/rules/order-source";

/**
 * Which order a delete confirmation is about: 'Order #12: Rahim, 1,250.00 ৳, placed 24 Nov 2026,
 * 10:05' (amount from paisa, date and time in the shop's time zone), in the staff member's `lang`
 * through their translator `t`.
 */
export function orderSummary(
  order: { id: number; customerName: string; totalPaisa: number; createdAt: Date },
  t: AdminTranslate,
  lang: Lang,
): string {
  return t("admin.orders.deleteSummary", {
    id: order.id,
    name: order.customerName,
    amount: formatMoney(order.totalPaisa, { signAfter: true, lang }),
    date: formatShopDateTime(order.createdAt, lang),
  });
}

/**
 * An order's stored shipping method ("Inside Dhaka", "Outside Dhaka": the spec's values, kept in
 * English in the database) in the staff member's language, as the checkout and the invoice word
 * it; a value from an older version is shown as stored.
 */
export function shippingMethodLabel(method: string, t: AdminTranslate): string {
  if (method === "Inside Dhaka") return t("checkout.insideDhaka");
  if (method === "Outside Dhaka") return t("checkout.outsideDhaka");
  return method;
}

/**
 * Where an order came from (Order.source: "website", "facebook", "phone", "counter", "other") in the
 * staff member's language: "Website", "Shop counter", "ফেসবুক"; a value this version does not know
 * is shown as stored.
 */
export function sourceLabel(source: string, t: AdminTranslate): string {
  return isOrderSource(source) ? t(`admin.source.${source}`) : source;
}

/**
 * An order's stored district (its English name, or an older spelling) in `lang`: "ঢাকা" for
 * "Dhaka" in Bangla; a name the district list does not know is shown as stored.
 */
export function districtLabel(district: string, lang: Lang): string {
  const known = findDistrict(district);
  return known ? placeName(known, lang) : district;
}

/**
 * An order's payment status in the staff member's language: "pending" for the orders haat places
 * ("paid" only on rows an older version or an import marked so; the courier's cash coming back is
 * recorded apart, as `Order.cashReceivedAt`, decision 067); another value is shown as stored.
 */
export function paymentStatusLabel(status: string, t: AdminTranslate): string {
  if (status === "pending") return t("admin.order.payment.pending");
  if (status === "paid") return t("admin.order.payment.paid");
  return status;
}
