import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CategoryForm } from "~/components/admin/category-form";
import { t } from "~/i18n/admin";
import { getCategoryForEdit } from "~/models/category.server";
import { requireAdmin } from "~/server/auth.server";
import { parseId, saveCategoryForm } from "~/services/catalogue-forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { AdminLoadProblem } from "~/components/admin/load-problem";
import { AdminPageHeader } from "~/components/admin/page-header";

export const meta: MetaFunction = () => [{ title: t("admin.categoryForm.editTitle") }];

/**
 * The category by numeric id (spec section 2): 404 'Category not found', or 500 'Failed to load
 * category. Please try again.', each with 'Back to Categories'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  if (id === null) return data({ state: "not-found" as const }, { status: 404 });
  try {
    const category = await getCategoryForEdit(id);
    if (!category) return data({ state: "not-found" as const }, { status: 404 });
    return { state: "ok" as const, category };
  } catch (error) {
    console.error("Loading the category failed", error);
    return data({ state: "failed" as const }, { status: 500 });
  }
}

/** Saves the name and image (the slug stays, spec section 5), then the list with a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  if (id === null) return data({ ok: false as const, status: 404 }, { status: 404 });
  const result = await saveCategoryForm(request, id);
  if (result.ok) return redirectWithToast(request, result.redirectTo, result.toast);
  return data(result, { status: result.status });
}

/** 'Edit Category' / 'Update category information' (spec section 2). */
export default function EditCategoryPage() {
  const loaded = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() ?? null;
  if (loaded.state !== "ok") {
    return (
      <AdminLoadProblem
        title={loaded.state === "not-found" ? t("admin.categoryForm.notFound") : t("admin.categoryForm.loadFailed")}
        backTo="/admin/categories"
        backLabel={t("admin.categoryForm.back")}
      />
    );
  }
  const { category } = loaded;
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
        uploadEndpoint={`/admin/categories/save?id=${category.id}`}
        category={category}
        problem={problem && !problem.ok && "values" in problem ? problem : null}
      />
    </section>
  );
}
