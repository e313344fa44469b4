/**
 * The shop's SMS gateway account (docs/decisions/065-sms.md): the client made from the saved row,
 * its secret opened (../secret-box.server.ts). The owner's /admin/sms page saves, checks and forgets
 * it.
 */
import { getEnv } from "~/config/env.server";
import { getSmsGatewayRow, type SmsGatewayRow } from "~/models/sms/sms-gateway.server";
import { unseal } from "../secret-box.server";
import { isSmsProvider } from "~/rules/sms";
import { SmsGatewayError, type SmsGatewayClient } from "./gateway";
import { bulkSmsBdGateway, bulkSmsBdSettings } from "./bulksmsbd.server";
import { httpTemplateGateway, httpTemplateSettings } from "./http-template.server";
import { sslWirelessGateway, sslWirelessSettings } from "./ssl-wireless.server";

/**
 * The client for `row` (the saved gateway when not given), or null when none is saved, its secret
 * cannot be opened (SESSION_SECRET changed) or its settings cannot be read.
 */
export async function shopSmsGateway(row?: SmsGatewayRow | null): Promise<SmsGatewayClient | null> {
  const saved = row === undefined ? await getSmsGatewayRow() : row;
  if (!saved || !isSmsProvider(saved.provider)) return null;
  const secret = saved.secretSealed === "" ? "" : unseal(saved.secretSealed);
  if (secret === null) return null;
  const client = clientFor(saved, secret);
  return client && hidingSecret(client, secret);
}

/** The client for `saved`'s provider and settings with its opened `secret`, or null when its settings cannot be read. */
function clientFor(saved: SmsGatewayRow, secret: string): SmsGatewayClient | null {
  const env = getEnv();
  const timeoutMs = env.SMS_TIMEOUT_SECONDS * 1000;
  let settings: unknown;
  try {
    settings = JSON.parse(saved.settings);
  } catch {
    return null;
  }
  switch (saved.provider) {
    case "http": {
      const parsed = httpTemplateSettings.safeParse(settings);
      return parsed.success ? httpTemplateGateway(parsed.data, secret, timeoutMs) : null;
    }
    case "sslwireless": {
      const parsed = sslWirelessSettings.safeParse(settings);
      if (!parsed.success) return null;
      return sslWirelessGateway({ ...parsed.data, apiToken: secret, baseUrl: env.SSL_WIRELESS_BASE_URL, timeoutMs });
    }
    case "bulksmsbd": {
      const parsed = bulkSmsBdSettings.safeParse(settings);
      if (!parsed.success) return null;
      return bulkSmsBdGateway({ ...parsed.data, apiKey: secret, baseUrl: env.BULKSMSBD_BASE_URL, timeoutMs });
    }
    default:
      return null;
  }
}

/**
 * `client` with `secret` (and its URL-encoded form) replaced by "…" in every error it throws: some
 * gateways repeat the request in their error ("invalid api_key …"), and the reason is stored with
 * the message and shown to staff, who never see the key otherwise.
 */
function hidingSecret(client: SmsGatewayClient, secret: string): SmsGatewayClient {
  if (secret === "") return client;
  const forms = [...new Set([secret, encodeURIComponent(secret)])];
  const hide = (error: unknown): never => {
    if (!(error instanceof SmsGatewayError)) throw error;
    const message = forms.reduce((text, form) => text.split(form).join("…"), error.message);
    throw new SmsGatewayError(message, error.kind, error.retryable);
  };
  return {
    provider: client.provider,
    idempotent: client.idempotent,
    send: (sms) => client.send(sms).catch(hide),
    balance: () => client.balance().catch(hide),
  };
}
