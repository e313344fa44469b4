/**
 * The Session table: one row per signed-in browser, so a session can be revoked by deleting its row
 * (docs/decisions/005-sessions.md). Ids are random 256-bit tokens made by app/server/session.server.ts.
 */
import { prisma } from "./db.server";
import type { AdminUser } from "./admin-user.server";

/**
 * Stores a new session `id` for `userId` that expires at `expiresAt`, deleting `previousId` (the
 * session the browser had before, if any) in the same transaction.
 */
export async function replaceSession(
  previousId: string | undefined,
  session: { id: string; userId: number; expiresAt: Date },
): Promise<void> {
  await prisma.$transaction([
    ...(previousId ? [prisma.session.deleteMany({ where: { id: previousId } })] : []),
    prisma.session.create({ data: session }),
  ]);
}

/** The admin of the unexpired session `id`, or null (no such session, or it has expired). */
export async function findSessionUser(id: string): Promise<AdminUser | null> {
  const row = await prisma.session.findUnique({
    where: { id },
    select: { expiresAt: true, user: { select: { id: true, email: true } } },
  });
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return row.user;
}

/** Deletes the session `id` (nothing when it does not exist). */
export async function deleteSession(id: string): Promise<void> {
  await prisma.session.deleteMany({ where: { id } });
}

/** Removes expired session rows; returns how many. */
export async function deleteExpiredSessions(): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return count;
}
