import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { CsvUploadForm } from "~/components/admin/csv-upload-form";
import { AdminField } from "~/components/admin/form-field";
import { AdminPageHeader } from "~/components/admin/page-header";
import { payoutCourierName } from "~/components/admin/payout-courier";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { AdminTranslate } from "~/i18n/admin";
import { formatInteger } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { formatMoney } from "~/rules/money";
import { MAX_PARCEL_PAISA, MAX_PAYOUT_FILE_BYTES, MAX_PAYOUT_ROWS, MAX_PAYOUT_SUM_PAISA } from "~/rules/payout-csv";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { requireOwner } from "~/server/auth/auth.server";
import {
  auditPayout,
  importPayoutFile,
  readPayoutUpload,
  type PayoutImportProblem,
} from "~/server/payouts/payout-import.server";
import { redirectWithToast } from "~/server/toast-cookie.server";

export const meta = adminTitle("admin.payouts.importTitle");

const MAX_MB = MAX_PAYOUT_FILE_BYTES / (1024 * 1024);

/** GET /admin/payouts/import: the upload form (owner). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return null;
}

/** The message for a payout file that adds nothing, in the staff member's language (`lang`, its digits too). */
function payoutProblemMessage(problem: PayoutImportProblem, t: AdminTranslate, lang: Lang): string {
  switch (problem.code) {
    case "tooBig":
      return t("admin.payouts.file.tooBig", { mb: formatInteger(MAX_MB, lang) });
    case "malformed":
      return t("admin.payouts.file.malformed", { row: problem.row });
    case "tooManyRows":
      return t("admin.payouts.file.tooManyRows", { max: problem.max });
    case "missingColumns":
      return t("admin.payouts.file.missingColumns", {
        courier: payoutCourierName(problem.courier, t),
        headings: problem.headings.map((heading) => `"${heading}"`).join(", "),
      });
    case "badAmount":
      return t("admin.payouts.file.badAmount", { row: problem.row, heading: problem.heading, value: problem.value });
    case "amountTooLarge":
      return t("admin.payouts.file.amountTooLarge", {
        row: problem.row,
        heading: problem.heading,
        value: problem.value,
        max: formatMoney(MAX_PARCEL_PAISA, { lang }),
      });
    case "sumTooLarge":
      return t("admin.payouts.file.sumTooLarge", { max: formatMoney(MAX_PAYOUT_SUM_PAISA, { lang }) });
    case "repeated":
      return t("admin.payouts.file.repeated", {
        consignment: problem.consignmentId,
        first: problem.rows[0],
        second: problem.rows[1],
      });
    default:
      return t(`admin.payouts.file.${problem.code}`);
  }
}

/** A refused import (400): why, and the reference as typed. */
type ImportRefusal = { error: string; reference: string };

/**
 * POST (multipart: `file`, `reference`): reads the payout file and records it matched to orders,
 * then shows the payout with a message counting its parcels (or, when the courier's reference was
 * recorded before, that payout with "nothing was added"). A file that adds nothing: the form again
 * with why, 400.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireOwner(request);
  const t = staffTranslator(admin);
  const lang = staffLanguage(admin);
  let upload;
  try {
    upload = await readPayoutUpload(request);
  } catch {
    return data<ImportRefusal>({ error: t("admin.payouts.noFile"), reference: "" }, { status: 400 });
  }
  if (!upload) return data<ImportRefusal>({ error: t("admin.payouts.noFile"), reference: "" }, { status: 400 });
  const imported = await importPayoutFile(upload, admin);
  if (!imported.ok) {
    return data<ImportRefusal>(
      { error: payoutProblemMessage(imported.problem, t, lang), reference: upload.reference },
      { status: 400 },
    );
  }
  const { result, courier, reference } = imported;
  const names = { courier: payoutCourierName(courier, t), reference };
  if (result.outcome === "exists") {
    return redirectWithToast(request, `/admin/payouts/${result.payoutId}`, {
      kind: "info",
      message: t("admin.payouts.exists", names),
    });
  }
  await auditPayout(context, admin, { courier, reference, ...result });
  const parts = [
    t("admin.payouts.imported", {
      ...names,
      matched: result.matched,
      unmatched: result.unmatched,
      duplicate: result.duplicate,
    }),
  ];
  if (result.differing > 0) parts.push(t("admin.payouts.importedDiffering", { count: result.differing }));
  if (result.charge > 0) parts.push(t("admin.payouts.importedCharges", { count: result.charge }));
  return redirectWithToast(request, `/admin/payouts/${result.payoutId}`, {
    kind: result.unmatched + result.duplicate + result.differing > 0 ? "info" : "success",
    message: parts.join(" "),
  });
}

/** /admin/payouts/import: choose a courier's payout file and give its reference. */
export default function PayoutImportPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const refusal = useActionData<typeof action>() as ImportRefusal | undefined;
  return (
    <section aria-labelledby="payout-import-title" className="max-w-3xl space-y-6">
      <AdminPageHeader
        id="payout-import-title"
        title={t("admin.payouts.importTitle")}
        subtitle={t("admin.payouts.importSubtitle")}
      />
      <CsvUploadForm
        fileId="payout-file"
        fileLabel={t("admin.payouts.fileLabel")}
        fileHint={t("admin.payouts.fileHint", { mb: formatInteger(MAX_MB, lang), rows: MAX_PAYOUT_ROWS })}
        errorId="payout-import-error"
        error={refusal?.error}
        formAction="/admin/payouts/import"
        submit={{ label: t("admin.payouts.import"), pending: t("admin.payouts.importing") }}
        back={{ to: "/admin/payouts", label: t("admin.payouts.backToPayouts") }}
      >
        <AdminField
          name="reference"
          label={t("admin.payouts.referenceLabel")}
          hint={t("admin.payouts.referenceHint")}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          defaultValue={refusal?.reference ?? ""}
        />
      </CsvUploadForm>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  backTo: "/admin/payouts",
  backLabel: "admin.payouts.backToPayouts",
});
