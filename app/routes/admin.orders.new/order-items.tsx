import { FieldError } from "~/components/field-error";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { localDigits } from "~/i18n/format";
import { formatMoney } from "~/rules/money";
import type { StaffOrderView } from "./form-state";

const button = "min-h-11 rounded-md border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-50";

/**
 * The items of the staff order form: the search (name or SKU; its results each with an "Add"
 * button, disabled and marked "Out of stock" without stock) and the lines (a quantity each and a
 * "Remove" button). Every button posts the whole form (`intent`), which answers with it again.
 */
export function OrderItems({ view }: { view: StaffOrderView }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const { values, results, lines } = view;
  const stock = (available: number | null) =>
    available === null
      ? null
      : available > 0
        ? t("admin.staffOrder.inStock", { count: localDigits(String(available), lang) })
        : null;
  return (
    <fieldset
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 sm:p-6"
      aria-describedby={view.fieldErrors.lines ? "lines-error" : undefined}
    >
      <legend className="px-1 text-lg font-semibold">{t("admin.staffOrder.items")}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="q" className="block text-sm font-medium">
            {t("admin.staffOrder.search")}
          </label>
          <input
            id="q"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={values.q}
            className="mt-1 block min-h-11 w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </div>
        <button type="submit" name="intent" value="search" className={button}>
          {t("admin.staffOrder.searchButton")}
        </button>
      </div>
      {results !== null && results.length === 0 ? (
        <p className="text-sm text-stone-600" data-testid="staff-order-no-results">
          {t("admin.staffOrder.noResults", { q: values.q })}
        </p>
      ) : null}
      {results && results.length > 0 ? (
        <section aria-labelledby="results-title">
          <h3 id="results-title" className="text-sm font-semibold text-stone-700">
            {t("admin.staffOrder.results")}
          </h3>
          <ul className="divide-y divide-stone-100">
            {results.map((result) => (
              <li key={result.variantId} className="flex items-center gap-3 py-2" data-testid="staff-order-result">
                <div className="min-w-0 flex-1">
                  <p className="font-medium" translate="no">
                    {result.name}
                  </p>
                  <p className="text-sm text-stone-600">
                    {t("admin.staffOrder.price", { price: formatMoney(result.unitPricePaisa, { lang }) })}
                    {result.sku ? <span translate="no"> · {result.sku}</span> : null}
                    {stock(result.available) ? ` · ${stock(result.available)}` : null}
                  </p>
                </div>
                {result.available === 0 ? (
                  <button type="button" disabled className={`${button} text-stone-500`}>
                    {t("admin.staffOrder.outOfStock")}
                  </button>
                ) : (
                  <button
                    type="submit"
                    name="intent"
                    value={`add-${result.variantId}`}
                    aria-label={t("admin.staffOrder.addSpoken", { name: result.name })}
                    className={button}
                  >
                    {t("admin.staffOrder.add")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {lines.length === 0 ? (
        <p className="rounded-md bg-stone-50 px-3 py-4 text-sm text-stone-600" data-testid="staff-order-empty">
          {t("admin.staffOrder.noLines")}
        </p>
      ) : (
        <ul className="divide-y divide-stone-100 border-t border-stone-100">
          {lines.map((line) => (
            <li key={line.variantId} className="flex flex-wrap items-center gap-3 py-3" data-testid="staff-order-line">
              <input type="hidden" name="line" value={line.variantId} />
              <label htmlFor={`quantity-${line.variantId}`} className="min-w-0 flex-1">
                <span className="sr-only">{t("admin.staffOrder.quantity", { name: line.name })}</span>
                <span aria-hidden="true" className="block font-medium" translate="no">
                  {line.name}
                </span>
                <span aria-hidden="true" className="block text-sm text-stone-600">
                  {line.missing
                    ? t("admin.staffOrder.lineMissing")
                    : t("admin.staffOrder.price", { price: formatMoney(line.unitPricePaisa, { lang }) })}
                  {stock(line.available) ? ` · ${stock(line.available)}` : null}
                  {line.available === 0 ? ` · ${t("admin.staffOrder.outOfStock")}` : null}
                </span>
              </label>
              <input
                id={`quantity-${line.variantId}`}
                name={`quantity-${line.variantId}`}
                type="text"
                inputMode="numeric"
                defaultValue={line.quantity}
                size={3}
                className="min-h-11 w-16 rounded-md border border-stone-300 px-2 py-1 text-right"
              />
              <button
                type="submit"
                name="intent"
                value={`remove-${line.variantId}`}
                aria-label={t("admin.staffOrder.removeSpoken", { name: line.name })}
                className={button}
              >
                {t("admin.staffOrder.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id="lines-error" message={view.fieldErrors.lines} />
    </fieldset>
  );
}
