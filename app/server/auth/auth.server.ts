/**
 * The admin gate, and who is signed in. Signing in and out is ./sign-in.server.ts's business.
 *
 * `requireAdmin(request)` must be called by EVERY admin loader and action (loaders run in
 * parallel, so a check in the layout alone protects nothing). Without a valid session it throws a
 * redirect to `/admin/login?redirectTo=<the current path>`. `requireOwner(request)` is the same for
 * what only the shop's owner may do (403 for a staff account).
 */
import { redirect } from "@remix-run/node";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { getShopSettings } from "~/models/settings.server";
import { safeLocalPath } from "~/utils/local-path";
import { getSessionUser } from "./session.server";

/**
 * The admin whose live session the request's cookie names, or null (no cookie, a tampered one, an
 * ended or idle session). Unlike `requireAdmin` it redirects nowhere and asks nothing more of the
 * account: for the sign-in page and the page cache, which only ask whether someone is signed in.
 * @throws Prisma's error.
 */
export function signedInAdmin(request: Request): Promise<AdminUser | null> {
  return getSessionUser(request);
}

/**
 * The signed-in admin.
 * @throws {Response} a redirect to /admin/login?redirectTo=… when there is none.
 */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  if (!user) {
    const redirectTo = `${url.pathname}${url.search}`;
    throw redirect(`/admin/login?${new URLSearchParams({ redirectTo })}`);
  }
  // An account with a first password from the owner chooses its own before anything else.
  if (user.mustChangePassword && !PATHS_BEFORE_OWN_PASSWORD.test(url.pathname)) {
    throw redirect("/admin/account");
  }
  // When the shop requires it, an owner sets up two-factor sign-in before anything else.
  if (
    user.role === "owner" &&
    !user.twoFactor &&
    !PATHS_BEFORE_OWN_PASSWORD.test(url.pathname) &&
    (await getShopSettings()).requireOwnerTwoFactor
  ) {
    throw redirect("/admin/account#two-factor");
  }
  return user;
}

/**
 * Where an account that must still choose its own password (or, an owner, set up two-factor
 * sign-in) may go: its account page, the language switch, sign-out.
 */
const PATHS_BEFORE_OWN_PASSWORD = /^\/admin\/(account|language|logout)(\.data)?\/?$/;

/**
 * The signed-in owner (docs/decisions/033-staff-roles.md): for the settings, the courier keys, the
 * blocklist, the staff accounts and deleting orders.
 * @throws {Response} the redirect of `requireAdmin` without a session; 403 for a staff account,
 *   which the admin error boundary shows as "Only the shop's owner…" with a way back.
 */
export async function requireOwner(request: Request): Promise<AdminUser> {
  const user = await requireAdmin(request);
  if (user.role !== "owner")
    throw new Response("Only the shop's owner may do this", { status: 403, statusText: "Forbidden" });
  return user;
}

/**
 * An admin path to go to after sign-in. Anything that is not a local /admin path (another host,
 * `//host`, `/\host`, a storefront path) or that is the login or logout page falls back to `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/admin/products"): string {
  const path = safeLocalPath(to, fallback);
  if (!/^\/admin(\/|\?|$)/.test(path) || /^\/admin\/(login|logout)\b/.test(path)) return fallback;
  return path;
}
