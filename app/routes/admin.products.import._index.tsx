import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import type { AdminTranslate } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";
import { formatShopDateTime } from "~/i18n/format-date";
import { formatInteger } from "~/i18n/format";
import { MAX_CSV_BYTES } from "~/rules/product-csv";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin } from "~/server/auth/auth.server";
import {
  acceptImportFile,
  listRecentImports,
  readImportUpload,
  type FileProblem,
} from "~/server/catalogue/import/product-import.server";

export const meta = adminTitle("admin.productCsv.importTitle");

const MAX_MB = MAX_CSV_BYTES / (1024 * 1024);

/** GET /admin/products/import: the upload form and the latest imports. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { recent: await listRecentImports() };
}

/** The message for a file that cannot be read, in the staff member's language (`lang`, its digits too). */
function fileProblemMessage(problem: FileProblem, t: AdminTranslate, lang: Lang): string {
  switch (problem.code) {
    case "tooBig":
      return t("admin.productCsv.file.tooBig", { mb: formatInteger(MAX_MB, lang) });
    case "malformed":
      return t("admin.productCsv.file.malformed", { row: formatInteger(problem.row, lang) });
    case "tooManyRows":
      return t("admin.productCsv.file.tooManyRows", { max: formatInteger(problem.max, lang) });
    case "unknownFormat":
      return t("admin.productCsv.file.unknownFormat", { headings: problem.headings.slice(0, 30).join(", ") });
    default:
      return t(`admin.productCsv.file.${problem.code}`);
  }
}

/**
 * POST: reads the uploaded file (multipart, field `file`). A file that can be read is kept and its
 * dry run shown (/admin/products/import/N, with `?hideNew=1` when the checkbox `hideNew` keeps new
 * products hidden); otherwise the form again with why, 400.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const lang = staffLanguage(admin);
  let upload;
  try {
    upload = await readImportUpload(request);
  } catch {
    return data({ error: t("admin.productCsv.noFile") }, { status: 400 });
  }
  if (!upload || upload.size === 0) {
    return data({ error: t(upload ? "admin.productCsv.file.empty" : "admin.productCsv.noFile") }, { status: 400 });
  }
  const accepted = await acceptImportFile(admin, upload);
  if (!accepted.ok) return data({ error: fileProblemMessage(accepted.problem, t, lang) }, { status: 400 });
  return redirect(`/admin/products/import/${accepted.importId}${upload.hideNew ? "?hideNew=1" : ""}`);
}

/** /admin/products/import: choose a product CSV; the dry run follows. */
export default function ProductImportPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { recent } = useLoaderData<typeof loader>();
  const failure = useActionData<{ error: string }>();
  const pending = usePending({ formAction: "/admin/products/import?index" });
  return (
    <section aria-labelledby="import-title" className="max-w-3xl space-y-6">
      <AdminPageHeader
        id="import-title"
        title={t("admin.productCsv.importTitle")}
        subtitle={t("admin.productCsv.importSubtitle")}
      />
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-4 rounded-lg border border-stone-200 bg-white p-5"
        aria-describedby={failure ? "import-error" : undefined}
      >
        <div>
          <label htmlFor="import-file" className="block font-medium">
            {t("admin.productCsv.fileLabel")}
          </label>
          <p id="import-file-hint" className="text-sm text-stone-600">
            {t("admin.productCsv.fileHint", { mb: formatInteger(MAX_MB, lang) })}
          </p>
          <input
            id="import-file"
            name="file"
            type="file"
            required
            accept=".csv,text/csv"
            aria-describedby="import-file-hint"
            aria-invalid={failure ? true : undefined}
            className="mt-2 block min-h-11 w-full text-sm"
          />
        </div>
        <div>
          <label className="flex min-h-11 items-center gap-2 font-medium">
            <input
              type="checkbox"
              name="hideNew"
              aria-describedby="import-hide-new-hint"
              className="h-5 w-5"
              data-testid="import-hide-new"
            />
            {t("admin.productCsv.hideNew")}
          </label>
          <p id="import-hide-new-hint" className="text-sm text-stone-600">
            {t("admin.productCsv.hideNewHint")}
          </p>
        </div>
        {failure ? (
          <p id="import-error" role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure.error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={pending} pendingLabel={t("admin.productCsv.checking")} className="min-h-11">
            {t("admin.productCsv.check")}
          </SubmitButton>
          <Link
            to="/admin/products"
            className="inline-flex min-h-11 items-center text-sm font-medium text-amber-800 underline"
          >
            {t("admin.productCsv.backToProducts")}
          </Link>
        </div>
      </Form>
      <section aria-labelledby="recent-imports">
        <h2 id="recent-imports" className="text-lg font-semibold">
          {t("admin.productCsv.recent")}
        </h2>
        {recent.length === 0 ? (
          <p className="text-stone-600">{t("admin.productCsv.recentEmpty")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white">
            {recent.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                <Link
                  to={`/admin/products/import/${entry.id}`}
                  className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
                >
                  <span translate="no">{entry.fileName}</span>
                </Link>
                <span className="text-sm text-stone-600">
                  {t(`admin.productCsv.status.${entry.status as "preview"}`)}
                  {entry.outcome
                    ? ` · ${t("admin.productCsv.done", {
                        created: formatInteger(entry.outcome.created, lang),
                        updated: formatInteger(entry.outcome.updated, lang),
                        unchanged: formatInteger(entry.outcome.unchanged, lang),
                      })}`
                    : ""}
                  {" · "}
                  {formatShopDateTime(new Date(entry.createdAt), lang)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  backTo: "/admin/products",
  backLabel: "admin.productCsv.backToProducts",
});
