import { useFetcher } from "@remix-run/react";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { useAdminT } from "~/hooks/use-admin-t";
import { useHydrated } from "~/hooks/use-hydrated";
import { ORDER_STATUSES, orderStatusLabel } from "~/rules/order-status";

/**
 * The five-status select. Without JavaScript it is a POST form with a Save button; with it, choosing
 * a status saves at once behind a blocking overlay (a modal "please wait" dialog over the page),
 * and the select is disabled while saving.
 */
export function StatusSection({
  orderId,
  status,
  paymentStatus,
}: {
  orderId: number;
  status: string;
  paymentStatus: string;
}) {
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
