import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CategoryForm } from "~/components/admin/category-form";
import { adminTitle } from "~/components/admin/admin-meta";
import { useAdminT } from "~/hooks/use-admin-t";
import { getCategoryForEdit } from "~/models/catalogue/category.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { saveCategoryForm } from "~/server/catalogue/catalogue-forms.server";
import { notFound, requireId } from "~/utils/params";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminPageHeader } from "~/components/admin/page-header";

export const meta = adminTitle("admin.categoryForm.editTitle");

/**
 * The category by numeric id. A missing category throws 404 and a failure 500:
 * the ErrorBoundary shows 'Category not found' or 'Failed to load category. Please try again.',
 * each with 'Back to Categories'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const category = await getCategoryForEdit(requireId(params.id));
  if (!category) throw notFound();
  return { category };
}

/** Saves the name and image (the slug made when it was created stays), then the list with a toast. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const result = await saveCategoryForm(request, requireId(params.id), staffTranslator(user));
  if (result.ok) {
    await audit(context, user, result.saved);
    return redirectWithToast(request, result.redirectTo, result.toast);
  }
  return data(result, { status: result.status });
}

/** The 'Edit Category' page ('Update category information'): the category form filled with the category. */
export default function EditCategoryPage() {
  const t = useAdminT();
  const { category } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() ?? null;
  return (
    <section aria-labelledby="category-form-title" className="space-y-6">
      <AdminPageHeader
        id="category-form-title"
        title={t("admin.categoryForm.editTitle")}
        subtitle={t("admin.categoryForm.editSubtitle")}
      />
      <CategoryForm
        key={category.id}
        action={`/admin/categories/edit/${category.id}`}
        uploadEndpoint={`/admin/categories/upload?id=${category.id}`}
        category={category}
        problem={problem && !problem.ok && "values" in problem ? problem : null}
      />
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "admin.categoryForm.notFound",
  failed: "admin.categoryForm.loadFailed",
  backTo: "/admin/categories",
  backLabel: "admin.categoryForm.back",
});
