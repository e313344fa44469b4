import type { AdminTranslate } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";
import { formatShopDateTime } from "~/i18n/format";
import { formatMoney } from "~/rules/money";

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
