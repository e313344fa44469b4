/**
 * What the owner's SMS gateway page does (docs/decisions/065-sms.md), like the courier's keys
 * (../couriers/courier-keys.server.ts): save a gateway with its secret sealed (../secret-box.server.ts)
 * after checking it with the balance call where the API has one, check the saved one, forget it,
 * and send a test message straight through it. Each gives the toast or message to show and its
 * line in the audit trail. What a page may show of the gateway is `SmsGatewaySummary`.
 */
import { getEnv } from "~/config/env.server";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import {
  deleteSmsGatewayRow,
  finishTestMessage,
  getSmsGatewayRow,
  saveSmsGatewayRow,
  startTestMessage,
  type SmsGatewayInput,
} from "~/models/sms/sms-gateway.server";
import { localDigits } from "~/i18n/format";
import { smsParts } from "~/rules/sms";
import type { Toast } from "~/utils/toast-message";
import { staffLanguage, staffTranslator } from "../admin-i18n.server";
import { audit } from "../audit.server";
import { seal } from "../secret-box.server";
import { isSmsProvider, smsProviderName, type SmsProvider } from "~/rules/sms";
import { messageReference, SmsGatewayError } from "./gateway";
import { shopSmsGateway } from "./gateway-account.server";
import type { GatewayChoice } from "./gateway-form.server";

/** What a page may show about the shop's gateway: never the secret. */
export type SmsGatewaySummary = {
  /** A gateway is saved. */
  configured: boolean;
  /** Its secret can be opened (false after SESSION_SECRET changed: enter it again). */
  readable: boolean;
  provider: SmsProvider | null;
  /** The secret's last 4 characters, "" when there is none. */
  keyHint: string;
  /** The sender id (SSL Wireless, BulkSMSBD), null for a URL template. */
  sender: string | null;
  updatedAt: Date | null;
  updatedByEmail: string | null;
};

/** The sender id in a row's settings JSON, or null. */
function senderOf(settings: string): string | null {
  try {
    const parsed = JSON.parse(settings) as { sid?: unknown; senderId?: unknown };
    const sender = parsed.sid ?? parsed.senderId;
    return typeof sender === "string" ? sender : null;
  } catch {
    return null;
  }
}

/** The shop's gateway as a page may show it. */
export async function getSmsGatewaySummary(): Promise<SmsGatewaySummary> {
  const row = await getSmsGatewayRow();
  if (!row || !isSmsProvider(row.provider)) {
    return {
      configured: false,
      readable: false,
      provider: null,
      keyHint: "",
      sender: null,
      updatedAt: null,
      updatedByEmail: null,
    };
  }
  return {
    configured: true,
    readable: (await shopSmsGateway(row)) !== null,
    provider: row.provider,
    keyHint: row.secretHint,
    sender: senderOf(row.settings),
    updatedAt: row.updatedAt,
    updatedByEmail: row.updatedByEmail,
  };
}

/** The row `choice` is stored as: its settings as JSON, the secret sealed, the secret's last 4 characters. */
function rowOf(choice: GatewayChoice): SmsGatewayInput {
  const sealed = (secret: string) => ({
    secretSealed: secret === "" ? "" : seal(secret),
    secretHint: secret.slice(-4),
  });
  switch (choice.provider) {
    case "sslwireless":
      return { provider: choice.provider, settings: JSON.stringify({ sid: choice.sid }), ...sealed(choice.apiToken) };
    case "bulksmsbd":
      return {
        provider: choice.provider,
        settings: JSON.stringify({ senderId: choice.senderId }),
        ...sealed(choice.apiKey),
      };
    case "http":
      return { provider: choice.provider, settings: JSON.stringify(choice.settings), ...sealed(choice.key) };
  }
}

/** The balance as a toast shows it: the gateway's figure in the staff member's digits. */
function shownBalance(balance: string, admin: Pick<AdminUser, "language">): string {
  return localDigits(balance, staffLanguage(admin));
}

/**
 * Checks the gateway `choice` with its balance call (where its API has one), then saves it with
 * the secret sealed, as `admin` from the request whose load context is `context`. A key or sender
 * id the gateway refuses is not saved: `{ saved: false, formError }`, the message for the form.
 * When the gateway cannot be reached or answers something else, it is saved and the toast says it
 * is not checked yet. A failure that is not the gateway's is thrown.
 */
