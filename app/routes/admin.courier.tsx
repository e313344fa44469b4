import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { courierAccountSchema } from "~/forms/admin-schemas";
import { fieldErrorsFrom, type FormRefusal } from "~/forms/refusal";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format-date";
import {
  checkCourierAccount,
  getCourierAccountSummary,
  removeCourierAccount,
  saveCheckedCourierKeys,
} from "~/server/couriers/courier-keys.server";
import { PATHAO_KEY_FIELDS, pathaoAccountSchema } from "~/forms/pathao-schemas";
import { saveDefaultCourier } from "~/models/settings.server";
import { audit } from "~/server/audit.server";
import { readyCouriers } from "~/server/couriers/hand-off.server";
import {
  checkPathaoAccount,
  choosePathaoStore,
  getPathaoAccountSummary,
  listPathaoStores,
  removePathaoAccount,
  saveCheckedPathaoKeys,
} from "~/server/couriers/pathao-account.server";
import { refreshPathaoPlacesToast } from "~/server/couriers/pathao-places.server";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { courierDisplayName } from "~/rules/courier-names";
import {
  DefaultCourierForm,
  PathaoAccountSection,
  type PathaoRefusal,
} from "~/components/admin/courier/pathao-account-section";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireOwner } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { KEY_HINT_MARK, KeysForm, SavedKeys } from "~/components/admin/saved-keys";

export const meta = adminTitle("admin.courier.title");

/**
 * The courier accounts as a page may show them: never the keys, only the API key's (Steadfast) or
 * client id's (Pathao) last 4 characters; Pathao's active stores when its store is still to be
 * chosen (or `?stores=1` asks to change it); the couriers ready and the default one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireOwner(request);
  const [steadfast, pathao, couriers] = await Promise.all([
    getCourierAccountSummary(),
    getPathaoAccountSummary(),
    readyCouriers(),
  ]);
  const wantStores = pathao.readable && (pathao.storeId === null || new URL(request.url).searchParams.has("stores"));
  const pathaoStores = wantStores ? await listPathaoStores(staffTranslator(admin)) : null;
  return { ...steadfast, pathao, pathaoStores, couriers };
}

/** A refused save (400): the messages, and the API key as typed (the secret key is never sent back). */
type AccountRefusal = FormRefusal<"apiKey" | "secretKey", { apiKey: string }>;

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
  const intent = String(form.get("intent") ?? "");
  if (intent.startsWith("pathao-") || intent === "default-courier") return pathaoAction(request, context, admin, form);
  const parsed = courierAccountSchema(t).safeParse(Object.fromEntries(form));
  const url = "/admin/courier";
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error, ["apiKey", "secretKey"]);
    if (Object.keys(fieldErrors).length === 0) {
      return redirectWithToast(request, url, { kind: "error", message: t("error.generic") });
    }
    return data<AccountRefusal>({ values: { apiKey: String(form.get("apiKey") ?? "") }, fieldErrors }, { status: 400 });
  }
  if (parsed.data.intent === "remove") {
    return redirectWithToast(request, url, await removeCourierAccount(admin, context));
  }
  if (parsed.data.intent === "check") return redirectWithToast(request, url, await checkCourierAccount(admin));
  const { apiKey, secretKey } = parsed.data;
  const saved = await saveCheckedCourierKeys({ apiKey, secretKey }, admin, context);
  if (!saved.saved) {
    return data<AccountRefusal>({ values: { apiKey }, fieldErrors: {}, formError: saved.formError }, { status: 400 });
  }
  return redirectWithToast(request, url, saved.toast);
}

/**
 * The Pathao forms and the default courier (docs/decisions/066-pathao.md): `intent=pathao-save`
 * checks the keys with Pathao (a token, then its stores) and saves them sealed (400 with the
 * client id and username kept, the secret and password to type again, when refused);
 * `pathao-store` chooses the pickup store; `pathao-check`, `pathao-remove`, `pathao-places` (read
 * Pathao's places again); `default-courier`. Each but a refused save goes back with a message.
 */
