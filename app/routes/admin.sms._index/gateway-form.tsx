import { useEffect, useRef, useState, type ReactNode } from "react";
import { AdminField } from "~/components/admin/form-field";
import { KEY_HINT_MARK, KeyField, KeysForm, SavedKeys } from "~/components/admin/saved-keys";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatShopDateTime } from "~/i18n/format-date";
import { SMS_PROVIDERS, smsProviderName, type SmsProvider } from "~/rules/sms";
import type { GatewayField } from "~/server/sms/gateway-form.server";
import type { SmsGatewaySummary } from "~/server/sms/gateway-settings.server";

/** A refused gateway save (400): the messages, and every field as typed except the secrets. */
export type GatewayRefusal = FormRefusal<GatewayField>;

/** The summary as the loader sends it (dates serialised). */
type Summary = Omit<SmsGatewaySummary, "updatedAt"> & { updatedAt: string | Date | null };

/** The saved gateway (provider, key hint, sender, who saved it) with Check and Remove, or the empty state. */
export function SavedGateway({ gateway }: { gateway: Summary }) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <section
      aria-labelledby="sms-saved-title"
      className="rounded-lg border border-stone-200 bg-white p-5"
      data-testid="sms-gateway-saved"
    >
      <h2 id="sms-saved-title" className="text-lg font-semibold">
        {t("admin.smsGateway.savedTitle")}
      </h2>
      {gateway.configured && gateway.provider ? (
        <SavedKeys
          sentence={
            gateway.keyHint
              ? t("admin.smsGateway.savedKey", { provider: smsProviderName(gateway.provider, t), hint: KEY_HINT_MARK })
              : t("admin.smsGateway.savedNoKey", { provider: smsProviderName(gateway.provider, t) })
          }
          hint={gateway.keyHint}
          extra={
            gateway.sender ? (
              <span className="block" translate="no">
                {t("admin.smsGateway.savedSender", { sender: gateway.sender })}
              </span>
            ) : undefined
          }
          savedBy={
            gateway.updatedAt
              ? t("admin.smsGateway.savedBy", {
                  email: gateway.updatedByEmail ?? "—",
                  when: formatShopDateTime(new Date(gateway.updatedAt), lang),
                })
              : null
          }
          unreadable={gateway.readable ? null : t("admin.smsGateway.unreadable")}
          labels={{
            check: t("admin.smsGateway.check"),
            checking: t("admin.smsGateway.checking"),
            remove: t("admin.smsGateway.remove"),
          }}
        />
      ) : (
        <p className="mt-2" data-testid="sms-gateway-none">
          {t("admin.smsGateway.none")}
        </p>
      )}
    </section>
  );
}

/**
 * The form that sets up or replaces the gateway: a radio per provider and each provider's fields in
 * its own fieldset. Without JavaScript every fieldset shows and the chosen radio decides which are
 * read; with it, only the chosen provider's fieldset shows. Secrets are password fields, never
 * filled back in; everything else a refused save gives back.
 */
