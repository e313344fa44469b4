import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/admin/product-form";
import { t } from "~/i18n/admin";
import { listCategoryOptions } from "~/models/category.server";
import { getProductForEdit } from "~/models/product.server";
import { requireAdmin } from "~/server/auth.server";
import { parseId, saveProductForm } from "~/services/catalogue-forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { AdminLoadProblem } from "~/components/admin/load-problem";
import { AdminPageHeader } from "~/components/admin/page-header";

export const meta: MetaFunction = () => [{ title: t("admin.productForm.editTitle") }];

/**
 * The product and the categories, loaded together (spec section 2): 404 'Product not found', or
 * 500 'Failed to load data. Please try again.', each with Back to Products.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  if (id === null) return data({ state: "not-found" as const }, { status: 404 });
  try {
    const [product, categories] = await Promise.all([getProductForEdit(id), listCategoryOptions()]);
    if (!product) return data({ state: "not-found" as const }, { status: 404 });
    return { state: "ok" as const, product, categories };
  } catch (error) {
    console.error("Loading the product failed", error);
    return data({ state: "failed" as const }, { status: 500 });
  }
}

/** Saves the product (spec section 5), then the list with a toast; a refusal re-renders the form. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  if (id === null) return data({ ok: false as const, status: 404 }, { status: 404 });
  const result = await saveProductForm(request, id);
  if (result.ok) return redirectWithToast(request, result.redirectTo, result.toast);
  return data(result, { status: result.status });
}

/** 'Edit Product' (spec section 2). */
export default function EditProductPage() {
  const loaded = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() ?? null;
  if (loaded.state !== "ok") {
    return (
      <AdminLoadProblem
        title={loaded.state === "not-found" ? t("admin.productForm.notFound") : t("admin.productForm.loadFailed")}
        backTo="/admin/products"
        backLabel={t("admin.productForm.back")}
      />
    );
  }
  const { product, categories } = loaded;
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
        uploadEndpoint={`/admin/products/save?id=${product.id}`}
        categories={categories}
        defaults={product}
        problem={problem && !problem.ok && "values" in problem ? problem : null}
        submitLabel={t("admin.productForm.save")}
      />
    </section>
  );
}
