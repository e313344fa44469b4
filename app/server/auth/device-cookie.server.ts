/**
 * The device cookie (OWASP's "device cookies" against lockout): after a successful sign-in the
 * browser gets `haat_device` (`__Secure-haat_device` behind HTTPS), naming the account it signed in to and a random id for the browser.
 * A later attempt that carries it for the same account is exempt from the per-address limits and
 * the account-wide back-off (./rate-limit.server.ts), so staff are not locked out by someone else's
 * guesses; docs/decisions/021-sign-in-throttling.md.
 *
 * The cookie is signed with SESSION_SECRET (a forged or altered one reads as none), HttpOnly,
 * SameSite=Lax, Secure when COOKIE_SECURE, sent only under /admin, and lasts 90 days. The account
 * is an HMAC of the lower-cased e-mail, so the cookie does not show the e-mail. One cookie per
 * browser: signing in to another account replaces it.
 */
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { getEnv, type Env } from "~/config/env.server";
import { secureCookieName } from "../cookie-name.server";

/**
 * The device cookie for the settings `env`: `__Secure-haat_device` and Secure when
 * `env.COOKIE_SECURE`, else `haat_device` (not `__Host-`: that prefix requires Path=/).
 */
export function deviceCookieFor(env: Pick<Env, "COOKIE_SECURE" | "SESSION_SECRET">) {
  return createCookie(secureCookieName("haat_device", env.COOKIE_SECURE), {
    httpOnly: true,
    sameSite: "lax",
    // "/admin" rather than "/admin/login": a cookie path matches "/admin/login/…", never
    // "/admin/login.data", where the sign-in form posts with JavaScript.
    path: "/admin",
    secure: env.COOKIE_SECURE,
    secrets: [env.SESSION_SECRET],
    maxAge: 90 * 24 * 60 * 60, // 90 days, in seconds
  });
}

const deviceCookie = deviceCookieFor(getEnv());

const cookieSchema = z.object({ account: z.string(), id: z.string() });

/** The account tag of an e-mail: an HMAC of it, lower-cased and trimmed as findAdminForLogin reads it. */
function accountTag(email: string): string {
  return crypto
    .createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`haat_device:${email.trim().toLowerCase()}`)
    .digest("base64url");
}

/**
 * The device id of the request's `haat_device` cookie when it was issued for `email`; null when
 * there is none, it is not validly signed, or it names another account.
 */
export async function trustedDeviceFor(request: Request, email: string): Promise<string | null> {
  const parsed = cookieSchema.safeParse(await deviceCookie.parse(request.headers.get("Cookie")));
  if (!parsed.success) return null;
  const expected = Buffer.from(accountTag(email));
  const given = Buffer.from(parsed.data.account);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? parsed.data.id : null;
}

/** The Set-Cookie header value of a new device cookie for `email` (a fresh random id), after a successful sign-in. */
export function commitDeviceCookie(email: string): Promise<string> {
  return deviceCookie.serialize({ account: accountTag(email), id: crypto.randomBytes(16).toString("base64url") });
}
