/**
 * One HTTP exchange with a courier's API, as every courier client makes it: JSON in and out, a
 * time limit, and redirects never followed (see ./courier.ts `CourierRedirectError`: the keys travel
 * in headers, and fetch would send them on to any host a 3xx answer names). What an answer's status
 * means is the client's to say; this only fails when no answer came or the answer was a redirect.
 */
import { CourierError, CourierRedirectError } from "./courier";

/** What `courierExchange` sends. */
export type CourierExchangeRequest = {
  /** The courier's name as staff read it in a failure's message, e.g. "Steadfast". */
  courier: string;
  /** The whole address of the request. */
  url: string;
  method: "GET" | "POST";
  /** Headers besides `Content-Type` and `Accept` (the keys or a bearer token). */
  headers: Record<string, string>;
  /** The body, sent as JSON; undefined for none. */
  payload: unknown;
  /** How long the exchange may take before it is given up, in ms. */
  timeoutMs: number;
};

/**
 * Sends one request to a courier and reads its answer.
 * @returns the answer's HTTP status and its body parsed as JSON (null when empty or not JSON)
 * @throws {CourierError} "timeout" ("<courier> did not answer within N s.") or "unreachable"
 *   ("<courier> could not be reached."); {CourierRedirectError} on a 3xx, which is not followed.
 */
export async function courierExchange(request: CourierExchangeRequest): Promise<{ status: number; json: unknown }> {
  const { courier, url, timeoutMs } = request;
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: { ...request.headers, "Content-Type": "application/json", Accept: "application/json" },
      body: request.payload === undefined ? undefined : JSON.stringify(request.payload),
      signal: AbortSignal.timeout(timeoutMs),
      // Never follow: the keys would go with the request to wherever the redirect points.
      redirect: "manual",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new CourierError(`${courier} did not answer within ${timeoutMs / 1000} s.`, "timeout");
    }
    throw new CourierError(`${courier} could not be reached.`, "unreachable");
  }
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel();
    throw new CourierRedirectError(response.status, redirectTarget(response.headers.get("location"), url));
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the caller reports it
  }
  return { status: response.status, json };
}

/**
 * The JSON of a courier's answer to a request made with the shop's keys, once its status says it
 * was done. `refusedKeys` is the message for a 401 or 403; `messageOf` finds the courier's own words
 * in an error answer.
 * @returns the answer's JSON object or array
 * @throws {CourierError} "unauthorised" (401/403, `refusedKeys`), "refused" (another status outside
 *   2xx: "<courier> refused the request: " and the courier's words or the HTTP status), "bad-answer"
 *   ("<courier> answered something that is not JSON.": empty, not JSON, or not an object or array)
 */
export function courierAnswer(
  courier: string,
  answer: { status: number; json: unknown },
  refusedKeys: string,
  messageOf: (json: unknown) => string | null,
): object {
  const { status, json } = answer;
  if (status === 401 || status === 403) throw new CourierError(refusedKeys, "unauthorised");
  if (status < 200 || status >= 300) {
    throw new CourierError(`${courier} refused the request: ${messageOf(json) ?? `HTTP ${status}`}`, "refused");
  }
  if (json === null || typeof json !== "object") {
    throw new CourierError(`${courier} answered something that is not JSON.`, "bad-answer");
  }
  return json;
}

/** The origin a redirect's `Location` points to, read against the request's `url`; null when unreadable. */
function redirectTarget(location: string | null, url: string): string | null {
  if (!location) return null;
  try {
    return new URL(location, url).origin;
  } catch {
    return null;
  }
}
