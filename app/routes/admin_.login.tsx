import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AdminLangContext } from "~/hooks/admin-lang-context";
import { useAdminT } from "~/hooks/use-admin-t";
import { adminTranslator, type AdminTranslate } from "~/i18n/admin";
import { signInLanguage } from "~/server/admin-i18n.server";
import { authenticator, DisabledAccountError, InvalidCredentialsError, safeRedirect } from "~/server/auth/auth.server";
import { commitDeviceCookie, trustedDeviceFor } from "~/server/auth/device-cookie.server";
import { recordSuccessfulLogin, takeLoginAttempt } from "~/server/auth/sign-in-limits.server";
import { logSignIn } from "~/server/auth/sign-in-log.server";
import { readFormData } from "~/server/form-data.server";
import { deleteExpiredSessions } from "~/models/admin-session.server";
import { createAdminSession, getSessionUser } from "~/server/auth/session.server";
import { log } from "~/server/log.server";
import { holdSignIn } from "~/server/auth/two-factor.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: adminTranslator(data?.adminLang ?? "en")("admin.login.title") },
  { name: "robots", content: "noindex" },
];

/**
 * A refused attempt's `Retry-After` (seconds) on the HTTP response. Remix builds a route's response
 * headers, for a document POST and a `.data` POST alike, from this export only: without it the
 * action's headers are dropped (all but Set-Cookie).
 */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter === null ? new Headers() : { "Retry-After": retryAfter };
};

/**
 * A signed-in visitor goes straight to /admin/products (spec section 2). `adminLang`: the page's
 * language (signInLanguage), which the root layout also puts on `<html lang>`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) throw redirect("/admin/products");
  return { adminLang: await signInLanguage(request) };
}

/**
 * Signs in with remix-auth's FormStrategy. On failure: 'Invalid credentials' with a detail that
 * never says which field was wrong (spec section 8), and the e-mail kept. Attempts are throttled
 * before the password is checked (app/server/auth/sign-in-limits.server.ts): a refused one answers 429 with
 * Retry-After. A success also sets the device cookie (app/server/auth/device-cookie.server.ts) that
 * exempts this browser from the limits others can run up. Every outcome is logged (logSignIn): a
 * success or a wrong password of an existing account in the audit trail, an unknown e-mail or a
 * refused attempt in the bounded table of refused sign-ins.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request.clone());
  const t = adminTranslator(await signInLanguage(request));
  const email = String(form.get("email") ?? "");
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const address = typeof context.clientAddress === "string" ? context.clientAddress : "unknown";
  const device = await trustedDeviceFor(request, email);
  const attempt = { address, email, device };
  const seen = { email, address, device: device !== null };

  const verdict = await takeLoginAttempt(attempt);
  if (!verdict.allowed) {
    const retryAfter = Math.ceil(verdict.waitMs / 1000);
    await logSignIn("locked-out", { ...seen, limit: verdict.limit, retryAfter });
    return data(
      { error: tooManyMessage(verdict.waitMs, t), email },
      { status: 429, headers: { "Retry-After": String(retryAfter) } },
    );
  }
  try {
    const user = await authenticator.authenticate("form", request);
    await recordSuccessfulLogin(attempt, verdict);
    // With two-factor sign-in on, the password only opens the second step: no session yet.
    if (user.twoFactor) {
      return redirect("/admin/two-factor", { headers: { "Set-Cookie": await holdSignIn(user.id, redirectTo) } });
    }
    const headers = new Headers();
    headers.append("Set-Cookie", await createAdminSession(request, user.id));
    headers.append("Set-Cookie", await commitDeviceCookie(user.email));
    await logSignIn("succeeded", { ...seen, user: user.id });
    void deleteExpiredSessions().catch((error: unknown) =>
      log.error({ err: error }, "Deleting expired sessions failed"),
    );
    return redirect(redirectTo, { headers });
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      const account = error.accountId ?? undefined;
      await logSignIn("failed", { ...seen, reason: "invalid-credentials", account });
      return data({ error: t("admin.login.invalidDetail"), email }, { status: 401 });
    }
    if (error instanceof DisabledAccountError) {
      await logSignIn("failed", { ...seen, reason: "disabled", account: error.accountId });
      return data({ error: t("admin.login.disabled"), email }, { status: 403 });
    }
    throw error;
  }
}

/** The 429 message for a wait of `waitMs` milliseconds: "up to a minute", else whole minutes rounded up. */
function tooManyMessage(waitMs: number, t: AdminTranslate): string {
  if (waitMs <= 60_000) return t("admin.login.tooManyShort");
  return t("admin.login.tooMany", { minutes: Math.ceil(waitMs / 60_000) });
}

export default function AdminLoginPage() {
  const { adminLang } = useLoaderData<typeof loader>();
  return (
    <AdminLangContext.Provider value={adminLang}>
      <LoginForm />
    </AdminLangContext.Provider>
  );
}

function LoginForm() {
  const t = useAdminT();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/admin/login";
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-stone-100 px-4">
      <div className="w-full max-w-sm rounded-lg border border-stone-200 bg-white p-8 shadow-sm">
        <h1 className="mb-6 text-center text-2xl font-semibold">{t("admin.login.title")}</h1>
        <Form method="post" action="/admin/login" className="space-y-4">
          {actionData?.error ? (
            <p
              role="alert"
              id="login-error"
              className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {actionData.error}
            </p>
          ) : null}
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <div>
            <label htmlFor="email" className="block text-sm font-medium">
              {t("admin.login.email")}
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={actionData?.email ?? ""}
              aria-describedby={actionData?.error ? "login-error" : undefined}
              className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium">
              {t("admin.login.password")}
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
            />
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="w-full rounded-md bg-amber-700 px-4 py-2.5 font-semibold text-white hover:bg-amber-800 disabled:opacity-70"
          >
            {submitting ? t("admin.login.signingIn") : t("admin.login.submit")}
          </button>
        </Form>
      </div>
    </main>
  );
}
