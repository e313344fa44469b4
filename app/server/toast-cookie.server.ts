/**
 * One-time messages ("flash") shown on the next page, in their own cookie: `__Host-haat_toast` when
 * COOKIE_SECURE (default in production), else `haat_toast` (see cookie-name.server.ts).
 * `redirectWithToast` sets one; the root loader reads and clears it.
 */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { getEnv, type Env } from "~/config/env.server";
import type { Toast } from "~/utils/toast-message";
import { hostCookieName } from "./cookie-name.server";

/**
 * The toast cookie's storage for the settings `env`: `__Host-haat_toast` and Secure when
 * `env.COOKIE_SECURE`, else `haat_toast`; always HttpOnly, SameSite=Lax, Path=/, no Domain, a
 * session cookie (no Max-Age), signed with `env.SESSION_SECRET`. The app uses the one built from
 * getEnv(); tests build it for either setting.
 */
export function toastStorageFor(env: Pick<Env, "COOKIE_SECURE" | "SESSION_SECRET">) {
  return createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: {
      name: hostCookieName("haat_toast", env.COOKIE_SECURE),
      httpOnly: true,
      sameSite: "lax",
      // Path=/ and no domain: both required by the __Host- prefix.
      path: "/",
      secure: env.COOKIE_SECURE,
      secrets: [env.SESSION_SECRET],
    },
  });
}

const toastStorage = toastStorageFor(getEnv());

/** Set-Cookie header value carrying `toast` to the next page. */
export async function toastCookie(request: Request, toast: Toast): Promise<string> {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  session.flash("toast", toast);
  return toastStorage.commitSession(session);
}

/**
 * The request's toast (or null) and the Set-Cookie header that removes the cookie once read (an
 * expired cookie, not an empty one: a browser left holding an empty toast cookie would carry it on
 * every request, and the page cache serves no request that has one).
 */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await toastStorage.destroySession(session) : null };
}

/** A redirect to `url` that shows `toast` there; extra headers (e.g. a cart cookie) are appended. */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Toast,
  init: { headers?: [string, string][] } = {},
): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of init.headers ?? []) headers.append(name, value);
  headers.append("Set-Cookie", await toastCookie(request, toast));
  return redirect(url, { headers });
}
