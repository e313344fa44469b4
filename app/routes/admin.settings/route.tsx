import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { FormAlert } from "~/components/admin/form-field";
import { AdminPageHeader } from "~/components/admin/page-header";
import { adminTitle } from "~/components/admin/admin-meta";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireOwner } from "~/server/auth/auth.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { shopSmsGateway } from "~/server/sms/gateway-account.server";
import { shopCodeSmsFailing } from "~/models/sms/phone-verification.server";
import {
  ContactFieldset,
  DeliveryFieldset,
  IdentityFieldset,
  InvoiceFieldset,
  LanguageFieldset,
  LogoFieldset,
  OrderLimitsFieldset,
  SecurityFieldset,
  StockFieldset,
} from "./settings-fieldsets";
import { SettingsSaveBar, SettingsSectionLinks } from "./settings-navigation";
import { saveSettingsForm, settingsFormValues, type SettingsFormValues } from "./settings-form.server";

export const meta = adminTitle("admin.settings.title");

/** The saved settings as the form's values (numbers in the owner's digits), and the current logo (null: none). */
export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireOwner(request);
  const settings = await getShopSettings();
  return {
    values: settingsFormValues(settings, staffLanguage(owner)),
    logo: shopIdentity(settings, "en").logo,
    // Checkout asks for no code without a gateway it can send through, or while codes fail: the form warns.
    codeSms: await codeSmsState(),
  };
}

/** Whether checkout codes can reach phones: a gateway is set, and the shop's last codes did not all fail. */
async function codeSmsState(): Promise<"ok" | "no-gateway" | "failing"> {
  if ((await shopSmsGateway()) === null) return "no-gateway";
  return (await shopCodeSmsFailing()) ? "failing" : "ok";
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

/**
 * /admin/settings: the shop's identity, contact, delivery fees, language and invoice lines, in
 * sections with jump links at the top and one save button in a bar at the bottom of the screen.
 */
export default function SettingsPage() {
  const t = useAdminT();
  const { values: saved, logo, codeSms } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const saving = usePending({ formAction: "/admin/settings", state: "submitting" });
  // A body too large to read (413) brings no values back: the form shows the saved ones.
  const values: SettingsFormValues = problem && Object.keys(problem.values).length > 0 ? problem.values : saved;
  const group = { values, errors: problem?.fieldErrors ?? {} };

  return (
    <section aria-labelledby="settings-title" className="space-y-6">
      <AdminPageHeader id="settings-title" title={t("admin.settings.title")} subtitle={t("admin.settings.subtitle")} />
      <FormAlert message={problem?.formError} refusal={problem} />
      <SettingsSectionLinks errors={group.errors} fileErrors={problem?.fileErrors ?? []} />
      <Form
        method="post"
        action="/admin/settings"
        encType="multipart/form-data"
        noValidate
        className="space-y-6 [&_:is(input,select,textarea)]:scroll-mb-28"
      >
        <IdentityFieldset {...group} />
        <LogoFieldset logo={logo} values={values} fileErrors={problem?.fileErrors ?? []} />
        <ContactFieldset {...group} />
        <DeliveryFieldset {...group} />
        <LanguageFieldset values={values} />
        <InvoiceFieldset {...group} />
        <StockFieldset {...group} />
        <OrderLimitsFieldset {...group} codeSms={codeSms} />
        <SecurityFieldset values={values} />
        <SettingsSaveBar saving={saving} />
      </Form>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backLabel: "admin.shell.nav.dashboard" });
