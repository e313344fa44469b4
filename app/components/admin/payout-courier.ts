import type { AdminTranslate } from "~/i18n/admin";

/** A payout's courier as staff read it ("steadfast" → "Steadfast", "স্টেডফাস্ট"); an unknown one as stored. */
export function payoutCourierName(courier: string, t: AdminTranslate): string {
  if (courier === "steadfast") return t("admin.payouts.courier.steadfast");
  if (courier === "pathao") return t("admin.payouts.courier.pathao");
  return courier;
}
