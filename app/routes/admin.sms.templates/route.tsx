import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { FormAlert } from "~/components/admin/form-field";
import { SmsPageHeader } from "~/components/admin/sms-navigation";
import { SaveBar } from "~/components/admin/save-bar";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { getEnv } from "~/config/env.server";
import { getSmsGatewayRow } from "~/models/sms/sms-gateway.server";
import { getSmsTemplates, saveSmsTemplates } from "~/models/sms/sms-templates.server";
import { ORDER_SMS_EVENTS } from "~/rules/sms";
import { smsSampleValues } from "~/rules/sms-samples";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireOwner } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { TemplateFieldset } from "./template-fieldset";
import {
  readTemplatesForm,
  sampleShopOf,
  templateChanges,
  templatesFormValues,
  type TemplatesRefusal,
} from "./templates-form.server";

export const meta = adminTitle("admin.smsTemplates.title");

const PATH = "/admin/sms/templates";

/**
 * Each order event's message as the form shows it, the sample values its previews are filled with
 * in each language, whether a gateway is set (without one nothing is sent), and whether the shop's
 * address is known (PUBLIC_URL: without it a message has no link to the shop's tracking page).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const [templates, shop, gateway] = await Promise.all([getSmsTemplates(), sampleShopOf(request), getSmsGatewayRow()]);
  return {
    values: templatesFormValues(templates),
    samples: { en: smsSampleValues(shop, "en", "typical"), bn: smsSampleValues(shop, "bn", "typical") },
    gatewaySet: gateway !== null,
    publicUrlSet: getEnv().PUBLIC_URL !== undefined,
  };
}

/**
 * Saves every event's message (readTemplatesForm checks them): back to this page with a toast, the
 * change in the audit trail; refused, 400 with every value as typed and a message per text.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const owner = await requireOwner(request);
  const t = staffTranslator(owner);
  const read = readTemplatesForm(await readFormData(request), await sampleShopOf(request), t);
  if (!read.ok) {
    const { values, fieldErrors, formError } = read;
    return data<TemplatesRefusal>({ values, fieldErrors, formError }, { status: 400 });
  }
  const before = await getSmsTemplates();
  await saveSmsTemplates(read.templates, owner);
  await audit(context, owner, {
    action: "sms.templates-saved",
    subjectType: "settings",
    details: templateChanges(before, read.templates),
  });
  return redirectWithToast(request, PATH, { kind: "success", message: t("admin.smsTemplates.saved") });
}

/**
 * /admin/sms/templates: the owner's texts for each order event, one form with a fieldset per event
 * and one save button.
 */
export default function SmsTemplatesPage() {
  const t = useAdminT();
  const { values: saved, samples, gatewaySet, publicUrlSet } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() as TemplatesRefusal | undefined;
  const saving = usePending({ formAction: PATH, state: "submitting" });
  const values = problem?.values ?? saved;
  // A new form once a save has changed the saved texts: the fields start again from them.
  const formKey = useMemo(() => JSON.stringify(saved), [saved]);

  return (
    <section aria-labelledby="sms-templates-title" className="max-w-3xl space-y-6">
      <SmsPageHeader
        id="sms-templates-title"
        title={t("admin.smsTemplates.title")}
        subtitle={t("admin.smsTemplates.subtitle")}
      />
      {gatewaySet ? null : (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm" data-testid="sms-no-gateway">
          {t("admin.smsTemplates.noGateway")}{" "}
          <Link to="/admin/sms" className="font-medium text-amber-900 underline">
            {t("admin.smsTemplates.setGateway")}
          </Link>
        </p>
      )}
      {publicUrlSet ? null : (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm" data-testid="sms-no-public-url">
          {t("admin.smsTemplates.noPublicUrl")}
        </p>
      )}
      <FormAlert message={problem?.formError} refusal={problem} />
      <Form key={formKey} method="post" action={PATH} noValidate className="space-y-6">
        {ORDER_SMS_EVENTS.map((event) => (
          <TemplateFieldset
            key={event}
            event={event}
            value={values[event]}
            errors={problem?.fieldErrors ?? {}}
            samples={samples}
          />
        ))}
        <SaveBar testId="sms-templates-save-bar">
          <SubmitButton
            pending={saving}
            pendingLabel={t("admin.smsTemplates.saving")}
            look="primary-large"
            className="shrink-0"
          >
            {t("admin.smsTemplates.save")}
          </SubmitButton>
        </SaveBar>
      </Form>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backLabel: "admin.shell.nav.dashboard" });
