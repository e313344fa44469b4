import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/admin/product-form";
import { adminTitle } from "~/components/admin/admin-meta";
import { useAdminT } from "~/hooks/use-admin-t";
import { listCategoryOptions } from "~/models/catalogue/category.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { saveProductForm } from "~/server/catalogue/catalogue-forms.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { AdminPageHeader } from "~/components/admin/page-header";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { log } from "~/server/log.server";

export const meta = adminTitle("admin.productForm.createTitle");

/** The categories for the select; 'Failed to load categories. Please try again.' when that fails. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    return { categories: await listCategoryOptions(), loadFailed: false };
  } catch (error) {
    log.error({ err: error }, "Loading the categories failed");
    return data({ categories: [], loadFailed: true }, { status: 500 });
  }
}

/**
 * Creates the product (the product form's rules, forms/admin-schemas.ts), then the list with a
 * toast; a refusal re-renders the form.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const result = await saveProductForm(request, null, staffTranslator(user), user);
  if (result.ok) {
    await audit(context, user, result.saved);
    return redirectWithToast(request, result.redirectTo, result.toast);
  }
  return data(result, { status: result.status });
}

/** The 'Add New Product' page: the empty product form. */
export default function CreateProductPage() {
  const t = useAdminT();
  const { categories, loadFailed } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() ?? null;
  return (
    <section aria-labelledby="product-form-title" className="space-y-6">
      <AdminPageHeader
        id="product-form-title"
        title={t("admin.productForm.createTitle")}
        subtitle={t("admin.productForm.createSubtitle")}
      />
      {loadFailed ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          <p>{t("admin.productForm.loadCategoriesFailed")}</p>
          <Link to="/admin/products" className="mt-2 inline-block font-medium underline">
            {t("admin.productForm.back")}
          </Link>
        </div>
      ) : (
        <ProductForm
          action="/admin/products/create"
          uploadEndpoint="/admin/products/upload"
          categories={categories}
          defaults={null}
          problem={problem && !problem.ok ? problem : null}
          submitLabel={t("admin.productForm.create")}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  failed: "admin.productForm.loadFailed",
  backTo: "/admin/products",
  backLabel: "admin.productForm.back",
});
