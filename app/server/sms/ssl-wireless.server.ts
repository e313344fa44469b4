/**
 * SSL Wireless's "ISMS Plus" (SMS Plus) API v3 as an `SmsGatewayClient` (./gateway.ts,
 * docs/decisions/065-sms.md). Base URL https://smsplus.sslwireless.com (SSL_WIRELESS_BASE_URL in
 * tests); the API token travels in the JSON body, never in a URL, and is never logged.
 *
 * - Send: POST /api/v3/send-sms, JSON `{api_token, sid, msisdn, sms, csms_id}`: `msisdn` with the
 *   country code (8801XXXXXXXXX), `sid` the sender id (masking) SSL gave the account, `csms_id` the
 *   client's own id for the message (at most 20 letters and digits). The answer is JSON
 *   `{status: "SUCCESS" | "FAILED", status_code, error_message, smsinfo: [{sms_status, status_message,
 *   msisdn, sms_type, sms_body, csms_id, reference_id}]}`; `status_code` 200 with `sms_status`
 *   "SUCCESS" means the message was taken, `reference_id` is SSL's id for it.
 * - A `csms_id` the account already used is refused (code 4023, or `sms_status` "DUPLICATE"): haat
 *   sends the outbox reference as `csms_id`, so an attempt repeated after a cut-off one is never
 *   delivered twice (`idempotent: true`); "duplicate" tells the sender the first one was taken.
 * - Balance: POST /api/v3/balance, JSON `{api_token, sid}` → `{status, status_code, balance}`.
 * - Codes (status_code): 4001 unauthorised (token), 4002 sender id not permitted, 4003 IP not
 *   whitelisted, 4004 endpoint, 4005 request format, 4020 invalid csms_id, 4022 parameter missing,
 *   4023 duplicate csms_id, 4024 duplicate msisdn, 4025 invalid msisdn, 4026 blocked msisdn,
 *   4027 message too long, 4028 invalid message data, 4029 too many requests, 4030 limit exceeded,
 *   4031 TPS exceeded, 4032 invalid SMS, 5000 the gateway's own error.
 *
 * Sources. SSL Wireless's own page, https://ismsplus.sslwireless.com/api-documentation, was not
 * available to read; these restate it and agree with each other: the xenon/laravelbdsms package
 * (github.com/arif98741/laravelbdsms, src/Provider/Ssl.php: the endpoint, the JSON fields, csms_id
 * required); a Laravel driver in the namespace Enzaime\Sms (Drivers/SslWireless.php: the answer's
 * shape, the per-recipient `smsinfo`, the code table above, csms_id at most 20 alphanumerics); a
 * public TypeScript reference of the API (the endpoints, field lengths, the same code table and the
 * `sms_status` values SUCCESS, INVALID, DUPLICATE); several public integrations calling
 * POST /api/v3/balance with `{api_token, sid}` and reading a top-level `balance`. One other driver
 * numbers the codes differently (4012 for a duplicate csms_id): the duplicate is therefore also
 * read from `sms_status` "DUPLICATE". A real account must still confirm the balance answer's shape
 * and unit, what code 4030 means, and whether a csms_id is refused forever or only within a day.
 */
import { z } from "zod";
import { gatewayRequest, SmsGatewayError, withCountryCode, type SmsGatewayClient } from "./gateway";
import { answerText as text, codeFailure, jsonAnswer, type GatewayCode } from "./json-answer.server";

/** SSL Wireless's production API. */
const SSL_WIRELESS_BASE_URL = "https://smsplus.sslwireless.com";

/** What is stored of an SSL Wireless account besides its sealed API token (SmsGateway.settings). */
export const sslWirelessSettings = z.object({
  /** The sender id (SID): the masking name or number SSL Wireless allocated, e.g. "MYSHOPBRAND". */
  sid: z.string().min(1),
});
type SslWirelessSettings = z.infer<typeof sslWirelessSettings>;

