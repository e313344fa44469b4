import { Form } from "@remix-run/react";
import { AdminField, Fieldset, FormAlert } from "~/components/admin/form-field";
import { SubmitButton } from "~/components/admin/submit-button";
import type { ADVANCE_FIELDS } from "~/forms/payment-schemas";
import { ADVANCE_FOR, ADVANCE_KINDS } from "~/rules/advance";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatTakaInput } from "~/rules/money";
import { usePending } from "~/hooks/use-pending";
import { localDigits } from "~/i18n/format";

/** A refused advance form (400): the messages and what was typed. */
export type AdvanceRefusal = FormRefusal<(typeof ADVANCE_FIELDS)[number]>;

/** The advance settings as stored (paisa, basis points, 01XXXXXXXXX). */
export type StoredAdvance = {
  advanceKind: string;
  advanceValue: number;
  advanceFor: string;
  advanceAbovePaisa: number;
  advanceWindowMinutes: number;
  bkashSendMoneyNumber: string;
  nagadSendMoneyNumber: string;
};

/**
 * The advance rule and the Send Money numbers (`intent=advance`): amounts in taka, the percentage in
 * %, each field filled from the refused form when there is one, else from the stored settings.
 */
export function AdvanceForm({ stored, refusal }: { stored: StoredAdvance; refusal: AdvanceRefusal | null }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const saving = usePending({ intent: "advance", state: "submitting" });
  const typed = refusal?.values;
  const value = (field: (typeof ADVANCE_FIELDS)[number], fromStored: string) => typed?.[field] ?? fromStored;
  const errors = refusal?.fieldErrors ?? {};
  return (
    <Form method="post" noValidate className="space-y-4" data-testid="advance-form">
      <input type="hidden" name="intent" value="advance" />
      <FormAlert
        message={refusal ? (refusal.formError ?? t("admin.payments.advanceFixErrors")) : undefined}
        refusal={refusal}
        testId="advance-error"
      />
      <Fieldset legend={t("admin.payments.advanceTitle")}>
        <p className="text-sm text-stone-600">{t("admin.payments.advanceIntro")}</p>
        <AdminField
          name="advanceKind"
          label={t("admin.payments.advanceKind")}
          defaultValue={value("advanceKind", stored.advanceKind)}
          choices={ADVANCE_KINDS.map((kind) => ({ value: kind, label: t(`admin.payments.kind.${kind}`) }))}
          error={errors.advanceKind}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminField
            name="advanceAmount"
            label={t("admin.payments.advanceAmount")}
            inputMode="decimal"
            defaultValue={value(
              "advanceAmount",
              stored.advanceKind === "fixed" ? formatTakaInput(stored.advanceValue, lang) : "",
            )}
            error={errors.advanceAmount}
          />
          <AdminField
            name="advancePercent"
            label={t("admin.payments.advancePercent")}
            inputMode="decimal"
            defaultValue={value(
              "advancePercent",
              stored.advanceKind === "percentage" ? localDigits(String(stored.advanceValue / 100), lang) : "",
            )}
            error={errors.advancePercent}
          />
        </div>
        <AdminField
          name="advanceFor"
          label={t("admin.payments.advanceFor")}
          defaultValue={value("advanceFor", stored.advanceFor)}
          choices={ADVANCE_FOR.map((who) => ({ value: who, label: t(`admin.payments.for.${who}`) }))}
          error={errors.advanceFor}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminField
            name="advanceAbove"
            label={t("admin.payments.advanceAbove")}
            inputMode="decimal"
            defaultValue={value(
              "advanceAbove",
              stored.advanceFor === "above" ? formatTakaInput(stored.advanceAbovePaisa, lang) : "",
            )}
            error={errors.advanceAbove}
          />
          <AdminField
            name="advanceWindowMinutes"
            label={t("admin.payments.advanceWindow")}
            inputMode="numeric"
            required
            defaultValue={value("advanceWindowMinutes", localDigits(String(stored.advanceWindowMinutes), lang))}
            error={errors.advanceWindowMinutes}
          />
        </div>
      </Fieldset>
      <Fieldset legend={t("admin.payments.sendMoneyTitle")}>
        <p className="text-sm text-stone-600">{t("admin.payments.sendMoneyIntro")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminField
            name="bkashSendMoneyNumber"
            label={t("admin.payments.bkashNumber")}
            type="tel"
            inputMode="tel"
            translate="no"
            defaultValue={value("bkashSendMoneyNumber", stored.bkashSendMoneyNumber)}
            error={errors.bkashSendMoneyNumber}
          />
          <AdminField
            name="nagadSendMoneyNumber"
            label={t("admin.payments.nagadNumber")}
            type="tel"
            inputMode="tel"
            translate="no"
            defaultValue={value("nagadSendMoneyNumber", stored.nagadSendMoneyNumber)}
            error={errors.nagadSendMoneyNumber}
          />
        </div>
      </Fieldset>
      <SubmitButton pending={saving} pendingLabel={t("admin.payments.advanceSaving")} look="primary-small">
        {t("admin.payments.advanceSave")}
      </SubmitButton>
    </Form>
  );
}
