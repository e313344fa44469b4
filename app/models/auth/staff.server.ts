/**
 * Staff accounts as the owner manages them at /admin/staff, and each person's own password and
 * sessions at /admin/account (docs/decisions/033-staff-roles.md). Passwords arrive here hashed
 * (app/server/auth/password.server.ts); this module never sees a plain password.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "../db/client.server";
import { hashSessionToken } from "./admin-session.server";
import type { StaffRole } from "./admin-user.server";

/** One account in the owner's list. */
export type StaffAccount = {
  id: number;
  email: string;
  role: StaffRole;
  /** When the owner disabled it; null while it may sign in. */
  disabledAt: Date | null;
  /** True until the person replaces the first password the owner gave them. */
  mustChangePassword: boolean;
  /** Two-factor sign-in is on. */
  twoFactor: boolean;
  createdAt: Date;
  /** When any of its sessions was last used (to the nearest 5 minutes); null if none is open. */
  lastSeenAt: Date | null;
};

/** Every account, owners first, then by e-mail. */
export async function listStaffAccounts(): Promise<StaffAccount[]> {
  const rows = await prisma.adminUser.findMany({
    select: {
      id: true,
      email: true,
      role: true,
      disabledAt: true,
      mustChangePassword: true,
      totpEnabledAt: true,
      createdAt: true,
      sessions: { select: { lastSeenAt: true }, orderBy: { lastSeenAt: "desc" }, take: 1 },
    },
    orderBy: [{ role: "asc" }, { email: "asc" }],
  });
  return rows.map(({ sessions, role, totpEnabledAt, ...row }) => ({
    ...row,
    role: role === "owner" ? "owner" : "staff",
    twoFactor: totpEnabledAt !== null,
    lastSeenAt: sessions[0]?.lastSeenAt ?? null,
  }));
}

/** Thrown by `createStaffAccount` when an account already has the e-mail. */
export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`An account with the e-mail ${email} already exists`);
    this.name = "EmailTakenError";
  }
}

/**
 * Creates an account with `role` and the first password's hash `passwordHash`, which its holder
 * must replace at their first sign-in. `email` is stored lower-cased and trimmed.
 * @returns the new account's id.
 * @throws {EmailTakenError} when the e-mail is taken.
 */
export async function createStaffAccount(input: {
  email: string;
  role: StaffRole;
  passwordHash: string;
}): Promise<number> {
  const email = input.email.trim().toLowerCase();
  try {
    const created = await prisma.adminUser.create({
      data: { email, role: input.role, passwordHash: input.passwordHash, mustChangePassword: true },
      select: { id: true },
    });
    return created.id;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new EmailTakenError(email);
    throw error;
  }
}

/** Why `setAccountDisabled` refused. */
export type DisableRefusal = "not-found" | "self" | "last-owner";

/**
 * Disables (`disabled` true) or enables the account `id`, on behalf of the owner `byUserId`.
 * Disabling deletes the account's sessions in the same transaction, so its open pages stop working
 * at their next request. An owner cannot disable themselves, and the last enabled owner cannot be
 * disabled (the shop would have nobody to manage it).
 * @returns null when done, else why not.
 */
export async function setAccountDisabled(
  id: number,
  disabled: boolean,
  byUserId: number,
): Promise<DisableRefusal | null> {
  if (disabled && id === byUserId) return "self";
  return prisma.$transaction(async (tx) => {
    const account = await tx.adminUser.findUnique({ where: { id }, select: { role: true } });
    if (!account) return "not-found";
    if (disabled && account.role === "owner") {
      const otherOwners = await tx.adminUser.count({ where: { role: "owner", disabledAt: null, id: { not: id } } });
      if (otherOwners === 0) return "last-owner";
    }
    await tx.adminUser.update({ where: { id }, data: { disabledAt: disabled ? new Date() : null } });
    if (disabled) await tx.session.deleteMany({ where: { userId: id } });
    return null;
  });
}

/** The password hash of the account `userId`, to check the current password before a change. */
export async function getPasswordHash(userId: number): Promise<string> {
  const row = await prisma.adminUser.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  return row.passwordHash;
}

/**
 * Stores `passwordHash` as the account's password, clears "must change password", and ends every
 * other session of the account (whoever knew the old password is signed out), keeping the session
 * of `currentToken`.
 */
export async function changeOwnPassword(userId: number, passwordHash: string, currentToken: string): Promise<void> {
  await prisma.$transaction([
    prisma.adminUser.update({ where: { id: userId }, data: { passwordHash, mustChangePassword: false } }),
    prisma.session.deleteMany({ where: { userId, tokenHash: { not: hashSessionToken(currentToken) } } }),
  ]);
}

/** One open session of the signed-in person, as /admin/account lists it. */
export type OwnSession = {
  /** A public handle for the session (the first 16 characters of its token's hash). */
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The session of the request that asked. */
  current: boolean;
};

/** The open sessions of `userId`, most recently used first; `currentToken` marks the asking one. */
export async function listOwnSessions(userId: number, currentToken: string): Promise<OwnSession[]> {
  const current = hashSessionToken(currentToken);
  const rows = await prisma.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    select: { tokenHash: true, createdAt: true, lastSeenAt: true, expiresAt: true },
    orderBy: { lastSeenAt: "desc" },
  });
  return rows.map(({ tokenHash, ...row }) => ({ ...row, id: tokenHash.slice(0, 16), current: tokenHash === current }));
}

/**
 * Ends sessions of `userId` other than the asking one (`currentToken`): the one whose handle is
 * `sessionId`, or all of them when it is "others".
 * @returns how many ended.
 */
export async function revokeOwnSessions(userId: number, sessionId: string, currentToken: string): Promise<number> {
  const current = hashSessionToken(currentToken);
  const { count } = await prisma.session.deleteMany({
    where: {
      userId,
      tokenHash: sessionId === "others" ? { not: current } : { startsWith: sessionId, not: current },
    },
  });
  return count;
}
