/**
 * The server's log (docs/decisions/032-operations.md): JSON lines on standard output through
 * `pino`, for journald, `docker logs` or any log shipper.
 *
 * - Every line has `level` (a name), `time` (ISO 8601), `pid` and `msg`; a request's lines also
 *   have its `reqId`.
 * - `createRequestLogger()` (server.js) writes one line per request when its answer is sent:
 *   method, path and query, status, `responseTime` in ms; never a header or a cookie. The answer
 *   carries the id as `X-Request-Id`, so a shopper's report can be matched to the line.
 * - Phone numbers and e-mail addresses are masked in the finished line, whatever field or error
 *   message they are in (`maskPersonalData`).
 * - An error's stack is written once, by whoever handles it (`log.error({ err }, "…")`); the request
 *   line of a failed request has its status but no second stack.
 * - The level is LOG_LEVEL (default "info"); a successful GET /healthz is logged at "debug".
 */
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino } from "pino";
import { pinoHttp } from "pino-http";
import { getEnv } from "~/config/env.server";
import { normalizeBdMobile } from "~/rules/phone";

/** A digit, Western or Bengali. */
const D = "[0-9\u09E6-\u09EF]";
const DIGIT = new RegExp(`^${D}$`, "u");
/**
 * A run of digits that may hold a phone number: groups of digits joined by at most three spaces,
 * dashes, dots or brackets, maybe after a `+` or `(`, not touching another digit. Which part of it
 * is a phone is the app's own normaliser's decision (`normalizeBdMobile`).
 */
const DIGIT_RUN = new RegExp(`(?<!${D})[+(]?${D}+(?:[\\s\\-.()]{1,3}${D}+)*\\)?(?!${D})`, "gu");
/** One group of digits in a run. */
const DIGIT_GROUP = new RegExp(`${D}+`, "gu");
/** The most digits a phone number is typed with: 00880 and 10 more. */
const MOST_PHONE_DIGITS = 15;

/** `text` with every digit but the last three replaced by `*`. */
function maskDigits(text: string): string {
  let keep = 3;
  return [...text]
    .reverse()
    .map((char) => (DIGIT.test(char) ? (keep-- > 0 ? char : "*") : char))
    .reverse()
    .join("");
}

/**
 * `run` (a `DIGIT_RUN` match) with each phone number in it masked: every span of whole digit groups
 * (with a `+` or `(` just before it, a `)` just after) that the checkout's normaliser reads as a
 * Bangladeshi mobile number, shortest first from each group.
 */
function maskPhonesInRun(run: string): string {
  const groups = [...run.matchAll(DIGIT_GROUP)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    digits: match[0].length,
  }));
  let out = "";
  let copied = 0;
  let first = 0;
  while (first < groups.length) {
    let found: { start: number; end: number; next: number } | null = null;
    let digits = 0;
    for (let last = first; last < groups.length && found === null; last += 1) {
      digits += groups[last]!.digits;
      if (digits > MOST_PHONE_DIGITS) break;
      let start = groups[first]!.start;
      if (start > 0 && "+(".includes(run[start - 1]!)) start -= 1;
      let end = groups[last]!.end;
      if (run[end] === ")") end += 1;
      if (normalizeBdMobile(run.slice(start, end)) !== null) found = { start, end, next: last + 1 };
    }
    if (found === null) {
      first += 1;
      continue;
    }
    out += run.slice(copied, found.start) + maskDigits(run.slice(found.start, found.end));
    copied = found.end;
    first = found.next;
  }
  return out + run.slice(copied);
}

/** An e-mail address: what comes before the @ is masked, the domain kept. */
const EMAIL = /([\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]*@([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/gu;

/**
 * `text` with every phone number's digits but the last three replaced by `*`
 * ("01712345678" → "********678") and every e-mail address's local part cut to its first character
 * ("rahima@example.com" → "r***@example.com"). A phone number is whatever the checkout accepts as
 * one (`normalizeBdMobile`, app/rules/phone.ts): Western or Bengali digits, spaces, dashes, dots and
 * brackets between them, `+880`, `880`, `+88`, `88`, `0088` or `00880` before it.
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(DIGIT_RUN, maskPhonesInRun)
    .replace(EMAIL, (_match, first: string, domain: string) => `${first}***@${domain}`);
}

/**
 * Makes a logger writing JSON lines, masked, through `write` (standard output by default; on Linux
 * a write to a pipe or a file is synchronous, so no line is lost when the process exits) at `level`
 * (LOG_LEVEL by default). The app uses the one `log` below; tests make their own to read the lines.
 */
export function createLogger(
  write: (line: string) => void = (line) => void process.stdout.write(line),
  level: string = getEnv().LOG_LEVEL,
) {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line: string) => write(maskPersonalData(line)) },
  );
}

/** The process's logger. */
export const log = createLogger();

/**
 * `url` with its percent-escapes and `+` decoded, so that masking sees a phone or an e-mail typed
 * into a search or the tracking form ("q=rahima%40example.com", "phone=01712+345678", Bengali digits);
 * `url` as it is when it does not decode.
 */
export function readableUrl(url: string): string {
  try {
    return decodeURIComponent(url.replace(/\+/g, " "));
  } catch {
    return url;
  }
}

/** Most characters of an incoming X-Request-Id that are reused; anything else gets a new id. */
const REQUEST_ID = /^[\w.-]{8,64}$/;

/**
 * Express middleware writing one line per request when its answer is sent (server.js):
 * `{"level":"info","reqId":"…","req":{"method":"GET","url":"/products?q=lamp"},"res":{"statusCode":200},"responseTime":4,"msg":"request completed"}`.
 * The id is the proxy's X-Request-Id when it sent a plausible one, else a new UUID; the answer gets
 * it as `X-Request-Id`. 5xx answers are logged at "error" (without a stack: the error was logged
 * where it was handled), a successful /healthz at "debug", everything else at "info".
 */
export function createRequestLogger(logger = log) {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: readableUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(req, res, error) {
      if (error || res.statusCode >= 500) return "error";
      if (req.url === "/healthz" && res.statusCode === 200) return "debug";
      return "info";
    },
    customErrorObject: (_req, _res, _error, value: Record<string, unknown>) => ({
      res: value.res,
      responseTime: value.responseTime,
    }),
    customErrorMessage: () => "request failed",
  });
}
