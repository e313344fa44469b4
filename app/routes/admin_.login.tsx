import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { SignInAlert, SignInButton, SignInCard } from "~/components/admin/sign-in-card";
import { usePending } from "~/hooks/use-pending";
import { useAdminT } from "~/hooks/use-admin-t";
import { adminTranslator } from "~/i18n/admin";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import { signInLanguage } from "~/server/admin-i18n.server";
import { signedInAdmin } from "~/server/auth/auth.server";
import { signIn } from "~/server/auth/sign-in.server";

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
 * A signed-in visitor goes straight to /admin/products. `adminLang`: the page's language
 * (signInLanguage), which the root layout also puts on `<html lang>`; `shop`: the shop's name and
 * logo in that language (public, as on the storefront's header).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await signedInAdmin(request)) throw redirect("/admin/products");
  const adminLang = await signInLanguage(request);
  const { name, logo } = shopIdentity(await getShopSettings(), adminLang);
  return { adminLang, shop: { name, logo } };
}

/**
 * Signs in (signIn: throttled, logged; the second step next with two-factor sign-in on). Refused:
 * the message (a wrong e-mail or password never says which field was wrong) with the e-mail kept,
 * 401, 403 for a disabled account, or 429 with Retry-After.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await signIn(request, context);
  if (outcome.ok) return outcome.response;
  return data({ error: outcome.message, email: outcome.email }, { status: outcome.status, headers: outcome.headers });
}

export default function AdminLoginPage() {
  const { adminLang, shop } = useLoaderData<typeof loader>();
  return (
    <SignInCard lang={adminLang} shop={shop}>
      <LoginForm />
    </SignInCard>
  );
}

function LoginForm() {
  const t = useAdminT();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const submitting = usePending({ formAction: "/admin/login" });
  return (
    <>
      <h1 className="mb-6 text-center text-2xl font-semibold">{t("admin.login.title")}</h1>
      <Form method="post" action="/admin/login" className="space-y-4">
        <SignInAlert id="login-error" message={actionData?.error} />
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
        <SignInButton busy={submitting} label={t("admin.login.submit")} busyLabel={t("admin.login.signingIn")} />
      </Form>
    </>
  );
}
