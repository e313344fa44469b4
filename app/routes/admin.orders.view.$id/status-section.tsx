import { Form, Link, useFetcher, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { paymentStatusLabel } from "~/components/admin/order-summary";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatInteger } from "~/i18n/format";
import { useHydrated } from "~/hooks/use-hydrated";
import { ORDER_STATUSES, orderStatusLabel } from "~/rules/order-status";
import { localText } from "~/rules/variants";
import { courierName } from "./order-status-timeline";

/** The order page's query parameter that shows the confirmation step before cancelling. */
export const CONFIRM_PARAM = "confirm-status";

/** What the cancel confirmation says about the order: its lines (stock returned) and its parcel. */
type CancelFacts = {
  id: number;
  items: { id: number; productName: string; productNameBn: string; quantity: number }[];
  courier: string | null;
  consignmentId: string | null;
};

/**
 * The five-status select. Choosing a status that moves no stock saves at once (with JavaScript,
 * behind a blocking "please wait" overlay, the select disabled; without it, with the Save button).
 * Choosing "cancelled" (it returns the order's stock) first asks: with JavaScript a dialog (the
 * focus on "Keep the current status", so Enter changes nothing), without
 * it the server's answer is this page with the same question in place of the form
 * (`?confirm-status=cancelled`); only its Confirm button sends `confirm=yes`, which the server
 * requires. After a change that moves no stock, its author gets an Undo button (`undo`).
 */
export function StatusSection({
  order,
  undo,
}: {
  order: CancelFacts & { status: string; paymentStatus: string };
  undo: { from: string; to: string } | null;
}) {
  const t = useAdminT();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const saving = fetcher.state !== "idle";
  const { status } = order;
  const asking = params.get(CONFIRM_PARAM) === "cancelled" && status !== "cancelled";
  // A dialog left open when the page comes back (the change saved or refused) closes.
  useEffect(() => {
    if (!saving) dialogRef.current?.close();
  }, [saving, status]);
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-5" aria-labelledby="status-heading">
      <h2 id="status-heading" className="mb-3 text-lg font-semibold">
        {t("admin.order.status")}
      </h2>
      <p className="mb-3 text-sm">
        <OrderStatusBadge status={status} />{" "}
        <span className="ml-2 text-stone-600" data-testid="payment-status">
          {t("admin.order.paymentStatus")}: {paymentStatusLabel(order.paymentStatus, t)}
        </span>
      </p>
      {asking ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4" data-testid="cancel-confirm">
          <CancelQuestion order={order} keep={<KeepLink orderId={order.id} />} />
        </div>
      ) : (
        <fetcher.Form method="post" action={`/admin/orders/view/${order.id}`} className="flex items-center gap-2">
          <label htmlFor="status" className="sr-only">
            {t("admin.order.status")}
          </label>
          <select
            ref={selectRef}
            id="status"
            name="status"
            defaultValue={status}
            key={status}
            disabled={saving}
            onChange={(event) => {
              if (!hydrated) return;
              if (event.currentTarget.value === "cancelled") {
                dialogRef.current?.showModal();
                // The safe answer has the focus (showModal gives it to the first button, Cancel the order), so Enter keeps.
                keepRef.current?.focus();
              } else fetcher.submit(event.currentTarget.form);
            }}
            className="min-h-11 rounded-md border border-stone-300 bg-white px-3 py-2"
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
              className="min-h-11 rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800"
            >
              {t("admin.order.saveStatus")}
            </button>
          )}
        </fetcher.Form>
      )}
      {undo && !asking ? (
        <Form
          method="post"
          action={`/admin/orders/view/${order.id}`}
          className="mt-3 text-sm"
          data-testid="status-undo"
        >
          <input type="hidden" name="intent" value="undo-status" />
          <input type="hidden" name="from" value={undo.from} />
          <input type="hidden" name="to" value={undo.to} />
          <span className="text-stone-600">
            {t("admin.order.changedFrom", { from: orderStatusLabel(undo.from, t), to: orderStatusLabel(undo.to, t) })}
          </span>{" "}
          <button
            type="submit"
            aria-label={t("admin.order.undoLabel", { status: orderStatusLabel(undo.from, t) })}
            className="min-h-11 font-medium text-amber-800 underline"
          >
            {t("admin.order.undo")}
          </button>
        </Form>
      ) : null}
      {hydrated ? (
        <dialog
          ref={dialogRef}
          aria-labelledby="cancel-title"
          // Escape or Keep: the select goes back to the order's status, nothing is sent.
          onClose={() => {
            if (selectRef.current && !saving) selectRef.current.value = status;
          }}
          className="m-auto max-w-md rounded-lg p-6 shadow-xl backdrop:bg-black/40"
        >
          <CancelQuestion
            order={order}
            submit={(form) => fetcher.submit(form)}
            keep={
              <button
                ref={keepRef}
                type="button"
                onClick={() => dialogRef.current?.close()}
                className="min-h-11 rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium"
              >
                {t("admin.order.keepStatus")}
              </button>
            }
          />
        </dialog>
      ) : null}
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

/** "Keep the current status" without JavaScript: back to the order page, nothing sent. */
function KeepLink({ orderId }: { orderId: number }) {
  const t = useAdminT();
  return (
    <Link
      to={`/admin/orders/view/${orderId}`}
      className="inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium"
    >
      {t("admin.order.keepStatus")}
    </Link>
  );
}

/**
 * What cancelling `order` does (its stock returns, the courier is not told) and the form that does
 * it (`status=cancelled`, `confirm=yes`); `keep` is the way out. `submit`, with JavaScript, sends
 * the form through the status fetcher (its overlay) instead of navigating.
 */
function CancelQuestion({
  order,
  keep,
  submit,
}: {
  order: CancelFacts;
  keep: ReactNode;
  submit?: (form: HTMLFormElement) => void;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const items = order.items
    .map((item) => `${localText(item.productName, item.productNameBn, lang)} × ${formatInteger(item.quantity, lang)}`)
    .join(", ");
  return (
    <Form
      method="post"
      action={`/admin/orders/view/${order.id}`}
      onSubmit={
        submit
          ? (event) => {
              event.preventDefault();
              submit(event.currentTarget);
            }
          : undefined
      }
      className="space-y-2 text-sm"
    >
      <h3 id="cancel-title" className="text-base font-semibold">
        {t("admin.order.cancelTitle", { id: order.id })}
      </h3>
      {items ? <p>{t("admin.order.cancelStock", { items })}</p> : null}
      {order.consignmentId ? (
        <p>
          {t("admin.order.cancelCourier", {
            courier: courierName(order.courier ?? "steadfast"),
            consignment: order.consignmentId,
          })}
        </p>
      ) : null}
      <p className="text-stone-600">{t("admin.order.cancelLater")}</p>
      <input type="hidden" name="status" value="cancelled" />
      <input type="hidden" name="confirm" value="yes" />
      <div className="flex flex-wrap gap-3 pt-2">
        <button
          type="submit"
          className="min-h-11 rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800"
        >
          {t("admin.order.cancelConfirm")}
        </button>
        {keep}
      </div>
    </Form>
  );
}
