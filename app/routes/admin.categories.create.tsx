import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CategoryForm } from "~/components/admin/category-form";
import { adminTitle } from "~/components/admin/admin-meta";
import { useAdminT } from "~/hooks/use-admin-t";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { saveCategoryForm } from "~/server/catalogue/catalogue-forms.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { AdminPageHeader } from "~/components/admin/page-header";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";

export const meta = adminTitle("admin.categoryForm.createTitle");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

/** Creates the category (its slug made from the name), then the list with a toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const result = await saveCategoryForm(request, null, staffTranslator(user));
  if (result.ok) {
    await audit(context, user, result.saved);
    return redirectWithToast(request, result.redirectTo, result.toast);
  }
  return data(result, { status: result.status });
}

/** The 'Add New Category' page: the empty category form. */
export default function CreateCategoryPage() {
  const t = useAdminT();
  const problem = useActionData<typeof action>() ?? null;
  return (
    <section aria-labelledby="category-form-title" className="space-y-6">
      <AdminPageHeader
        id="category-form-title"
        title={t("admin.categoryForm.createTitle")}
        subtitle={t("admin.categoryForm.createSubtitle")}
      />
      <CategoryForm
        action="/admin/categories/create"
        uploadEndpoint="/admin/categories/upload"
        category={null}
        problem={problem && !problem.ok ? problem : null}
      />
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backTo: "/admin/categories", backLabel: "admin.categoryForm.back" });
