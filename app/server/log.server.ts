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
/**
 * What may stand between two groups of digits of a phone number, as `normalizeBdMobile` strips it:
 * white space, a dash, a dot or a bracket, or the escape JSON writes for a white-space control
 * character (`\n`, `\t`, `\r`, `\f`, `\u000b`), since masking reads the finished JSON line.
 */
const SEPARATOR = `(?:[\\s\\-.()]|\\\\[tnrf]|\\\\u000[bB])`;
/**
 * A run of digits that may hold a phone number: groups of digits joined by any number of
 * separators (`SEPARATOR`), maybe after a `+` or `(`, not touching another digit. Which part of it
 * is a phone is the app's own normaliser's decision (`normalizeBdMobile`). Linear in the text:
 * separators and digits never overlap, so each character is read once.
 */
const DIGIT_RUN = new RegExp(`(?<!${D})[+(]?${D}+(?:${SEPARATOR}+${D}+)*\\)?(?!${D})`, "gu");
/** The parts of a run: a group of digits (captured), or a JSON escape, whose digits are not a group's. */
const RUN_PART = new RegExp(`(${D}+)|\\\\u000[bB]|\\\\[tnrf]`, "gu");
/** The fewest digits a phone number is typed with: 01 and 9 more. */
const LEAST_PHONE_DIGITS = 11;
/** The most digits a phone number is typed with: 00880 and 10 more. */
const MOST_PHONE_DIGITS = 15;

/** The groups of digits in `text` (a run or part of one), where each starts and ends, in order. */
function digitGroups(text: string): { start: number; end: number; text: string }[] {
  const groups: { start: number; end: number; text: string }[] = [];
  for (const match of text.matchAll(RUN_PART)) {
    if (match[1] === undefined) continue;
    groups.push({ start: match.index, end: match.index + match[1].length, text: match[1] });
  }
  return groups;
}

/** `text` with every digit of its groups but the last three replaced by `*`. */
function maskDigits(text: string): string {
  const positions = digitGroups(text).flatMap(({ start, end }) =>
    Array.from({ length: end - start }, (_, index) => start + index),
  );
  const chars = text.split("");
  for (const position of positions.slice(0, -3)) chars[position] = "*";
  return chars.join("");
}

/**
 * `run` (a `DIGIT_RUN` match) with each phone number in it masked: every span of whole digit groups
 * (with a `+` or `(` just before it, a `)` just after) that the checkout's normaliser reads as a
 * Bangladeshi mobile number, shortest first from each group. The normaliser is given the span's
 * `+` and digits: the separators between them are what it removes first, so its answer is the one
 * it gives for the span as typed, and a long run of separators costs nothing per question. A span
 * is asked only when it has 11 to 15 digits, the lengths a number it accepts has.
 */
function maskPhonesInRun(run: string): string {
  const groups = digitGroups(run);
  let out = "";
  let copied = 0;
  let first = 0;
  while (first < groups.length) {
    let found: { start: number; end: number; next: number } | null = null;
    let start = groups[first]!.start;
    if (start > 0 && "+(".includes(run[start - 1]!)) start -= 1;
    let typed = run[start] === "+" ? "+" : "";
    let digits = 0;
    for (let last = first; last < groups.length && found === null; last += 1) {
      typed += groups[last]!.text;
      digits += groups[last]!.text.length;
      if (digits > MOST_PHONE_DIGITS) break;
      if (digits < LEAST_PHONE_DIGITS) continue;
      if (normalizeBdMobile(typed) !== null) {
        const end = groups[last]!.end + (run[groups[last]!.end] === ")" ? 1 : 0);
        found = { start, end, next: last + 1 };
      }
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

/** A character of an e-mail address's local part. */
const LOCAL_CHAR = "[\\p{L}\\p{N}._%+-]";
/** An e-mail address at the place the search is at (sticky): the first character, the domain. */
const EMAIL_HERE = new RegExp(`(${LOCAL_CHAR})${LOCAL_CHAR}*@([\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)+)`, "uy");
/** One character of an e-mail address's local part, alone. */
const ONE_LOCAL_CHAR = new RegExp(`^${LOCAL_CHAR}$`, "u");
/** The start of a run of local-part characters: one not preceded by another. */
const LOCAL_RUN_START = new RegExp(`(?<!${LOCAL_CHAR})${LOCAL_CHAR}`, "gu");

/**
 * `text` with each e-mail address's local part cut to its first character and `***`. An address is
 * looked for only where a run of local-part characters starts, or right where the previous address
 * ended (`a@b.c_d@e.f` holds two): anywhere else in a run, the same run would be read to the same
 * end and fail the same way. Trying every position, as a plain global pattern does, read a long run
 * once per character (16,000 digits took about 0.3 s); this reads it a bounded number of times.
 */
function maskEmails(text: string): string {
  const runStartFrom = (index: number): number | null => {
    LOCAL_RUN_START.lastIndex = index;
    return LOCAL_RUN_START.exec(text)?.index ?? null;
  };
  let out = "";
  let copied = 0;
  let at = runStartFrom(0);
  while (at !== null) {
    EMAIL_HERE.lastIndex = at;
    const match = EMAIL_HERE.exec(text);
    if (match === null) {
      // Past the whole character: a search from inside a surrogate pair starts at the pair again.
      at = runStartFrom(at + String.fromCodePoint(text.codePointAt(at)!).length);
      continue;
    }
    out += `${text.slice(copied, at)}${match[1]!}***@${match[2]!}`;
    copied = EMAIL_HERE.lastIndex;
    at =
      copied < text.length && ONE_LOCAL_CHAR.test(String.fromCodePoint(text.codePointAt(copied)!))
        ? copied
        : runStartFrom(copied);
  }
  return out + text.slice(copied);
}

/**
 * `text` with every phone number's digits but the last three replaced by `*`
 * ("01712345678" → "********678") and every e-mail address's local part cut to its first character
 * ("rahima@example.com" → "r***@example.com"). A phone number is whatever the checkout accepts as
 * one (`normalizeBdMobile`, app/rules/phone.ts): Western or Bengali digits, spaces, dashes, dots and
 * brackets between them, `+880`, `880`, `+88`, `88`, `0088` or `00880` before it.
 */
export function maskPersonalData(text: string): string {
  return maskEmails(text.replace(DIGIT_RUN, maskPhonesInRun));
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
