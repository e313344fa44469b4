import { Form } from "@remix-run/react";
import { useAdminT } from "~/hooks/use-admin-t";
import { LineLabel } from "./line-label";

/**
 * Adding a product to the order: a GET search (`?q=`) for products, and for each result a small
 * form (`intent=add`) with the quantity to add, for the order's `version`.
 */
export function AddProduct({
  version,
  q,
  results,
}: {
  version: number;
  q: string;
  results: { id: number; name: string; unitPricePaisa: number }[];
}) {
  const t = useAdminT();
  const input = "mt-1 block w-full rounded-md border border-stone-300 px-3 py-2";
  return (
    <section aria-labelledby="add-title" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="add-title" className="text-lg font-semibold">
        {t("admin.edit.addTitle")}
      </h2>
      <p className="text-sm text-stone-600">{t("admin.edit.addHint")}</p>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor="add-q" className="block text-sm font-medium">
            {t("admin.edit.search")}
          </label>
          <input id="add-q" name="q" type="search" maxLength={100} defaultValue={q} className={input} />
        </div>
        <button
          type="submit"
          className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-50"
        >
          {t("admin.edit.searchButton")}
        </button>
      </Form>
      {q && results.length === 0 ? <p className="text-sm text-stone-600">{t("admin.edit.noResults", { q })}</p> : null}
      <ul className="divide-y divide-stone-100">
        {results.map((product) => (
          <li key={product.id} data-testid="add-result">
            <Form method="post" className="flex flex-wrap items-center gap-3 py-2">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="version" value={version} />
              <input type="hidden" name="variantId" value={product.id} />
              <LineLabel
                htmlFor={`add-${product.id}`}
                spoken={t("admin.edit.addQuantity", { name: product.name })}
                name={product.name}
                unitPricePaisa={product.unitPricePaisa}
              />
              <input
                id={`add-${product.id}`}
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={999}
                defaultValue={1}
                className="w-20 rounded-md border border-stone-300 px-2 py-1 text-right"
              />
              <button
                type="submit"
                className="rounded-md border border-stone-300 px-3 py-1 text-sm font-medium hover:bg-stone-50"
              >
                {t("admin.edit.add")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
