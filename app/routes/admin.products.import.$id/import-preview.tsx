import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { useRefreshWhile } from "~/hooks/use-refresh-while";
import { formatShopDateTime } from "~/i18n/format-date";
import { formatInteger } from "~/i18n/format";
import type { RowProblem } from "~/rules/product-csv";
import type { ImportPreview } from "~/server/catalogue/import/product-import.server";

/** Splits `text` around the marker `column` was replaced with, so the file's column name can be marked as not to translate. */
function withColumn(text: string, column: string | null) {
  const [before, after] = text.split(COLUMN_MARK);
  if (after === undefined || column === null) return text;
  return (
    <>
      {before}
      <span translate="no" className="font-mono text-[0.95em]">
        {column}
      </span>
      {after}
    </>
  );
}

const COLUMN_MARK = "\u0000";

/** One problem's message in the staff member's language, the file's column name kept as written. */
function ProblemMessage({ problem }: { problem: RowProblem }) {
  const t = useAdminT();
  const text = t(`admin.productCsv.code.${problem.code}`, {
    column: COLUMN_MARK,
    value: problem.value ?? "",
  });
  return <>{withColumn(text, problem.column)}</>;
}

/**
 * The dry run: counts of what would be created, updated, left unchanged and skipped, new
 * categories, every problem by row (errors that skip a product, notes), the products by name, and
 * whether new products are kept hidden (chosen on the upload form; a link changes it), and the
 * confirmation (or a way to discard the file).
 */
