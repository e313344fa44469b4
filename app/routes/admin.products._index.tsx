import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { catalogueListUrl, CatalogueListPage, namedFor } from "~/components/admin/catalogue-list";
import { adminTitle } from "~/components/admin/admin-meta";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { deleteProductWithImages } from "~/models/catalogue/product-writes.server";
import { getProductForEdit, getProductName, listProductsForAdmin } from "~/models/catalogue/product-admin.server";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { parseId } from "~/utils/params";
import { formatMoney } from "~/rules/money";
import { parsePage } from "~/rules/pagination";
import { deleteSchema } from "~/forms/admin-schemas";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { removeImageFiles } from "~/server/media/uploads.server";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { readFormData } from "~/server/form-data.server";
import { getShopSettings } from "~/models/settings.server";
import { availableQuantity, stockLevel, type StockFields } from "~/rules/stock";
import { formatInteger } from "~/i18n/format";
import { log } from "~/server/log.server";

export const meta = adminTitle("admin.products.title");

/** The search text of `?q=` (trimmed, at most 100 characters), or null. */
function searchQuery(params: URLSearchParams): string | null {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  return q === "" ? null : q;
}

/**
 * One page of products, optionally searched by name or SKU (`?q=`), and with `?delete=<id>` the product
 * to confirm deleting (the confirmation step without JavaScript).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const lang = staffLanguage(await requireAdmin(request));
  const params = new URL(request.url).searchParams;
  const q = searchQuery(params);
  const page = parsePage(params);
  const deleteId = parseId(params.get("delete"));
  const [products, toDelete, settings] = await Promise.all([
    listProductsForAdmin(page, q),
    deleteId ? getProductName(deleteId) : null,
    getShopSettings(),
  ]);
  return {
    // Named in the staff member's language, and their categories too.
    products: {
      ...products,
      items: products.items.map((product) => ({
        ...namedFor(product, lang),
        category: product.category ? namedFor(product.category, lang) : null,
      })),
    },
    q,
    toDelete: toDelete ? { id: toDelete.id, name: namedFor(toDelete, lang).name } : null,
    deleteMissing: deleteId !== null && !toDelete,
    lowStockThreshold: settings.lowStockThreshold,
  };
}

/**
 * Deletes a product (POST only, after the confirmation), then the list with a toast. Orders keep
 * their line items; images nothing else uses are removed with their files.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const parsed = deleteSchema.safeParse(Object.fromEntries(form));
  const q = searchQuery(new URLSearchParams({ q: String(form.get("q") ?? "") }));
  const page = parsePage(new URLSearchParams({ page: String(form.get("page") ?? "") }));
  const back = catalogueListUrl("products", { q, page });
  if (!parsed.success) {
    return redirectWithToast(request, back, { kind: "error", message: t("admin.products.deleteFailed") });
  }
  try {
    // What the product was, for the audit trail.
    const before = await getProductForEdit(parsed.data.id);
    const deleted = await deleteProductWithImages(parsed.data.id);
    if (!deleted) {
      return redirectWithToast(request, back, { kind: "error", message: t("admin.productForm.notFound") });
    }
    await removeImageFiles(deleted.removedKeys);
    await audit(context, admin, {
      action: "product.deleted",
      subjectType: "product",
      subjectId: parsed.data.id,
      summary: deleted.name,
      details: { product: before },
    });
    return redirectWithToast(request, back, {
      kind: "success",
      message: t("admin.products.deleted", { name: deleted.name }),
    });
  } catch (error) {
    log.error({ err: error }, "Deleting a product failed");
    return redirectWithToast(request, back, { kind: "error", message: t("admin.products.deleteFailed") });
  }
}

/**
 * The admin product list: Name (a "Hidden" badge beside a product the shop does not show; the
 * Bangla name under it, or for a staff member reading Bangla that name alone), Price with ৳ (and
 * the variant count when several), Category, Featured, Stock, Edit; search; pages. Delete is on the
 * product's edit page; its confirmation step without JavaScript (`?delete=<id>`) and the deleting
 * POST are this list's.
 */
