import { Form, Link, useSubmit } from "@remix-run/react";
import { useAdminT } from "~/hooks/use-admin-t";
import { ORDER_STATUSES, orderStatusLabel } from "~/rules/order-status";
import { ADVANCE_STATES } from "~/rules/advance";
import { sourceLabel } from "~/components/admin/order-summary";
import { ORDER_SOURCES } from "~/rules/order-source";

/**
 * The list's filters, a GET form: the order status, the advance's state and the source (a change
 * applies any of them at once with JavaScript) and the search text, with Apply and, while filtered, Clear.
 */
export function OrderFilters({
  filters,
  filtered,
}: {
  filters: { status?: string | null; advance?: string | null; source?: string | null; q: string };
  filtered: boolean;
}) {
  const t = useAdminT();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("admin.orders.filtersLabel")}
      className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
      // A new filter starts at page 1: the form has no page field.
      key={`${filters.status ?? ""}|${filters.advance ?? ""}|${filters.source ?? ""}|${filters.q}`}
    >
      <FilterSelect
        name="status"
        label={t("admin.orders.filterStatus")}
        value={filters.status}
        options={[
          ["", t("admin.orders.allStatuses")],
          ...ORDER_STATUSES.map((status): [string, string] => [status, orderStatusLabel(status, t)]),
        ]}
      />
      <FilterSelect
        name="advance"
        label={t("admin.advance.filter")}
        value={filters.advance}
        options={[
          ["", t("admin.advance.filterAll")],
          ...ADVANCE_STATES.map((state): [string, string] => [state, t(`admin.advance.state.${state}`)]),
        ]}
      />
      <FilterSelect
        name="source"
        label={t("admin.source.label")}
        value={filters.source}
        options={[
          ["", t("admin.source.all")],
          ...ORDER_SOURCES.map((source): [string, string] => [source, sourceLabel(source, t)]),
        ]}
      />
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

/**
 * One of the list's select filters (`orders-<name>`): its label and options ([value, label], the
 * first one "all"); with JavaScript a change applies the form at once.
 */
function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | null | undefined;
  options: [string, string][];
}) {
  const submit = useSubmit();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`orders-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={`orders-${name}`}
        name={name}
        defaultValue={value ?? ""}
        onChange={(event) => submit(event.currentTarget.form)}
        className="min-h-11 rounded-md border border-stone-300 bg-white px-3 py-2"
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
