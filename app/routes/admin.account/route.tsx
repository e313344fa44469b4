import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { accountFormSchema } from "~/forms/admin-schemas";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format";
import { getShopSettings } from "~/models/settings.server";
import type { AdminUser } from "~/models/admin-user.server";
import { changeOwnPassword, listOwnSessions, revokeOwnSessions } from "~/models/staff.server";
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorState,
  replaceRecoveryCodes,
  startTwoFactorSetup,
} from "~/models/two-factor.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { hashPassword } from "~/server/auth/password.server";
import {
  checkOwnPassword,
  retryAfterHeader,
  tooManyChecksMessage,
  type PasswordCheckPurpose,
} from "~/server/auth/password-check.server";
import { passwordProblem, passwordProblemMessage } from "~/server/auth/password-policy.server";
import { seal, unseal } from "~/server/secret-box.server";
import { getSessionToken } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/toast.server";
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpEnrolment,
  verifyTotp,
} from "~/server/auth/two-factor.server";

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

/** The signed-in person's account: e-mail, role, whether they must choose a password, their sessions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const token = (await getSessionToken(request)) ?? "";
  const [sessions, twoFactor, settings] = await Promise.all([
    listOwnSessions(user.id, token),
    getTwoFactorState(user.id),
    getShopSettings(),
  ]);
  // Being set up: the QR code and the secret as text, shown until a code confirms them.
  const secret = !twoFactor.enabled && twoFactor.secretSealed ? unseal(twoFactor.secretSealed) : null;
  const setup = secret ? { secret, ...(await totpEnrolment(secret, user.email, settings.name)) } : null;
  return {
    email: user.email,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    sessions,
    twoFactor: {
      enabled: twoFactor.enabled,
      recoveryCodesLeft: twoFactor.recoveryCodesLeft,
      required: user.role === "owner" && settings.requireOwnerTwoFactor,
      setup: setup
        ? {
            secret: setup.secret,
            qrDataUri: `data:image/svg+xml;base64,${Buffer.from(setup.qrSvg).toString("base64")}`,
          }
        : null,
    },
  };
}

type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";

/** The answer to a refused password change (400): a message per field; passwords are never sent back. */
type PasswordRefusal = { fieldErrors: Partial<Record<PasswordField, string>> };

/**
 * The answers of the two-factor forms: a refusal's message (with the code typed into the set-up
 * form, kept for its next try; never the password), or the new recovery codes, shown once.
 */
type TwoFactorAnswer = { twoFactorError: string; code?: string } | { recoveryCodes: string[] };

/**
 * `intent=password`: checks the current password (within the session's and the account's
 * password-check limits, app/server/auth/password-check.server.ts: a trail row for a wrong one, the
 * session ended after its fifth, 429 with Retry-After past the account's ceiling), then the new
 * one against the password policy (too short, too common, or built from the e-mail or the shop's
 * name) and its repetition; stores it, clears "must change password" and
 * signs out every other session of the account. 400 with a message per field otherwise.
 * `intent=revoke`: signs out one other session, or all others.
 */
