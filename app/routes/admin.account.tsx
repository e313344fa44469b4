import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { accountFormSchema } from "~/forms/admin-schemas";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format";
import { getShopSettings } from "~/models/settings.server";
import { changeOwnPassword, getPasswordHash, listOwnSessions, revokeOwnSessions } from "~/models/staff.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin } from "~/server/auth.server";
import { readFormData } from "~/server/form-data.server";
import { hashPassword, verifyPassword } from "~/server/password.server";
import { passwordProblem, passwordProblemMessage } from "~/server/password-policy.server";
import { getSessionToken } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta = adminTitle("admin.account.title");

/** The signed-in person's account: e-mail, role, whether they must choose a password, their sessions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const token = (await getSessionToken(request)) ?? "";
  return {
    email: user.email,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    sessions: await listOwnSessions(user.id, token),
  };
}

type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";

/** The answer to a refused password change (400): a message per field; passwords are never sent back. */
type PasswordRefusal = { fieldErrors: Partial<Record<PasswordField, string>> };

/**
 * `intent=password`: checks the current password, then the new one against the password policy
 * (too short, too common, or built from the e-mail or the shop's name) and its repetition; stores
 * it, clears "must change password" and signs out every other session of the account. 400 with a
 * message per field otherwise. `intent=revoke`: signs out one other session, or all others.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const t = staffTranslator(user);
  const token = (await getSessionToken(request)) ?? "";
  const form = await readFormData(request);
  const parsed = accountFormSchema(t).safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    if (form.get("intent") !== "password") {
      return redirectWithToast(request, "/admin/account", { kind: "error", message: t("error.generic") });
    }
    const fieldErrors: PasswordRefusal["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (
        (field === "currentPassword" || field === "newPassword" || field === "confirmPassword") &&
        !fieldErrors[field]
      ) {
        fieldErrors[field] = issue.message;
      }
    }
    return data<PasswordRefusal>({ fieldErrors }, { status: 400 });
  }

  if (parsed.data.intent === "revoke") {
    const count = await revokeOwnSessions(user.id, parsed.data.session, token);
    return redirectWithToast(request, "/admin/account", {
      kind: "success",
      message: t("admin.account.revoked", { count }),
    });
  }

  const { currentPassword, newPassword } = parsed.data;
  if (!(await verifyPassword(await getPasswordHash(user.id), currentPassword))) {
    return data<PasswordRefusal>(
      { fieldErrors: { currentPassword: t("admin.password.currentWrong") } },
      { status: 400 },
    );
  }
  if (newPassword === currentPassword) {
    return data<PasswordRefusal>({ fieldErrors: { newPassword: t("admin.password.same") } }, { status: 400 });
  }
  const problem = await passwordProblem(newPassword, [user.email, (await getShopSettings()).name]);
  if (problem) {
    return data<PasswordRefusal>({ fieldErrors: { newPassword: passwordProblemMessage(problem, t) } }, { status: 400 });
  }
  await changeOwnPassword(user.id, await hashPassword(newPassword), token);
  return redirectWithToast(request, user.mustChangePassword ? "/admin/dashboard" : "/admin/account", {
    kind: "success",
    message: t("admin.account.passwordChanged"),
  });
}

/** /admin/account: change your own password, and see and end your sessions. */
export default function AccountPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { email, role, mustChangePassword, sessions } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as PasswordRefusal | undefined;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };
  const errors = refusal?.fieldErrors ?? {};
  useEffect(() => {
    const first = (["currentPassword", "newPassword", "confirmPassword"] as const).find((field) => errors[field]);
    if (first) refs[first].current?.focus();
    // refs are stable; the effect follows the answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal]);

  const passwordInput = (field: PasswordField, label: string, autoComplete: string, hint?: string) => (
    <div>
      <label htmlFor={field} className="block text-sm font-medium">
        {label}
      </label>
      <input
        ref={refs[field]}
        id={field}
        name={field}
        type="password"
        autoComplete={autoComplete}
        maxLength={1024}
        aria-required
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={
          [hint ? `${field}-hint` : "", errors[field] ? `${field}-error` : ""].join(" ").trim() || undefined
        }
        className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
      />
      {hint ? (
        <p id={`${field}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {errors[field] ? (
        <p id={`${field}-error`} className="mt-1 text-sm text-red-700">
          {errors[field]}
        </p>
      ) : null}
    </div>
  );
  const others = sessions.filter((session) => !session.current);

  return (
    <section aria-labelledby="account-title" className="space-y-6">
      <AdminPageHeader
        id="account-title"
        title={t("admin.account.title")}
        subtitle={`${email} · ${t(role === "owner" ? "admin.staff.roleOwner" : "admin.staff.roleStaff")}`}
      />
      {mustChangePassword ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
          data-testid="must-change"
        >
          {t("admin.account.mustChange")}
        </p>
      ) : null}

      <Form method="post" noValidate className="max-w-md space-y-4 rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="text-lg font-semibold">{t("admin.account.passwordTitle")}</h2>
        <input type="hidden" name="intent" value="password" />
        {refusal ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {t("admin.staff.fixErrors")}
          </p>
        ) : null}
        {passwordInput("currentPassword", t("admin.account.currentPassword"), "current-password")}
        {passwordInput("newPassword", t("admin.account.newPassword"), "new-password", t("admin.password.hint"))}
        {passwordInput("confirmPassword", t("admin.account.confirmPassword"), "new-password")}
        <button
          type="submit"
          disabled={saving}
          className="rounded-md bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800 disabled:opacity-60"
        >
          {saving ? t("admin.account.saving") : t("admin.account.changePassword")}
        </button>
      </Form>

      <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="text-lg font-semibold">{t("admin.account.sessionsTitle")}</h2>
        <ul className="divide-y divide-stone-100" data-testid="own-sessions">
          {sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm"
              data-testid="own-session"
            >
              <p>
                {session.current ? <strong>{t("admin.account.thisSession")} · </strong> : null}
                {t("admin.account.signedIn")}{" "}
                <time dateTime={session.createdAt.toISOString()}>{formatShopDateTime(session.createdAt, lang)}</time>
                {" · "}
                {t("admin.account.lastActive")}{" "}
                <time dateTime={session.lastSeenAt.toISOString()}>{formatShopDateTime(session.lastSeenAt, lang)}</time>
              </p>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="session" value={session.id} />
                  <button
                    type="submit"
                    className="rounded-md border border-stone-300 px-3 py-1.5 font-medium hover:bg-stone-50"
                  >
                    {t("admin.account.signOutSession")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others.length > 1 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="session" value="others" />
            <button
              type="submit"
              className="rounded-md border border-red-300 px-3 py-1.5 font-medium text-red-700 hover:bg-red-50"
            >
              {t("admin.account.signOutOthers")}
            </button>
          </Form>
        ) : null}
        {others.length === 0 ? <p className="text-sm text-stone-600">{t("admin.account.noOtherSessions")}</p> : null}
      </div>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "error.notFoundTitle",
  failed: "error.generic",
  backTo: "/admin/dashboard",
  backLabel: "admin.error.backToDashboard",
});
