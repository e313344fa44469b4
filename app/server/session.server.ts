/**
 * Admin sessions, stored in the database so they can be revoked (see docs/decisions/005-sessions.md).
 * The cookie `haat_session` is signed, HttpOnly, SameSite=Lax, Secure when COOKIE_SECURE (default in
 * production), and holds only the session id: a random 256-bit token. A session lasts 14 days.
 */
import crypto from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { deleteSession, findSessionUser, replaceSession } from "~/models/admin-session.server";
import type { AdminUser } from "~/models/admin-user.server";

/** How long a sign-in lasts, in milliseconds (14 days). */
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const SESSION_KEY = "sessionId";

const sessionStorage = createCookieSessionStorage<{ [SESSION_KEY]: string }>({
  cookie: {
    name: "haat_session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().COOKIE_SECURE,
    secrets: [getEnv().SESSION_SECRET],
    maxAge: SESSION_TTL_MS / 1000,
  },
});

/**
 * Creates a session row for `userId` and returns the Set-Cookie header value that carries it.
 * A session the request already had is deleted: signing in again never leaves an old id valid.
 */
export async function createAdminSession(request: Request, userId: number): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const previous = session.get(SESSION_KEY);
  const id = crypto.randomBytes(32).toString("base64url");
  await replaceSession(previous, { id, userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  session.set(SESSION_KEY, id);
  return sessionStorage.commitSession(session);
}

/** The admin whose unexpired session the request's cookie names, or null. */
export async function getSessionUser(request: Request): Promise<AdminUser | null> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const id = session.get(SESSION_KEY);
  if (!id) return null;
  return findSessionUser(id);
}

/** Deletes the request's session row (if any); returns the Set-Cookie header that clears the cookie. */
export async function destroyAdminSession(request: Request): Promise<string> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const id = session.get(SESSION_KEY);
  if (id) await deleteSession(id);
  return sessionStorage.destroySession(session);
}
