/**
 * Custom Vitest matchers for what a loader or action answers: an Outcome of `run()`
 * (tests/integration/helpers.ts) or a plain Response, anything with `status` and `headers`.
 * Registered for every test file by setup-test-env.ts.
 *
 *     expect(outcome).toRedirectTo("/admin/products");                  // any 3xx, Location equal
 *     expect(outcome).toRedirectTo(/^\/admin\/login\?/, { status: 302 }); // exactly 302, Location matching
 *     await expect(outcome).toSetToast({ kind: "success", message: "Product saved." });
 *     await expect(outcome).not.toSetToast();                          // no toast at all
 *
 * toSetToast is asynchronous (the toast cookie is signed): always `await` it.
 */
import { expect } from "vitest";
import { readToast } from "~/server/toast-cookie.server";
import type { Toast } from "~/utils/toast-message";

/** A toast to look for: its kind and its exact message or a pattern. */
export type ToastExpectation = { kind: Toast["kind"]; message: string | RegExp };

/** Options of toRedirectTo: an exact status instead of any 3xx. */
export type RedirectOptions = { status?: number };

declare module "vitest" {
  // T must match Vitest's own declaration of Assertion.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
  interface Assertion<T = any> {
    /**
     * Passes when the outcome or Response is a redirect (any 3xx, or exactly `options.status`)
     * whose Location header equals `location`, or matches it when it is a RegExp.
     */
    toRedirectTo(location: string | RegExp, options?: RedirectOptions): void;
    /**
     * Passes when the outcome's or Response's Set-Cookie headers carry a toast (the toast
     * cookie, `haat_toast` or `__Host-haat_toast`, read with the app's readToast) of `expected.kind` whose message equals or matches
     * `expected.message`; without `expected`, when they carry any toast. Asynchronous: await it.
     */
    toSetToast(expected?: ToastExpectation): Promise<void>;
  }
  interface AsymmetricMatchersContaining {
    /** `expect.toRedirectTo(location, options)` inside toEqual and friends (see Assertion). */
    toRedirectTo(location: string | RegExp, options?: RedirectOptions): unknown;
  }
}

/** What the matchers read. */
type Answer = { status: number; headers: Headers };

function isAnswer(value: unknown): value is Answer {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { status?: unknown }).status === "number" &&
    (value as { headers?: unknown }).headers instanceof Headers
  );
}

const notAnAnswer = (received: unknown) => ({
  pass: false,
  message: () => `expected an outcome of run() or a Response (status and headers), received ${String(received)}`,
});

/** `text` equals `pattern`, or matches it when it is a RegExp. */
function fits(text: string | null, pattern: string | RegExp): boolean {
  if (text === null) return false;
  return typeof pattern === "string" ? text === pattern : new RegExp(pattern.source, pattern.flags).test(text);
}

/**
 * The toast carried by `headers`' Set-Cookie values, read as the next request would: their
 * name=value pairs (the last value of each name) in a Cookie header, through readToast.
 */
async function toastOf(headers: Headers): Promise<Toast | null> {
  const pairs = new Map<string, string>();
  for (const setCookie of headers.getSetCookie()) {
    const [pair = ""] = setCookie.split(";");
    const eq = pair.indexOf("=");
    if (eq > 0) pairs.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  if (pairs.size === 0) return null;
  const cookie = [...pairs].map(([name, value]) => `${name}=${value}`).join("; ");
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

/** E.g. `success toast "Product saved."` or `error toast /failed/`. */
const describeToast = (toast: ToastExpectation | Toast) =>
  `${toast.kind} toast ${typeof toast.message === "string" ? JSON.stringify(toast.message) : String(toast.message)}`;

const withArticle = (text: string) => `${/^[aeiou]/.test(text) ? "an" : "a"} ${text}`;

expect.extend({
  toRedirectTo(received: unknown, location: string | RegExp, options: RedirectOptions = {}) {
    if (!isAnswer(received)) return notAnAnswer(received);
    const actual = received.headers.get("Location");
    const statusFits =
      options.status === undefined
        ? received.status >= 300 && received.status < 400
        : received.status === options.status;
    const pass = statusFits && fits(actual, location);
    const wanted = `${options.status ?? "3xx"} redirect to ${String(location)}`;
    const got = `status ${received.status}, Location ${actual === null ? "(none)" : actual}`;
    return {
      pass,
      message: () =>
        this.isNot ? `expected no ${wanted}, but got one (${got})` : `expected a ${wanted}, but got ${got}`,
      actual: { status: received.status, location: actual },
      expected: { status: options.status ?? "3xx", location },
    };
  },

  async toSetToast(received: unknown, expected?: ToastExpectation) {
    if (!isAnswer(received)) return notAnAnswer(received);
    const toast = await toastOf(received.headers);
    const pass =
      toast !== null &&
      (expected === undefined || (toast.kind === expected.kind && fits(toast.message, expected.message)));
    const wanted = expected === undefined ? "toast" : describeToast(expected);
    const cookieNames = received.headers.getSetCookie().map((c) => c.slice(0, Math.max(c.indexOf("="), 0)));
    const found =
      toast === null
        ? `no toast (Set-Cookie names: ${cookieNames.length ? cookieNames.join(", ") : "none"})`
        : withArticle(describeToast(toast));
    return {
      pass,
      message: () =>
        this.isNot
          ? `expected no ${wanted}, but found ${found}`
          : `expected ${withArticle(wanted)}, but found ${found}`,
      actual: toast,
      expected,
    };
  },
});
