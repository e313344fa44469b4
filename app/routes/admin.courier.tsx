import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { courierAccountSchema } from "~/forms/admin-schemas";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format";
import {
  getCourierAccountSummary,
  removeCourierAccount,
  saveCourierAccount,
  shopCourier,
} from "~/server/couriers/hand-off.server";
import { formatMoney } from "~/rules/money";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireOwner } from "~/server/auth/auth.server";
import { courierFailure } from "~/server/couriers/messages.server";
import { CourierError } from "~/server/couriers/courier";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta = adminTitle("admin.courier.title");

/** The courier account as a page may show it: never the keys, only the API key's last 4 characters. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return getCourierAccountSummary();
}

/** A refused save (400): the messages, and the API key as typed (the secret key is never sent back). */
type AccountProblem = {
  apiKey: string;
  fieldErrors: Partial<Record<"apiKey" | "secretKey", string>>;
  formError?: string;
};

/**
 * `intent=save`: checks the new keys with a harmless call (the balance), then saves them sealed;
 * keys the courier refuses are not saved (400, the API key kept, the secret to type again). When the
 * courier cannot be reached the keys are saved and the message says they are not checked yet.
 * `intent=check`: the same call with the saved keys. `intent=remove`: forgets the keys.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireOwner(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const parsed = courierAccountSchema(t).safeParse(Object.fromEntries(form));
  const url = "/admin/courier";
  if (!parsed.success) {
    const fieldErrors: AccountProblem["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "apiKey" || field === "secretKey") && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    if (Object.keys(fieldErrors).length === 0) {
      return redirectWithToast(request, url, { kind: "error", message: t("error.generic") });
    }
    return data<AccountProblem>({ apiKey: String(form.get("apiKey") ?? ""), fieldErrors }, { status: 400 });
  }
  if (parsed.data.intent === "remove") {
    await removeCourierAccount();
    await audit(context, admin, { action: "courier.keys-removed", subjectType: "settings", summary: "Steadfast" });
    return redirectWithToast(request, url, { kind: "success", message: t("admin.courier.removed") });
  }
  if (parsed.data.intent === "check") {
    const courier = await shopCourier();
    if (!courier) return redirectWithToast(request, url, { kind: "error", message: t("admin.courier.noAccount") });
    try {
      const { balancePaisa } = await courier.checkAccount();
      const balance = formatMoney(balancePaisa, { lang: staffLanguage(admin) });
      return redirectWithToast(request, url, { kind: "success", message: t("admin.courier.checked", { balance }) });
    } catch (error) {
      const message = courierFailure(error, t);
      if (message === null) throw error;
      return redirectWithToast(request, url, { kind: "error", message });
    }
  }
  const { apiKey, secretKey } = parsed.data;
  try {
    await (await shopCourier({ apiKey, secretKey }))!.checkAccount();
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    if (error.kind === "unauthorised") {
      return data<AccountProblem>(
        { apiKey, fieldErrors: {}, formError: t("admin.courier.keysRefused") },
        { status: 400 },
      );
    }
    if (error.kind === "redirected") {
      // Not the keys' fault, but not Steadfast answering either: nothing is saved until it does.
      return data<AccountProblem>(
        { apiKey, fieldErrors: {}, formError: courierFailure(error, t) ?? t("error.generic") },
        { status: 400 },
      );
    }
    await saveCourierAccount({ apiKey, secretKey }, admin);
    await audit(context, admin, keysSaved(apiKey));
    return redirectWithToast(request, url, { kind: "info", message: t("admin.courier.savedUnchecked") });
  }
  await saveCourierAccount({ apiKey, secretKey }, admin);
  await audit(context, admin, keysSaved(apiKey));
  return redirectWithToast(request, url, { kind: "success", message: t("admin.courier.saved") });
}

/** The trail's entry for saved keys: never the keys, only the API key's last 4 characters. */
const keysSaved = (apiKey: string) =>
  ({ action: "courier.keys-saved", subjectType: "settings", summary: `Steadfast …${apiKey.slice(-4)}` }) as const;

