import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { CsvUploadForm } from "~/components/admin/csv-upload-form";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
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
  return (
    <section aria-labelledby="import-title" className="max-w-3xl space-y-6">
      <AdminPageHeader
        id="import-title"
        title={t("admin.productCsv.importTitle")}
        subtitle={t("admin.productCsv.importSubtitle")}
      />
      <CsvUploadForm
        fileId="import-file"
        fileLabel={t("admin.productCsv.fileLabel")}
        fileHint={t("admin.productCsv.fileHint", { mb: formatInteger(MAX_MB, lang) })}
        errorId="import-error"
        error={failure?.error}
        formAction="/admin/products/import?index"
        submit={{ label: t("admin.productCsv.check"), pending: t("admin.productCsv.checking") }}
        back={{ to: "/admin/products", label: t("admin.productCsv.backToProducts") }}
      >
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
      </CsvUploadForm>
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
