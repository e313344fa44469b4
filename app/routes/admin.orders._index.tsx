import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { Pagination } from "~/components/pagination";
import { t } from "~/i18n";
import { listOrdersForAdmin } from "~/models/order.server";
import { requireAdmin } from "~/utils/auth.server";
import { parsePage } from "~/utils/pagination";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: t("admin.orders.title") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { orders: await listOrdersForAdmin(parsePage(new URL(request.url).searchParams)) };
}

/**
 * The orders list, spec section 2: #id, customer name, phone, quantity, products ('name × quantity',
 * comma-joined, or 'No products'), amount followed by ৳, status, View. Newest first.
 */
export default function AdminOrdersPage() {
  const { orders } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title" className="text-2xl font-semibold">
        {t("admin.orders.title")}
      </h1>
      <p className="mb-6 text-stone-600">{t("admin.orders.subtitle")}</p>
      {orders.total === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center">
          {t("admin.orders.empty")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t("admin.orders.id")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.orders.customer")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.orders.phone")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.orders.quantity")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.orders.products")}
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  {t("admin.orders.amount")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.orders.status")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.orders.actions")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {orders.items.map((order) => (
                <tr key={order.id} data-testid="order-row">
                  <td className="px-4 py-3 font-medium">#{order.id}</td>
                  <td className="px-4 py-3">{order.customerName}</td>
                  <td className="px-4 py-3">{order.customerPhone}</td>
                  <td className="px-4 py-3">{order.itemCount}</td>
                  <td className="px-4 py-3">
                    {order.items.length === 0
                      ? t("admin.orders.noProducts")
                      : order.items.map((item) => `${item.productName} × ${item.quantity}`).join(", ")}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right">
                    {formatMoney(order.totalPaisa, { signAfter: true })}
                  </td>
                  <td className="px-4 py-3">
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="px-4 py-3">
                    <Link
                      to={`/admin/orders/view/${order.id}`}
                      aria-label={t("admin.orders.viewLabel", { id: order.id })}
                      className="font-medium text-amber-800 underline"
                    >
                      {t("admin.orders.view")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={orders.page} pageCount={orders.pageCount} />
    </section>
  );
}