/** The account and where to reach it (tests point `baseUrl` at a local server). */
type SslWirelessConfig = SslWirelessSettings & { apiToken: string; baseUrl?: string; timeoutMs: number };

/** The documented codes, each with its kind and whether trying again later may help. */
const CODES: Record<number, GatewayCode> = {
  4001: { words: "Unauthorised: the API token is wrong", kind: "unauthorised" },
  4002: { words: "The sender id (SID) is not permitted", kind: "unauthorised" },
  4003: { words: "This server's IP address is not whitelisted", kind: "unauthorised" },
  4004: { words: "Endpoint not found", kind: "refused" },
  4005: { words: "Invalid request format", kind: "refused" },
  4020: { words: "Invalid csms_id", kind: "refused" },
  4022: { words: "A required parameter is missing", kind: "refused" },
  4023: { words: "Duplicate csms_id", kind: "duplicate" },
  4024: { words: "Duplicate number", kind: "refused" },
  4025: { words: "Invalid number", kind: "refused" },
  4026: { words: "Blocked number", kind: "refused" },
  4027: { words: "Message too long", kind: "refused" },
  4028: { words: "Invalid message data", kind: "refused" },
  4029: { words: "Too many requests", kind: "refused", retryable: true },
  4030: { words: "Limit exceeded", kind: "refused", retryable: true },
  4031: { words: "Too many messages per second", kind: "refused", retryable: true },
  4032: { words: "Invalid SMS", kind: "refused" },
  5000: { words: "The gateway's own error", kind: "bad-answer" },
};

/**
 * The `csms_id` for haat's `reference`: its letters and digits (SSL takes at most 20 alphanumerics),
 * the last 20 when longer, so "haat-123" is always "haat123" and a repeat is recognised.
 */
export function csmsIdOf(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]/g, "").slice(-20);
}

/** The error for an answer whose `status_code` is not 200. */
const failure = (body: Record<string, unknown>, httpStatus: number) =>
  codeFailure("SSL Wireless", CODES, body.status_code, body.error_message, httpStatus);

/**
 * A client for the SSL Wireless account `config`. `send` resolves with SSL's `reference_id`;
 * `balance` with the balance as SSL states it (its unit is not documented).
 */
export function sslWirelessGateway(config: SslWirelessConfig): SmsGatewayClient {
  const base = (config.baseUrl ?? SSL_WIRELESS_BASE_URL).replace(/\/+$/, "");
  const post = (path: string, body: Record<string, string>) =>
    gatewayRequest(
      `${base}${path}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      },
      config.timeoutMs,
    );
  return {
    provider: "sslwireless",
    idempotent: true,
    async send(sms) {
      const answer = await post("/api/v3/send-sms", {
        api_token: config.apiToken,
        sid: config.sid,
        msisdn: withCountryCode(sms.to),
        sms: sms.text,
        csms_id: csmsIdOf(sms.reference),
      });
      const body = jsonAnswer(answer, "SSL Wireless");
      if (Number(text(body.status_code)) !== 200) throw failure(body, answer.status);
      const info: Record<string, unknown> | undefined = Array.isArray(body.smsinfo) ? body.smsinfo[0] : undefined;
      const state = text(info?.sms_status).toUpperCase();
      if (info && state !== "SUCCESS") {
        const reason = text(info.status_message) || state || "Refused";
        throw new SmsGatewayError(`${reason} (SSL Wireless)`, state === "DUPLICATE" ? "duplicate" : "refused");
      }
      return { gatewayReference: text(info?.reference_id) || null };
    },
    async balance() {
      const answer = await post("/api/v3/balance", { api_token: config.apiToken, sid: config.sid });
      const body = jsonAnswer(answer, "SSL Wireless");
      if (Number(text(body.status_code)) !== 200) throw failure(body, answer.status);
      const balance = text(body.balance);
      if (balance === "") throw new SmsGatewayError("SSL Wireless's answer gave no balance", "bad-answer");
      return balance;
    },
  };
}
