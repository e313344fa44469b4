import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { OrderDeleteButton } from "~/components/admin/order-delete-dialog";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { Pagination } from "~/components/pagination";
import { t, type MessageKey } from "~/i18n/admin";
import { listOrdersForAdmin } from "~/models/order.server";
import { requireAdmin } from "~/server/auth.server";
import { parsePage } from "~/rules/pagination";
import { formatMoney } from "~/rules/money";
import { orderListQuerySchema } from "~/forms/admin-schemas";
import { ORDER_STATUSES } from "~/forms/schemas";
import { AdminPageHeader } from "~/components/admin/page-header";

export const meta: MetaFunction = () => [{ title: t("admin.orders.title") }];

/**
 * GET /admin/orders?status=&q=&page=: one page of orders, newest first, filtered by status and a
 * search text (order id as 123 or #123, phone digits, or part of the customer name). Invalid
 * filter values are ignored rather than refused.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const filters = orderListQuerySchema.parse(Object.fromEntries(searchParams));
  const orders = await listOrdersForAdmin(parsePage(searchParams), filters);
  return { orders, filters };
}

/**
 * The orders list, spec section 2: #id, customer name, phone, quantity, products ('name × quantity',
 * comma-joined, or 'No products'), amount followed by ৳, status, View and Delete. With JavaScript a
 * click anywhere on a row opens the order; the View link is the keyboard and no-JavaScript way.
 */
export default function AdminOrdersPage() {
  const { orders, filters } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const section = useRef<HTMLElement>(null);
  const back = `${location.pathname}${location.search}`;
  const filtered = Boolean(filters.status || filters.q);

  // Row click (JavaScript only, delegated from the section, which outlives the table): a click on a row's cell, not on one of its links or buttons, opens
  // the order. Not a focus stop: keyboard users have the View link in the same row.
  useEffect(() => {
    const body = section.current;
    if (!body) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!target || target.closest("a, button, input, select, textarea, label, dialog")) return;
      const href = target.closest<HTMLElement>("tbody tr[data-href]")?.dataset.href;
      if (!href || window.getSelection()?.toString()) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey) window.open(href, "_blank", "noopener");
      else navigate(href);
    };
    body.addEventListener("click", onClick);
    return () => body.removeEventListener("click", onClick);
  }, [navigate]);

  return (
    <section ref={section} aria-labelledby="orders-title">
      <AdminPageHeader
        id="orders-title"
        title={t("admin.orders.title")}
        subtitle={t("admin.orders.subtitle")}
        className="mb-6"
      />

      <Form
        method="get"
        role="search"
        aria-label={t("admin.orders.filtersLabel")}
        className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
        // A new filter starts at page 1: the form has no page field.
        key={`${filters.status ?? ""}|${filters.q}`}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="orders-status" className="text-sm font-medium">
            {t("admin.orders.filterStatus")}
          </label>
          <select
            id="orders-status"
            name="status"
            defaultValue={filters.status ?? ""}
            onChange={(event) => submit(event.currentTarget.form)}
            className="rounded-md border border-stone-300 bg-white px-3 py-2"
          >
            <option value="">{t("admin.orders.allStatuses")}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor="orders-q" className="text-sm font-medium">
            {t("admin.orders.search")}
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            aria-describedby="orders-q-hint"
            className="rounded-md border border-stone-300 px-3 py-2"
          />
          <p id="orders-q-hint" className="text-xs text-stone-600">
            {t("admin.orders.searchHint")}
          </p>
        </div>
        <div className="flex items-center gap-3 pb-5">
          <button
            type="submit"
            className="rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800"
          >
            {t("admin.orders.apply")}
          </button>
          {filtered ? (
            <Link to="/admin/orders" className="text-sm font-medium text-amber-800 underline">
              {t("admin.orders.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      {filtered ? (
        <p className="mb-3 text-sm text-stone-600" role="status">
          {t("admin.orders.resultCount", { count: orders.total })}
        </p>
      ) : null}

      {orders.total === 0 ? (
        <p
          className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="orders-empty"
        >
          {filtered ? t("admin.orders.noMatch") : t("admin.orders.empty")}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white">
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
              {orders.items.map((order) => {
                const href = `/admin/orders/view/${order.id}`;
                const more = order._count.items - order.items.length;
                return (
                  <tr
                    key={order.id}
                    data-testid="order-row"
                    data-order-id={order.id}
                    data-href={href}
                    className="cursor-pointer hover:bg-amber-50"
                  >
                    <td className="px-4 py-3 font-medium">#{order.id}</td>
                    <td className="px-4 py-3">{order.customerName}</td>
                    <td className="px-4 py-3">{order.customerPhone}</td>
                    <td className="px-4 py-3">{order.itemCount}</td>
                    <td className="px-4 py-3">
                      {order.items.length === 0
                        ? t("admin.orders.noProducts")
                        : order.items.map((item) => `${item.productName} × ${item.quantity}`).join(", ")}
                      {more > 0 ? ` ${t("admin.orders.moreItems", { count: more })}` : null}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-right">
                      {formatMoney(order.totalPaisa, { signAfter: true })}
                    </td>
                    <td className="px-4 py-3">
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <Link
                        to={href}
                        aria-label={t("admin.orders.viewLabel", { id: order.id })}
                        className="font-medium text-amber-800 underline"
                      >
                        {t("admin.orders.view")}
                      </Link>
                      <OrderDeleteButton
                        id={order.id}
                        back={back}
                        label={t("admin.orders.deleteLabel", { id: order.id })}
                        className="ml-4 font-medium text-red-700 underline"
                      >
                        {t("admin.orders.delete")}
                      </OrderDeleteButton>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={orders.page} pageCount={orders.pageCount} />
    </section>
  );
}
