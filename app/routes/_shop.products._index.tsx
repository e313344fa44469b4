import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { ProductCard } from "~/components/product-card";
import { SearchBox } from "~/components/search-box";
import { useLocalePath, useT } from "~/hooks/use-t";
import { langFromPath, langOfRequest, translator, type MessageKey, registerMessages } from "~/i18n";
import { listingMessages } from "~/i18n/listing-messages";
import { seoContextFor } from "~/server/http/seo.server";
import { listCategories, type CategoryCard } from "~/models/catalogue/category.server";
import type { Lang } from "~/i18n/lang";
import { localText } from "~/rules/variants";
import { listProducts } from "~/models/catalogue/product-listings.server";
import { absentOrOneOf, noteCatalogueAddress, noteShownProducts } from "~/server/http/page-cache/page-notes.server";
import { parsePage } from "~/rules/pagination";
import { breadcrumbJsonLd, pageTitle, pageUrl, productsCanonicalPath, seoMeta, shareImage } from "~/utils/seo";
import { parseProductSort, PRODUCT_SORTS, type ProductSort } from "~/rules/product-sort";
import { normalizeSearchQuery } from "~/rules/search";
import { skipRevalidationAfterCartChange } from "~/utils/revalidation";

// The listing pages' texts travel with their modules, in both languages (decision 023).
registerMessages("en", listingMessages.en);
registerMessages("bn", listingMessages.bn);

/** Head tags built by the loader (`listingMeta`). */
export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  data?.meta ?? [{ title: translator(langFromPath(location.pathname))("products.title") }];

/** The categories with their names in `lang` (the Bangla name where one is given, else English). */
async function categoriesIn(lang: Lang): Promise<CategoryCard[]> {
  const categories = await listCategories();
  return categories.map((category) => ({ ...category, name: localText(category.name, category.nameBn, lang) }));
}

/**
 * Title and description name the category, search and page; the canonical URL keeps only what
 * changes the list (category, q, page; not sort). Search results are `noindex, follow`. Built on
 * the server so that the builders stay out of the page's JavaScript.
 */
async function listingMeta(
  request: Request,
  {
    activeCategory,
    query,
    products,
  }: {
    activeCategory: CategoryCard | null;
    query: string;
    products: { page: number; total: number };
  },
) {
  const seo = await seoContextFor(request);
  const { t } = seo;
  const category = activeCategory?.name;
  let title = query ? t("seo.searchTitle", { q: query }) : (category ?? t("products.title"));
  if (query && category) title = `${category}: ${title}`;
  if (products.page > 1) title = t("seo.pageNumber", { title, page: products.page });
  const description = query
    ? t("seo.searchDescription", { shop: seo.shopName, q: query })
    : category
      ? t("seo.categoryDescription", { category, shop: seo.shopName, count: products.total })
      : t("seo.productsDescription", { shop: seo.shopName });
  const path = productsCanonicalPath({ category: activeCategory?.id, q: query, page: products.page });
  return seoMeta(seo, {
    title: pageTitle(title, seo),
    description,
    path,
    image: activeCategory?.image ? shareImage(activeCategory.image, seo.origin) : (seo.logo ?? null),
    robots: query ? "noindex, follow" : undefined,
    jsonLd: activeCategory
      ? [
          breadcrumbJsonLd([
            { name: t("seo.home"), url: pageUrl(seo, "/") },
            {
              name: activeCategory.name,
              url: pageUrl(seo, productsCanonicalPath({ category: activeCategory.id })),
            },
          ]),
        ]
      : [],
  });
}

/** See app/utils/revalidation.ts. */
export const shouldRevalidate = skipRevalidationAfterCartChange;

/**
 * Reads ?category (integer id), ?q (name search, normalised by normalizeSearchQuery), ?sort and
 * ?page from the URL; bad values are ignored. A page past the last one (e.g. an old link after
 * products were removed) redirects (302) to the last page with the same filters, so a shopper
 * never lands on an empty page of a non-empty list. Product and category names are in the page's
 * language (Bangla where given, else English); search matches either language's name or a SKU.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const categoryParam = Number(url.searchParams.get("category"));
  const categoryId = Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : null;
  const query = normalizeSearchQuery(url.searchParams.get("q"));
  const sort = parseProductSort(url.searchParams.get("sort"));

  const lang = langOfRequest(request);
  const [categories, products] = await Promise.all([
    categoriesIn(lang),
    listProducts({ categoryId, query: query || null, sort, page: parsePage(url.searchParams), lang }),
  ]);
  if (products.page > products.pageCount) {
    if (products.pageCount > 1) url.searchParams.set("page", String(products.pageCount));
    else url.searchParams.delete("page");
    throw redirect(`${url.pathname}${url.search}`);
  }
  // The page cache drops a listing when any product changes in name, price, category or
  // visibility (its place in a list), or one of these cards changes (decision 051).
  noteShownProducts(context, { cards: products.items.map((product) => product.id), lists: true });
  const activeCategory = categories.find((c) => c.id === categoryId) ?? null;
  // A listing without a search, of a category that exists, in a known order, within range: a page
  // of the catalogue, always kept. A search or a made-up value passes the cache's doorkeeper.
  const { searchParams } = url;
  if (
    !searchParams.has("q") &&
    absentOrOneOf(searchParams, "category", activeCategory ? [String(activeCategory.id)] : []) &&
    absentOrOneOf(searchParams, "sort", [sort]) &&
    absentOrOneOf(searchParams, "page", [String(products.page)])
  )
    noteCatalogueAddress(context);
  const meta = await listingMeta(request, { activeCategory, query, products });
  return { categories, products, activeCategory, query, sort, meta };
}

const SORT_LABELS: Record<ProductSort, MessageKey> = {
  name: "products.sort.name",
  "price-asc": "products.sort.priceAsc",
  "price-desc": "products.sort.priceDesc",
};

/** Builds a /products URL keeping the other parameters (English; the page puts it in its language). */
function productsPath(params: { category?: number | null; q?: string; sort?: ProductSort }) {
  const search = new URLSearchParams();
  if (params.category) search.set("category", String(params.category));
  if (params.q) search.set("q", params.q);
  if (params.sort && params.sort !== "name") search.set("sort", params.sort);
  const qs = search.toString();
  return qs ? `/products?${qs}` : "/products";
}

