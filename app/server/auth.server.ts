/**
 * Staff sign-in with remix-auth's FormStrategy, and the admin gate.
 *
 * `requireAdmin(request)` must be called by EVERY admin loader and action (loaders run in
 * parallel, so a check in the layout alone protects nothing). Without a valid session it throws a
 * redirect to `/admin/login?redirectTo=<the current path>`.
 */
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { englishAdminT } from "~/i18n/admin";
import { findAdminForLogin, type AdminUser } from "~/models/admin-user.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { getSessionUser } from "./session.server";
import { safeLocalPath } from "~/utils/local-path";
import { loginSchema } from "~/forms/schemas";

/** Thrown by the form strategy when the e-mail or password is wrong (the message never says which). */
export class InvalidCredentialsError extends Error {
  constructor() {
    super("Invalid credentials");
    this.name = "InvalidCredentialsError";
  }
}

export const authenticator = new Authenticator<AdminUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = loginSchema(englishAdminT).safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new InvalidCredentialsError();
    return verifyLogin(parsed.data.email, parsed.data.password);
  }),
  "form",
);

/**
 * The admin with this e-mail (case-insensitive) and password.
 * @throws {InvalidCredentialsError} when either is wrong; the time taken does not reveal which.
 */
async function verifyLogin(email: string, password: string): Promise<AdminUser> {
  const user = await findAdminForLogin(email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw new InvalidCredentialsError();
  return { id: user.id, email: user.email, language: user.language };
}

/**
 * The signed-in admin.
 * @throws {Response} a redirect to /admin/login?redirectTo=… when there is none.
 */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  throw redirect(`/admin/login?${new URLSearchParams({ redirectTo })}`);
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
