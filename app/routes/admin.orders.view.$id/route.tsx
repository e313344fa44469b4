import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { DeleteButton } from "~/components/admin/confirm-delete";
import { isLang } from "~/i18n";
import { adminMetaTranslator } from "~/components/admin/admin-meta";
import { orderSummary } from "~/components/admin/order-summary";
import { OrderInvoice } from "~/components/admin/order-invoice";
import { OrderStatusTimeline } from "~/components/admin/order-status-timeline";
import { getOrderStockMovements } from "~/models/stock.server";
import { getOrderCourierEvents } from "~/models/courier.server";
import { getOrderEdits } from "~/models/order-edit.server";
import { isEditable } from "~/rules/order-edit";
import { getCourierAccountSummary } from "~/server/couriers/account.server";
import { trackingUrl } from "~/server/couriers/hand-off.server";
import { CourierPanel } from "~/components/admin/courier-panel";
import { findBlockedPhone } from "~/models/blocklist.server";
import { PhoneConfirmation } from "~/components/admin/phone-confirmation";
import { OrderNotes, type NoteProblem } from "~/components/admin/order-notes";
import { addOrderNote, listOrderNotes } from "~/models/order-note.server";
import { orderNoteSchema } from "~/forms/admin-schemas";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { useHydrated } from "~/hooks/use-hydrated";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import {
  changeOrderStatus,
  getOrderForAdmin,
  getOrderRiskSignals,
  getOrderStatusHistory,
  setOrderConfirmation,
  type OrderRiskSignals,
} from "~/models/order.server";
import { notFound, requireId } from "~/utils/params";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { getShopSettings, invoiceSeller } from "~/models/settings.server";
import { formatShopDateTime } from "~/i18n/format";
import { buildInvoice } from "~/rules/invoice";
import { formatMoney } from "~/rules/money";
import { orderStatusSchema } from "~/forms/schemas";
import { ORDER_STATUSES, orderStatusLabel } from "~/rules/order-status";
import { redirectWithToast } from "~/server/toast.server";
import { readFormData } from "~/server/form-data.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = adminMetaTranslator(matches);
  return [{ title: data ? t("admin.order.title", { id: data.order.id }) : t("admin.order.notFound") }];
};

