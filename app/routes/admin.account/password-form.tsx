import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AdminField } from "~/components/admin/form-field";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { SubmitButton } from "~/components/admin/submit-button";

/** The password form's fields, in their order on the page. */
export const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/** A refused password change (400, or 429 past the password checks): a message per field; passwords never come back. */
export type PasswordFormRefusal = FormRefusal<(typeof PASSWORD_FIELDS)[number], Record<string, never>>;

/**
 * The form that changes one's own password (`intent=password`): the current password, the new one
 * twice. After a refusal the first field with a problem takes focus.
 */
export function PasswordForm({ refusal }: { refusal: PasswordFormRefusal | undefined }) {
  const t = useAdminT();
  const saving = usePending({ intent: "password", state: "submitting" });
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [refusal]);
  const errors = refusal?.fieldErrors ?? {};
  const common = { type: "password", maxLength: 1024, required: true } as const;
  return (
    <Form
      ref={form}
      method="post"
      noValidate
      className="max-w-md space-y-4 rounded-lg border border-stone-200 bg-white p-5"
    >
      <h2 className="text-lg font-semibold">{t("admin.account.passwordTitle")}</h2>
      <input type="hidden" name="intent" value="password" />
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t("admin.staff.fixErrors")}
        </p>
      ) : null}
      <AdminField
        {...common}
        name="currentPassword"
        label={t("admin.account.currentPassword")}
        autoComplete="current-password"
        error={errors.currentPassword}
      />
      <AdminField
        {...common}
        name="newPassword"
        label={t("admin.account.newPassword")}
        autoComplete="new-password"
        hint={t("admin.password.hint")}
        error={errors.newPassword}
      />
      <AdminField
        {...common}
        name="confirmPassword"
        label={t("admin.account.confirmPassword")}
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <SubmitButton pending={saving} pendingLabel={t("admin.account.saving")}>
        {t("admin.account.changePassword")}
      </SubmitButton>
    </Form>
  );
}
