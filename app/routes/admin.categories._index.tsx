import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { catalogueListUrl, CatalogueListPage, namedFor } from "~/components/admin/catalogue-list";
import { ResponsiveImage } from "~/components/responsive-image";
import { adminTitle } from "~/components/admin/admin-meta";
import { useAdminT } from "~/hooks/use-admin-t";
import { deleteCategoryIfEmpty, getCategoryForEdit, listCategoriesForAdmin } from "~/models/catalogue/category.server";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { parseId } from "~/utils/params";
import { parsePage } from "~/rules/pagination";
import { deleteSchema } from "~/forms/admin-schemas";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { removeImageFiles } from "~/server/media/uploads.server";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { readFormData } from "~/server/form-data.server";
import { log } from "~/server/log.server";

export const meta = adminTitle("admin.categories.title");

/** One page of categories, and with `?delete=<id>` the category to confirm deleting (no-JavaScript step). */
export async function loader({ request }: LoaderFunctionArgs) {
  const lang = staffLanguage(await requireAdmin(request));
  const params = new URL(request.url).searchParams;
  const deleteId = parseId(params.get("delete"));
  const [categories, toDelete] = await Promise.all([
    listCategoriesForAdmin(parsePage(params)),
    deleteId ? getCategoryForEdit(deleteId) : null,
  ]);
  return {
    categories: { ...categories, items: categories.items.map((category) => namedFor(category, lang)) },
    toDelete: toDelete ? { id: toDelete.id, name: namedFor(toDelete, lang).name } : null,
    deleteMissing: deleteId !== null && !toDelete,
  };
}

/**
 * Deletes a category (POST only, after the confirmation). A category that still has products is
 * not deleted: the toast names how many (decision 014).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const parsed = deleteSchema.safeParse(Object.fromEntries(form));
  const page = parsePage(new URLSearchParams({ page: String(form.get("page") ?? "") }));
  const back = catalogueListUrl("categories", { page });
  if (!parsed.success) return redirectWithToast(request, back, { kind: "error", message: t("error.generic") });
  try {
    const before = await getCategoryForEdit(parsed.data.id);
    const result = await deleteCategoryIfEmpty(parsed.data.id);
    switch (result.status) {
      case "missing":
        return redirectWithToast(request, back, { kind: "error", message: t("admin.categoryForm.notFound") });
      case "blocked":
        return redirectWithToast(request, back, {
          kind: "error",
          message: t("admin.categories.deleteBlocked", { name: result.name, count: result.productCount }),
        });
      case "deleted":
        await removeImageFiles(result.removedKeys);
        await audit(context, admin, {
          action: "category.deleted",
          subjectType: "category",
          subjectId: parsed.data.id,
          summary: result.name,
          details: { category: before },
        });
        return redirectWithToast(request, back, {
          kind: "success",
          message: t("admin.categories.deleted", { name: result.name }),
        });
    }
  } catch (error) {
    log.error({ err: error }, "Deleting a category failed");
    return redirectWithToast(request, back, { kind: "error", message: t("error.generic") });
  }
}

/** /admin/categories: Name (the Bangla one under it, then the product count), Slug, Image (a thumbnail or 'No image'), Edit, Delete. */
export default function AdminCategoriesPage() {
  const t = useAdminT();
  const { categories, toDelete, deleteMissing } = useLoaderData<typeof loader>();
  return (
    <CatalogueListPage
      list="categories"
      addLabel={t("admin.categories.add")}
      toDelete={toDelete}
      deleteMissing={deleteMissing}
      page={categories.page}
      pageCount={categories.pageCount}
      empty={categories.total > 0 ? null : t("admin.categories.empty")}
      columns={[
        { label: t("admin.categories.name") },
        { label: t("admin.categories.slug") },
        { label: t("admin.categories.image") },
      ]}
      items={categories.items}
      rowTestId="category-row"
      cells={(category) => (
        <>
          <td className="px-4 py-3 font-medium">
            <span translate="no">{category.name}</span>
            {category.nameBn ? (
              <span className="block font-normal" lang="bn" translate="no" data-testid="category-name-bn">
                {category.nameBn}
              </span>
            ) : null}
            <span className="block text-xs font-normal text-stone-600">
              {t("admin.categories.productCount", { count: category.productCount })}
            </span>
          </td>
          <td className="px-4 py-3 font-mono text-xs" translate="no">
            {category.slug}
          </td>
          <td className="px-4 py-3">
            {category.image ? (
              <ResponsiveImage image={category.image} sizes="64px" className="h-12 w-12 rounded object-cover" />
            ) : (
              <span className="text-stone-600">{t("admin.categories.noImage")}</span>
            )}
          </td>
        </>
      )}
    />
  );
}

export const ErrorBoundary = adminErrorBoundary({ backTo: "/admin/categories", backLabel: "admin.categoryForm.back" });