/**
 * Products: category sidebar (clicking the selected one clears it), search that
 * keeps the category and sort, sort (default by name), grid of 1/2/3 columns, pages of 24 whose
 * links keep the filters, and an empty state with links that clear them. Every control is a link
 * or a GET form, so all of it works without JavaScript; changing the category, the search or the
 * sort starts again at page 1.
 */
export default function ProductsPage() {
  const t = useT();
  const localePath = useLocalePath();
  /** A /products URL in the page's language (`/bn/products…` on a Bangla page). */
  const productsHref = (params: Parameters<typeof productsPath>[0]) => localePath(productsPath(params));
  const { categories, products, activeCategory, query, sort } = useLoaderData<typeof loader>();
  const categoryLinkClass = (selected: boolean) =>
    `flex min-h-11 items-center rounded-md px-3 text-sm ${
      selected ? "bg-amber-700 font-semibold text-white" : "bg-white ring-1 ring-stone-200 hover:bg-amber-50"
    }`;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <aside aria-labelledby="categories-nav">
        <h2 id="categories-nav" className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-600">
          {t("products.categories")}
        </h2>
        <ul className="flex flex-wrap gap-2 md:flex-col">
          <li>
            <Link
              to={productsHref({ q: query, sort })}
              aria-current={activeCategory ? undefined : "page"}
              className={categoryLinkClass(!activeCategory)}
            >
              {t("search.allProducts")}
            </Link>
          </li>
          {categories.map((category) => {
            const selected = category.id === activeCategory?.id;
            return (
              <li key={category.id}>
                <Link
                  to={productsHref({ category: selected ? null : category.id, q: query, sort })}
                  aria-current={selected ? "page" : undefined}
                  className={categoryLinkClass(selected)}
                >
                  {category.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </aside>

      <section aria-labelledby="products-heading">
        <div className="mb-6 flex flex-col gap-4">
          <div>
            <h1 id="products-heading" className="text-2xl font-semibold">
              {activeCategory?.name ?? t("products.title")}
            </h1>
            {query ? <p className="text-stone-600">{t("products.searchResults", { q: query })}</p> : null}
            <p className="text-sm text-stone-600" data-testid="product-count">
              {t("products.count", { count: products.total })}
            </p>
          </div>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <SearchBox
              key={`${query}|${activeCategory?.id ?? ""}|${sort}`}
              id="products-search"
              size="compact"
              defaultValue={query}
              label={activeCategory ? t("search.inCategory", { category: activeCategory.name }) : undefined}
              hiddenFields={{ category: activeCategory?.id, sort: sort === "name" ? null : sort }}
              className="w-full sm:max-w-md"
            />
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
                className="min-h-11 rounded-md border border-stone-300 bg-white px-3 text-sm"
              >
                {PRODUCT_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {t(SORT_LABELS[value])}
                  </option>
                ))}
              </select>
              <noscript>
                <button type="submit" className="min-h-11 rounded-md border border-stone-300 bg-white px-3 text-sm">
                  {t("products.sortApply")}
                </button>
              </noscript>
            </Form>
          </div>
        </div>

        {products.items.length === 0 ? (
          <div
            className="rounded-lg border border-dashed border-stone-300 bg-white p-10 text-center"
            data-testid="empty-state"
          >
            <p className="font-medium">{query ? t("search.emptyFor", { q: query }) : t("products.empty")}</p>
            <p className="mt-1 text-sm text-stone-600">{t("products.emptyHint")}</p>
            <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
              {query && activeCategory ? (
                <>
                  <li>
                    <Link
                      to={productsHref({ category: activeCategory.id, sort })}
                      className="font-medium text-amber-800 underline"
                    >
                      {t("search.clearSearch")}
                    </Link>
                  </li>
                  <li>
                    <Link to={productsHref({ q: query, sort })} className="font-medium text-amber-800 underline">
                      {t("search.clearCategory")}
                    </Link>
                  </li>
                </>
              ) : null}
              <li>
                <Link to={productsHref({ sort })} className="font-medium text-amber-800 underline">
                  {t("products.showAll")}
                </Link>
              </li>
            </ul>
          </div>
        ) : (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {products.items.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                headingLevel={2}
                // A phone shows one card per row: the first picture is the largest thing on its screen.
                imagePriority={index === 0}
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
