import { Link } from "@remix-run/react";
import { AdminTable } from "~/components/admin/admin-table";
import { DuplicateWarning } from "~/components/admin/duplicate-warning";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { Pagination } from "~/components/pagination";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format-date";
import type { OrderRiskSignals } from "~/models/orders/order-risk.server";
import { formatMoney } from "~/rules/money";
import { sourceLabel } from "~/components/admin/order-summary";
import type { Page } from "~/rules/pagination";

/** An order as the customer page lists it. */
type CustomerOrder = {
  id: number;
  createdAt: Date;
  status: string;
  deliveryState: string | null;
  totalPaisa: number;
  source: string;
};

/**
 * The customer's orders, newest first, a page at a time: each links to its page, with when it was
 * placed, its status (and "returned by the courier" when the parcel came back), its total and
 * where it came from; under an order that looks like a double of another, the same warnings the
 * order page shows (app/rules/order-risk.ts), with links.
 */
export function CustomerOrders({
  orders,
  risks,
}: {
  orders: Page<CustomerOrder>;
  risks: Record<string, OrderRiskSignals>;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <section aria-labelledby="customer-orders-title">
      <h2 id="customer-orders-title" className="mb-3 text-lg font-semibold">
        {t("admin.customer.ordersTitle")}
      </h2>
      <AdminTable
        testId="customer-orders"
        columns={[
          { label: t("admin.customer.colOrder"), card: "title" },
          { label: t("admin.customer.colPlaced"), card: "value" },
          { label: t("admin.customer.colStatus"), card: "value" },
          { label: t("admin.customer.colTotal"), align: "right", card: "value" },
          { label: t("admin.customer.colSource"), card: "value" },
        ]}
      >
        {orders.items.map((order) => {
          const risk = risks[order.id];
          return (
            <tr key={order.id} data-testid="customer-order">
              <td className="px-4 py-3">
                <Link
                  to={`/admin/orders/view/${order.id}`}
                  className="inline-flex min-h-11 items-center font-semibold text-amber-900 underline"
                >
                  {t("admin.customer.orderLink", { id: order.id })}
                </Link>
                {risk ? (
                  <div className="mt-1 space-y-1 text-xs">
                    <DuplicateWarning
                      intro={t("admin.risk.duplicateOf")}
                      orders={risk.duplicateOf}
                      testId="duplicate-warning"
                    />
                    <DuplicateWarning
                      intro={t("admin.risk.duplicateOfAddress")}
                      orders={risk.addressDuplicateOf}
                      testId="duplicate-address-warning"
                    />
                  </div>
                ) : null}
              </td>
              <td className="px-4 py-3">
                <time dateTime={order.createdAt.toISOString()}>{formatShopDateTime(order.createdAt, lang)}</time>
              </td>
              <td className="px-4 py-3">
                <OrderStatusBadge status={order.status} />
                {order.deliveryState === "returned" ? (
                  <span className="ml-2 text-xs font-medium text-red-800">{t("admin.customer.returned")}</span>
                ) : null}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(order.totalPaisa, { lang })}</td>
              <td className="px-4 py-3">{sourceLabel(order.source, t)}</td>
            </tr>
          );
        })}
      </AdminTable>
      <Pagination page={orders.page} pageCount={orders.pageCount} />
    </section>
  );
}