export function GatewayForm({ gateway, refusal }: { gateway: Summary; refusal: GatewayRefusal | null }) {
  const t = useAdminT();
  const hydrated = useHydrated();
  // What was typed when a save was refused; else the saved sender id (not a secret) to start from.
  const typed: Partial<Record<GatewayField, string>> =
    refusal?.values ??
    (gateway.provider === "sslwireless"
      ? { sslSid: gateway.sender ?? "" }
      : gateway.provider === "bulksmsbd"
        ? { bulkSenderId: gateway.sender ?? "" }
        : {});
  const initial = (typed.provider as SmsProvider | undefined) ?? gateway.provider ?? null;
  const [chosen, setChosen] = useState<SmsProvider | null>(initial);
  const errors = refusal?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  // A refused save with JavaScript keeps the page's inputs: empty the secrets, as the server's page does.
  useEffect(() => {
    if (!refusal) return;
    for (const input of formRef.current?.querySelectorAll<HTMLInputElement>('input[type="password"]') ?? []) {
      input.value = "";
    }
  }, [refusal]);
  const field = (name: GatewayField, label: string, hint?: string, secret = false) => (
    <KeyField
      name={name}
      label={label}
      hint={hint}
      password={secret}
      plain={!secret}
      value={secret ? "" : (typed[name] ?? "")}
      maxLength={secret ? 200 : 1000}
      required={false}
      translate="no"
      error={errors[name]}
    />
  );
  const fieldset = (provider: SmsProvider, children: ReactNode) => (
    <fieldset
      key={provider}
      className="space-y-4 rounded-md border border-stone-200 p-4"
      hidden={hydrated && chosen !== provider}
      data-testid={`sms-fields-${provider}`}
    >
      <legend className="px-1 font-semibold">
        {t("admin.smsGateway.fieldsOf", { provider: smsProviderName(provider, t) })}
      </legend>
      {children}
    </fieldset>
  );
  return (
    <KeysForm
      account={gateway}
      titles={{ add: t("admin.smsGateway.addTitle"), replace: t("admin.smsGateway.replaceTitle") }}
      titleId="sms-form-title"
      formRef={formRef}
      intent="save"
      refusal={refusal}
      fixErrors={t("admin.smsGateway.fixErrors")}
      submit={{ label: t("admin.smsGateway.save"), saving: t("admin.smsGateway.saving") }}
    >
      <fieldset aria-describedby={errors.provider ? "provider-error" : undefined}>
        <legend className="text-sm font-medium">{t("admin.smsGateway.providerLegend")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {SMS_PROVIDERS.map((provider) => (
            <label key={provider} className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="radio"
                name="provider"
                value={provider}
                defaultChecked={initial === provider}
                onChange={() => setChosen(provider)}
                className="h-5 w-5 shrink-0"
              />
              {smsProviderName(provider, t)}
            </label>
          ))}
        </div>
        {errors.provider ? (
          <p id="provider-error" className="text-sm font-medium text-red-700">
            {errors.provider}
          </p>
        ) : null}
      </fieldset>
      {fieldset(
        "sslwireless",
        <>
          {field("sslSid", t("admin.smsGateway.sslSid"), t("admin.smsGateway.sslSidHint"))}
          {field("sslApiToken", t("admin.smsGateway.sslApiToken"), t("admin.smsGateway.secretHint"), true)}
        </>,
      )}
      {fieldset(
        "bulksmsbd",
        <>
          {field("bulkSenderId", t("admin.smsGateway.bulkSenderId"), t("admin.smsGateway.bulkSenderIdHint"))}
          {field("bulkApiKey", t("admin.smsGateway.bulkApiKey"), t("admin.smsGateway.secretHint"), true)}
        </>,
      )}
      {fieldset(
        "http",
        <>
          {field("httpUrl", t("admin.smsGateway.httpUrl"), t("admin.smsGateway.httpUrlHint"))}
          <AdminField
            name="httpMethod"
            label={t("admin.smsGateway.httpMethod")}
            choices={[
              { value: "GET", label: "GET" },
              { value: "POST", label: "POST" },
            ]}
            defaultValue={typed.httpMethod ?? "GET"}
            error={errors.httpMethod}
          />
          <AdminField
            name="httpBody"
            label={t("admin.smsGateway.httpBody")}
            hint={t("admin.smsGateway.httpBodyHint")}
            multiline
            spellCheck={false}
            translate="no"
            maxLength={2000}
            inputClassName="font-mono"
            defaultValue={typed.httpBody ?? ""}
            error={errors.httpBody}
          />
          <AdminField
            name="httpContentType"
            label={t("admin.smsGateway.httpContentType")}
            choices={[
              { value: "form", label: t("admin.smsGateway.httpContentType.form") },
              { value: "json", label: t("admin.smsGateway.httpContentType.json") },
            ]}
            defaultValue={typed.httpContentType ?? "form"}
            error={errors.httpContentType}
          />
          {field("httpSuccessText", t("admin.smsGateway.httpSuccessText"), t("admin.smsGateway.httpSuccessTextHint"))}
          {field("httpKey", t("admin.smsGateway.httpKey"), t("admin.smsGateway.httpKeyHint"), true)}
        </>,
      )}
    </KeysForm>
  );
}
