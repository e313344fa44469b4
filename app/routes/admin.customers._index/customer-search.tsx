import { Form, Link } from "@remix-run/react";
import { useAdminT } from "~/hooks/use-admin-t";
import { CUSTOMER_SORTS, type CustomerQuery, type CustomerSort } from "~/rules/customers";

/**
 * `path` with the list's query (`q`, and `sort` unless it is the default), so that the CSV, the
 * sort links and the pages keep what staff chose.
 */
export function customersUrl(path: string, query: CustomerQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.sort !== "last-order") params.set("sort", query.sort);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The search, a GET form: the text (a phone in any form, part of one, or part of a name), the
 * current sort kept in a hidden field, Search and, while searching, Clear. A new search starts at
 * page 1 (the form has no page field).
 */
export function CustomerSearch({ q, sort }: { q: string; sort: CustomerSort }) {
  const t = useAdminT();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("admin.customers.filtersLabel")}
      className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
      key={q}
    >
      {sort !== "last-order" ? <input type="hidden" name="sort" value={sort} /> : null}
      <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
        <label htmlFor="customers-q" className="text-sm font-medium">
          {t("admin.customers.search")}
        </label>
        <input
          id="customers-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          aria-describedby="customers-q-hint"
          className="min-h-11 rounded-md border border-stone-300 px-3 py-2"
        />
        <p id="customers-q-hint" className="text-xs text-stone-600">
          {t("admin.customers.searchHint")}
        </p>
      </div>
      <div className="flex items-center gap-3 pb-5">
        <button
          type="submit"
          className="min-h-11 rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800"
        >
          {t("admin.customers.apply")}
        </button>
        {q ? (
          <Link
            to={customersUrl("/admin/customers", { q: "", sort })}
            className="inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline"
          >
            {t("admin.customers.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** The sorts as links (the search kept, back to page 1); the current one marked `aria-current`. */
export function CustomerSortLinks({ query }: { query: CustomerQuery }) {
  const t = useAdminT();
  return (
    <nav aria-labelledby="customers-sort-label" className="mb-3 flex flex-wrap items-center gap-2 text-sm">
      <span id="customers-sort-label" className="text-stone-600">
        {t("admin.customers.sortLabel")}
      </span>
      {CUSTOMER_SORTS.map((sort) => (
        <Link
          key={sort}
          to={customersUrl("/admin/customers", { ...query, sort })}
          aria-current={sort === query.sort ? "true" : undefined}
          className={`inline-flex min-h-11 items-center rounded-md border px-3 font-medium ${
            sort === query.sort
              ? "border-amber-700 bg-amber-700 text-white"
              : "border-stone-300 bg-white text-stone-900 hover:bg-stone-50"
          }`}
          data-testid={`customers-sort-${sort}`}
        >
          {t(`admin.customers.sort.${sort}`)}
        </Link>
      ))}
    </nav>
  );
}
