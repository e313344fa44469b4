import { Link } from "@remix-run/react";
import { useAdminT } from "~/hooks/use-admin-t";

/**
 * A likely-duplicate warning (app/rules/order-risk.ts `likelyDuplicates`): `intro` (why), then a
 * link to each of `orders`; nothing when none. The order page and the customer page show it.
 */
export function DuplicateWarning({ intro, orders, testId }: { intro: string; orders: number[]; testId: string }) {
  const t = useAdminT();
  if (orders.length === 0) return null;
  return (
    <p role="note" className="rounded bg-amber-100 px-2 py-1 font-medium text-amber-900" data-testid={testId}>
      {intro}{" "}
      {orders.map((id, index) => (
        <span key={id}>
          {index > 0 ? ", " : null}
          <Link to={`/admin/orders/view/${id}`} className="underline">
            {t("admin.risk.orderLink", { id })}
          </Link>
        </span>
      ))}
    </p>
  );
}
