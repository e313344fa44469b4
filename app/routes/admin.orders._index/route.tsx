import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ConfirmDeletePanel, DeleteButton, MissingRecordNotice } from "~/components/admin/confirm-delete";
import { orderSummary } from "~/components/admin/order-summary";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { Pagination } from "~/components/pagination";
import { adminTitle } from "~/components/admin/admin-meta";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import {
  deleteOrder,
  getOrderRiskSignals,
  getOrderSummary,
  listOrdersForAdmin,
  type OrderRiskSignals,
} from "~/models/order.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { clientAddressOf } from "~/server/audit.server";
import { requireAdmin, safeRedirect } from "~/server/auth/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import { parseId } from "~/utils/params";
import { parsePage } from "~/rules/pagination";
import { formatMoney } from "~/rules/money";
import { deleteSchema, orderListQuerySchema } from "~/forms/admin-schemas";
import { ORDER_STATUSES, orderStatusLabel } from "~/rules/order-status";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { readFormData } from "~/server/form-data.server";
import { formatShopDateTime } from "~/i18n/format";
import { deliveryStateLabel } from "~/rules/delivery-state";
import { useHydrated } from "~/hooks/use-hydrated";
import { log } from "~/server/log.server";

export const meta = adminTitle("admin.orders.title");

/**
 * GET /admin/orders?status=&q=&page=: one page of orders, newest first, filtered by status and a
 * search text (order id as 123 or #123, phone digits, or part of the customer name). Invalid
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
  const [orders, toDelete] = await Promise.all([
    listOrdersForAdmin(parsePage(searchParams), filters),
    deleteId ? getOrderSummary(deleteId) : null,
  ]);
  const risks = Object.fromEntries(await getOrderRiskSignals(orders.items));
  return { orders, risks, filters, toDelete, deleteMissing: deleteId !== null && !toDelete, isOwner };
}

/**
 * The list's short form of the fake-order signals (rules/order-risk.ts) under the phone: the phone's
 * delivered and cancelled orders before, or "New phone", and a badge for a likely duplicate.
 */
