import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { staffFormSchema, type StaffFormValues } from "~/forms/admin-schemas";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { MessageKey } from "~/i18n/admin";
import { formatShopDateTime } from "~/i18n/format";
import { findAdminById } from "~/models/admin-user.server";
import { getShopSettings } from "~/models/settings.server";
import { createStaffAccount, EmailTakenError, listStaffAccounts, setAccountDisabled } from "~/models/staff.server";
import { disableTwoFactor } from "~/models/two-factor.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireOwner } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { hashPassword } from "~/server/auth/password.server";
import { checkOwnPassword, tooManyChecksMessage } from "~/server/auth/password-check.server";
import { passwordProblem, passwordProblemMessage } from "~/server/auth/password-policy.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta = adminTitle("admin.staff.title");

/** Every account, for the owner (docs/decisions/033-staff-roles.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireOwner(request);
  return { accounts: await listStaffAccounts(), ownerId: owner.id };
}

type AddField = "email" | "role" | "password";

/** The answer to a refused add form (400): a message per field and what was typed (never the password). */
type AddProblem = { values: StaffFormValues; fieldErrors: Partial<Record<AddField, string>> };

/**
 * `intent=add`: creates an account with the role and the first password (checked by the password
 * policy), which its holder must replace at their first sign-in; 400 with a message per field and
 * the typed e-mail and role kept. `intent=disable` / `enable`: by id; disabling signs the account
 * out everywhere at once. `intent=reset-two-factor`: with the owner's own password, turns another
 * account's two-factor sign-in off (a lost phone), so it signs in with its password and sets it up
 * again (an owner turns their own off on the account page); the password is checked within the
 * owner's password-check limits (app/server/auth/password-check.server.ts: a wrong one is in the trail,
 * past the limits the message says how long to wait). Each ends on this page with a message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const owner = await requireOwner(request);
  const t = staffTranslator(owner);
  const form = await readFormData(request);
  const parsed = staffFormSchema(t).safeParse(Object.fromEntries(form));
  const values: StaffFormValues = { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "staff") };
  const refuse = (fieldErrors: AddProblem["fieldErrors"]) => data<AddProblem>({ values, fieldErrors }, { status: 400 });
  if (!parsed.success) {
    if (form.get("intent") !== "add") {
      return redirectWithToast(request, "/admin/staff", { kind: "error", message: t("error.generic") });
    }
    const fieldErrors: AddProblem["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "role" || field === "password") && !fieldErrors[field]) {
        fieldErrors[field] = issue.message;
      }
    }
    return refuse(fieldErrors);
  }

  if (parsed.data.intent === "add") {
    const { email, role, password } = parsed.data;
    const problem = await passwordProblem(password, [email, (await getShopSettings()).name]);
    if (problem) return refuse({ password: passwordProblemMessage(problem, t) });
    let id: number;
    try {
      id = await createStaffAccount({ email, role, passwordHash: await hashPassword(password) });
    } catch (error) {
      if (error instanceof EmailTakenError) return refuse({ email: t("admin.staff.emailTaken") });
      throw error;
    }
    await audit(context, owner, {
      action: "staff.added",
      subjectType: "staff",
      subjectId: id,
      summary: `${email} (${role})`,
    });
    return redirectWithToast(request, "/admin/staff", { kind: "success", message: t("admin.staff.added", { email }) });
  }

  if (parsed.data.intent === "reset-two-factor") {
    const { id, currentPassword } = parsed.data;
    const refuse = (message: string) => redirectWithToast(request, "/admin/staff", { kind: "error", message });
    if (id === owner.id) return refuse(t("admin.staff.resetOwnTwoFactor"));
    const check = await checkOwnPassword(request, context, owner, currentPassword, "two-factor-reset");
    if (!check.ok) {
      return refuse(check.wrong ? t("admin.password.currentWrong") : tooManyChecksMessage(check.waitMs, t));
    }
    const account = await findAdminById(id);
    if (!account) return refuse(t("admin.staff.notFound"));
    await disableTwoFactor(id);
    await audit(context, owner, {
      action: "staff.two-factor-reset",
      subjectType: "staff",
      subjectId: id,
      summary: account.email,
    });
    return redirectWithToast(request, "/admin/staff", {
      kind: "success",
      message: t("admin.staff.twoFactorReset", { email: account.email }),
    });
  }
  const { intent, id } = parsed.data;
  const refusal = await setAccountDisabled(id, intent === "disable", owner.id);
  if (refusal) {
    const message: Record<typeof refusal, MessageKey> = {
      "not-found": "admin.staff.notFound",
      self: "admin.staff.refusedSelf",
      "last-owner": "admin.staff.refusedLastOwner",
    };
    return redirectWithToast(request, "/admin/staff", { kind: "error", message: t(message[refusal]) });
  }
  const email = (await findAdminById(id))?.email ?? "";
  await audit(context, owner, {
    action: intent === "disable" ? "staff.disabled" : "staff.enabled",
    subjectType: "staff",
    subjectId: id,
    summary: email,
  });
  return redirectWithToast(request, "/admin/staff", {
    kind: "success",
    message: t(intent === "disable" ? "admin.staff.disabled" : "admin.staff.enabled", { email }),
  });
}

/** /admin/staff: the accounts with their role and state, the add form, and disable/enable. */
export default function StaffPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { accounts, ownerId } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() as AddProblem | undefined;
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const firstError = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (problem?.fieldErrors.email) firstError.current?.focus();
    else if (problem?.fieldErrors.password) passwordRef.current?.focus();
  }, [problem]);
  const errors = problem?.fieldErrors ?? {};
  const describedBy = (field: AddField, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: AddField) =>
    errors[field] ? (
      <p id={`${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <section aria-labelledby="staff-title" className="space-y-6">
      <AdminPageHeader id="staff-title" title={t("admin.staff.title")} subtitle={t("admin.staff.subtitle")} />

      <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white" data-testid="staff-list">
        {accounts.map((account) => {
          const state = account.disabledAt
            ? t("admin.staff.statusDisabled")
            : account.mustChangePassword
              ? t("admin.staff.statusMustChange")
              : t("admin.staff.statusActive");
          return (
            <li
              key={account.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
              data-testid="staff-account"
            >
              <div className="min-w-0">
                <p className="break-all font-semibold">
                  {account.email}
                  {account.id === ownerId ? ` ${t("admin.staff.you")}` : null}
                </p>
                <p className="text-stone-600">
                  {t(account.role === "owner" ? "admin.staff.roleOwner" : "admin.staff.roleStaff")} ·{" "}
                  <span
                    data-testid="staff-state"
                    className={account.disabledAt ? "font-medium text-red-700" : undefined}
                  >
                    {state}
                  </span>{" "}
                  {account.twoFactor ? `· ${t("admin.staff.twoFactorOn")} ` : null}·{" "}
                  {account.lastSeenAt ? (
                    <>
                      {t("admin.staff.lastSeen")}{" "}
                      <time dateTime={account.lastSeenAt.toISOString()}>
                        {formatShopDateTime(account.lastSeenAt, lang)}
                      </time>
                    </>
                  ) : (
                    t("admin.staff.notSignedIn")
                  )}
                </p>
              </div>
              {account.id === ownerId ? null : (
                <div className="flex flex-wrap gap-2">
                  {account.twoFactor ? (
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="reset-two-factor" />
                      <input type="hidden" name="id" value={account.id} />
                      <label htmlFor={`reset-password-${account.id}`} className="sr-only">
                        {t("admin.staff.resetPasswordLabel", { email: account.email })}
                      </label>
                      <input
                        id={`reset-password-${account.id}`}
                        name="currentPassword"
                        type="password"
                        autoComplete="current-password"
                        required
                        maxLength={1024}
                        placeholder={t("admin.account.currentPassword")}
                        className="w-44 rounded-md border border-stone-300 px-2 py-1.5"
                      />
                      <button
                        type="submit"
                        aria-label={t("admin.staff.resetTwoFactorLabel", { email: account.email })}
                        className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium text-stone-900 hover:bg-stone-50"
                      >
                        {t("admin.staff.resetTwoFactor")}
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="intent" value={account.disabledAt ? "enable" : "disable"} />
                    <input type="hidden" name="id" value={account.id} />
                    <button
                      type="submit"
                      aria-label={t(account.disabledAt ? "admin.staff.enableLabel" : "admin.staff.disableLabel", {
                        email: account.email,
                      })}
                      className={`rounded-md border px-3 py-1.5 font-medium ${
                        account.disabledAt
                          ? "border-stone-300 bg-white text-stone-900 hover:bg-stone-50"
                          : "border-red-300 bg-white text-red-700 hover:bg-red-50"
                      }`}
                    >
                      {t(account.disabledAt ? "admin.staff.enable" : "admin.staff.disable")}
                    </button>
                  </Form>
                </div>
              )}
            </li>
          );
        })}
      </ul>

      <Form method="post" noValidate className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="text-lg font-semibold">{t("admin.staff.addTitle")}</h2>
        <p className="text-sm text-stone-600">{t("admin.staff.addIntro")}</p>
        <input type="hidden" name="intent" value="add" />
        {problem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {t("admin.staff.fixErrors")}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor="email" className="block text-sm font-medium">
              {t("admin.staff.email")}
            </label>
            <input
              ref={firstError}
              id="email"
              name="email"
              type="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={problem?.values.email ?? ""}
              aria-required
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy("email")}
              className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
            />
            {fieldError("email")}
          </div>
          <div>
            <label htmlFor="role" className="block text-sm font-medium">
              {t("admin.staff.role")}
            </label>
            <select
              id="role"
              name="role"
              defaultValue={problem?.values.role ?? "staff"}
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={describedBy("role", "role-hint")}
              className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
            >
              <option value="staff">{t("admin.staff.roleStaff")}</option>
              <option value="owner">{t("admin.staff.roleOwner")}</option>
            </select>
            <p id="role-hint" className="mt-1 text-sm text-stone-600">
              {t("admin.staff.roleHint")}
            </p>
            {fieldError("role")}
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium">
              {t("admin.staff.firstPassword")}
            </label>
            <input
              ref={passwordRef}
              id="password"
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={1024}
              aria-required
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy("password", "password-hint")}
              className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
            />
            <p id="password-hint" className="mt-1 text-sm text-stone-600">
              {t("admin.password.hint")}
            </p>
            {fieldError("password")}
          </div>
        </div>
        <button
          type="submit"
          disabled={adding}
          className="rounded-md bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800 disabled:opacity-60"
        >
          {adding ? t("admin.staff.adding") : t("admin.staff.add")}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "error.notFoundTitle",
  failed: "error.generic",
  backTo: "/admin/dashboard",
  backLabel: "admin.error.backToDashboard",
});