/** /admin/courier: the shop's Steadfast account (keys written, never read back) and what to do with it. */
export default function CourierAccountPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const account = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() as AccountProblem | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);
  const field = (name: "apiKey" | "secretKey", label: string, hint: string) => {
    const error = problem?.fieldErrors[name];
    return (
      <div>
        <label htmlFor={name} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={name}
          name={name}
          // Keys are written, never read back: the browser is not offered them to remember.
          type="password"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          defaultValue={name === "apiKey" ? (problem?.apiKey ?? "") : ""}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-hint ${name}-error` : `${name}-hint`}
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 font-mono"
        />
        <p id={`${name}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
        {error ? (
          <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section aria-labelledby="courier-title" className="max-w-3xl space-y-6">
      <AdminPageHeader id="courier-title" title={t("admin.courier.title")} subtitle={t("admin.courier.subtitle")} />

      <div className="rounded-lg border border-stone-200 bg-white p-5" data-testid="courier-account">
        <h2 className="text-lg font-semibold">Steadfast</h2>
        {account.configured ? (
          <>
            <p className="mt-2">
              {t("admin.courier.savedKey", { hint: account.apiKeyHint })}
              {account.updatedAt ? (
                <span className="block text-sm text-stone-600">
                  {t("admin.courier.savedBy", {
                    email: account.updatedByEmail ?? "—",
                    when: formatShopDateTime(new Date(account.updatedAt), lang),
                  })}
                </span>
              ) : null}
            </p>
            {account.readable ? null : (
              <p role="alert" className="mt-2 font-medium text-red-700">
                {t("admin.courier.unreadable")}
              </p>
            )}
            <div className="mt-4 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="check" />
                <button
                  type="submit"
                  disabled={busy === "check"}
                  className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-50"
                >
                  {busy === "check" ? t("admin.courier.checking") : t("admin.courier.check")}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <button
                  type="submit"
                  disabled={busy === "remove"}
                  className="rounded-md border border-red-300 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
                >
                  {t("admin.courier.remove")}
                </button>
              </Form>
            </div>
          </>
        ) : (
          <p className="mt-2" data-testid="courier-none">
            {t("admin.courier.none")}
          </p>
        )}
      </div>

      {/* A new form after each save: the keys typed are never left in the page. */}
      <Form
        key={account.updatedAt ? String(account.updatedAt) : "none"}
        method="post"
        noValidate
        className="space-y-4 rounded-lg border border-stone-200 bg-white p-5"
      >
        <h2 className="text-lg font-semibold">
          {account.configured ? t("admin.courier.replaceTitle") : t("admin.courier.addTitle")}
        </h2>
        <input type="hidden" name="intent" value="save" />
        {problem ? (
          <p ref={alertRef} tabIndex={-1} role="alert" className="text-sm font-medium text-red-700">
            {problem.formError ?? t("admin.courier.fixErrors")}
          </p>
        ) : null}
        {field("apiKey", t("admin.courier.apiKey"), t("admin.courier.apiKeyHint"))}
        {field("secretKey", t("admin.courier.secretKey"), t("admin.courier.secretKeyHint"))}
        <button
          type="submit"
          disabled={busy === "save"}
          className="rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-60"
        >
          {busy === "save" ? t("admin.courier.saving") : t("admin.courier.save")}
        </button>
      </Form>

      <p className="text-sm text-stone-600">
        {t("admin.courier.howTo")}{" "}
        <Link to="/admin/orders" className="font-medium text-amber-800 underline">
          {t("admin.nav.orders")}
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "error.notFoundTitle",
  failed: "error.generic",
  backTo: "/admin/dashboard",
  backLabel: "admin.shell.nav.dashboard",
});
