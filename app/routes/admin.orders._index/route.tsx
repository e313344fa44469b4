import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { ConfirmDeletePanel, MissingRecordNotice } from "~/components/admin/confirm-delete";
import { orderSummary } from "~/components/admin/order-summary";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/pagination";
import { orderListQuerySchema } from "~/forms/admin-schemas";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { getOrderRiskSignals } from "~/models/orders/order-risk.server";
import { getOrderSummary, listOrdersForAdmin } from "~/models/orders/order-reads.server";
import { parsePage } from "~/rules/pagination";
import { requireAdmin } from "~/server/auth/auth.server";
import { readyCouriers } from "~/server/couriers/hand-off.server";
import { readFormData } from "~/server/form-data.server";
import { parseId } from "~/utils/params";
import { deleteOrderAction } from "./delete-order.server";
import { OrderFilters } from "./order-filters";
import { OrdersTable, useRowClicks } from "./orders-table";
import { SelectionToolbar } from "./selection-toolbar";

export const meta = adminTitle("admin.orders.title");

/**
 * GET /admin/orders?status=&advance=&source=&q=&page=: one page of orders, newest first, filtered by
 * status, the advance's state, the source (website, Facebook, …) and a search text (order id as 123 or #123, phone digits, or part of the customer name). Invalid
 * filter values are ignored rather than refused. With `&delete=<id>` the order to confirm deleting
 * (the confirmation step without JavaScript), and `deleteMissing` when there is no such order.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const isOwner = admin.role === "owner";
  const searchParams = new URL(request.url).searchParams;
  const filters = orderListQuerySchema.parse(Object.fromEntries(searchParams));
  // Only an owner deletes orders (docs/decisions/033-staff-roles.md): no confirmation step for staff.
  const deleteId = isOwner ? parseId(searchParams.get("delete")) : null;
  const [orders, toDelete, couriers] = await Promise.all([
    listOrdersForAdmin(parsePage(searchParams), filters),
    deleteId ? getOrderSummary(deleteId) : null,
    readyCouriers(),
  ]);
  const risks = Object.fromEntries(await getOrderRiskSignals(orders.items));
  const courierReady = couriers.ready.length > 0;
  const deleteMissing = deleteId !== null && !toDelete;
  return { orders, risks, filters, toDelete, deleteMissing, isOwner, courierReady, couriers };
}

/** Deletes an order (delete-order.server.ts), then back to the list as it was with a message. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return deleteOrderAction(request, context, admin, await readFormData(request));
}

/**
 * The orders list: the delete confirmation (the order page's Delete without JavaScript), the
 * filters, the selection's toolbar and the table of orders (orders-table.tsx), a page at a time.
 * With JavaScript a click anywhere on a row opens the order; the View link is the keyboard and
 * no-JavaScript way (on a phone it covers the order's card).
 */
export default function AdminOrdersPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { orders, risks, filters, toDelete, deleteMissing, isOwner, courierReady, couriers } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  const section = useRef<HTMLElement>(null);
  const listParams = new URLSearchParams(location.search);
  listParams.delete("delete");
  const query = listParams.toString();
  const back = query ? `/admin/orders?${query}` : "/admin/orders";
  const filtered = Boolean(filters.status || filters.advance || filters.source || filters.q);

  useRowClicks(section);

  return (
    <section ref={section} aria-labelledby="orders-title">
      <AdminPageHeader
        id="orders-title"
        title={t("admin.orders.title")}
        subtitle={t("admin.orders.subtitle")}
        action={{ to: "/admin/orders/new", label: t("admin.orders.new") }}
        className="mb-6"
      />

      {toDelete ? (
        <ConfirmDeletePanel
          id={toDelete.id}
          action="/admin/orders?index"
          question={t("admin.orders.deleteConfirm")}
          detail={orderSummary(toDelete, t, lang)}
          confirmText={t("admin.orders.deleteButton")}
          cancelText={t("admin.orders.cancel")}
          cancelHref={back}
          hidden={{ back }}
        />
      ) : deleteMissing ? (
        <MissingRecordNotice message={t("admin.order.notFound")} backHref={back} backText={t("admin.order.back")} />
      ) : null}

      <OrderFilters filters={filters} filtered={filtered} />

      {filtered ? (
        <p className="mb-3 text-sm text-stone-600" role="status">
          {t("admin.orders.resultCount", { count: orders.total })}
        </p>
      ) : null}

      {orders.total > 0 ? (
        <SelectionToolbar back={back} isOwner={isOwner} courierReady={courierReady} couriers={couriers} />
      ) : null}

      {orders.total === 0 ? (
        <p
          className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="orders-empty"
        >
          {filtered ? t("admin.orders.noMatch") : t("admin.orders.empty")}
        </p>
      ) : (
        <OrdersTable orders={orders.items} risks={risks} />
      )}
      <Pagination page={orders.page} pageCount={orders.pageCount} />
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backTo: "/admin/orders", backLabel: "admin.order.back" });
