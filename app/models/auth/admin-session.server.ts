/**
 * The Session table: one row per signed-in browser, so a session can be revoked by deleting its row
 * (docs/decisions/005-sessions.md).
 *
 * The browser's cookie holds a random 256-bit token (made by app/server/auth/session.server.ts). The
 * table stores only the token's SHA-256 (`tokenHash`), so a copy of the database, such as a backup,
 * holds nothing that can be replayed as a session. Every function here takes the token itself and
 * hashes it before it touches the table.
 *
 * A session ends at its `expiresAt` (the absolute lifetime), or once it has not been used for
 * SESSION_IDLE_TIMEOUT_MS (the idle timeout, counted from `lastSeenAt`), whichever comes first.
 */
import crypto from "node:crypto";
import { prisma } from "../db/client.server";
import { ADMIN_USER_SELECT, toAdminUser, type AdminUser } from "./admin-user.server";

/**
 * A session unused for this long ends, in milliseconds (12 hours): staff who leave the back office
 * open at the counter all day stay signed in; a browser left signed in overnight does not.
 */
export const SESSION_IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/**
 * `lastSeenAt` is rewritten only once it is at least this old, in milliseconds (5 minutes), so that
 * ordinary browsing does not write on every request (each write takes SQLite's single write lock).
 * A session may therefore end up to this much earlier than SESSION_IDLE_TIMEOUT_MS after its real
 * last use.
 */
export const LAST_SEEN_REFRESH_MS = 5 * 60 * 1000;

/** The stored form of a session token: its SHA-256, lowercase hex (64 characters). */
export function hashSessionToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The last-seen time at or before which a session has been idle too long, at time `now` (ms). */
function idleCutoff(now: number): Date {
  return new Date(now - SESSION_IDLE_TIMEOUT_MS);
}

/**
 * Stores a new session for `userId` under the hash of `token`, expiring at `expiresAt` and last
 * seen now, and deletes the session of `previousToken` (the one the browser had before, if any)
 * in the same transaction.
 * @throws Prisma's error when a write fails (nothing is changed then).
 */
export async function replaceSession(
  previousToken: string | undefined,
  session: { token: string; userId: number; expiresAt: Date },
): Promise<void> {
  await prisma.$transaction([
    ...(previousToken ? [prisma.session.deleteMany({ where: { tokenHash: hashSessionToken(previousToken) } })] : []),
    prisma.session.create({
      data: {
        tokenHash: hashSessionToken(session.token),
        userId: session.userId,
        expiresAt: session.expiresAt,
        lastSeenAt: new Date(),
      },
    }),
  ]);
}

/**
 * The admin of the live session of `token`, or null: no such session, or it has passed its
 * absolute expiry, been idle for SESSION_IDLE_TIMEOUT_MS or belongs to a disabled account, in which
 * case its row is deleted.
 * Marks the session as seen now when its `lastSeenAt` is LAST_SEEN_REFRESH_MS old or more.
 * @throws Prisma's error.
 */
export async function findSessionUser(token: string): Promise<AdminUser | null> {
  const tokenHash = hashSessionToken(token);
  const now = Date.now();
  const row = await prisma.session.findUnique({
    where: { tokenHash },
    select: { expiresAt: true, lastSeenAt: true, user: { select: { ...ADMIN_USER_SELECT, disabledAt: true } } },
  });
  if (!row) return null;
  // A disabled account's sessions end at once, even one whose row survived the disabling.
  if (row.expiresAt.getTime() <= now || row.lastSeenAt <= idleCutoff(now) || row.user.disabledAt !== null) {
    await prisma.session.deleteMany({ where: { tokenHash } });
    return null;
  }
  if (now - row.lastSeenAt.getTime() >= LAST_SEEN_REFRESH_MS) {
    // updateMany, not update: a session deleted meanwhile (a logout in another tab) is no error.
    // The condition leaves the row alone when a parallel request (Remix runs the loaders of one
    // page in parallel) has just refreshed it.
    await prisma.session.updateMany({
      where: { tokenHash, lastSeenAt: { lte: new Date(now - LAST_SEEN_REFRESH_MS) } },
      data: { lastSeenAt: new Date(now) },
    });
  }
  const { disabledAt: _disabled, ...user } = row.user;
  return toAdminUser(user);
}

/** Deletes the session of `token` (nothing when it does not exist). @throws Prisma's error. */
export async function deleteSession(token: string): Promise<void> {
  await prisma.session.deleteMany({ where: { tokenHash: hashSessionToken(token) } });
}

/**
 * Removes the rows of sessions that have ended, past their absolute expiry or idle for
 * SESSION_IDLE_TIMEOUT_MS; returns how many. @throws Prisma's error.
 */
export async function deleteExpiredSessions(): Promise<number> {
  const now = Date.now();
  const { count } = await prisma.session.deleteMany({
    where: { OR: [{ expiresAt: { lte: new Date(now) } }, { lastSeenAt: { lte: idleCutoff(now) } }] },
  });
  return count;
}
