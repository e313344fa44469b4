import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { CsvUploadForm } from "~/components/admin/csv-upload-form";
import { AdminField } from "~/components/admin/form-field";
import { AdminPageHeader } from "~/components/admin/page-header";
import { payoutCourierName } from "~/components/admin/payout-courier";
import { payoutCourierChoiceSchema } from "~/forms/admin-schemas";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { AdminTranslate } from "~/i18n/admin";
import { formatInteger } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { formatMoney } from "~/rules/money";
import {
  MAX_PARCEL_PAISA,
  MAX_PAYOUT_FILE_BYTES,
  MAX_PAYOUT_ROWS,
  MAX_PAYOUT_SUM_PAISA,
  PAYOUT_COURIERS,
} from "~/rules/payout-csv";
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
      return t(problem.chosen ? "admin.payouts.file.missingColumnsChosen" : "admin.payouts.file.missingColumns", {
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

/** A refused import (400): why, and the reference and the courier ("auto" or a courier) as chosen. */
type ImportRefusal = { error: string; reference: string; courier: string };

/**
 * POST (multipart: `file`, `reference`, `courier`: "auto", the default, or "steadfast"/"pathao" to
 * read the file with that courier's headings): reads the payout file and records it matched to
 * orders, then shows the payout with a message counting its parcels (or, when the courier's
 * reference was recorded before, that payout with "nothing was added"). A courier that is none of
 * these, or a file that adds nothing: the form again with why, the reference and courier kept, 400.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireOwner(request);
  const t = staffTranslator(admin);
  const lang = staffLanguage(admin);
  let form;
  try {
    form = await readPayoutUpload(request);
  } catch {
    return data<ImportRefusal>({ error: t("admin.payouts.noFile"), reference: "", courier: "auto" }, { status: 400 });
  }
  const choice = payoutCourierChoiceSchema(t).safeParse(form.courier ?? undefined);
  if (!choice.success) {
    return data<ImportRefusal>(
      { error: choice.error.issues[0]!.message, reference: form.reference, courier: "auto" },
      { status: 400 },
    );
  }
  const kept = { reference: form.reference, courier: choice.data };
  if (!form.file) return data<ImportRefusal>({ error: t("admin.payouts.noFile"), ...kept }, { status: 400 });
  const courier = choice.data === "auto" ? null : choice.data;
  const imported = await importPayoutFile({ ...form.file, reference: form.reference, courier }, admin);
  if (!imported.ok) {
    return data<ImportRefusal>({ error: payoutProblemMessage(imported.problem, t, lang), ...kept }, { status: 400 });
  }
  const { result, reference } = imported;
  const names = { courier: payoutCourierName(imported.courier, t), reference };
  if (result.outcome === "exists") {
    return redirectWithToast(request, `/admin/payouts/${result.payoutId}`, {
      kind: "info",
      message: t("admin.payouts.exists", names),
    });
  }
  await auditPayout(context, admin, { courier: imported.courier, reference, ...result });
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
  if (result.chargedAgain > 0) parts.push(t("admin.payouts.importedChargedAgain", { count: result.chargedAgain }));
  return redirectWithToast(request, `/admin/payouts/${result.payoutId}`, {
    kind: result.unmatched + result.duplicate + result.chargedAgain + result.differing > 0 ? "info" : "success",
    message: parts.join(" "),
  });
}

/** /admin/payouts/import: choose a courier's payout file, its courier (or let its headings tell) and give its reference. */
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
        <div>
          <label htmlFor="payout-courier" className="block font-medium">
            {t("admin.payouts.courierLabel")}
          </label>
          <p id="payout-courier-hint" className="text-sm text-stone-600">
            {t("admin.payouts.courierHint")}
          </p>
          <select
            id="payout-courier"
            name="courier"
            defaultValue={refusal?.courier ?? "auto"}
            aria-describedby="payout-courier-hint"
            className="mt-2 min-h-11 rounded-md border border-stone-300 bg-white px-3"
          >
            <option value="auto">{t("admin.payouts.courierAuto")}</option>
            {PAYOUT_COURIERS.map((courier) => (
              <option key={courier} value={courier}>
                {payoutCourierName(courier, t)}
              </option>
            ))}
          </select>
        </div>
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
