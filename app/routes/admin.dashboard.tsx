import type { LoaderFunctionArgs } from "@remix-run/node";
import { lineItemName, localText } from "~/rules/variants";
import { Link, useLoaderData } from "@remix-run/react";
import { SalesChart } from "~/components/admin/sales-chart";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { adminTitle } from "~/components/admin/admin-meta";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { getDashboard, type PeriodTotals } from "~/models/orders/dashboard.server";
import { getShopSettings } from "~/models/settings.server";
import { listLowStock } from "~/models/catalogue/stock.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { formatMoney } from "~/rules/money";
import { formatInteger } from "~/i18n/format";
import { AdminPageHeader } from "~/components/admin/page-header";
import { sourceLabel } from "~/components/admin/order-summary";
import { AdminTable } from "~/components/admin/admin-table";
import { DashboardErrorBoundary } from "~/components/admin/admin-error-boundary";

export const meta = adminTitle("admin.dashboard.title");

/**
 * The dashboard's numbers (app/models/orders/dashboard.server.ts): Dhaka days, cancelled orders left out;
 * and the products at or below the shop's low-stock threshold (app/models/catalogue/stock.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { lowStockThreshold } = await getShopSettings();
  const [dashboard, lowStock] = await Promise.all([getDashboard(), listLowStock(lowStockThreshold)]);
  // The owner's way to the reports (the wide screens' bar has them under "Shop settings").
  return { dashboard, lowStock, owner: admin.role === "owner" };
}

/**
 * /admin/dashboard, the back office's overview:
 * orders and revenue for today, 7 and 30 days, counts by status, top products, the products low on
 * stock, and the daily sales chart drawn on the server as SVG.
 */
