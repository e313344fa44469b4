import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useAdminT } from "~/hooks/use-admin-t";
import { formatInteger } from "~/i18n/format";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin } from "~/server/auth/auth.server";
import {
  discardImport,
  importResult,
  previewImport,
  recheckImport,
  retryImportPictures,
  startImport,
} from "~/server/catalogue/import/product-import.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { notFound, parseId, requireId } from "~/utils/params";
import { ImportPreviewSection } from "./import-preview";
import { ImportResultSection } from "./import-result";

export const meta = adminTitle("admin.productCsv.importTitle");

/**
 * GET /admin/products/import/N: a file not imported yet shows its dry run, as stored when the
 * file was checked (with `?hideNew=1`, new products kept hidden and the others' shown state kept),
 * or that it is being checked; one being imported or imported shows its progress and result,
 * pictures included.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = requireId(params.id);
  const hideNew = new URL(request.url).searchParams.get("hideNew") === "1";
  const previewed = await previewImport(id, { hideNew });
  if (!previewed) throw notFound();
  const { stored, check } = previewed;
  const base = { id, fileName: stored.fileName, format: stored.format, status: stored.status };
  if (check) {
    const { preview, checkedAt, checking, interrupted } = check;
    return {
      ...base,
      kind: "preview" as const,
      preview,
      checkedAt: checkedAt?.toISOString() ?? null,
      checking,
      interrupted,
      hideNew,
    };
  }
  const result = await importResult(id);
  if (!result) throw notFound();
  return {
    ...base,
    kind: "result" as const,
    outcome: result.stored.outcome,
    images: result.images,
    interrupted: result.interrupted,
  };
}

/**
 * POST `intent=import`: starts importing the file (once; a second confirmation finds it started;
 * not while another import runs), new products hidden when `hideNew` is checked, then its progress
 * page. `intent=discard`: drops the file, back to the upload form. `intent=recheck`: works out the
 * dry run again against the shop as it is now (back to the page). `intent=retry-pictures`: fetches
 * the import's failed pictures again (only picture `picture` when given), back to its page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const id = requireId(params.id);
  const form = await readFormData(request);
  const page = `/admin/products/import/${id}`;
  if (form.get("intent") === "discard") {
    const discarded = await discardImport(id);
    return redirectWithToast(request, discarded ? "/admin/products/import" : page, {
      kind: discarded ? "success" : "error",
      message: t(discarded ? "admin.productCsv.discarded" : "admin.productCsv.notPreview"),
    });
  }
  if (form.get("intent") === "retry-pictures") {
    // One picture's button names it; the button for all names none. A name that is no id retries nothing.
    const picture = form.get("picture");
    const pictureId = picture === null ? undefined : parseId(String(picture));
    const queued = pictureId === null ? 0 : await retryImportPictures(id, admin, context, pictureId);
    return redirectWithToast(request, page, {
      kind: queued > 0 ? "success" : "error",
      message:
        queued > 0
          ? t("admin.productCsv.retrying", { count: formatInteger(queued, staffLanguage(admin)) })
          : t("admin.productCsv.nothingToRetry"),
    });
  }
  if (form.get("intent") === "recheck") {
    const rechecking = await recheckImport(id);
    return redirectWithToast(request, page + (form.get("hideNew") === "on" ? "?hideNew=1" : ""), {
      kind: rechecking ? "success" : "error",
      message: t(rechecking ? "admin.productCsv.checkingStarted" : "admin.productCsv.checkNotStarted"),
    });
  }
  const started = await startImport(id, admin, context, { hideNew: form.get("hideNew") === "on" });
  return redirectWithToast(request, page, {
    kind: started === "started" ? "success" : "error",
    message: t(
      started === "started"
        ? "admin.productCsv.started"
        : started === "busy"
          ? "admin.productCsv.busy"
          : "admin.productCsv.notPreview",
    ),
  });
}

/** /admin/products/import/N: the dry run with its confirmation, or the import's progress and result. */
export default function ProductImportFilePage() {
  const t = useAdminT();
  const data = useLoaderData<typeof loader>();
  const format = t(`admin.productCsv.format.${data.format as "shopify"}`);
  return (
    <section aria-labelledby="import-file-title" className="max-w-5xl space-y-6">
      {data.kind === "preview" ? (
        <>
          <AdminPageHeader
            id="import-file-title"
            title={t("admin.productCsv.previewTitle")}
            subtitle={t("admin.productCsv.previewSubtitle", { file: data.fileName, format })}
          />
          <ImportPreviewSection
            id={data.id}
            preview={data.preview}
            checkedAt={data.checkedAt}
            checking={data.checking}
            interrupted={data.interrupted}
            hideNew={data.hideNew}
          />
        </>
      ) : (
        <>
          <AdminPageHeader
            id="import-file-title"
            title={t("admin.productCsv.resultTitle", { file: data.fileName })}
            subtitle={format}
          />
          <ImportResultSection
            id={data.id}
            status={data.status}
            outcome={data.outcome}
            images={data.images}
            interrupted={data.interrupted}
          />
        </>
      )}
      <p className="flex flex-wrap gap-6">
        <Link to="/admin/products" className="inline-flex min-h-11 items-center font-medium text-amber-800 underline">
          {t("admin.productCsv.backToProducts")}
        </Link>
        <Link
          to="/admin/products/import"
          className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
        >
          {t("admin.productCsv.importAnother")}
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  backTo: "/admin/products/import",
  backLabel: "admin.productCsv.importAnother",
});
