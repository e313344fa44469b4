/**
 * Admin sessions, stored in the database so they can be revoked (see docs/decisions/005-sessions.md).
 * The cookie is signed, HttpOnly, SameSite=Lax, Path=/, and holds only the session's token: 256
 * random bits, base64url. The database keeps only the token's SHA-256
 * (app/models/auth/admin-session.server.ts). When COOKIE_SECURE (default in production) it is Secure and
 * named `__Host-haat_session`, else `haat_session` (see cookie-name.server.ts).
 *
 * A session ends 14 days after sign-in (SESSION_TTL_MS, also the cookie's Max-Age), or after 12
 * hours without a request (SESSION_IDLE_TIMEOUT_MS in the model), whichever comes first.
 */
import crypto from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import { getEnv, type Env } from "~/config/env.server";
import { deleteSession, findSessionUser, replaceSession } from "~/models/auth/admin-session.server";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { hostCookieName } from "../cookie-name.server";

/** The absolute lifetime of a sign-in, however much it is used, in milliseconds (14 days). */
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const SESSION_KEY = "sessionId";

/**
 * The session cookie's storage for the settings `env`: the cookie is `__Host-haat_session` and
 * Secure when `env.COOKIE_SECURE`, else `haat_session`; always HttpOnly, SameSite=Lax, Path=/, no
 * Domain, Max-Age 14 days, signed with `env.SESSION_SECRET`. The app uses the one built from
 * getEnv(); tests build it for either setting.
 */
export function adminSessionStorageFor(env: Pick<Env, "COOKIE_SECURE" | "SESSION_SECRET">) {
  return createCookieSessionStorage<{ [SESSION_KEY]: string }>({
    cookie: {
      name: hostCookieName("haat_session", env.COOKIE_SECURE),
      httpOnly: true,
      sameSite: "lax",
      // Path=/ and no domain: both required by the __Host- prefix.
      path: "/",
      secure: env.COOKIE_SECURE,
      secrets: [env.SESSION_SECRET],
      maxAge: SESSION_TTL_MS / 1000,
    },
  });
}

const sessionStorage = adminSessionStorageFor(getEnv());

/**
 * Creates a session row for `userId` and returns the Set-Cookie header value that carries it.
 * A session the request already had is deleted: signing in again never leaves an old token valid.
 * @throws Prisma's error when the row cannot be written (no cookie is made then).
 */
export async function createAdminSession(request: Request, userId: number): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const previous = session.get(SESSION_KEY);
  const token = crypto.randomBytes(32).toString("base64url");
  await replaceSession(previous, { token, userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  session.set(SESSION_KEY, token);
  return sessionStorage.commitSession(session);
}

/**
 * The admin whose live session the request's cookie names, or null (no cookie, a tampered one, or
 * a session that is unknown, past its 14 days or idle too long; an ended session's row is deleted).
 * @throws Prisma's error.
 */
export async function getSessionUser(request: Request): Promise<AdminUser | null> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const token = session.get(SESSION_KEY);
  if (!token) return null;
  return findSessionUser(token);
}

/**
 * The session token the request's signed cookie carries, or null: for the account page, which marks
 * the asking session and keeps it when the others end. Only meaningful after `requireAdmin`.
 */
export async function getSessionToken(request: Request): Promise<string | null> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const token: unknown = session.get(SESSION_KEY);
  return typeof token === "string" ? token : null;
}

/** Deletes the request's session row (if any); returns the Set-Cookie header that clears the cookie. */
export async function destroyAdminSession(request: Request): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const token = session.get(SESSION_KEY);
  if (token) await deleteSession(token);
  return sessionStorage.destroySession(session);
}