async function pathaoAction(request: Request, context: unknown, admin: AdminUser, form: FormData) {
  const t = staffTranslator(admin);
  const url = "/admin/courier";
  const parsed = pathaoAccountSchema(t).safeParse(Object.fromEntries(form));
  const kept = { clientId: String(form.get("clientId") ?? ""), username: String(form.get("username") ?? "") };
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error, PATHAO_KEY_FIELDS);
    if (Object.keys(fieldErrors).length === 0) {
      return redirectWithToast(request, url, { kind: "error", message: t("error.generic") });
    }
    return data<PathaoRefusal>({ pathao: true, values: kept, fieldErrors }, { status: 400 });
  }
  switch (parsed.data.intent) {
    case "pathao-save": {
      const { intent: _, ...keys } = parsed.data;
      const saved = await saveCheckedPathaoKeys(keys, admin, context);
      if (!saved.saved) {
        return data<PathaoRefusal>(
          { pathao: true, values: kept, fieldErrors: {}, formError: saved.formError },
          { status: 400 },
        );
      }
      return redirectWithToast(request, url, saved.toast);
    }
    case "pathao-store":
      return redirectWithToast(request, url, await choosePathaoStore(parsed.data.storeId, admin, context));
    case "pathao-check":
      return redirectWithToast(request, url, await checkPathaoAccount(admin));
    case "pathao-remove":
      return redirectWithToast(request, url, await removePathaoAccount(admin, context));
    case "pathao-places":
      return redirectWithToast(request, url, await refreshPathaoPlacesToast(admin));
    case "default-courier": {
      await saveDefaultCourier(parsed.data.courier);
      await audit(context, admin, {
        action: "settings.updated",
        subjectType: "settings",
        summary: `Default courier: ${courierDisplayName(parsed.data.courier)}`,
      });
      const courier = courierDisplayName(parsed.data.courier);
      return redirectWithToast(request, url, { kind: "success", message: t("admin.pathao.defaultSaved", { courier }) });
    }
  }
}

/** /admin/courier: the shop's Steadfast and Pathao accounts (keys written, never read back), and the default courier. */
export default function CourierAccountPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const account = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as AccountRefusal | PathaoRefusal | undefined;
  const problem = refusal && !("pathao" in refusal) ? refusal : undefined;
  const pathaoProblem = refusal && "pathao" in refusal ? refusal : undefined;
  return (
    <section aria-labelledby="courier-title" className="max-w-3xl space-y-6">
      <AdminPageHeader id="courier-title" title={t("admin.courier.title")} subtitle={t("admin.courier.subtitle")} />

      <div className="rounded-lg border border-stone-200 bg-white p-5" data-testid="courier-account">
        <h2 className="text-lg font-semibold">Steadfast</h2>
        {account.configured ? (
          <SavedKeys
            sentence={t("admin.courier.savedKey", { hint: KEY_HINT_MARK })}
            hint={account.apiKeyHint}
            savedBy={
              account.updatedAt
                ? t("admin.courier.savedBy", {
                    email: account.updatedByEmail ?? "—",
                    when: formatShopDateTime(new Date(account.updatedAt), lang),
                  })
                : null
            }
            unreadable={account.readable ? null : t("admin.courier.unreadable")}
            labels={{
              check: t("admin.courier.check"),
              checking: t("admin.courier.checking"),
              remove: t("admin.courier.remove"),
            }}
          />
        ) : (
          <p className="mt-2" data-testid="courier-none">
            {t("admin.courier.none")}
          </p>
        )}
      </div>

      <KeysForm
        account={account}
        titles={{ add: t("admin.courier.addTitle"), replace: t("admin.courier.replaceTitle") }}
        intent="save"
        refusal={problem}
        fixErrors={t("admin.courier.fixErrors")}
        fields={[
          { name: "apiKey", label: t("admin.courier.apiKey"), hint: t("admin.courier.apiKeyHint"), password: true },
          {
            name: "secretKey",
            label: t("admin.courier.secretKey"),
            hint: t("admin.courier.secretKeyHint"),
            password: true,
          },
        ]}
        kept={problem?.values}
        submit={{ label: t("admin.courier.save"), saving: t("admin.courier.saving") }}
      />

      <PathaoAccountSection account={account.pathao} stores={account.pathaoStores} problem={pathaoProblem} />

      {account.couriers.ready.length > 1 ? (
        <DefaultCourierForm ready={account.couriers.ready} defaultCourier={account.couriers.defaultCourier} />
      ) : null}

      <p className="text-sm text-stone-600">
        {t("admin.courier.howTo")}{" "}
        <Link to="/admin/orders" className="font-medium text-amber-800 underline">
          {t("admin.nav.orders")}
        </Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backLabel: "admin.shell.nav.dashboard" });
