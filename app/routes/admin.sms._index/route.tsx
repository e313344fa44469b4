import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { SmsPageHeader } from "~/components/admin/sms-navigation";
import { typedValues } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import { normalizeBdMobile } from "~/rules/phone";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireOwner } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { GATEWAY_FIELDS, parseGatewayForm, SECRET_FIELDS } from "~/server/sms/gateway-form.server";
import {
  checkSmsGateway,
  getSmsGatewaySummary,
  removeSmsGateway,
  saveCheckedSmsGateway,
  sendTestSms,
} from "~/server/sms/gateway-settings.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { GatewayForm, SavedGateway, type GatewayRefusal } from "./gateway-form";
import { TestMessageForm, type TestRefusal } from "./test-message";

export const meta = adminTitle("admin.smsGateway.title");

/** The gateway as a page may show it: never its secret, only the last 4 characters. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return { gateway: await getSmsGatewaySummary() };
}

const URL = "/admin/sms";

/** A refused post (400): which form it was, and what it shows again. */
type Refused = { gateway: GatewayRefusal | null; test: TestRefusal | null };

/**
 * Owner only. `intent=save`: reads the chosen provider's fields, checks the key with the gateway's
 * balance call where it has one, then saves it sealed; refused fields or a refused key answer 400
 * with everything typed except the secrets; an unreachable gateway is saved "not checked yet".
 * `intent=check`: the balance call with the saved key. `intent=remove`: forgets the gateway.
 * `intent=test`: sends a test text to `testPhone` straight through the gateway and shows its
 * answer (400 for a number that is not a Bangladeshi mobile). Each change in the audit trail.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireOwner(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "remove") return redirectWithToast(request, URL, await removeSmsGateway(admin, context));
  if (intent === "check") return redirectWithToast(request, URL, await checkSmsGateway(admin));
  if (intent === "test") {
    const typed = String(form.get("testPhone") ?? "");
    const phone = normalizeBdMobile(typed);
    if (!phone) {
      const test: TestRefusal = {
        values: { testPhone: typed },
        fieldErrors: { testPhone: t("admin.smsGateway.phoneInvalid") },
      };
      return data<Refused>({ gateway: null, test }, { status: 400 });
    }
    return redirectWithToast(request, URL, await sendTestSms(phone, admin, context));
  }
  if (intent !== "save") return redirectWithToast(request, URL, { kind: "error", message: t("error.generic") });
  const values = typedValues(form, GATEWAY_FIELDS);
  for (const secret of SECRET_FIELDS) delete values[secret];
  const parsed = parseGatewayForm(Object.fromEntries(form), t);
  if (!parsed.ok)
    return data<Refused>({ gateway: { values, fieldErrors: parsed.fieldErrors }, test: null }, { status: 400 });
  const saved = await saveCheckedSmsGateway(parsed.choice, admin, context);
  if (!saved.saved) {
    return data<Refused>(
      { gateway: { values, fieldErrors: {}, formError: saved.formError }, test: null },
      { status: 400 },
    );
  }
  return redirectWithToast(request, URL, saved.toast);
}

/** /admin/sms: the shop's SMS gateway (its key written, never read back), replacing it, and a test message. */
export default function SmsGatewayPage() {
  const t = useAdminT();
  const { gateway } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as Refused | undefined;
  return (
    <section aria-labelledby="sms-gateway-title" className="max-w-3xl space-y-6">
      <SmsPageHeader
        id="sms-gateway-title"
        title={t("admin.smsGateway.title")}
        subtitle={t("admin.smsGateway.subtitle")}
      />
      <SavedGateway gateway={gateway} />
      {gateway.configured ? <TestMessageForm refusal={refused?.test ?? null} /> : null}
      <GatewayForm gateway={gateway} refusal={refused?.gateway ?? null} />
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backLabel: "admin.shell.nav.dashboard" });