export async function saveCheckedSmsGateway(
  choice: GatewayChoice,
  admin: AdminUser,
  context: unknown,
): Promise<{ saved: true; toast: Toast } | { saved: false; formError: string }> {
  const t = staffTranslator(admin);
  const row = rowOf(choice);
  const provider = smsProviderName(choice.provider, t);
  const client = (await shopSmsGateway({ ...row, updatedAt: new Date(), updatedByEmail: admin.email }))!;
  let toast: Toast;
  try {
    const balance = await client.balance();
    toast =
      balance === null
        ? { kind: "success", message: t("admin.smsGateway.savedNoCheck") }
        : {
            kind: "success",
            message: t("admin.smsGateway.saved", { provider, balance: shownBalance(balance, admin) }),
          };
  } catch (error) {
    if (!(error instanceof SmsGatewayError)) throw error;
    if (error.kind === "unauthorised") {
      return { saved: false, formError: t("admin.smsGateway.keyRefused", { provider, reason: error.message }) };
    }
    toast = { kind: "info", message: t("admin.smsGateway.savedUnchecked", { reason: error.message }) };
  }
  await saveSmsGatewayRow(row, admin);
  await audit(context, admin, {
    action: "sms.gateway-saved",
    subjectType: "settings",
    summary: row.secretHint ? `${choice.provider} …${row.secretHint}` : choice.provider,
  });
  return { saved: true, toast };
}

/**
 * Checks the saved gateway with its balance call: the toast names the balance, or says why it
 * could not be read, or that this gateway has no such call. A failure that is not the gateway's is thrown.
 */
export async function checkSmsGateway(admin: AdminUser): Promise<Toast> {
  const t = staffTranslator(admin);
  const client = await shopSmsGateway();
  if (!client) return { kind: "error", message: t("admin.smsGateway.noGateway") };
  const provider = smsProviderName(client.provider, t);
  try {
    const balance = await client.balance();
    if (balance === null) return { kind: "info", message: t("admin.smsGateway.noBalanceCall") };
    return {
      kind: "success",
      message: t("admin.smsGateway.checked", { provider, balance: shownBalance(balance, admin) }),
    };
  } catch (error) {
    if (!(error instanceof SmsGatewayError)) throw error;
    return { kind: "error", message: t("admin.smsGateway.checkFailed", { provider, reason: error.message }) };
  }
}

/** Forgets the gateway and records it; messages already queued fail for want of one when due. */
export async function removeSmsGateway(admin: AdminUser, context: unknown): Promise<Toast> {
  const row = await getSmsGatewayRow();
  await deleteSmsGatewayRow();
  await audit(context, admin, {
    action: "sms.gateway-removed",
    subjectType: "settings",
    summary: row?.provider ?? "",
  });
  return { kind: "success", message: staffTranslator(admin)("admin.smsGateway.removed") };
}

/**
 * Sends a short test text to `phone` (01XXXXXXXXX) through the saved gateway, now and not through
 * the outbox: the owner wants the gateway's answer while they wait. It is recorded as a "test"
 * message in the outbox table with its outcome (so it shows among the messages sent) and in the
 * audit trail. The toast says the gateway took it, or gives the gateway's reason. A failure that is
 * not the gateway's is thrown (the message is recorded as failed first).
 */
export async function sendTestSms(phone: string, admin: AdminUser, context: unknown): Promise<Toast> {
  const t = staffTranslator(admin);
  const lang = staffLanguage(admin);
  const gateway = await shopSmsGateway();
  if (!gateway) return { kind: "error", message: t("admin.smsGateway.noGateway") };
  const text = t("admin.smsGateway.testText", { shop: shopIdentity(await getShopSettings(), lang).name });
  // Claimed for longer than the request may take, so the outbox's sender leaves it to this one.
  const leaseMs = getEnv().SMS_TIMEOUT_SECONDS * 1000 + 60_000;
  const createdAt = new Date();
  const id = await startTestMessage({ phone, language: lang, text, parts: smsParts(text).parts }, leaseMs, createdAt);
  const shownPhone = localDigits(phone, lang);
  const record = (outcome: string) =>
    audit(context, admin, { action: "sms.test-sent", subjectType: "settings", summary: `${phone}: ${outcome}` });
  try {
    const { gatewayReference } = await gateway.send({ to: phone, text, reference: messageReference(id, createdAt) });
    await finishTestMessage(id, { provider: gateway.provider, sent: true, gatewayReference });
    await record("sent");
    return { kind: "success", message: t("admin.smsGateway.testSent", { phone: shownPhone }) };
  } catch (error) {
    const reason = error instanceof SmsGatewayError ? error.message : "haat could not send it";
    await finishTestMessage(id, { provider: gateway.provider, sent: false, error: reason });
    if (!(error instanceof SmsGatewayError)) throw error;
    await record(`failed: ${reason}`);
    return { kind: "error", message: t("admin.smsGateway.testFailed", { phone: shownPhone, reason }) };
  }
}