export default function AdminProductsPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { products, q, toDelete, deleteMissing, lowStockThreshold } = useLoaderData<typeof loader>();
  return (
    <CatalogueListPage
      list="products"
      addLabel={t("admin.products.addProduct")}
      toDelete={toDelete}
      deleteMissing={deleteMissing}
      q={q ?? ""}
      page={products.page}
      pageCount={products.pageCount}
      search={
        <>
          <CatalogueFileLinks />
          <ProductSearch q={q} />
        </>
      }
      empty={products.total > 0 ? null : q ? t("admin.products.noMatch", { q }) : t("admin.products.empty")}
      columns={[
        { label: t("admin.products.name") },
        { label: t("admin.products.price") },
        { label: t("admin.products.category") },
        { label: t("admin.products.featured") },
        { label: t("admin.products.stock") },
      ]}
      items={products.items}
      rowTestId="product-row"
      rowDelete={false}
      cells={(product) => (
        <>
          <td className="px-4 py-3 font-medium">
            <span translate="no">{product.name}</span>
            {product.isPublished ? null : (
              <span
                className="ml-2 inline-block rounded bg-stone-200 px-1.5 text-xs font-semibold text-stone-800"
                data-testid="product-hidden"
              >
                {t("admin.products.hidden")}
              </span>
            )}
            {product.nameBn ? (
              <span className="block font-normal" lang="bn" translate="no" data-testid="product-name-bn">
                {product.nameBn}
              </span>
            ) : null}
          </td>
          <td className="px-4 py-3">
            {product.single ? (
              <>
                {formatMoney(product.single.pricePaisa, { lang })}
                {product.single.discountedPricePaisa !== null ? (
                  <span className="ml-2 text-red-700">
                    {formatMoney(product.single.discountedPricePaisa, { lang })}
                  </span>
                ) : null}
              </>
            ) : product.minPricePaisa === product.maxPricePaisa ? (
              formatMoney(product.minPricePaisa, { lang })
            ) : (
              `${formatMoney(product.minPricePaisa, { lang })} – ${formatMoney(product.maxPricePaisa, { lang })}`
            )}
            {product.variantCount > 1 ? (
              <span className="block text-xs text-stone-600" data-testid="product-variant-count">
                {t("admin.products.variantCount", { count: product.variantCount })}
              </span>
            ) : null}
          </td>
          <td className="px-4 py-3">{product.category?.name ?? t("admin.products.noCategory")}</td>
          <td className="px-4 py-3">
            {t(product.isFeatured ? "admin.products.isFeatured" : "admin.products.notFeatured")}
          </td>
          <td className="whitespace-nowrap px-4 py-3" data-testid="product-stock">
            <StockCell
              stock={{ trackStock: product.trackStock, stockQuantity: product.totalStock ?? 0 }}
              lowStockThreshold={lowStockThreshold}
            />
          </td>
        </>
      )}
    />
  );
}

/** The ways to move the catalogue in and out as a file: import a product CSV, export one. */
function CatalogueFileLinks() {
  const t = useAdminT();
  return (
    <nav aria-label={t("admin.productCsv.fileLinks")} className="mb-2 flex gap-4">
      <Link
        to="/admin/products/import"
        className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
      >
        {t("admin.productCsv.importLink")}
      </Link>
      <Link
        to="/admin/products/export"
        className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
      >
        {t("admin.productCsv.exportLink")}
      </Link>
    </nav>
  );
}

/** The search by name or SKU (GET `?q=`), with a way back to the whole list while searching. */
function ProductSearch({ q }: { q: string | null }) {
  const t = useAdminT();
  return (
    <Form method="get" action="/admin/products" role="search" className="mb-4">
      <div className="flex gap-2">
        <label htmlFor="admin-product-search" className="sr-only">
          {t("admin.products.searchLabel")}
        </label>
        <input
          id="admin-product-search"
          type="search"
          name="q"
          defaultValue={q ?? ""}
          maxLength={100}
          placeholder={t("admin.products.searchPlaceholder")}
          aria-describedby="admin-product-search-hint"
          className="min-h-11 w-full max-w-sm rounded-md border border-stone-300 bg-white px-3"
        />
        <button type="submit" className="min-h-11 rounded-md border border-stone-300 bg-white px-4 font-medium">
          {t("admin.products.searchButton")}
        </button>
        {q ? (
          <Link to="/admin/products" className="inline-flex min-h-11 shrink-0 items-center text-sm underline">
            {t("admin.products.clearSearch")}
          </Link>
        ) : null}
      </div>
      <p id="admin-product-search-hint" className="mt-1 text-xs text-stone-600">
        {t("admin.products.searchHint")}
      </p>
    </Form>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backTo: "/admin/products", backLabel: "admin.productForm.back" });

/** The Stock cell: "Not tracked", the units on hand (marked when low), or "Out of stock". */
function StockCell({ stock: product, lowStockThreshold }: { stock: StockFields; lowStockThreshold: number }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const level = stockLevel(availableQuantity(product), lowStockThreshold);
  if (level === "untracked") return <span className="text-stone-500">{t("admin.products.notTracked")}</span>;
  if (level === "out") return <span className="font-semibold text-red-700">{t("admin.products.outOfStock")}</span>;
  if (level === "low")
    return (
      <span className="font-semibold text-amber-800">
        {t("admin.products.lowStock", { count: product.stockQuantity })}
      </span>
    );
  return <span>{formatInteger(product.stockQuantity, lang)}</span>;
}
