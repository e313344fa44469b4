import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DashboardErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { accountFormSchema } from "~/forms/admin-schemas";
import { fieldErrorsFrom } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import {
  type AccountRefusal,
  changePassword,
  confirmTwoFactor,
  ownAccount,
  renewRecoveryCodes,
  signOutOwnSessions,
  startTwoFactor,
  turnOffTwoFactor,
} from "~/server/auth/account.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { Notice } from "./notice";
import { OwnSessions } from "./own-sessions";
import { PASSWORD_FIELDS, PasswordForm, type PasswordFormRefusal } from "./password-form";
import { TwoFactorSection, type TwoFactorAnswer, type TwoFactorRefusal } from "./two-factor-section";

export const meta = adminTitle("admin.account.title");

/**
 * A refused password check's `Retry-After` (seconds) on the 429: Remix takes a route's response
 * headers from this export only, so without it the action's header would be dropped.
 */
export const headers: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter !== null) merged.set("Retry-After", retryAfter);
  return merged;
};

/** The signed-in person's account: e-mail, role, whether they must choose a password, their sessions, two-factor sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const { sessions, twoFactor } = await ownAccount(request, user);
  return { email: user.email, role: user.role, mustChangePassword: user.mustChangePassword, sessions, twoFactor };
}

/**
 * `intent=password`: changes the password (changePassword: the current one checked within the
 * password-check limits, the new one against the password policy; every other session signed
 * out), then goes on to the dashboard if a new password was required, else back here; 400 (429
 * past the account's password checks, with Retry-After) with a message per field otherwise.
 * `intent=revoke`: signs out one other session, or all others. The two-factor intents: see
 * twoFactorAction. A form that does not parse is refused with a message per field (the password
 * form) or a general error.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const t = staffTranslator(user);
  const form = await readFormData(request);
  const parsed = accountFormSchema(t).safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    if (form.get("intent") !== "password") {
      return redirectWithToast(request, "/admin/account", { kind: "error", message: t("error.generic") });
    }
    const fieldErrors = fieldErrorsFrom(parsed.error, PASSWORD_FIELDS);
    return data<PasswordFormRefusal>({ values: {}, fieldErrors }, { status: 400 });
  }
  const input = parsed.data;
  if (input.intent === "revoke") {
    const count = await signOutOwnSessions(request, user, input.session);
    return redirectWithToast(request, "/admin/account", {
      kind: "success",
      message: t("admin.account.revoked", { count }),
    });
  }
  if (input.intent !== "password") return twoFactorAction(request, context, user, input);
  const changed = await changePassword(request, context, user, input);
  if (!changed.ok) {
    const fieldErrors = { [changed.field]: changed.message };
    return data<PasswordFormRefusal>({ values: {}, fieldErrors }, { status: changed.status, headers: changed.headers });
  }
  return redirectWithToast(request, user.mustChangePassword ? "/admin/dashboard" : "/admin/account", {
    kind: "success",
    message: t("admin.account.passwordChanged"),
  });
}

/**
 * The two-factor forms (docs/decisions/034-two-factor-sign-in.md): `two-factor-start` stores a new
 * secret to show as a QR code; `two-factor-confirm` (code and password) turns it on and answers the
 * ten recovery codes, shown this once; `two-factor-codes` (password) replaces them;
 * `two-factor-off` (password) turns it off and says so, unless the shop requires it of owners and
 * this is an owner. A refusal is 400 (429 past the password checks, with Retry-After) with one
 * message; a stale form (nothing being set up, two-factor off) goes back to the section.
 */
async function twoFactorAction(
  request: Request,
  context: unknown,
  user: AdminUser,
  form:
    | { intent: "two-factor-start" }
    | { intent: "two-factor-confirm"; code: string; currentPassword: string }
    | { intent: "two-factor-codes" | "two-factor-off"; currentPassword: string },
) {
  if (form.intent === "two-factor-start") {
    await startTwoFactor(user);
    return redirect("/admin/account#two-factor");
  }
  const refuse = (refusal: AccountRefusal<string>) => {
    // The set-up form keeps the code typed for its next try, unless the code was what was wrong.
    const values = form.intent === "two-factor-confirm" && refusal.field !== "code" ? { code: form.code } : {};
    return data<TwoFactorRefusal>(
      { values, fieldErrors: {}, formError: refusal.message },
      { status: refusal.status, headers: refusal.headers },
    );
  };
  if (form.intent === "two-factor-off") {
    const off = await turnOffTwoFactor(request, context, user, form.currentPassword);
    if (!off.ok) return refuse(off);
    return redirectWithToast(request, "/admin/account#two-factor", {
      kind: "success",
      message: staffTranslator(user)("admin.twoFactor.turnedOff"),
    });
  }
  const made =
    form.intent === "two-factor-confirm"
      ? await confirmTwoFactor(request, context, user, form)
      : await renewRecoveryCodes(request, context, user, form.currentPassword);
  if (made === null) return redirect("/admin/account#two-factor");
  return made.ok ? data<TwoFactorAnswer>({ recoveryCodes: made.recoveryCodes }) : refuse(made);
}

/** /admin/account: change your own password, two-factor sign-in, and see and end your sessions. */
export default function AccountPage() {
  const t = useAdminT();
  const { email, role, mustChangePassword, sessions, twoFactor } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PasswordFormRefusal | TwoFactorAnswer | undefined;
  // The password form's refusal is the one with field errors and no message of its own.
  const refusal = answer && "fieldErrors" in answer && !answer.formError ? (answer as PasswordFormRefusal) : undefined;
  const twoFactorAnswer = answer && !refusal ? (answer as TwoFactorAnswer) : undefined;

  return (
    <section aria-labelledby="account-title" className="space-y-6">
      <AdminPageHeader
        id="account-title"
        title={t("admin.account.title")}
        subtitle={`${email} · ${t(role === "owner" ? "admin.staff.roleOwner" : "admin.staff.roleStaff")}`}
      />
      {mustChangePassword ? <Notice testId="must-change">{t("admin.account.mustChange")}</Notice> : null}
      <PasswordForm refusal={refusal} />
      <TwoFactorSection state={twoFactor} answer={twoFactorAnswer} />
      <OwnSessions sessions={sessions} />
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
