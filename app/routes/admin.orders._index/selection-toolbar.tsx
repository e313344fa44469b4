import { Form, Link } from "@remix-run/react";
import { useAdminT } from "~/hooks/use-admin-t";
import { useHydrated } from "~/hooks/use-hydrated";
import { usePending } from "~/hooks/use-pending";
import { courierDisplayName } from "~/rules/courier-names";

/**
 * What to do with the ticked orders (docs/decisions/029-courier-hand-off.md): send them to the
 * courier, or export them as a CSV file for a courier's portal; and read the couriers' statuses
 * again. The rows' checkboxes belong to this form through their `form` attribute, so it works
 * without JavaScript; with it, a "select all" box ticks the page's rows. Until the shop has a
 * courier account it can use (`courierReady`), there is no Send button: an owner gets a link to set
 * one up in Courier, other staff a line saying the owner does (the server refuses a send anyway).
 * With two couriers ready (Steadfast and Pathao), a choice of courier comes before Send, the
 * shop's default first; Pathao takes the places remembered for each order's area and refuses an
 * order without them (its zone is chosen on the order's page).
 */
export function SelectionToolbar({
  back,
  isOwner,
  courierReady,
  couriers,
}: {
  back: string;
  isOwner: boolean;
  courierReady: boolean;
  /** The couriers ready to take parcels and the default one. */
  couriers: { ready: string[]; defaultCourier: string | null };
}) {
  const t = useAdminT();
  const hydrated = useHydrated();
  const sending = usePending({ formAction: "/admin/orders/courier", intent: "send", state: "submitting" });
  const refreshing = usePending({ formAction: "/admin/orders/courier", intent: "refresh", state: "submitting" });
  const button =
    "min-h-11 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:bg-stone-50 disabled:opacity-60";
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
        <label className="mr-2 flex min-h-11 items-center gap-2 text-sm">
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
      {courierReady && couriers.ready.length > 1 ? (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          {t("admin.pathao.courierLabel")}
          <select
            name="courier"
            defaultValue={couriers.defaultCourier ?? undefined}
            className="min-h-11 rounded-md border border-stone-300 bg-white px-2 py-2 text-sm"
            data-testid="courier-choice"
          >
            {couriers.ready.map((courier) => (
              <option key={courier} value={courier}>
                {courierDisplayName(courier)}
              </option>
            ))}
          </select>
        </label>
      ) : courierReady && couriers.defaultCourier ? (
        <input type="hidden" name="courier" value={couriers.defaultCourier} />
      ) : null}
      {courierReady ? (
        <button
          type="submit"
          name="intent"
          value="send"
          disabled={sending}
          className="min-h-11 rounded-md bg-amber-700 px-3 py-2 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-60"
        >
          {sending
            ? t("admin.courier.sending")
            : couriers.ready.length > 1
              ? t("admin.pathao.sendTicked")
              : t("admin.courier.sendSelected", { courier: courierDisplayName(couriers.defaultCourier) })}
        </button>
      ) : isOwner ? (
        <Link
          to="/admin/courier"
          className="inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline"
          data-testid="courier-set-up"
        >
          {t("admin.courier.setUp")}
        </Link>
      ) : (
        <span className="text-sm text-stone-600" data-testid="courier-set-up">
          {t("admin.courier.setUpByOwner")}
        </span>
      )}
      <button type="submit" formAction="/admin/orders/export" formMethod="get" className={button}>
        {t("admin.courier.exportSelected")}
      </button>
      <button type="submit" name="intent" value="refresh" disabled={refreshing} className={button}>
        {refreshing ? t("admin.courier.refreshing") : t("admin.courier.refreshAll")}
      </button>
      {/* The courier keys are the owner's (docs/decisions/033-staff-roles.md). */}
      {isOwner && courierReady ? (
        <Link
          to="/admin/courier"
          className="ml-auto inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline"
        >
          {t("admin.courier.title")}
        </Link>
      ) : null}
    </Form>
  );
}
