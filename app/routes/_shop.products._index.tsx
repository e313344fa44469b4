import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { ProductCard } from "~/components/product-card";
import { t } from "~/i18n";
import { listCategories } from "~/models/category.server";
import { listProducts } from "~/models/product.server";
import { parsePage } from "~/utils/pagination";
import { parseProductSort, PRODUCT_SORTS, type ProductSort } from "~/utils/product-sort";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.activeCategory ? `${data.activeCategory.name} | ${t("products.title")}` : t("products.title") },
];

/** Reads ?category (integer id), ?q (name search), ?sort and ?page from the URL; bad values are ignored. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const categoryParam = Number(url.searchParams.get("category"));
  const categoryId = Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : null;
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const sort = parseProductSort(url.searchParams.get("sort"));

  const [categories, products] = await Promise.all([
    listCategories(),
    listProducts({ categoryId, query: query || null, sort, page: parsePage(url.searchParams) }),
  ]);
  const activeCategory = categories.find((c) => c.id === categoryId) ?? null;
  return { categories, products, activeCategory, query, sort };
}

const SORT_LABELS: Record<ProductSort, Parameters<typeof t>[0]> = {
  name: "products.sort.name",
  "price-asc": "products.sort.priceAsc",
  "price-desc": "products.sort.priceDesc",
};

/** Builds a /products URL keeping the other parameters. */
function productsHref(params: { category?: number | null; q?: string; sort?: ProductSort }) {
  const search = new URLSearchParams();
  if (params.category) search.set("category", String(params.category));
  if (params.q) search.set("q", params.q);
  if (params.sort && params.sort !== "name") search.set("sort", params.sort);
  const qs = search.toString();
  return qs ? `/products?${qs}` : "/products";
}

/** Products, spec section 2: category sidebar (clicking the selected one clears it), sort, grid. */
export default function ProductsPage() {
  const { categories, products, activeCategory, query, sort } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <aside aria-labelledby="categories-nav">
        <h2 id="categories-nav" className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-600">
          {t("products.categories")}
        </h2>
        <ul className="flex flex-wrap gap-2 md:flex-col">
          {categories.map((category) => {
            const selected = category.id === activeCategory?.id;
            return (
              <li key={category.id}>
                <Link
                  to={productsHref({ category: selected ? null : category.id, q: query, sort })}
                  aria-current={selected ? "page" : undefined}
                  className={`block rounded-md px-3 py-2 text-sm ${
                    selected
                      ? "bg-amber-700 font-semibold text-white"
                      : "bg-white ring-1 ring-stone-200 hover:bg-amber-50"
                  }`}
                >
                  {category.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </aside>

      <section aria-labelledby="products-heading">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 id="products-heading" className="text-2xl font-semibold">
              {activeCategory?.name ?? t("products.title")}
            </h1>
            {query ? <p className="text-stone-600">{t("products.searchResults", { q: query })}</p> : null}
            <p className="text-sm text-stone-600" data-testid="product-count">
              {t("products.count", { count: products.total })}
            </p>
          </div>
          <Form method="get" className="flex items-center gap-2">
            {activeCategory ? <input type="hidden" name="category" value={activeCategory.id} /> : null}
            {query ? <input type="hidden" name="q" value={query} /> : null}
            <label htmlFor="sort" className="sr-only">
              {t("products.sortLabel")}
            </label>
            <select
              id="sort"
              name="sort"
              defaultValue={sort}
              key={sort}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
            >
              {PRODUCT_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(SORT_LABELS[value])}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm">
                {t("products.sortApply")}
              </button>
            </noscript>
          </Form>
        </div>

        {products.items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-stone-300 bg-white p-10 text-center">
            <p className="font-medium">{t("products.empty")}</p>
            <p className="mt-1 text-sm text-stone-600">{t("products.emptyHint")}</p>
            <Link to="/products" className="mt-4 inline-block font-medium text-amber-800 underline">
              {t("products.showAll")}
            </Link>
          </div>
        ) : (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {products.items.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                sizes="(min-width: 1024px) 22vw, (min-width: 640px) 45vw, 100vw"
              />
            ))}
          </div>
        )}
        <Pagination page={products.page} pageCount={products.pageCount} />
      </section>
    </div>
  );
}