export default function AdminDashboardPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { dashboard, lowStock, owner } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="dashboard-title" className="space-y-8">
      <AdminPageHeader
        id="dashboard-title"
        title={t("admin.dashboard.title")}
        subtitle={t("admin.dashboard.subtitle")}
      />
      {owner ? (
        <Link
          to="/admin/reports"
          className="inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline"
          data-testid="dashboard-reports"
        >
          {t("admin.dashboard.reports")}
        </Link>
      ) : null}

      <ul className="grid gap-4 sm:grid-cols-3">
        <PeriodCard label={t("admin.dashboard.today")} totals={dashboard.today} testId="period-today" />
        <PeriodCard label={t("admin.dashboard.last7")} totals={dashboard.last7Days} testId="period-7" />
        <PeriodCard label={t("admin.dashboard.last30")} totals={dashboard.last30Days} testId="period-30" />
      </ul>

      {!dashboard.hasOrders ? (
        <p
          className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="dashboard-empty"
        >
          {t("admin.dashboard.empty")}
        </p>
      ) : (
        <section aria-labelledby="chart-heading">
          <h2 id="chart-heading" className="mb-3 text-lg font-semibold">
            {t("admin.dashboard.chartTitle")}
          </h2>
          <SalesChart days={dashboard.days} />
        </section>
      )}

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="status-heading">
          <h2 id="status-heading" className="text-lg font-semibold">
            {t("admin.dashboard.byStatus")}
          </h2>
          <p className="mb-3 text-sm text-stone-600">{t("admin.dashboard.byStatusNote")}</p>
          <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white">
            {dashboard.byStatus.map(({ status, count }) => (
              <li
                key={status}
                className="flex items-center justify-between px-4 py-2"
                data-testid={`status-count-${status}`}
              >
                <OrderStatusBadge status={status} />
                <span className="font-semibold tabular-nums" data-testid="count">
                  {formatInteger(count, lang)}
                </span>
              </li>
            ))}
          </ul>
          <Link
            to="/admin/orders"
            className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline"
          >
            {t("admin.dashboard.viewOrders")}
          </Link>
        </section>

        <section aria-labelledby="source-heading">
          <h2 id="source-heading" className="text-lg font-semibold">
            {t("admin.source.byPeriod")}
          </h2>
          <p className="mb-3 text-sm text-stone-600">{t("admin.source.byPeriodNote")}</p>
          {/* Each source opens the orders list filtered by it. */}
          <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white">
            {dashboard.bySource.map(({ source, orders, revenuePaisa }) => (
              <li
                key={source}
                className="flex items-center justify-between gap-3 px-4"
                data-testid={`source-count-${source}`}
              >
                <Link
                  to={`/admin/orders?source=${encodeURIComponent(source)}`}
                  className="inline-flex min-h-11 items-center underline-offset-4 hover:underline"
                >
                  {sourceLabel(source, t)}
                </Link>
                <span className="flex gap-4 tabular-nums">
                  <span className="font-semibold" data-testid="count">
                    {formatInteger(orders, lang)}
                  </span>
                  <span className="whitespace-nowrap text-stone-600">{formatMoney(revenuePaisa, { lang })}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="top-heading">
          <h2 id="top-heading" className="mb-3 text-lg font-semibold">
            {t("admin.dashboard.topProducts")}
          </h2>
          {dashboard.topProducts.length === 0 ? (
            <p className="rounded-lg border border-dashed border-stone-300 bg-white p-4 text-sm">
              {t("admin.dashboard.noSales")}
            </p>
          ) : (
            // On a phone one card per product: its name, then the quantity and revenue, labelled.
            <AdminTable
              testId="top-products"
              columns={[
                { label: t("admin.dashboard.product") },
                { label: t("admin.dashboard.quantitySold"), align: "right", card: "value" },
                { label: t("admin.dashboard.revenue"), align: "right", card: "value" },
              ]}
            >
              {dashboard.topProducts.map((product) => (
                <tr key={`${product.productId ?? "gone"}-${product.name}`}>
                  <td className="px-4 py-2" translate="no">
                    {localText(product.name, product.nameBn, lang)}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatInteger(product.quantity, lang)}</td>
                  <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                    {formatMoney(product.revenuePaisa, { lang })}
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
        </section>

        <section aria-labelledby="low-stock-heading">
          <h2 id="low-stock-heading" className="mb-3 text-lg font-semibold">
            {t("admin.dashboard.lowStock")}
          </h2>
          {lowStock.variants.length === 0 ? (
            <p
              className="rounded-lg border border-dashed border-stone-300 bg-white p-4 text-sm"
              data-testid="low-stock-empty"
            >
              {lowStock.anyTracked ? t("admin.dashboard.lowStockEmpty") : t("admin.dashboard.lowStockUntracked")}
            </p>
          ) : (
            <>
              <ul
                className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white"
                data-testid="low-stock"
              >
                {lowStock.variants.map((product) => (
                  <li key={product.id} className="flex items-center justify-between gap-3 px-4 py-0.5 text-sm">
                    <Link
                      to={`/admin/products/edit/${product.productId}`}
                      className="flex min-h-11 min-w-0 items-center break-words font-medium underline"
                      translate="no"
                      data-testid="low-stock-product"
                    >
                      {lineItemName(
                        localText(product.name, product.nameBn, lang),
                        localText(product.label, product.labelBn, lang),
                      )}
                    </Link>
                    <span
                      className={`whitespace-nowrap font-semibold ${product.stockQuantity === 0 ? "text-red-700" : "text-amber-800"}`}
                    >
                      {product.stockQuantity === 0
                        ? t("admin.products.outOfStock")
                        : t("admin.dashboard.lowStockUnits", { count: product.stockQuantity })}
                    </span>
                  </li>
                ))}
              </ul>
              {lowStock.total > lowStock.variants.length ? (
                <p className="mt-2 text-sm text-stone-600">
                  {t("admin.dashboard.lowStockMore", { count: lowStock.total - lowStock.variants.length })}
                </p>
              ) : null}
            </>
          )}
        </section>
      </div>
    </section>
  );
}

function PeriodCard({ label, totals, testId }: { label: string; totals: PeriodTotals; testId: string }) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4" data-testid={testId}>
      <h2 className="text-sm font-medium text-stone-600">{label}</h2>
      <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="revenue">
        {formatMoney(totals.revenuePaisa, { lang })}
      </p>
      <p className="text-sm text-stone-700" data-testid="orders">
        {totals.orders === 1
          ? t("admin.dashboard.ordersCountOne")
          : t("admin.dashboard.ordersCount", { count: totals.orders })}
      </p>
    </li>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
