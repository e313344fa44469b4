/**
 * One-time messages ("flash") shown on the next page, in their own cookie `haat_toast`.
 * `redirectWithToast` sets one; the root loader reads and clears it.
 */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import type { Toast } from "~/utils/toast";

const toastStorage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
  cookie: {
    name: "haat_toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().COOKIE_SECURE,
    secrets: [getEnv().SESSION_SECRET],
  },
});

/** Set-Cookie header value carrying `toast` to the next page. */
export async function toastCookie(request: Request, toast: Toast): Promise<string> {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  session.flash("toast", toast);
  return toastStorage.commitSession(session);
}

/** The request's toast (or null) and the Set-Cookie header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await toastStorage.commitSession(session) : null };
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
