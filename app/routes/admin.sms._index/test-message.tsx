import { Form } from "@remix-run/react";
import { AdminField } from "~/components/admin/form-field";
import { SubmitButton } from "~/components/admin/submit-button";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";

/** A refused test message (400): the number as typed and why it is not one. */
export type TestRefusal = FormRefusal<"testPhone">;

/**
 * The test message: a Bangladeshi mobile number and a button that sends a short text straight
 * through the saved gateway; the gateway's answer comes back as a toast.
 */
export function TestMessageForm({ refusal }: { refusal: TestRefusal | null }) {
  const t = useAdminT();
  const sending = usePending({ intent: "test", state: "submitting" });
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-5"
      aria-labelledby="sms-test-title"
    >
      <h2 id="sms-test-title" className="text-lg font-semibold">
        {t("admin.smsGateway.testTitle")}
      </h2>
      <p className="text-sm text-stone-600">{t("admin.smsGateway.testHint")}</p>
      <input type="hidden" name="intent" value="test" />
      <AdminField
        name="testPhone"
        label={t("admin.smsGateway.testPhone")}
        hint={t("admin.smsGateway.testPhoneHint")}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={20}
        required
        defaultValue={refusal?.values.testPhone ?? ""}
        error={refusal?.fieldErrors.testPhone}
      />
      <SubmitButton pending={sending} pendingLabel={t("admin.smsGateway.testSending")} look="secondary">
        {t("admin.smsGateway.testSend")}
      </SubmitButton>
    </Form>
  );
}
