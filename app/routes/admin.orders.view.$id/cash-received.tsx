import { Link } from "@remix-run/react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format-date";

/**
 * Beside "delivered": when the courier's payout brought the order's cash back, and which payout
 * (a link to it for the owner, who alone sees the payouts); or, for a delivered order handed to a
 * courier, that the cash has not come back yet. Nothing for an order that is neither.
 */
export function CashReceived({
  order,
  cash,
  isOwner,
}: {
  order: { status: string; courier: string | null };
  cash: { receivedAt: Date | string; payout: { id: number; reference: string } } | null;
  isOwner: boolean;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  if (!cash && !(order.status === "delivered" && order.courier)) return null;
  return (
    <p
      className="rounded-lg border border-stone-200 bg-white px-5 py-3 text-sm"
      data-testid="order-cash"
      data-received={cash ? "yes" : "no"}
    >
      {cash ? (
        <>
          {t("admin.payouts.orderCash.received", { date: formatShopDateTime(new Date(cash.receivedAt), lang) })}
          {" · "}
          {isOwner ? (
            <Link
              to={`/admin/payouts/${cash.payout.id}`}
              className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
            >
              {t("admin.payouts.orderCash.payout", { reference: cash.payout.reference })}
            </Link>
          ) : (
            t("admin.payouts.orderCash.payout", { reference: cash.payout.reference })
          )}
        </>
      ) : (
        t("admin.payouts.orderCash.waiting")
      )}
    </p>
  );
}
