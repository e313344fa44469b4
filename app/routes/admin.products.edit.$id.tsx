import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm, type ProductFormDefaults } from "~/components/admin/product-form";
import { localText, priceRangePaisa } from "~/rules/variants";
import { adminTitle } from "~/components/admin/admin-meta";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { listCategoryOptions } from "~/models/catalogue/category.server";
import { getProductForEdit } from "~/models/catalogue/product-admin.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { saveProductForm } from "~/server/catalogue/catalogue-forms.server";
import { notFound, requireId } from "~/utils/params";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminPageHeader } from "~/components/admin/page-header";
import { CatalogueDangerZone } from "~/components/admin/catalogue-row-actions";
import { ProductStockHistory } from "~/components/admin/product-stock-history";
import { listProductStockMovements } from "~/models/catalogue/stock.server";

export const meta = adminTitle("admin.productForm.editTitle");

/**
 * The product, the categories and the product's newest stock changes, loaded together. A missing
 * product throws 404 and a failure 500: the ErrorBoundary shows 'Product not found' or 'Failed to
 * load data. Please try again.', each with Back to Products.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = requireId(params.id);
  const [product, categories, stockHistory] = await Promise.all([
    getProductForEdit(id),
    listCategoryOptions(),
    listProductStockMovements(id),
  ]);
  if (!product) throw notFound();
  return { product, categories, stockHistory };
}

/**
 * Saves the product (the product form's rules, forms/admin-schemas.ts), then the list with a
 * toast; a refusal re-renders the form.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const result = await saveProductForm(request, requireId(params.id), staffTranslator(user), user);
  if (result.ok) {
    await audit(context, user, result.saved);
    return redirectWithToast(request, result.redirectTo, result.toast);
  }
  return data(result, { status: result.status });
}

/**
 * The product as its form shows it: a product without options with its default variant's SKU,
 * prices and stock; a product with options with its variants' summary (count, the price range a
 * shopper pays from the active ones, or all when none is active, and the active ones' stock).
 */
function formDefaults(product: NonNullable<Awaited<ReturnType<typeof getProductForEdit>>>): ProductFormDefaults {
  const single = product.options.length === 0 ? (product.defaultVariant ?? product.variants[0] ?? null) : null;
  const range = priceRangePaisa(product.variants);
  return {
    ...product,
    sku: single?.sku ?? null,
    pricePaisa: single?.pricePaisa ?? 0,
    discountedPricePaisa: single?.discountedPricePaisa ?? null,
    stockQuantity: single?.stockQuantity ?? 0,
    variants: single
      ? null
      : {
          count: product.variants.length,
          minPricePaisa: range.min,
          maxPricePaisa: range.max,
          totalStock: product.trackStock
            ? product.variants.filter((v) => v.isActive).reduce((sum, v) => sum + v.stockQuantity, 0)
            : null,
        },
  };
}

/** The 'Edit Product' page: the product form filled with the product, its stock history, and Delete apart at the foot. */
export default function EditProductPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { product, categories, stockHistory } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() ?? null;
  return (
    <section aria-labelledby="product-form-title" className="space-y-6">
      <AdminPageHeader
        id="product-form-title"
        title={t("admin.productForm.editTitle")}
        subtitle={t("admin.productForm.editSubtitle")}
      />
      <ProductForm
        key={product.id}
        action={`/admin/products/edit/${product.id}`}
        uploadEndpoint={`/admin/products/upload?id=${product.id}`}
        categories={categories}
        defaults={formDefaults(product)}
        problem={problem && !problem.ok && "values" in problem ? problem : null}
        submitLabel={t("admin.productForm.save")}
      />
      <ProductStockHistory movements={stockHistory.movements} total={stockHistory.total} />
      <CatalogueDangerZone
        list="products"
        id={product.id}
        name={localText(product.name, product.nameBn, lang)}
        hint={t("admin.products.dangerHint")}
      />
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "admin.productForm.notFound",
  failed: "admin.productForm.loadFailed",
  backTo: "/admin/products",
  backLabel: "admin.productForm.back",
});
