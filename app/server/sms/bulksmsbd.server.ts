/**
 * BulkSMSBD's HTTP API as an `SmsGatewayClient` (./gateway.ts, docs/decisions/065-sms.md). Base URL
 * https://bulksmsbd.net (BULKSMSBD_BASE_URL in tests). The API takes GET or POST; haat POSTs a form
 * body so the API key never sits in a URL (or a proxy's log of one), and never logs it.
 *
 * - Send: POST /api/smsapi with `api_key`, `type=text`, `number` (8801XXXXXXXXX), `senderid` (the
 *   approved sender id) and `message`. The answer is JSON `{response_code, message_id,
 *   success_message, error_message}`, HTTP 200 whatever happened: `response_code` 202 means
 *   "SMS Submitted Successfully", any other is the reason.
 * - Balance: POST /api/getBalanceApi with `api_key` → JSON with `balance` (taka).
 * - Codes: 1001 invalid number, 1002 sender id not correct or disabled, 1003 required fields
 *   missing, 1005 internal error, 1006 balance validity not available, 1007 balance insufficient,
 *   1011 user id not found, 1012 masking SMS must be sent in Bengali, 1013–1017 the sender id has
 *   no gateway or price for this API key, 1018–1021 the account (or its parent) disabled or not
 *   found, 1031 account not verified, 1032 IP not whitelisted.
 * - The API takes no client reference: a repeated request is a second message (`idempotent: false`).
 *
 * Sources: BulkSMSBD's own API page, https://bulksmsbd.com/bulksms-api-bangladesh.php (endpoints,
 * parameters, the code table); the xenon/laravelbdsms package (github.com/arif98741/laravelbdsms,
 * src/Provider/BulkSmsBD.php: https://bulksmsbd.net/api/smsapi with those parameters); public
 * integrations quoting the JSON answer (`{"response_code":202,"message_id":…,"success_message":
 * "SMS Submitted Successfully","error_message":""}`) and codes 1031/1032 (e.g. the django-bulksms-bd
 * package on PyPI; the bulksmsbd Dart package on pub.dev, which says to switch IP whitelisting off).
 * A real account must still confirm: the balance answer's shape, and that Bangla text goes as
 * `type=text` (some integrations send `type=unicode`).
 */
import { z } from "zod";
import { gatewayRequest, withCountryCode, type SmsGatewayClient } from "./gateway";
import { answerText as text, codeFailure, jsonAnswer, type GatewayCode } from "./json-answer.server";

/** BulkSMSBD's production API. */
const BULKSMSBD_BASE_URL = "https://bulksmsbd.net";

/** What is stored of a BulkSMSBD account besides its sealed API key (SmsGateway.settings). */
export const bulkSmsBdSettings = z.object({
  /** The approved sender id: a number such as 8809617600000, or a masking name. */
  senderId: z.string().min(1),
});
type BulkSmsBdSettings = z.infer<typeof bulkSmsBdSettings>;

/** The account and where to reach it (tests point `baseUrl` at a local server). */
type BulkSmsBdConfig = BulkSmsBdSettings & { apiKey: string; baseUrl?: string; timeoutMs: number };

/** The documented codes, each with its kind and whether trying again later may help. */
const CODES: Record<number, GatewayCode> = {
  1001: { words: "Invalid number", kind: "refused" },
  1002: { words: "Sender id not correct or disabled", kind: "unauthorised" },
  1003: { words: "Required fields missing", kind: "refused" },
  1005: { words: "Internal error", kind: "bad-answer" },
  1006: { words: "Balance validity not available", kind: "refused", retryable: true },
  1007: { words: "Balance insufficient", kind: "refused", retryable: true },
  1011: { words: "User id not found", kind: "unauthorised" },
  1012: { words: "Masking SMS must be sent in Bengali", kind: "refused" },
  1013: { words: "Sender id has no gateway for this API key", kind: "unauthorised" },
  1014: { words: "Sender type not found for this sender and API key", kind: "unauthorised" },
  1015: { words: "Sender id has no valid gateway for this API key", kind: "unauthorised" },
  1016: { words: "No active price for this sender id", kind: "unauthorised" },
  1017: { words: "No price for this sender id", kind: "unauthorised" },
  1018: { words: "The account's owner is disabled", kind: "unauthorised" },
  1019: { words: "The account's price is disabled", kind: "unauthorised" },
  1020: { words: "The account's parent not found", kind: "unauthorised" },
  1021: { words: "The parent's active price not found", kind: "unauthorised" },
  1031: { words: "Account not verified", kind: "unauthorised" },
  1032: { words: "IP not whitelisted", kind: "unauthorised" },
};

/** The code that means "taken". */
const SUBMITTED = 202;

/** The error for an answer whose `response_code` is not 202. */
const failure = (body: Record<string, unknown>, httpStatus: number) =>
  codeFailure("BulkSMSBD", CODES, body.response_code, body.error_message, httpStatus);

/**
 * A client for the BulkSMSBD account `config`. `send` resolves with BulkSMSBD's `message_id`;
 * `balance` with the balance in taka ("৳152.40").
 */
export function bulkSmsBdGateway(config: BulkSmsBdConfig): SmsGatewayClient {
  const base = (config.baseUrl ?? BULKSMSBD_BASE_URL).replace(/\/+$/, "");
  const post = (path: string, params: Record<string, string>) =>
    gatewayRequest(
      `${base}${path}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8", Accept: "application/json" },
        body: new URLSearchParams(params).toString(),
      },
      config.timeoutMs,
    );
  return {
    provider: "bulksmsbd",
    idempotent: false,
    async send(sms) {
      const answer = await post("/api/smsapi", {
        api_key: config.apiKey,
        type: "text",
        number: withCountryCode(sms.to),
        senderid: config.senderId,
        message: sms.text,
      });
      const body = jsonAnswer(answer, "BulkSMSBD");
      if (Number(text(body.response_code)) !== SUBMITTED) throw failure(body, answer.status);
      return { gatewayReference: text(body.message_id) || null };
    },
    async balance() {
      const answer = await post("/api/getBalanceApi", { api_key: config.apiKey });
      const body = jsonAnswer(answer, "BulkSMSBD");
      const balance = text(body.balance);
      if (balance !== "") return `৳${balance}`;
      throw failure(body, answer.status);
    },
  };
}
