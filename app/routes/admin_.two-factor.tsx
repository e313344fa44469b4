import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AdminLangContext } from "~/hooks/admin-lang-context";
import { useAdminT } from "~/hooks/use-admin-t";
import { adminTranslator } from "~/i18n/admin";
import { findAdminById } from "~/models/admin-user.server";
import { claimTotpStep, getTwoFactorState, isRecoveryCodeUnused, redeemRecoveryCode } from "~/models/two-factor.server";
import { signInLanguage } from "~/server/admin-i18n.server";
import { commitDeviceCookie } from "~/server/auth/device-cookie.server";
import { readFormData } from "~/server/form-data.server";
import { unseal } from "~/server/secret-box.server";
import { createAdminSession } from "~/server/auth/session.server";
import { logSignIn } from "~/server/auth/sign-in-log.server";
import { redirectWithToast } from "~/server/toast.server";
import {
  forgiveCodeAttempts,
  hashRecoveryCode,
  heldSignIn,
  isRecoveryCodeShaped,
  releaseSignIn,
  restoreHeldSignIn,
  spendHeldSignIn,
  takeCodeAttempt,
  verifyTotp,
} from "~/server/auth/two-factor.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: adminTranslator(data?.adminLang ?? "en")("admin.twoFactor.title") },
  { name: "robots", content: "noindex" },
];

/**
 * The second step of signing in (docs/decisions/034-two-factor-sign-in.md): only with a sign-in
 * held by the password step (a signed cookie, 5 minutes); otherwise back to the sign-in page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await heldSignIn(request))) throw redirect("/admin/login");
  return { adminLang: await signInLanguage(request) };
}

/**
 * Checks the six-digit code of the authenticator app (one step either side of now, each code once)
 * or an unused recovery code, at most 5 wrong ones in 5 minutes per account; then makes the
 * session, as the password step alone would have, and goes where the sign-in was going. A wrong
 * code answers 401 with a message; the held sign-in stays until it expires. A success uses it up
 * before it uses up the code: the same cookie (a copy of it) sends anyone back to the sign-in page
 * afterwards, and of two requests with one cookie only the one that signs in uses up its code.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const held = await heldSignIn(request);
  if (!held) throw redirect("/admin/login");
  const t = adminTranslator(await signInLanguage(request));
  const code = String((await readFormData(request)).get("code") ?? "").trim();
  const user = await findAdminById(held.userId);
  const address = typeof context.clientAddress === "string" ? context.clientAddress : "unknown";
  if (!user || user.disabled) {
    throw redirect("/admin/login", { headers: { "Set-Cookie": await releaseSignIn() } });
  }
  const seen = { email: user.email, address, device: false };
  if (!(await takeCodeAttempt(user.id))) {
    await logSignIn("locked-out", { ...seen, limit: "two-factor" });
    return data({ error: t("admin.twoFactor.tooMany") }, { status: 429 });
  }
  const state = await getTwoFactorState(user.id);
  const secret = state.secretSealed ? unseal(state.secretSealed) : null;
  // Each way in is checked first without using anything up; then the held sign-in is spent
  // (synchronously: of two requests with one cookie only one gets past this), and only then is the
  // code used up. A code taken meanwhile gives the held sign-in back. So a recovery code (or a
  // code's time step) is never used up by a request that does not sign in.
  let method: "code" | "recovery-code" | null = null;
  let spendCode: () => Promise<boolean> = () => Promise.resolve(true);
  if (!state.enabled || !secret) {
    // Turned off meanwhile (an owner reset it): the password was enough.
    method = "code";
  } else if (isRecoveryCodeShaped(code)) {
    const codeHash = hashRecoveryCode(code);
    if (await isRecoveryCodeUnused(user.id, codeHash)) {
      method = "recovery-code";
      spendCode = () => redeemRecoveryCode(user.id, codeHash);
    }
  } else {
    const step = verifyTotp(secret, code, state.lastStep);
    if (step !== null) {
      method = "code";
      spendCode = () => claimTotpStep(user.id, step);
    }
  }
  if (!method) {
    await logSignIn("failed", { ...seen, reason: "wrong-code", account: user.id });
    return data({ error: t("admin.twoFactor.wrong") }, { status: 401 });
  }
  if (!spendHeldSignIn(held)) {
    throw redirect("/admin/login", { headers: { "Set-Cookie": await releaseSignIn() } });
  }
  let usedUp = false;
  try {
    usedUp = await spendCode();
  } finally {
    if (!usedUp) restoreHeldSignIn(held);
  }
  if (!usedUp) {
    await logSignIn("failed", { ...seen, reason: "wrong-code", account: user.id });
    return data({ error: t("admin.twoFactor.wrong") }, { status: 401 });
  }
  await forgiveCodeAttempts(user.id);
  await logSignIn("succeeded", { ...seen, user: user.id, reason: method });
  const cookies: [string, string][] = [
    ["Set-Cookie", await createAdminSession(request, user.id)],
    ["Set-Cookie", await commitDeviceCookie(user.email)],
    ["Set-Cookie", await releaseSignIn()],
  ];
  if (method === "recovery-code") {
    const left = (await getTwoFactorState(user.id)).recoveryCodesLeft;
    return redirectWithToast(
      request,
      "/admin/account#two-factor",
      { kind: "info", message: t("admin.twoFactor.recoveryUsed", { count: left }) },
      { headers: cookies },
    );
  }
  return redirect(held.redirectTo, { headers: new Headers(cookies) });
}

export default function TwoFactorPage() {
  const { adminLang } = useLoaderData<typeof loader>();
  return (
    <AdminLangContext.Provider value={adminLang}>
      <CodeForm />
    </AdminLangContext.Provider>
  );
}

function CodeForm() {
  const t = useAdminT();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/admin/two-factor";
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (answer?.error) input.current?.select();
  }, [answer]);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-stone-100 px-4">
      <div className="w-full max-w-sm rounded-lg border border-stone-200 bg-white p-8 shadow-sm">
        <h1 className="mb-2 text-center text-2xl font-semibold">{t("admin.twoFactor.title")}</h1>
        <p className="mb-6 text-center text-sm text-stone-600">{t("admin.twoFactor.intro")}</p>
        <Form method="post" action="/admin/two-factor" className="space-y-4">
          {answer?.error ? (
            <p
              role="alert"
              id="code-error"
              className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {answer.error}
            </p>
          ) : null}
          <div>
            <label htmlFor="code" className="block text-sm font-medium">
              {t("admin.twoFactor.code")}
            </label>
            <input
              ref={input}
              id="code"
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={20}
              aria-describedby={answer?.error ? "code-hint code-error" : "code-hint"}
              className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-lg tracking-widest"
            />
            <p id="code-hint" className="mt-1 text-sm text-stone-600">
              {t("admin.twoFactor.codeHint")}
            </p>
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="w-full rounded-md bg-amber-700 px-4 py-2.5 font-semibold text-white hover:bg-amber-800 disabled:opacity-70"
          >
            {submitting ? t("admin.twoFactor.checking") : t("admin.twoFactor.submit")}
          </button>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to="/admin/login" className="text-amber-800 underline">
            {t("admin.twoFactor.back")}
          </Link>
        </p>
      </div>
    </main>
  );
}
