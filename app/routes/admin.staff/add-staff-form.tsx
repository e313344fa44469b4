import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FieldError } from "~/components/field-error";
import { AdminField } from "~/components/admin/form-field";
import type { StaffFormValues } from "~/forms/admin-schemas";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { SubmitButton } from "~/components/admin/submit-button";

/** The add form's fields that can be refused. */
export const ADD_FIELDS = ["email", "role", "password"] as const;

/** A refused add form (400): a message per field and what was typed (never the password). */
export type AddStaffRefusal = FormRefusal<(typeof ADD_FIELDS)[number], StaffFormValues>;

/**
 * The form that adds an account (`intent=add`): e-mail, role and a first password. After a
 * refusal the e-mail box, else the password box, takes focus when it has a problem.
 */
export function AddStaffForm({ refusal }: { refusal: AddStaffRefusal | undefined }) {
  const t = useAdminT();
  const adding = usePending({ intent: "add", state: "submitting" });
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current
      ?.querySelector<HTMLInputElement>('#email[aria-invalid="true"], #password[aria-invalid="true"]')
      ?.focus();
  }, [refusal]);
  const errors = refusal?.fieldErrors ?? {};
  return (
    <Form ref={form} method="post" noValidate className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
      <h2 className="text-lg font-semibold">{t("admin.staff.addTitle")}</h2>
      <p className="text-sm text-stone-600">{t("admin.staff.addIntro")}</p>
      <input type="hidden" name="intent" value="add" />
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t("admin.staff.fixErrors")}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminField
          name="email"
          type="email"
          label={t("admin.staff.email")}
          autoComplete="off"
          maxLength={254}
          required
          defaultValue={refusal?.values.email ?? ""}
          error={errors.email}
        />
        <div>
          <label htmlFor="role" className="block text-sm font-medium">
            {t("admin.staff.role")}
          </label>
          <select
            id="role"
            name="role"
            defaultValue={refusal?.values.role ?? "staff"}
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={errors.role ? "role-hint role-error" : "role-hint"}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          >
            <option value="staff">{t("admin.staff.roleStaff")}</option>
            <option value="owner">{t("admin.staff.roleOwner")}</option>
          </select>
          <p id="role-hint" className="mt-1 text-sm text-stone-600">
            {t("admin.staff.roleHint")}
          </p>
          <FieldError id="role-error" message={errors.role} />
        </div>
        <AdminField
          name="password"
          type="password"
          label={t("admin.staff.firstPassword")}
          autoComplete="new-password"
          maxLength={1024}
          required
          hint={t("admin.password.hint")}
          error={errors.password}
        />
      </div>
      <SubmitButton pending={adding} pendingLabel={t("admin.staff.adding")}>
        {t("admin.staff.add")}
      </SubmitButton>
    </Form>
  );
}
