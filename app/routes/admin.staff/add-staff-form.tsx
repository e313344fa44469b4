import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
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
        <AdminField
          name="role"
          label={t("admin.staff.role")}
          choices={[
            { value: "staff", label: t("admin.staff.roleStaff") },
            { value: "owner", label: t("admin.staff.roleOwner") },
          ]}
          defaultValue={refusal?.values.role ?? "staff"}
          hint={t("admin.staff.roleHint")}
          error={errors.role}
        />
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
