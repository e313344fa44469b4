import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { getEnv } from "~/config/env.server";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { listCategoryOptions } from "~/models/catalogue/category.server";
import { localText } from "~/rules/variants";
import { requireAdmin } from "~/server/auth/auth.server";
import { absoluteUrl, publicOrigin } from "~/utils/seo";

export const meta = adminTitle("admin.productCsv.exportTitle");

/** GET /admin/products/export: the categories to choose from, and the feeds' addresses. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const origin = publicOrigin(request, getEnv().PUBLIC_URL);
  return {
    categories: await listCategoryOptions(),
    feeds: [absoluteUrl(origin, "/feeds/facebook.csv"), absoluteUrl(origin, "/feeds/google.xml")],
  };
}

/**
 * /admin/products/export: download the catalogue (or one category) as a product CSV (a GET form
 * to /admin/products/export.csv, a plain download with or without JavaScript), and the addresses
 * of the product feeds.
 */
export default function ProductExportPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { categories, feeds } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="export-title" className="max-w-3xl space-y-6">
      <AdminPageHeader
        id="export-title"
        title={t("admin.productCsv.exportTitle")}
        subtitle={t("admin.productCsv.exportSubtitle")}
      />
      <Form
        method="get"
        action="/admin/products/export.csv"
        reloadDocument
        className="flex flex-wrap items-end gap-4 rounded-lg border border-stone-200 bg-white p-5"
      >
        <div>
          <label htmlFor="export-category" className="block font-medium">
            {t("admin.productCsv.category")}
          </label>
          <select
            id="export-category"
            name="category"
            className="mt-1 min-h-11 rounded-md border border-stone-300 bg-white px-3"
          >
            <option value="">{t("admin.productCsv.allCategories")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {localText(category.name, category.nameBn, lang)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-md bg-amber-700 px-4 font-semibold text-white hover:bg-amber-800"
        >
          {t("admin.productCsv.download")}
        </button>
      </Form>
      <section aria-labelledby="feeds-title" className="space-y-2">
        <h2 id="feeds-title" className="text-lg font-semibold">
          {t("admin.productCsv.feeds")}
        </h2>
        <p className="text-sm text-stone-600">{t("admin.productCsv.feedsHint")}</p>
        <ul className="space-y-1">
          {feeds.map((url) => (
            <li key={url}>
              <code className="break-all rounded bg-stone-100 px-2 py-1" translate="no">
                {url}
              </code>
            </li>
          ))}
        </ul>
      </section>
      <Link to="/admin/products" className="inline-flex min-h-11 items-center font-medium text-amber-800 underline">
        {t("admin.productCsv.backToProducts")}
      </Link>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  backTo: "/admin/products",
  backLabel: "admin.productCsv.backToProducts",
});