function PhoneSignalsBrief({ risk }: { risk: OrderRiskSignals | undefined }) {
  const t = useAdminT();
  if (!risk) return null;
  const { delivered, cancelled, returned, open } = risk.history;
  return (
    <span className="mt-0.5 block text-xs text-stone-600" data-testid="phone-signals">
      {delivered + cancelled + returned + open === 0
        ? t("admin.risk.listNew")
        : t("admin.risk.listHistory", { delivered, cancelled, returned })}
      {risk.duplicateOf.length > 0 ? (
        <span
          className="ml-1 inline-block rounded bg-amber-100 px-1.5 font-medium text-amber-900"
          data-testid="duplicate-badge"
        >
          {t("admin.risk.listDuplicate")}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Under the status: "Confirmed" once staff confirmed the order by phone; "Not confirmed" for an
 * open order (pending or processing) that still needs the call; nothing for the others.
 */
function ConfirmationBrief({ status, confirmed }: { status: string; confirmed: boolean }) {
  const t = useAdminT();
  if (confirmed) {
    return (
      <span className="mt-1 block text-xs font-medium text-green-800" data-testid="confirmed-badge">
        {t("admin.confirm.badge")}
      </span>
    );
  }
  if (status !== "pending" && status !== "processing") return null;
  return (
    <span className="mt-1 block text-xs text-stone-600" data-testid="unconfirmed-badge">
      {t("admin.confirm.badgeNone")}
    </span>
  );
}

/**
 * What to do with the ticked orders (docs/decisions/029-courier-hand-off.md): send them to the
 * courier, or export them as a CSV file for a courier's portal; and read the couriers' statuses
 * again. The rows' checkboxes belong to this form through their `form` attribute, so it works
 * without JavaScript; with it, a "select all" box ticks the page's rows.
 */
function SelectionToolbar({ back, isOwner }: { back: string; isOwner: boolean }) {
  const t = useAdminT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formAction === "/admin/orders/courier"
      ? navigation.formData?.get("intent")
      : null;
  const button =
    "rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:bg-stone-50 disabled:opacity-60";
  return (
    <Form
      id="order-selection"
      method="post"
      action="/admin/orders/courier"
      aria-label={t("admin.courier.toolbarLabel")}
      className="mb-3 flex flex-wrap items-center gap-2"
    >
      <input type="hidden" name="back" value={back} />
      {hydrated ? (
        <label className="mr-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5"
            data-testid="select-all"
            onChange={(event) => {
              const ticked = event.currentTarget.checked;
              document
                .querySelectorAll<HTMLInputElement>('input[name="order"][form="order-selection"]')
                .forEach((box) => (box.checked = ticked));
            }}
          />
          {t("admin.courier.selectAll")}
        </label>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="send"
        disabled={busy === "send"}
        className="rounded-md bg-amber-700 px-3 py-2 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-60"
      >
        {busy === "send" ? t("admin.courier.sending") : t("admin.courier.sendSelected", { courier: "Steadfast" })}
      </button>
      <button type="submit" formAction="/admin/orders/export" formMethod="get" className={button}>
        {t("admin.courier.exportSelected")}
      </button>
      <button type="submit" name="intent" value="refresh" disabled={busy === "refresh"} className={button}>
        {busy === "refresh" ? t("admin.courier.refreshing") : t("admin.courier.refreshAll")}
      </button>
      {/* The courier keys are the owner's (docs/decisions/033-staff-roles.md). */}
      {isOwner ? (
        <Link to="/admin/courier" className="ml-auto text-sm font-medium text-amber-800 underline">
          {t("admin.courier.title")}
        </Link>
      ) : null}
    </Form>
  );
}

/** Where to go after deleting: a local /admin/orders list URL (filters and page kept), else the list. */
function backToList(back: FormDataEntryValue | null): string {
  const path = safeRedirect(typeof back === "string" ? back : null, "/admin/orders");
  return /^\/admin\/orders\/?(\?|$)/.test(path) ? path : "/admin/orders";
}

/**
 * Deletes an order (POST only, after the confirmation; owners only, staff get a message): its line
 * items and the order in one transaction (spec section 7), then `back` (the list as it was) with a
 * message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const back = backToList(form.get("back"));
  const parsed = deleteSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return redirectWithToast(request, back, { kind: "error", message: t("admin.orders.deleteFailed") });
  }
  const { id } = parsed.data;
  if (admin.role !== "owner") {
    return redirectWithToast(request, back, { kind: "error", message: t("admin.orders.deleteOwnerOnly") });
  }
  try {
    if (!(await deleteOrder(id, admin, clientAddressOf(context)))) {
      return redirectWithToast(request, back, { kind: "error", message: t("admin.orders.deleteMissing", { id }) });
    }
  } catch (error) {
    log.error({ err: error }, "Deleting an order failed");
    return redirectWithToast(request, back, { kind: "error", message: t("admin.orders.deleteFailed") });
  }
  return redirectWithToast(request, back, { kind: "success", message: t("admin.orders.deleted", { id }) });
}

/**
 * The orders list, spec section 2: #id, customer name, phone, quantity, products ('name × quantity',
 * comma-joined, or 'No products'), amount followed by ৳, status, View and Delete. With JavaScript a
 * click anywhere on a row opens the order; the View link is the keyboard and no-JavaScript way.
 */
export default function AdminOrdersPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { orders, risks, filters, toDelete, deleteMissing, isOwner } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const section = useRef<HTMLElement>(null);
  const listParams = new URLSearchParams(location.search);
  listParams.delete("delete");
  const query = listParams.toString();
  const back = query ? `/admin/orders?${query}` : "/admin/orders";
  const confirmHref = (id: number) => {
    const params = new URLSearchParams(listParams);
    params.set("delete", String(id));
    return `/admin/orders?${params}`;
  };
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
                {orderStatusLabel(status, t)}
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

      {orders.total > 0 ? <SelectionToolbar back={back} isOwner={isOwner} /> : null}

      {orders.total === 0 ? (
        <p
          className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="orders-empty"
        >
          {filtered ? t("admin.orders.noMatch") : t("admin.orders.empty")}
        </p>
      ) : (
        <AdminTable
          columns={[
            { label: t("admin.orders.id") },
            { label: t("admin.orders.customer") },
            { label: t("admin.orders.phone") },
            { label: t("admin.orders.quantity") },
            { label: t("admin.orders.products") },
            { label: t("admin.orders.amount"), align: "right" },
            { label: t("admin.orders.status") },
            { label: t("admin.orders.actions") },
          ]}
        >
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
                <td className="px-4 py-3 font-medium">
                  {/* Ticks belong to the selection form above the table (the `form` attribute). */}
                  <input
                    type="checkbox"
                    name="order"
                    value={order.id}
                    form="order-selection"
                    aria-label={t("admin.courier.selectOrder", { id: order.id })}
                    className="mr-2 h-5 w-5 align-middle"
                    data-testid="order-select"
                  />
                  #{order.id}
                  <time
                    dateTime={order.createdAt.toISOString()}
                    className="block text-xs font-normal whitespace-nowrap text-stone-600"
                  >
                    {formatShopDateTime(order.createdAt, lang)}
                  </time>
                </td>
                <td className="px-4 py-3">
                  {order.customerName}
                  {order.district ? <span className="block text-xs text-stone-600">{order.district}</span> : null}
                </td>
                <td className="px-4 py-3">
                  {/* A tap on a phone calls the shopper to confirm the order. */}
                  <a href={`tel:${order.customerPhone}`} className="block whitespace-nowrap underline">
                    {order.customerPhone}
                  </a>
                  <PhoneSignalsBrief risk={risks[order.id]} />
                </td>
                <td className="px-4 py-3" data-label={t("admin.orders.quantity")}>
                  {order.itemCount}
                </td>
                <td className="px-4 py-3" data-wide="">
                  {order.items.length === 0
                    ? t("admin.orders.noProducts")
                    : order.items.map((item) => `${item.productName} × ${item.quantity}`).join(", ")}
                  {more > 0 ? ` ${t("admin.orders.moreItems", { count: more })}` : null}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right">
                  {formatMoney(order.totalPaisa, { signAfter: true, lang })}
                </td>
                <td className="px-4 py-3">
                  <OrderStatusBadge status={order.status} />
                  <ConfirmationBrief status={order.status} confirmed={order.confirmedAt !== null} />
                  {order.deliveryState ? (
                    <span className="mt-1 block text-xs text-sky-800" data-testid="delivery-badge">
                      {t("admin.courier.listState", { state: deliveryStateLabel(order.deliveryState, t) })}
                    </span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-4 py-3" data-wide="">
                  <Link
                    to={href}
                    aria-label={t("admin.orders.viewLabel", { id: order.id })}
                    className="font-medium text-amber-800 underline"
                  >
                    {t("admin.orders.view")}
                  </Link>
                  {isOwner ? (
                    <DeleteButton
                      id={order.id}
                      label={t("admin.orders.deleteLabel", { id: order.id })}
                      text={t("admin.orders.delete")}
                      className="ml-4 font-medium text-red-700 underline"
                      confirmHref={confirmHref(order.id)}
                      action="/admin/orders?index"
                      question={t("admin.orders.deleteConfirm")}
                      detail={orderSummary(order, t, lang)}
                      confirmText={t("admin.orders.deleteButton")}
                      cancelText={t("admin.orders.cancel")}
                      hidden={{ back }}
                    />
                  ) : null}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <Pagination page={orders.page} pageCount={orders.pageCount} />
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "error.notFoundTitle",
  failed: "error.generic",
  backTo: "/admin/orders",
  backLabel: "admin.order.back",
});