export async function action({ request, context }: ActionFunctionArgs) {
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

  if (parsed.data.intent !== "password") return twoFactorAction(request, context, user, parsed.data);

  const { currentPassword, newPassword } = parsed.data;
  const check = await checkOwnPassword(request, context, user, currentPassword, "password-change");
  if (!check.ok) {
    return check.wrong
      ? data<PasswordRefusal>({ fieldErrors: { currentPassword: t("admin.password.currentWrong") } }, { status: 400 })
      : data<PasswordRefusal>(
          { fieldErrors: { currentPassword: tooManyChecksMessage(check.waitMs, t) } },
          { status: 429, headers: retryAfterHeader(check.waitMs) },
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
  await audit(context, user, { action: "account.password-changed", subjectType: "staff", subjectId: user.id });
  return redirectWithToast(request, user.mustChangePassword ? "/admin/dashboard" : "/admin/account", {
    kind: "success",
    message: t("admin.account.passwordChanged"),
  });
}

/**
 * The two-factor forms of the account page (docs/decisions/034-two-factor-sign-in.md):
 * `two-factor-start` stores a new secret to show as a QR code; `two-factor-confirm` (with the
 * password: a stolen session must not be able to lock its owner out) turns it on with a right
 * code from the app and answers the ten recovery codes, shown this once; `two-factor-codes` (with
 * the password) replaces the recovery codes; `two-factor-off` (with the password) turns it off,
 * unless the shop requires it of owners and this is an owner. The password is checked within the
 * session's and the account's password-check limits (the session ended after its fifth wrong one,
 * 429 with Retry-After past the account's ceiling); each change is in the trail.
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
  const t = staffTranslator(user);
  // The set-up form keeps the code typed for its next try.
  const code = form.intent === "two-factor-confirm" ? { code: form.code } : {};
  const refuse = (message: string) => data<TwoFactorAnswer>({ twoFactorError: message, ...code }, { status: 400 });
  /** Checks the password; answers the refusal (400 wrong, 429 too many) or null when it is right. */
  const passwordRefusal = async (password: string, purpose: PasswordCheckPurpose) => {
    if (password === "") return refuse(t("admin.password.required"));
    const check = await checkOwnPassword(request, context, user, password, purpose);
    if (check.ok) return null;
    if (check.wrong) return refuse(t("admin.password.currentWrong"));
    return data<TwoFactorAnswer>(
      { twoFactorError: tooManyChecksMessage(check.waitMs, t), ...code },
      { status: 429, headers: retryAfterHeader(check.waitMs) },
    );
  };
  const state = await getTwoFactorState(user.id);
  if (form.intent === "two-factor-start") {
    if (!state.enabled) await startTwoFactorSetup(user.id, seal(newTotpSecret()));
    return redirect("/admin/account#two-factor");
  }
  if (form.intent === "two-factor-confirm") {
    const secret = !state.enabled && state.secretSealed ? unseal(state.secretSealed) : null;
    if (!secret) return redirect("/admin/account#two-factor");
    const refusal = await passwordRefusal(form.currentPassword, "two-factor-setup");
    if (refusal) return refusal;
    const step = verifyTotp(secret, form.code, null);
    if (step === null) return data<TwoFactorAnswer>({ twoFactorError: t("admin.twoFactor.wrong") }, { status: 400 });
    const codes = newRecoveryCodes();
    await enableTwoFactor(user.id, step, codes.map(hashRecoveryCode));
    await audit(context, user, { action: "account.two-factor-on", subjectType: "staff", subjectId: user.id });
    return data<TwoFactorAnswer>({ recoveryCodes: codes });
  }
  const refusal = await passwordRefusal(form.currentPassword, form.intent);
  if (refusal) return refusal;
  if (form.intent === "two-factor-codes") {
    if (!state.enabled) return redirect("/admin/account#two-factor");
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(user.id, codes.map(hashRecoveryCode));
    await audit(context, user, {
      action: "account.recovery-codes-replaced",
      subjectType: "staff",
      subjectId: user.id,
    });
    return data<TwoFactorAnswer>({ recoveryCodes: codes });
  }
  if (user.role === "owner" && (await getShopSettings()).requireOwnerTwoFactor) {
    return refuse(t("admin.twoFactor.requiredCannotTurnOff"));
  }
  await disableTwoFactor(user.id);
  await audit(context, user, { action: "account.two-factor-off", subjectType: "staff", subjectId: user.id });
  return redirectWithToast(request, "/admin/account#two-factor", {
    kind: "success",
    message: t("admin.twoFactor.turnedOff"),
  });
}

/** /admin/account: change your own password, and see and end your sessions. */
export default function AccountPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { email, role, mustChangePassword, sessions, twoFactor } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PasswordRefusal | TwoFactorAnswer | undefined;
  const refusal = answer && "fieldErrors" in answer ? answer : undefined;
  const twoFactorAnswer = answer && !("fieldErrors" in answer) ? answer : undefined;
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

      <TwoFactorSection state={twoFactor} answer={twoFactorAnswer} />

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

/** The two-factor part of the account page: off (set up), being set up (QR code, confirm), or on. */
function TwoFactorSection({
  state,
  answer,
}: {
  state: {
    enabled: boolean;
    recoveryCodesLeft: number;
    required: boolean;
    setup: { secret: string; qrDataUri: string } | null;
  };
  answer: TwoFactorAnswer | undefined;
}) {
  const t = useAdminT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && String(navigation.formData?.get("intent")).startsWith("two-factor");
  const error = answer && "twoFactorError" in answer ? answer.twoFactorError : null;
  const typedCode = answer && "twoFactorError" in answer ? (answer.code ?? "") : "";
  const codes = answer && "recoveryCodes" in answer ? answer.recoveryCodes : null;
  // After a refusal the password boxes are emptied (a page without JavaScript renders them empty).
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!error) return;
    section.current?.querySelectorAll<HTMLInputElement>('input[type="password"]').forEach((input) => {
      input.value = "";
    });
  }, [answer, error]);
  const errorLine = error ? (
    <p role="alert" id="two-factor-error" className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
  const passwordForm = (intent: "two-factor-codes" | "two-factor-off", label: string, danger: boolean) => (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <div>
        <label htmlFor={`${intent}-password`} className="block text-sm font-medium">
          {t("admin.account.currentPassword")}
        </label>
        <input
          id={`${intent}-password`}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          className="mt-1 block rounded-md border border-stone-300 px-3 py-2"
        />
      </div>
      <button
        type="submit"
        disabled={busy}
        className={`rounded-md border px-3 py-2 font-medium disabled:opacity-60 ${
          danger ? "border-red-300 text-red-700 hover:bg-red-50" : "border-stone-300 hover:bg-stone-50"
        }`}
      >
        {label}
      </button>
    </Form>
  );

  return (
    <section
      ref={section}
      id="two-factor"
      aria-labelledby="two-factor-title"
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-5"
    >
      <h2 id="two-factor-title" className="text-lg font-semibold">
        {t("admin.twoFactor.sectionTitle")}
      </h2>
      {state.required && !state.enabled ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
          data-testid="two-factor-required"
        >
          {t("admin.twoFactor.required")}
        </p>
      ) : null}
      {codes ? (
        <div className="space-y-2 rounded-md border border-green-300 bg-green-50 p-4" data-testid="recovery-codes">
          <p className="font-medium">{t("admin.twoFactor.codesTitle")}</p>
          <p className="text-sm">{t("admin.twoFactor.codesHint")}</p>
          <ul className="grid grid-cols-2 gap-1 font-mono text-base sm:grid-cols-5">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.enabled ? (
        <>
          <p data-testid="two-factor-state">{t("admin.twoFactor.on", { count: state.recoveryCodesLeft })}</p>
          {errorLine}
          {passwordForm("two-factor-codes", t("admin.twoFactor.newCodes"), false)}
          {state.required ? null : passwordForm("two-factor-off", t("admin.twoFactor.turnOff"), true)}
        </>
      ) : state.setup ? (
        <div className="space-y-3">
          <p>{t("admin.twoFactor.scan")}</p>
          <img
            src={state.setup.qrDataUri}
            alt={t("admin.twoFactor.qrAlt")}
            width={200}
            height={200}
            className="h-48 w-48 border border-stone-200 bg-white"
          />
          <p className="text-sm">
            {t("admin.twoFactor.typeInstead")}{" "}
            <code className="break-all rounded bg-stone-100 px-1 font-mono" data-testid="totp-secret">
              {state.setup.secret}
            </code>
          </p>
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="two-factor-confirm" />
            <div>
              <label htmlFor="two-factor-code" className="block text-sm font-medium">
                {t("admin.twoFactor.code")}
              </label>
              <input
                id="two-factor-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                maxLength={20}
                defaultValue={typedCode}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "two-factor-error" : undefined}
                className="mt-1 block w-40 rounded-md border border-stone-300 px-3 py-2 tracking-widest"
              />
            </div>
            <div>
              <label htmlFor="two-factor-confirm-password" className="block text-sm font-medium">
                {t("admin.account.currentPassword")}
              </label>
              <input
                id="two-factor-confirm-password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                maxLength={1024}
                aria-describedby={error ? "two-factor-error" : undefined}
                className="mt-1 block rounded-md border border-stone-300 px-3 py-2"
              />
            </div>
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800 disabled:opacity-60"
            >
              {t("admin.twoFactor.confirm")}
            </button>
          </Form>
          {errorLine}
        </div>
      ) : (
        <>
          <p data-testid="two-factor-state">{t("admin.twoFactor.off")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="two-factor-start" />
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800 disabled:opacity-60"
            >
              {t("admin.twoFactor.setUp")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
