/**
 * The SMS gateway contract (docs/decisions/065-sms.md): what haat asks of any gateway (send one text
 * to one phone), the ways a request fails, and the one place a gateway's HTTP call is made. Each
 * provider's client (./ssl-wireless.server.ts, ./bulksmsbd.server.ts, ./http-template.server.ts)
 * turns a message into its own API's request and reads its answer.
 *
 * Redirects are never followed: an API key travels in the request (query, body or header), and
 * fetch would send it on to any host a 3xx answer names.
 */

import type { SmsProvider } from "~/rules/sms";

/** One text to one phone. */
export type OutgoingSms = {
  /** The Bangladeshi mobile number, normalised (01XXXXXXXXX); a client adds the country code its API wants. */
  to: string;
  text: string;
  /**
   * Ours, unique per message and the same on every attempt ("haat-<outbox id>"): a gateway that
   * takes a client reference (SSL Wireless's `csms_id`) refuses a second message with it, so a send
   * retried after a cut-off attempt is never delivered twice.
   */
  reference: string;
};

/**
 * A gateway refused a message or could not be reached; `message` is safe to show the owner (it never
 * holds a key: the gateway's own words, or ours). `kind`:
 * - "unreachable": no connection was made, so nothing was sent; worth trying again later;
 * - "timeout": no (whole) answer in time: the gateway may or may not have taken the message; only a
 *   gateway that refuses a repeated reference (`idempotent`) is sent it again;
 * - "unauthorised": the key or sender id is wrong; trying again will not help until the owner fixes it;
 * - "refused": the gateway refused this message (a bad number, no balance, a masked sender not
 *   approved…); `retryable` says whether trying again later may help (no balance: yes);
 * - "duplicate": the gateway already has a message with this reference: it was sent before;
 * - "bad-answer": an answer haat cannot read (HTML, a 5xx, a redirect); worth trying again.
 */
export class SmsGatewayError extends Error {
  constructor(
    message: string,
    readonly kind: "unreachable" | "timeout" | "unauthorised" | "refused" | "duplicate" | "bad-answer",
    readonly retryable: boolean = kind === "unreachable" || kind === "timeout" || kind === "bad-answer",
  ) {
    super(message);
    this.name = "SmsGatewayError";
  }
}

/** A client for one gateway account. */
export type SmsGatewayClient = {
  provider: SmsProvider;
  /**
   * True when the gateway refuses a second message with the same `reference`: a message whose
   * attempt was cut off (the process stopped mid-send) may then be sent again safely. Without it,
   * such a message is marked failed for staff to look at rather than risk sending it twice.
   */
  idempotent: boolean;
  /**
   * Sends `sms`; resolves with the gateway's own id for it (null when it gives none).
   * @throws {SmsGatewayError} for every way the gateway fails (never another error for a bad answer).
   */
  send(sms: OutgoingSms): Promise<{ gatewayReference: string | null }>;
  /**
   * The account's balance as the gateway states it (e.g. "৳152.40" or "1,200 SMS"), or null when its
   * API has no such call: the settings page's check of the saved key.
   * @throws {SmsGatewayError} as `send`.
   */
  balance(): Promise<string | null>;
};

/**
 * The reference of outbox message `id`, created at `createdAt` and sent again by staff `resends`
 * times: "haat-<id>-<creation time in base 36>", then "r<resends>" once sent again. It is the same on
 * every attempt of one sending, so a gateway that refuses a repeated reference (SSL Wireless) never
 * delivers a cut-off attempt twice. The time keeps it unique beyond this database: after a restore or
 * a fresh install the ids start again, and such a gateway would otherwise take a new message for an
 * old one and drop it as a duplicate. "Send again" after a failure is a new sending with a new
 * reference, since the gateway may remember the refused one. At most 20 letters and digits once the
 * dashes are dropped, for ids up to 8 digits and no resend (SSL Wireless keeps the last 20).
 */
export function messageReference(id: number, createdAt: Date, resends = 0): string {
  return `haat-${id}-${createdAt.getTime().toString(36)}${resends > 0 ? `r${resends}` : ""}`;
}

/** The number with Bangladesh's country code and no "+": 01712345678 → 8801712345678. */
export function withCountryCode(phone: string): string {
  return `88${phone}`;
}

/** Node's (undici's) error codes for a connection that was never made: nothing reached the gateway. */
const NOT_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** A gateway's answer: the HTTP status and the body as text. */
export type GatewayAnswer = { status: number; text: string };

/**
 * Makes one HTTP request to a gateway with a `timeoutMs` ms deadline and redirects left unfollowed.
 * @throws {SmsGatewayError} "timeout" past the deadline or when the connection broke after it was
 *   made, "unreachable" when no connection was made,
 *   "bad-answer" for a redirect.
 */
export async function gatewayRequest(url: string, init: RequestInit, timeoutMs: number): Promise<GatewayAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new SmsGatewayError(`No answer within ${Math.round(timeoutMs / 1000)} s`, "timeout");
    }
    // Only a connection never made is sure to have sent nothing; one dropped later may have
    // delivered the request, and is as uncertain as no answer.
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    if (typeof code === "string" && NOT_CONNECTED.has(code)) {
      throw new SmsGatewayError("The gateway could not be reached", "unreachable");
    }
    throw new SmsGatewayError("The connection to the gateway broke before it answered", "timeout");
  }
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel();
    throw new SmsGatewayError(`The gateway answered with a redirect (HTTP ${response.status})`, "bad-answer");
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    // It answered, so it may have taken the message: as uncertain as no answer at all.
    throw new SmsGatewayError("The gateway's answer was cut off", "timeout");
  }
  return { status: response.status, text };
}

/** `text` parsed as JSON, or null when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