/** The order, its status history and its invoice (one view model for the block and invoice.png, in the order's language). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = requireId(params.id);
  const [order, history, stock, notes, courierEvents, courierAccount, edits] = await Promise.all([
    getOrderForAdmin(id),
    getOrderStatusHistory(id),
    getOrderStockMovements(id),
    listOrderNotes(id),
    getOrderCourierEvents(id),
    getCourierAccountSummary(),
    getOrderEdits(id),
  ]);
  if (!order) throw notFound();
  const [signals, blocked] = await Promise.all([getOrderRiskSignals([order]), findBlockedPhone(order.customerPhone)]);
  const risk = signals.get(order.id)!;
  // The invoice goes in the parcel: it is in the language the shopper ordered in.
  const invoiceLang = isLang(order.language) ? order.language : "en";
  const invoice = buildInvoice(order, invoiceSeller(await getShopSettings(), invoiceLang), invoiceLang);
  return {
    isOwner: admin.role === "owner",
    order,
    history,
    stock,
    notes,
    invoice,
    risk,
    blocked: blocked !== null,
    courierEvents,
    edits,
    editable: isEditable(order),
    courierReady: courierAccount.readable,
    trackingUrl: trackingUrl(order.courier, order.trackingCode),
  };
}

/**
 * Changes the order status (any value from any other, spec section 4) and records who changed it
 * from what to what (decision 015), then shows the order again with a message. The same status
 * again changes and records nothing. Cancelling returns the order's stock; reinstating a cancelled
 * order takes it again, or is refused with the products that lack it (docs/decisions/027-stock.md).
 * `intent=confirm` / `intent=unconfirm` marks the order as confirmed with the shopper by phone (who
 * and when), or removes the mark (docs/decisions/028-checkout-limits-and-blocklist.md).
 * `intent=note` adds an internal note (400 with the message and the text kept when it is empty or
 * longer than 1,000 characters).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const id = requireId(params.id);
  const form = await readFormData(request);
  const url = `/admin/orders/view/${id}`;
  const intent = form.get("intent");
  if (intent === "note") {
    const parsed = orderNoteSchema(t).safeParse({ body: form.get("body") ?? "" });
    if (!parsed.success) {
      const problem: NoteProblem = {
        noteError: parsed.error.issues[0]?.message ?? t("admin.notes.required"),
        noteBody: String(form.get("body") ?? ""),
      };
      return data(problem, { status: 400 });
    }
    if (!(await addOrderNote(id, parsed.data.body, admin))) {
      return redirectWithToast(request, "/admin/orders", { kind: "error", message: t("admin.order.notFound") });
    }
    await audit(context, admin, {
      action: "order.note-added",
      subjectType: "order",
      subjectId: id,
      summary: parsed.data.body.slice(0, 120),
    });
    return redirectWithToast(request, url, { kind: "success", message: t("admin.notes.added", { id }) });
  }
  if (intent === "confirm" || intent === "unconfirm") {
    if (!(await setOrderConfirmation(id, intent === "confirm" ? admin : null))) {
      return redirectWithToast(request, "/admin/orders", { kind: "error", message: t("admin.order.notFound") });
    }
    await audit(context, admin, {
      action: intent === "confirm" ? "order.confirmed" : "order.unconfirmed",
      subjectType: "order",
      subjectId: id,
    });
    const message = t(intent === "confirm" ? "admin.confirm.marked" : "admin.confirm.unmarked", { id });
    return redirectWithToast(request, url, { kind: "success", message });
  }
  const parsed = orderStatusSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return redirectWithToast(request, url, { kind: "error", message: t("admin.order.statusFailed") });
  }
  const status = orderStatusLabel(parsed.data.status, t);
  const result = await changeOrderStatus(id, parsed.data.status, admin);
  switch (result.outcome) {
    case "out-of-stock": {
      const items = result.shortages.map((shortage) => t("admin.stock.shortageItem", shortage)).join(", ");
      return redirectWithToast(request, url, { kind: "error", message: t("admin.order.outOfStock", { items }) });
    }
    case "changed":
      await audit(context, admin, {
        action: "order.status-changed",
        subjectType: "order",
        subjectId: id,
        summary: parsed.data.status,
        details: { ...parsed.data },
      });
      return redirectWithToast(request, url, { kind: "success", message: t("admin.order.statusSaved", { status }) });
    case "unchanged":
      return redirectWithToast(request, url, { kind: "info", message: t("admin.order.statusUnchanged", { status }) });
    case "not-found":
      return redirectWithToast(request, "/admin/orders", { kind: "error", message: t("admin.order.notFound") });
    case "conflict":
      return redirectWithToast(request, url, { kind: "error", message: t("admin.order.statusFailed") });
  }
}

/** The order page, spec section 2: customer information, status, items and totals. */
export default function AdminOrderPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const {
    order,
    history,
    stock,
    notes,
    invoice,
    risk,
    blocked,
    courierEvents,
    edits,
    editable,
    courierReady,
    trackingUrl,
    isOwner,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const noteProblem = actionData && "noteError" in actionData ? actionData : null;
  const hydrated = useHydrated();
  const buttonClass =
    "rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50 print:hidden";
  return (
    <article className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("admin.order.title", { id: order.id })}</h1>
          <p className="text-sm text-stone-600">
            <time dateTime={order.createdAt.toISOString()}>{formatShopDateTime(order.createdAt, lang)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Link to="/admin/orders" className={buttonClass}>
            {t("admin.order.back")}
          </Link>
          {editable ? (
            <Link to={`/admin/orders/edit/${order.id}`} className={buttonClass}>
              {t("admin.edit.link")}
            </Link>
          ) : null}
          <a href={`/admin/orders/view/${order.id}/invoice.png`} download="invoice.png" className={buttonClass}>
            {t("invoice.download")}
          </a>
          {hydrated ? (
            <button type="button" onClick={() => window.print()} className={buttonClass}>
              {t("invoice.print")}
            </button>
          ) : null}
          <DeleteButton
            id={order.id}
            label={t("admin.order.delete")}
            text={t("admin.order.delete")}
            className="rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
            confirmHref={`/admin/orders?delete=${order.id}`}
            action="/admin/orders?index"
            question={t("admin.orders.deleteConfirm")}
            detail={orderSummary(order, t, lang)}
            confirmText={t("admin.orders.deleteButton")}
            cancelText={t("admin.orders.cancel")}
            hidden={{ back: "/admin/orders" }}
          />
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <section className="rounded-lg border border-stone-200 bg-white p-5" aria-labelledby="customer-heading">
          <h2 id="customer-heading" className="mb-3 text-lg font-semibold">
            {t("admin.order.customerInfo")}
          </h2>
          <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
            <dt className="text-stone-600">{t("admin.order.name")}</dt>
            <dd>{order.customerName}</dd>
            <dt className="text-stone-600">{t("admin.order.email")}</dt>
            <dd>{order.customerEmail ?? t("admin.order.notGiven")}</dd>
            <dt className="text-stone-600">{t("admin.order.phone")}</dt>
            <dd>
              <a href={`tel:${order.customerPhone}`} className="underline">
                {order.customerPhone}
              </a>
              <PhoneSignals risk={risk} />
            </dd>
            <dt className="text-stone-600">{t("admin.order.address")}</dt>
            <dd className="whitespace-pre-line">{order.customerAddress}</dd>
            {/* Orders placed before checkout asked for them have no area or district. */}
            {order.area ? (
              <>
                <dt className="text-stone-600">{t("admin.order.area")}</dt>
                <dd data-testid="order-area">{order.area}</dd>
              </>
            ) : null}
            {order.district ? (
              <>
                <dt className="text-stone-600">{t("admin.order.district")}</dt>
                <dd data-testid="order-district">{order.district}</dd>
              </>
            ) : null}
            <dt className="text-stone-600">{t("admin.order.shippingMethod")}</dt>
            <dd>{order.shippingMethod}</dd>
          </dl>
        </section>
        <div className="space-y-6">
          <StatusSection orderId={order.id} status={order.status} paymentStatus={order.paymentStatus} />
          <PhoneConfirmation
            orderId={order.id}
            phone={order.customerPhone}
            confirmedAt={order.confirmedAt}
            confirmedByEmail={order.confirmedByEmail}
            blocked={blocked}
            canBlock={isOwner}
          />
          <CourierPanel
            order={order}
            trackingUrl={trackingUrl}
            accountReady={courierReady}
            canManageAccount={isOwner}
          />
        </div>
      </div>

      <section
        className="rounded-lg border border-stone-200 bg-white sm:overflow-x-auto print:hidden"
        aria-labelledby="items-heading"
      >
        <h2 id="items-heading" className="px-5 pt-5 text-lg font-semibold">
          {t("admin.order.items")}
        </h2>
        {/*
          Below 640 px each line item is a card (its name, then "price × quantity = subtotal", which
          says what the hidden price and quantity cells say) and the totals are label–amount rows:
          no sideways scrolling on a phone.
        */}
        <table className="mt-3 w-full text-left text-sm max-sm:block">
          <thead className="bg-stone-50 text-stone-600 max-sm:sr-only">
            <tr>
              <th scope="col" className="px-5 py-2">
                {t("admin.order.product")}
              </th>
              <th scope="col" className="px-5 py-2 text-right">
                {t("admin.order.unitPrice")}
              </th>
              <th scope="col" className="px-5 py-2 text-right">
                {t("admin.order.quantity")}
              </th>
              <th scope="col" className="px-5 py-2 text-right">
                {t("admin.order.subtotal")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100 max-sm:block max-sm:[&>tr]:flex max-sm:[&>tr]:flex-wrap max-sm:[&>tr]:gap-x-3 max-sm:[&>tr]:px-5 max-sm:[&>tr]:py-2 max-sm:[&>tr>td]:p-0 max-sm:[&>tr>td:first-child]:basis-full max-sm:[&>tr>td:nth-child(2)]:hidden max-sm:[&>tr>td:nth-child(3)]:hidden">
            {order.items.map((item) => (
              <tr key={item.id} data-testid="order-item">
                <td className="px-5 py-2">
                  {item.productId ? (
                    <Link to={`/products/${item.productId}`} className="underline">
                      {item.productName}
                    </Link>
                  ) : (
                    <>
                      {item.productName} <span className="text-stone-500">{t("admin.order.deletedProduct")}</span>
                    </>
                  )}
                </td>
                <td className="px-5 py-2 text-right">{formatMoney(item.unitPricePaisa, { lang })}</td>
                <td className="px-5 py-2 text-right">{item.quantity}</td>
                <td className="px-5 py-2 text-right">
                  {formatMoney(item.unitPricePaisa, { lang })} × {item.quantity} ={" "}
                  {formatMoney(item.subtotalPaisa, { lang })}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-stone-200 text-right max-sm:block max-sm:[&>tr]:flex max-sm:[&>tr]:justify-between">
            <TotalRow label={t("admin.order.totalExcl")} paisa={order.subtotalPaisa} testId="total-excl" />
            <TotalRow label={t("admin.order.shippingCharge")} paisa={order.shippingFeePaisa} testId="shipping-charge" />
            <TotalRow label={t("admin.order.totalIncl")} paisa={order.totalPaisa} testId="total-incl" strong />
          </tfoot>
        </table>
      </section>

      <OrderNotes orderId={order.id} notes={notes} problem={noteProblem} />

      <OrderStatusTimeline
        courier={courierEvents}
        edits={edits}
        entries={history.entries}
        stock={stock}
        truncated={history.truncated}
        shown={history.shown}
      />

      <OrderInvoice invoice={invoice} />
    </article>
  );
}

/** A footer row of the items table: a label and an amount in paisa. */
function TotalRow({
  label,
  paisa,
  testId,
  strong,
}: {
  label: string;
  paisa: number;
  testId: string;
  strong?: boolean;
}) {
  const lang = useAdminLang();
  return (
    <tr className={strong ? "text-base" : undefined}>
      <th scope="row" colSpan={3} className={`px-5 py-2 ${strong ? "font-semibold" : "font-medium"}`}>
        {label}
      </th>
      <td className={`px-5 py-2 ${strong ? "font-semibold" : ""}`} data-testid={testId}>
        {formatMoney(paisa, { lang })}
      </td>
    </tr>
  );
}

/**
 * Under the phone number: what this phone has ordered before, and a warning with links when the
 * order looks like a double of another (rules/order-risk.ts). It informs the call; it blocks nothing.
 */
function PhoneSignals({ risk }: { risk: OrderRiskSignals }) {
  const t = useAdminT();
  const { delivered, cancelled, returned, open } = risk.history;
  return (
    <div className="mt-1 space-y-1 text-xs" data-testid="phone-signals">
      <p className="text-stone-600" data-testid="phone-history">
        {delivered + cancelled + returned + open === 0
          ? t("admin.risk.firstOrder")
          : t("admin.risk.history", { delivered, cancelled, returned, open })}
      </p>
      {risk.duplicateOf.length > 0 ? (
        <p
          role="note"
          className="rounded bg-amber-100 px-2 py-1 font-medium text-amber-900"
          data-testid="duplicate-warning"
        >
          {t("admin.risk.duplicateOf")}{" "}
          {risk.duplicateOf.map((id, index) => (
            <span key={id}>
              {index > 0 ? ", " : null}
              <Link to={`/admin/orders/view/${id}`} className="underline">
                {t("admin.risk.orderLink", { id })}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The five-status select. Without JavaScript it is a POST form with a Save button; with it, choosing
 * a status saves at once behind the spec's blocking overlay, and the select is disabled while saving.
 */
function StatusSection({ orderId, status, paymentStatus }: { orderId: number; status: string; paymentStatus: string }) {
  const t = useAdminT();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const saving = fetcher.state !== "idle";
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-5" aria-labelledby="status-heading">
      <h2 id="status-heading" className="mb-3 text-lg font-semibold">
        {t("admin.order.status")}
      </h2>
      <p className="mb-3 text-sm">
        <OrderStatusBadge status={status} />{" "}
        <span className="ml-2 text-stone-600">
          {t("admin.order.paymentStatus")}: {paymentStatus}
        </span>
      </p>
      <fetcher.Form method="post" action={`/admin/orders/view/${orderId}`} className="flex items-center gap-2">
        <label htmlFor="status" className="sr-only">
          {t("admin.order.status")}
        </label>
        <select
          id="status"
          name="status"
          defaultValue={status}
          key={status}
          disabled={saving}
          onChange={(event) => {
            if (hydrated) fetcher.submit(event.currentTarget.form);
          }}
          className="rounded-md border border-stone-300 bg-white px-3 py-2"
        >
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {orderStatusLabel(value, t)}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button
            type="submit"
            className="rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800"
          >
            {t("admin.order.saveStatus")}
          </button>
        )}
      </fetcher.Form>
      {saving ? (
        <div
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="saving-title"
          aria-describedby="saving-body"
          className="fixed inset-0 z-50 flex items-center justify-center bg-stone-900/60"
        >
          <div className="rounded-lg bg-white px-8 py-6 text-center shadow-xl">
            <div
              aria-hidden="true"
              className="mx-auto mb-3 h-8 w-8 animate-spin rounded-full border-4 border-amber-200 border-t-amber-700"
            />
            <p id="saving-title" className="font-semibold">
              {t("admin.order.updating")}
            </p>
            <p id="saving-body" className="text-sm text-stone-600">
              {t("admin.order.pleaseWait")}
            </p>
          </div>
        </div>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "admin.order.notFound",
  failed: "error.generic",
  backTo: "/admin/orders",
  backLabel: "admin.order.back",
});
