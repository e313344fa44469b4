import { Form, Link, useSubmit } from "@remix-run/react";
import { useAdminT } from "~/hooks/use-admin-t";
import { ORDER_STATUSES, orderStatusLabel } from "~/rules/order-status";
import { ADVANCE_STATES } from "~/rules/advance";

/**
 * The list's filters, a GET form: the order status and the advance's state (a change applies either
 * at once with JavaScript) and the search text, with Apply and, while filtered, Clear.
 */
export function OrderFilters({
  filters,
  filtered,
}: {
  filters: { status?: string | null; advance?: string | null; q: string };
  filtered: boolean;
}) {
  const t = useAdminT();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("admin.orders.filtersLabel")}
      className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
      // A new filter starts at page 1: the form has no page field.
      key={`${filters.status ?? ""}|${filters.advance ?? ""}|${filters.q}`}
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
          className="min-h-11 rounded-md border border-stone-300 bg-white px-3 py-2"
        >
          <option value="">{t("admin.orders.allStatuses")}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabel(status, t)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="orders-advance" className="text-sm font-medium">
          {t("admin.advance.filter")}
        </label>
        <select
          id="orders-advance"
          name="advance"
          defaultValue={filters.advance ?? ""}
          onChange={(event) => submit(event.currentTarget.form)}
          className="min-h-11 rounded-md border border-stone-300 bg-white px-3 py-2"
        >
          <option value="">{t("admin.advance.filterAll")}</option>
          {ADVANCE_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`admin.advance.state.${state}`)}
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
          className="min-h-11 rounded-md border border-stone-300 px-3 py-2"
        />
        <p id="orders-q-hint" className="text-xs text-stone-600">
          {t("admin.orders.searchHint")}
        </p>
      </div>
      <div className="flex items-center gap-3 pb-5">
        <button
          type="submit"
          className="min-h-11 rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800"
        >
          {t("admin.orders.apply")}
        </button>
        {filtered ? (
          <Link
            to="/admin/orders"
            className="inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline"
          >
            {t("admin.orders.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
