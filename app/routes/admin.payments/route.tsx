import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ADVANCE_FIELDS, advanceSettingsSchema, bkashAccountSchema } from "~/forms/payment-schemas";
import { fieldErrorsFrom, typedValues } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import { getShopSettings, saveAdvanceSettings } from "~/models/settings.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireOwner } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import {
  checkBkashAccount,
  getBkashAccountSummary,
  removeBkashAccount,
  saveCheckedBkashKeys,
} from "~/server/payments/bkash-account.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { AdvanceForm, type AdvanceRefusal } from "./advance-form";
import { BkashAccount, type KeysRefusal } from "./bkash-account";

export const meta = adminTitle("admin.payments.title");

/** The bKash account as a page may show it (never the keys) and the advance settings as stored. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const [account, settings] = await Promise.all([getBkashAccountSummary(), getShopSettings()]);
  const { advanceKind, advanceValue, advanceFor, advanceAbovePaisa, advanceWindowMinutes } = settings;
  const { bkashSendMoneyNumber, nagadSendMoneyNumber } = settings;
  return {
    account,
    advance: {
      advanceKind,
      advanceValue,
      advanceFor,
      advanceAbovePaisa,
      advanceWindowMinutes,
      bkashSendMoneyNumber,
      nagadSendMoneyNumber,
    },
  };
}

const KEY_FIELDS = ["username", "password", "appKey", "appSecret"] as const;
const URL = "/admin/payments";

/**
 * `intent=advance`: saves the advance rule and the Send Money numbers (400 with a message per field
 * and what was typed). `intent=save`: grants a bKash token with the new keys (sandbox or live as
 * ticked) and saves them sealed only if bKash accepts them (400 otherwise, the username kept, the
 * secrets to type again). `intent=check`: grants a token with the saved keys. `intent=remove`:
 * forgets the keys. Owner only; each change in the audit trail.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireOwner(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  if (form.get("intent") === "advance") {
    const parsed = advanceSettingsSchema(t).safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const refusal: AdvanceRefusal = {
        values: typedValues(form, ADVANCE_FIELDS),
        fieldErrors: fieldErrorsFrom(parsed.error, ADVANCE_FIELDS),
      };
      return data({ advance: refusal, keys: null }, { status: 400 });
    }
    await saveAdvanceSettings(parsed.data);
    await audit(context, admin, {
      action: "settings.advance-updated",
      subjectType: "settings",
      summary: parsed.data.advanceKind,
      details: parsed.data,
    });
    return redirectWithToast(request, URL, { kind: "success", message: t("admin.payments.advanceSaved") });
  }
  const parsed = bkashAccountSchema(t).safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error, KEY_FIELDS);
    if (Object.keys(fieldErrors).length === 0) {
      return redirectWithToast(request, URL, { kind: "error", message: t("error.generic") });
    }
    const keys: KeysRefusal = {
      values: { username: String(form.get("username") ?? ""), sandbox: form.get("sandbox") === "on" },
      fieldErrors,
    };
    return data({ advance: null, keys }, { status: 400 });
  }
  if (parsed.data.intent === "remove") return redirectWithToast(request, URL, await removeBkashAccount(admin, context));
  if (parsed.data.intent === "check") return redirectWithToast(request, URL, await checkBkashAccount(admin));
  const { username, password, appKey, appSecret, sandbox } = parsed.data;
  const saved = await saveCheckedBkashKeys({ username, password, appKey, appSecret }, sandbox, admin, context);
  if (!saved.saved) {
    const keys: KeysRefusal = { values: { username, sandbox }, fieldErrors: {}, formError: saved.formError };
    return data({ advance: null, keys }, { status: 400 });
  }
  return redirectWithToast(request, URL, saved.toast);
}

/** /admin/payments: the bKash merchant account, the advance rule and the Send Money numbers (owner only). */
export default function PaymentsPage() {
  const t = useAdminT();
  const { account, advance } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <section aria-labelledby="payments-title" className="max-w-3xl space-y-6">
      <AdminPageHeader id="payments-title" title={t("admin.payments.title")} subtitle={t("admin.payments.subtitle")} />
      {/* A new form after each save, so every field shows what was stored (a phone as 01XXXXXXXXX). */}
      <AdvanceForm key={JSON.stringify(advance)} stored={advance} refusal={refused?.advance ?? null} />
      <BkashAccount account={account} refusal={refused?.keys ?? null} />
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backLabel: "admin.shell.nav.dashboard" });
