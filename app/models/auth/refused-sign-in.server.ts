/**
 * Refused sign-in attempts that are not staff actions (docs/decisions/041-refused-sign-ins.md): an
 * e-mail that names no account, an attempt refused by a limit (429), and summaries of attempts not
 * written one by one. Anyone on the internet can cause these, so they stay out of the append-only
 * audit trail and live in a bounded table instead: every write prunes it, in the same transaction,
 * to the newest REFUSED_SIGN_IN_CAP rows of the last REFUSED_SIGN_IN_DAYS days. How many rows are
 * written a minute is app/server/auth/sign-in-log.server.ts's business. The owner reads it at
 * /admin/activity/refused.
 */
import { prisma } from "../db/client.server";

/** The most rows the table keeps. */
export const REFUSED_SIGN_IN_CAP = 1000;
/** Rows older than this many days are removed. */
const REFUSED_SIGN_IN_DAYS = 30;
/** The reason of a summary of attempts left out by the limit on all addresses together. */
export const SUPPRESSED_ALL = "all-addresses";
/** Rows per page of the owner's list. */
export const REFUSED_SIGN_IN_PAGE_SIZE = 50;

/**
 * What was refused: an unknown e-mail, a limit, or a summary of `count` attempts not listed (of one
 * address, or, with the reason SUPPRESSED_ALL, of all addresses together).
 */
type RefusedOutcome = "failed" | "locked-out" | "suppressed";

/** One refused attempt (or summary) to keep. Strings are cut to the column's sensible length. */
export type RefusedSignInEntry = {
  /** What was typed as the e-mail, already reduced to an e-mail address or a placeholder. */
  email: string;
  /** The client address. */
  address: string;
  outcome: RefusedOutcome;
  /** Why it failed ("invalid-credentials") or which limit refused it ("account", "two-factor", …). */
  reason?: string;
  /** For "suppressed": the attempts it stands for (at least 1). */
  count?: number;
};

/**
 * Appends `entry`, and in the same transaction removes every row beyond the newest
 * REFUSED_SIGN_IN_CAP and every row older than REFUSED_SIGN_IN_DAYS days, so the table never holds
 * more than the cap and each refused attempt takes SQLite's write lock once.
 * @throws the database's error when the write fails (nothing is changed then; the caller logs it).
 */
export async function recordRefusedSignIn(entry: RefusedSignInEntry, now = new Date()): Promise<void> {
  const oldest = new Date(now.getTime() - REFUSED_SIGN_IN_DAYS * 24 * 60 * 60 * 1000);
  await prisma.$transaction([
    prisma.refusedSignIn.create({
      data: {
        email: entry.email.slice(0, 254),
        address: entry.address.slice(0, 100),
        outcome: entry.outcome,
        reason: (entry.reason ?? "").slice(0, 100),
        count: Math.max(1, Math.floor(entry.count ?? 1)),
        createdAt: now,
      },
      select: { id: true },
    }),
    // Ids only grow, so everything up to the (cap + 1)-th newest id is everything but the newest cap
    // rows (ids may skip values: a PostgreSQL sequence keeps those of rolled-back inserts).
    prisma.$executeRaw`DELETE FROM "RefusedSignIn" WHERE "id" <= (
      SELECT "id" FROM "RefusedSignIn" ORDER BY "id" DESC LIMIT 1 OFFSET ${REFUSED_SIGN_IN_CAP})`,
    prisma.refusedSignIn.deleteMany({ where: { createdAt: { lt: oldest } } }),
  ]);
}

/** One row of the owner's list. */
export type RefusedSignInRow = {
  id: number;
  createdAt: Date;
  email: string;
  address: string;
  outcome: string;
  reason: string;
  count: number;
};

/**
 * Page `page` (1-based) of the kept rows, newest first, REFUSED_SIGN_IN_PAGE_SIZE a page, with
 * the number of rows kept and the attempts they stand for (a summary counts as its `count`).
 */
export async function listRefusedSignIns(
  page: number,
): Promise<{ rows: RefusedSignInRow[]; total: number; attempts: number }> {
  const [rows, total, sum] = await Promise.all([
    prisma.refusedSignIn.findMany({
      orderBy: { id: "desc" },
      skip: (page - 1) * REFUSED_SIGN_IN_PAGE_SIZE,
      take: REFUSED_SIGN_IN_PAGE_SIZE,
    }),
    prisma.refusedSignIn.count(),
    prisma.refusedSignIn.aggregate({ _sum: { count: true } }),
  ]);
  return { rows, total, attempts: sum._sum.count ?? 0 };
}
