import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { ImageField } from "~/components/admin/image-field";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ShopSettingsValues } from "~/forms/admin-schemas";
import { adminTitle } from "~/components/admin/admin-meta";
import { useAdminT } from "~/hooks/use-admin-t";
import { type MessageKey } from "~/i18n/admin";
import { getShopSettings, shopIdentity, type ShopSettings } from "~/models/settings.server";
import { saveSettingsForm } from "./settings-form.server";
import { formatAmount } from "~/rules/money";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireOwner } from "~/server/auth/auth.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta = adminTitle("admin.settings.title");

type FieldName = keyof ShopSettingsValues;

/** The saved settings as the form's text values (money in taka, without grouping). */
function formValues(settings: ShopSettings): ShopSettingsValues {
  const taka = (paisa: number) => formatAmount(paisa).replace(/,/g, "");
  return {
    name: settings.name,
    nameBn: settings.nameBn,
    tagline: settings.tagline,
    taglineBn: settings.taglineBn,
    about: settings.about,
    aboutBn: settings.aboutBn,
    email: settings.email,
    phone: settings.phone,
    address: settings.address,
    addressBn: settings.addressBn,
    insideDhakaFeePaisa: taka(settings.insideDhakaFeePaisa),
    outsideDhakaFeePaisa: taka(settings.outsideDhakaFeePaisa),
    freeDeliveryMinPaisa: settings.freeDeliveryMinPaisa === null ? "" : taka(settings.freeDeliveryMinPaisa),
    defaultLanguage: settings.defaultLanguage,
    tradeLicence: settings.tradeLicence,
    bin: settings.bin,
    lowStockThreshold: String(settings.lowStockThreshold),
    phoneOrderLimit: String(settings.phoneOrderLimit),
    addressOrderLimit: String(settings.addressOrderLimit),
    requireOwnerTwoFactor: settings.requireOwnerTwoFactor ? "on" : "",
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const settings = await getShopSettings();
  return { values: formValues(settings), logo: shopIdentity(settings, "en").logo };
}

/**
 * Saves the settings and the logo (saveSettingsForm): on success back to this page with a toast,
 * and the storefront shows them from the next request on; on failure 400 (or 413) with a message
 * per field and every value as typed. Orders already placed keep their fees (they are stored on
 * the order).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireOwner(request);
  const t = staffTranslator(user);
  const result = await saveSettingsForm(request, t);
  if (!result.ok) return data(result, { status: result.status });
  await audit(context, user, { action: "settings.updated", subjectType: "settings", details: result.changed });
  return redirectWithToast(request, "/admin/settings", { kind: "success", message: t("admin.settings.saved") });
}

/** /admin/settings: the shop's identity, contact, delivery fees, language and invoice lines. */
export default function SettingsPage() {
  const t = useAdminT();
  const { values: saved, logo } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === "/admin/settings";
  // A body too large to read (413) brings no values back: the form shows the saved ones.
  const values: typeof saved & { removeLogo?: string } =
    problem && Object.keys(problem.values).length > 0 ? problem.values : saved;
  const errors = problem?.fieldErrors ?? {};
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) errorRef.current?.focus();
  }, [problem]);
  const field = (name: FieldName, label: MessageKey, options: FieldOptions = {}) => (
    <Field name={name} label={t(label)} value={values[name] ?? ""} error={errors[name]} {...options} />
  );

  return (
    <section aria-labelledby="settings-title" className="space-y-6">
      <AdminPageHeader id="settings-title" title={t("admin.settings.title")} subtitle={t("admin.settings.subtitle")} />
      <Form method="post" action="/admin/settings" encType="multipart/form-data" noValidate className="space-y-6">
        {problem ? (
          <div
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
            data-testid="form-error"
          >
            {problem.formError}
          </div>
        ) : null}
        <Fieldset legend={t("admin.settings.identity")}>
          {field("name", "admin.settings.name", { required: true, maxLength: 100 })}
          {field("nameBn", "admin.settings.nameBn", {
            hint: t("admin.settings.banglaHint"),
            maxLength: 100,
            lang: "bn",
          })}
          {field("tagline", "admin.settings.tagline", { required: true, maxLength: 200 })}
          {field("taglineBn", "admin.settings.taglineBn", { maxLength: 200, lang: "bn" })}
          {field("about", "admin.settings.about", { required: true, multiline: true, maxLength: 1000 })}
          {field("aboutBn", "admin.settings.aboutBn", { multiline: true, maxLength: 1000, lang: "bn" })}
        </Fieldset>
        <Fieldset legend={t("admin.settings.logo")}>
          {logo ? (
            <div className="space-y-2">
              <p className="text-sm font-medium">{t("admin.settings.currentLogo")}</p>
              <ResponsiveImage
                image={logo}
                sizes="240px"
                className="h-16 w-auto max-w-60 rounded border border-stone-200 bg-white object-contain p-1"
              />
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="removeLogo" defaultChecked={values.removeLogo === "on"} />
                {t("admin.settings.removeLogo")}
              </label>
            </div>
          ) : (
            <p className="text-sm text-stone-600">{t("admin.settings.noLogo")}</p>
          )}
          <ImageField
            id="logo"
            name="logo"
            label={t("admin.settings.logoFile")}
            buttonLabel={logo ? t("admin.settings.changeLogo") : t("admin.settings.uploadLogo")}
            hint={t("admin.settings.logoHint")}
            errors={problem?.fileErrors ?? []}
          />
        </Fieldset>
        <Fieldset legend={t("admin.settings.contact")}>
          {field("email", "admin.settings.email", { required: true, type: "email", maxLength: 254 })}
          {field("phone", "admin.settings.phone", { required: true, type: "tel", maxLength: 40 })}
          {field("address", "admin.settings.address", { required: true, multiline: true, maxLength: 300 })}
          {field("addressBn", "admin.settings.addressBn", { multiline: true, maxLength: 300, lang: "bn" })}
        </Fieldset>
        <Fieldset legend={t("admin.settings.delivery")}>
          {field("insideDhakaFeePaisa", "admin.settings.insideDhakaFee", { required: true, inputMode: "decimal" })}
          {field("outsideDhakaFeePaisa", "admin.settings.outsideDhakaFee", {
            required: true,
            inputMode: "decimal",
            hint: t("admin.settings.feeHint"),
          })}
          {field("freeDeliveryMinPaisa", "admin.settings.freeFrom", {
            inputMode: "decimal",
            hint: t("admin.settings.freeFromHint"),
          })}
        </Fieldset>
        <Fieldset legend={t("admin.settings.language")}>
          <div>
            <label htmlFor="defaultLanguage" className="block text-sm font-medium">
              {t("admin.settings.defaultLanguage")}
            </label>
            <select
              id="defaultLanguage"
              name="defaultLanguage"
              defaultValue={values.defaultLanguage ?? "en"}
              aria-describedby="defaultLanguage-hint"
              className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 sm:max-w-xs"
            >
              <option value="en">{t("admin.settings.english")}</option>
              <option value="bn">{t("admin.settings.bangla")}</option>
            </select>
            <p id="defaultLanguage-hint" className="mt-1 text-sm text-stone-600">
              {t("admin.settings.defaultLanguageHint")}
            </p>
          </div>
        </Fieldset>
        <Fieldset legend={t("admin.settings.invoice")}>
          {field("tradeLicence", "admin.settings.tradeLicence", {
            maxLength: 60,
            hint: t("admin.settings.invoiceHint"),
          })}
          {field("bin", "admin.settings.bin", { maxLength: 30 })}
        </Fieldset>
        <Fieldset legend={t("admin.settings.stock")}>
          {field("lowStockThreshold", "admin.settings.lowStockThreshold", {
            required: true,
            inputMode: "numeric",
            maxLength: 6,
            hint: t("admin.settings.lowStockHint"),
          })}
        </Fieldset>
        <Fieldset legend={t("admin.settings.orderLimits")}>
          <p className="text-sm text-stone-600">{t("admin.settings.orderLimitsHint")}</p>
          {field("phoneOrderLimit", "admin.settings.phoneOrderLimit", {
            required: true,
            inputMode: "numeric",
            maxLength: 5,
          })}
          {field("addressOrderLimit", "admin.settings.addressOrderLimit", {
            required: true,
            inputMode: "numeric",
            maxLength: 5,
          })}
          <Link to="/admin/blocklist" className="inline-block text-sm font-medium text-amber-800 underline">
            {t("admin.blocklist.manage")}
          </Link>
        </Fieldset>
        <Fieldset legend={t("admin.settings.security")}>
          <div className="flex items-start gap-3">
            <input
              id="requireOwnerTwoFactor"
              name="requireOwnerTwoFactor"
              type="checkbox"
              defaultChecked={values.requireOwnerTwoFactor === "on"}
              aria-describedby="requireOwnerTwoFactor-hint"
              className="mt-1 h-5 w-5"
            />
            <div>
              <label htmlFor="requireOwnerTwoFactor" className="font-medium">
                {t("admin.settings.requireOwnerTwoFactor")}
              </label>
              <p id="requireOwnerTwoFactor-hint" className="text-sm text-stone-600">
                {t("admin.settings.requireOwnerTwoFactorHint")}
              </p>
            </div>
          </div>
        </Fieldset>
        <button
          type="submit"
          disabled={saving}
          className="rounded-md bg-amber-700 px-5 py-2.5 font-medium text-white hover:bg-amber-800 disabled:opacity-60"
        >
          {saving ? t("admin.settings.saving") : t("admin.settings.save")}
        </button>
      </Form>
    </section>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-stone-200 bg-white p-6">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

type FieldOptions = {
  hint?: string;
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  type?: "text" | "email" | "tel";
  inputMode?: "decimal" | "numeric";
  lang?: "bn";
};

/** One labelled field with its hint and error, both tied to it for screen readers. */
function Field({
  name,
  label,
  value,
  error,
  ...options
}: { name: FieldName; label: string; value: string; error?: string } & FieldOptions) {
  const described = [options.hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ");
  const common = {
    id: name,
    name,
    defaultValue: value,
    maxLength: options.maxLength,
    lang: options.lang,
    "aria-required": options.required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described || undefined,
    className: "mt-1 block w-full rounded-md border border-stone-300 px-3 py-2",
  };
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
      </label>
      {options.multiline ? (
        <textarea rows={3} {...common} />
      ) : (
        <input type={options.type ?? "text"} inputMode={options.inputMode} {...common} />
      )}
      {options.hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-stone-600">
          {options.hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "error.notFoundTitle",
  failed: "error.generic",
  backTo: "/admin/dashboard",
  backLabel: "admin.shell.nav.dashboard",
});