export function ImportPreviewSection({
  id,
  preview,
  checkedAt,
  checking,
  interrupted,
  hideNew,
}: {
  id: number;
  /** The stored dry run; null while the file's first check is under way. */
  preview: ImportPreview | null;
  /** When it was worked out (ISO 8601). */
  checkedAt: string | null;
  checking: boolean;
  interrupted: boolean;
  hideNew: boolean;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const refresh = useRefreshWhile(checking && !interrupted);
  const page = `/admin/products/import/${id}`;
  const status = interrupted ? (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800" data-testid="import-check-interrupted">
      {t("admin.productCsv.checkInterrupted")}
    </p>
  ) : checking ? (
    <p className="font-medium" data-testid="import-checking">
      {t(preview ? "admin.productCsv.checkingAgain" : "admin.productCsv.checkingFile")}
    </p>
  ) : checkedAt ? (
    <p className="text-sm text-stone-600" data-testid="import-checked-at">
      {t("admin.productCsv.checkedAt", { time: formatShopDateTime(new Date(checkedAt), lang) })}
    </p>
  ) : null;
  const actions = (
    <Form method="post" action={page} className="flex flex-wrap items-center gap-4">
      {hideNew ? <input type="hidden" name="hideNew" value="on" /> : null}
      {interrupted || !checking ? (
        <SubmitButton pending={false} look="secondary" name="intent" value="recheck" className="min-h-11">
          {t("admin.productCsv.checkAgain")}
        </SubmitButton>
      ) : null}
      <SubmitButton pending={false} look="secondary" name="intent" value="discard" className="min-h-11">
        {t("admin.productCsv.discard")}
      </SubmitButton>
    </Form>
  );
  return (
    <div className="space-y-6">
      {refresh}
      <div aria-live="polite">{status}</div>
      {preview ? <PreviewDetails id={id} preview={preview} hideNew={hideNew} canImport={!checking} /> : null}
      {actions}
    </div>
  );
}

/** The dry run's counts, problems and products, and the confirmation (`canImport`: not while it is being checked again). */
function PreviewDetails({
  id,
  preview,
  hideNew,
  canImport,
}: {
  id: number;
  preview: ImportPreview;
  hideNew: boolean;
  canImport: boolean;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const pending = usePending({ intent: "import" });
  const toWrite = preview.counts.create + preview.counts.update;
  const count = (value: number) => formatInteger(value, lang);
  const total = preview.counts.create + preview.counts.update + preview.counts.unchanged;
  return (
    <>
      <ul className="flex flex-wrap gap-3" data-testid="import-counts">
        {(["create", "update", "unchanged", "skipped"] as const).map((kind) => (
          <li
            key={kind}
            data-testid={`import-count-${kind}`}
            className={`rounded-md border px-3 py-2 font-medium ${
              kind === "skipped" && preview.counts.skipped > 0
                ? "border-red-300 bg-red-50 text-red-800"
                : "border-stone-200 bg-white"
            }`}
          >
            {t(`admin.productCsv.count.${kind}`, { count: count(preview.counts[kind]) })}
          </li>
        ))}
      </ul>
      {preview.newCategories.length > 0 ? (
        <p>
          {t("admin.productCsv.newCategories", { names: "" })}
          <span translate="no">{preview.newCategories.join(", ")}</span>
        </p>
      ) : null}
      {preview.imageCount > 0 ? (
        <p>{t("admin.productCsv.imagesToFetch", { count: count(preview.imageCount) })}</p>
      ) : null}

      {preview.problemCount > 0 ? (
        <section aria-labelledby="import-problems" className="space-y-2">
          <h2 id="import-problems" className="text-lg font-semibold">
            {t("admin.productCsv.problems")}
          </h2>
          <p className="text-sm text-stone-600">{t("admin.productCsv.problemsHint")}</p>
          {preview.problemCount > preview.problems.length ? (
            <p className="text-sm font-medium">
              {t("admin.productCsv.problemsMore", {
                shown: count(preview.problems.length),
                total: count(preview.problemCount),
              })}
            </p>
          ) : null}
          <ul
            className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white"
            data-testid="import-problems"
          >
            {preview.problems.map((problem, index) => (
              <li key={index} className="flex flex-wrap gap-x-3 px-4 py-2" data-testid="import-problem">
                <span
                  className={`rounded px-1.5 text-xs font-semibold leading-6 ${
                    problem.severity === "error" ? "bg-red-100 text-red-800" : "bg-stone-200 text-stone-800"
                  }`}
                >
                  {t(`admin.productCsv.severity.${problem.severity}`)}
                </span>
                <span className="font-medium">{t("admin.productCsv.rowNumber", { row: count(problem.row) })}:</span>
                <span>
                  <ProblemMessage problem={problem} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {preview.planned.length > 0 ? (
        <section aria-labelledby="import-products" className="space-y-2">
          <h2 id="import-products" className="text-lg font-semibold">
            {t("admin.productCsv.products")}
          </h2>
          {total > preview.planned.length ? (
            <p className="text-sm text-stone-600">
              {t("admin.productCsv.productsMore", { shown: count(preview.planned.length), total: count(total) })}
            </p>
          ) : null}
          <ul
            className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white"
            data-testid="import-products"
          >
            {preview.planned.map((entry) => (
              <li key={`${entry.row}-${entry.handle}`} className="flex flex-wrap items-center gap-x-3 px-4 py-2">
                <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold leading-6 text-amber-900">
                  {t(`admin.productCsv.action.${entry.action}`)}
                </span>
                {entry.productId !== null ? (
                  <Link
                    to={`/admin/products/edit/${entry.productId}`}
                    className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
                  >
                    <span translate="no">{entry.name}</span>
                  </Link>
                ) : (
                  <span className="font-medium" translate="no">
                    {entry.name}
                  </span>
                )}
                <span className="text-sm text-stone-600">
                  {t("admin.productCsv.rowNumber", { row: count(entry.row) })} ·{" "}
                  {t("admin.productCsv.variants", { count: count(entry.variantCount) })} ·{" "}
                  {t("admin.productCsv.pictures", { count: count(entry.imageCount) })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Form method="post" action={`/admin/products/import/${id}`} className="flex flex-wrap items-center gap-4">
        {toWrite > 0 ? (
          <p className="basis-full" data-testid="import-visibility">
            {t(hideNew ? "admin.productCsv.previewHidden" : "admin.productCsv.previewShown")}{" "}
            <Link
              to={hideNew ? `/admin/products/import/${id}` : `/admin/products/import/${id}?hideNew=1`}
              className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
            >
              {t(hideNew ? "admin.productCsv.previewShowInstead" : "admin.productCsv.previewHideInstead")}
            </Link>
          </p>
        ) : null}
        {hideNew ? <input type="hidden" name="hideNew" value="on" /> : null}
        {toWrite > 0 ? (
          canImport ? (
            <SubmitButton
              pending={pending}
              pendingLabel={t("admin.productCsv.confirming")}
              name="intent"
              value="import"
              className="min-h-11"
            >
              {t("admin.productCsv.confirm", { count: count(toWrite) })}
            </SubmitButton>
          ) : null
        ) : (
          <p className="font-medium">{t("admin.productCsv.nothingToImport")}</p>
        )}
      </Form>
    </>
  );
}
