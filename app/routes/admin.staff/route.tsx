import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DashboardErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { staffFormSchema } from "~/forms/admin-schemas";
import { fieldErrorsFrom, typedValues } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import { listStaffAccounts } from "~/models/auth/staff.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireOwner } from "~/server/auth/auth.server";
import { addStaffAccount, resetStaffTwoFactor, setStaffDisabled } from "~/server/auth/staff-accounts.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { ADD_FIELDS, AddStaffForm, type AddStaffRefusal } from "./add-staff-form";
import { StaffList } from "./staff-list";

export const meta = adminTitle("admin.staff.title");

/** Every account, for the owner (docs/decisions/033-staff-roles.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireOwner(request);
  return { accounts: await listStaffAccounts(), ownerId: owner.id };
}

/**
 * `intent=add`: creates an account with the role and the first password (checked by the password
 * policy), which its holder must replace at their first sign-in; 400 with a message per field and
 * the typed e-mail and role kept. `intent=disable` / `enable`: by id; disabling signs the account
 * out everywhere at once. `intent=reset-two-factor`: with the owner's own password, turns another
 * account's two-factor sign-in off (a lost phone), so it signs in with its password and sets it up
 * again. Each ends on this page with a message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const owner = await requireOwner(request);
  const t = staffTranslator(owner);
  const form = await readFormData(request);
  const parsed = staffFormSchema(t).safeParse(Object.fromEntries(form));
  const values = { email: "", role: "staff", ...typedValues(form, ["email", "role"]) };
  const refuse = (fieldErrors: AddStaffRefusal["fieldErrors"]) =>
    data<AddStaffRefusal>({ values, fieldErrors }, { status: 400 });
  const back = (kind: "success" | "error", message: string) =>
    redirectWithToast(request, "/admin/staff", { kind, message });
  if (!parsed.success) {
    if (form.get("intent") !== "add") return back("error", t("error.generic"));
    return refuse(fieldErrorsFrom(parsed.error, ADD_FIELDS));
  }
  const input = parsed.data;
  if (input.intent === "add") {
    const added = await addStaffAccount(context, owner, input);
    if (!added.ok) return refuse({ [added.field]: added.message });
    return back("success", t("admin.staff.added", { email: input.email }));
  }
  if (input.intent === "reset-two-factor") {
    const reset = await resetStaffTwoFactor(request, context, owner, input);
    return reset.ok
      ? back("success", t("admin.staff.twoFactorReset", { email: reset.email }))
      : back("error", reset.message);
  }
  const changed = await setStaffDisabled(context, owner, { id: input.id, disabled: input.intent === "disable" });
  if (!changed.ok) return back("error", changed.message);
  const done = input.intent === "disable" ? "admin.staff.disabled" : "admin.staff.enabled";
  return back("success", t(done, { email: changed.email }));
}

/** /admin/staff: the accounts with their role and state, the add form, and disable/enable. */
export default function StaffPage() {
  const t = useAdminT();
  const { accounts, ownerId } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as AddStaffRefusal | undefined;
  return (
    <section aria-labelledby="staff-title" className="space-y-6">
      <AdminPageHeader id="staff-title" title={t("admin.staff.title")} subtitle={t("admin.staff.subtitle")} />
      <StaffList accounts={accounts} ownerId={ownerId} />
      <AddStaffForm refusal={refusal} />
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
