/**
 * Reading the JSON answers of the gateways whose APIs say what happened in a code inside the body
 * (SSL Wireless's `status_code`, BulkSMSBD's `response_code`; ./ssl-wireless.server.ts,
 * ./bulksmsbd.server.ts): the body as an object, and a code turned into the `SmsGatewayError` its
 * documentation implies, in the gateway's own words where it gave them.
 */
import { parseJson, SmsGatewayError, type GatewayAnswer } from "./gateway";
import { answerExcerpt } from "./http-template.server";

/** One documented code: what it means, its kind, and whether trying again later may help (default: a "bad-answer" only). */
export type GatewayCode = { words: string; kind: SmsGatewayError["kind"]; retryable?: boolean };

/** A field of an answer as trimmed text ("" when it is neither a string nor a number). */
export function answerText(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
}

/**
 * `answer`'s body as a JSON object.
 * @throws {SmsGatewayError} "unauthorised" for a 401 or 403 that is not JSON, else "bad-answer"
 *   naming `gateway` with the HTTP status and the start of what it said.
 */
export function jsonAnswer(answer: GatewayAnswer, gateway: string): Record<string, unknown> {
  const json = parseJson(answer.text);
  if (json !== null && typeof json === "object" && !Array.isArray(json)) return json as Record<string, unknown>;
  if (answer.status === 401 || answer.status === 403) {
    throw new SmsGatewayError(`Unauthorised (HTTP ${answer.status})`, "unauthorised");
  }
  const excerpt = answerExcerpt(answer.text);
  const what = excerpt ? `HTTP ${answer.status}: ${excerpt}` : `HTTP ${answer.status}`;
  throw new SmsGatewayError(`${gateway} answered something other than its API (${what})`, "bad-answer");
}

/**
 * The error for the answer code `code` of `gateway` (one of `codes`, documented), with the
 * gateway's own words `theirs` when it gave some, e.g. "Balance Insufficient (BulkSMSBD code 1007)".
 * An undocumented code is "refused"; no code at all, or an HTTP 5xx, a "bad-answer".
 */
export function codeFailure(
  gateway: string,
  codes: Readonly<Record<number, GatewayCode>>,
  code: unknown,
  theirs: unknown,
  httpStatus: number,
): SmsGatewayError {
  const number = Number(answerText(code));
  const known = codes[number];
  const words = answerText(theirs) || known?.words || `HTTP ${httpStatus}`;
  const reason = number > 0 ? `${words} (${gateway} code ${number})` : words;
  if (known) return new SmsGatewayError(reason, known.kind, known.retryable ?? known.kind === "bad-answer");
  // No code, or a 5xx: not an answer of the API as documented.
  if (httpStatus >= 500 || !(number > 0)) return new SmsGatewayError(reason, "bad-answer");
  return new SmsGatewayError(reason, "refused");
}
