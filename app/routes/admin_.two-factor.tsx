import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SignInAlert, SignInButton, SignInCard } from "~/components/admin/sign-in-card";
import { usePending } from "~/hooks/use-pending";
import { useAdminT } from "~/hooks/use-admin-t";
import { adminTranslator } from "~/i18n/admin";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import { signInLanguage } from "~/server/admin-i18n.server";
import { completeTwoFactor, hasHeldSignIn } from "~/server/auth/sign-in.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: adminTranslator(data?.adminLang ?? "en")("admin.twoFactor.title") },
  { name: "robots", content: "noindex" },
];

/**
 * The second step of signing in (docs/decisions/034-two-factor-sign-in.md): only with a sign-in
 * held by the password step (a signed cookie, 5 minutes); otherwise back to the sign-in page.
 * Returns the page's language and the shop's name and logo in it, as the sign-in page does.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await hasHeldSignIn(request))) throw redirect("/admin/login");
  const adminLang = await signInLanguage(request);
  const { name, logo } = shopIdentity(await getShopSettings(), adminLang);
  return { adminLang, shop: { name, logo } };
}

/**
 * Checks the code (completeTwoFactor: a code of the authenticator app or a recovery code, each
 * once, a few wrong ones per account) and goes where the sign-in was going. Refused: the message,
 * 401 for a wrong code, 429 past the limits; without a held sign-in, back to the sign-in page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await completeTwoFactor(request, context);
  if (outcome.ok) return outcome.response;
  return data({ error: outcome.message }, { status: outcome.status });
}

export default function TwoFactorPage() {
  const { adminLang, shop } = useLoaderData<typeof loader>();
  return (
    <SignInCard lang={adminLang} shop={shop}>
      <CodeForm />
    </SignInCard>
  );
}

function CodeForm() {
  const t = useAdminT();
  const answer = useActionData<typeof action>();
  const submitting = usePending({ formAction: "/admin/two-factor" });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (answer?.error) input.current?.select();
  }, [answer]);
  return (
    <>
      <h1 className="mb-2 text-center text-2xl font-semibold">{t("admin.twoFactor.title")}</h1>
      <p className="mb-6 text-center text-sm text-stone-600">{t("admin.twoFactor.intro")}</p>
      <Form method="post" action="/admin/two-factor" className="space-y-4">
        <SignInAlert id="code-error" message={answer?.error} />
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
        <SignInButton busy={submitting} label={t("admin.twoFactor.submit")} busyLabel={t("admin.twoFactor.checking")} />
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/admin/login" className="text-amber-800 underline">
          {t("admin.twoFactor.back")}
        </Link>
      </p>
    </>
  );
}
