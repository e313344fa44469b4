import { Link } from "@remix-run/react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format-date";
import { formatMoney } from "~/rules/money";

/**
 * A payout line that charged the order without bringing its cash (a returned parcel's charge);
 * `again` when it charged the order a second time, with the payout that charged it first.
 */
type PayoutCharge = {
  id: number;
  deliveryChargePaisa: number;
  codFeePaisa: number;
  payout: { id: number; reference: string; paidAt: Date | string | null; createdAt: Date | string };
  again: boolean;
  firstCharge: { id: number; reference: string } | null;
};

/**
 * Beside "delivered": when the courier's payout brought the order's cash back, and which payout
 * (a link to it for the owner, who alone sees the payouts); or, for a delivered order handed to a
 * courier, that the cash has not come back yet. Then each payout that settled a charge for the
 * parcel without bringing cash (a returned parcel's: "No cash collected: the courier's charge of
 * ৳60.00 was settled on … · payout …"), never worded as cash received; a charge taken again says it
 * was charged already, with the payout that charged it first. Nothing for an order that is none of
 * these.
 */
export function CashReceived({
  order,
  cash,
  charges = [],
  isOwner,
}: {
  order: { status: string; courier: string | null };
  cash: { receivedAt: Date | string; payout: { id: number; reference: string } } | null;
  charges?: PayoutCharge[];
  isOwner: boolean;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const waiting = !cash && order.status === "delivered" && order.courier;
  if (!cash && !waiting && charges.length === 0) return null;
  const payoutLink = (
    payout: { id: number; reference: string },
    key: "admin.payouts.orderCash.payout" | "admin.payouts.orderCash.firstCharge" = "admin.payouts.orderCash.payout",
  ) =>
    isOwner ? (
      <Link
        to={`/admin/payouts/${payout.id}`}
        className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
      >
        {t(key, { reference: payout.reference })}
      </Link>
    ) : (
      t(key, { reference: payout.reference })
    );
  return (
    <div className="space-y-1 rounded-lg border border-stone-200 bg-white px-5 py-3 text-sm">
      {cash || waiting ? (
        <p data-testid="order-cash" data-received={cash ? "yes" : "no"}>
          {cash ? (
            <>
              {t("admin.payouts.orderCash.received", { date: formatShopDateTime(new Date(cash.receivedAt), lang) })}
              {" · "}
              {payoutLink(cash.payout)}
            </>
          ) : (
            t("admin.payouts.orderCash.waiting")
          )}
        </p>
      ) : null}
      {charges.map((charge) => (
        <p key={charge.id} data-testid="order-payout-charge" data-again={charge.again ? "yes" : undefined}>
          {t(charge.again ? "admin.payouts.orderCash.chargedAgain" : "admin.payouts.orderCash.charge", {
            amount: formatMoney(charge.deliveryChargePaisa + charge.codFeePaisa, { lang }),
            date: formatShopDateTime(new Date(charge.payout.paidAt ?? charge.payout.createdAt), lang),
          })}
          {" · "}
          {payoutLink(charge.payout)}
          {charge.again && charge.firstCharge ? (
            <>
              {" · "}
              {payoutLink(charge.firstCharge, "admin.payouts.orderCash.firstCharge")}
            </>
          ) : null}
        </p>
      ))}
    </div>
  );
}
