/**
 * The stored side of two-factor sign-in (docs/decisions/034-two-factor-sign-in.md): the sealed
 * TOTP secret on the account, the last time step used, the hashed recovery codes, and the sign-ins
 * held between the password and the code (in the database so that every server process sees them:
 * docs/decisions/052-one-process-per-core.md). Secrets
 * arrive sealed and codes hashed (app/server/auth/two-factor.server.ts); nothing here sees them plain.
 */
import { prisma } from "../db/client.server";

/** An account's two-factor state as its account page shows it. */
export type TwoFactorState = {
  /** On: sign-in asks for a code. */
  enabled: boolean;
  /** The sealed secret (being set up, or in use); null when none. */
  secretSealed: string | null;
  /** The last time step whose code was accepted; null before the first. */
  lastStep: number | null;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
};

/** The two-factor state of the account `userId`. */
export async function getTwoFactorState(userId: number): Promise<TwoFactorState> {
  const row = await prisma.adminUser.findUniqueOrThrow({
    where: { id: userId },
    select: {
      totpEnabledAt: true,
      totpSecretSealed: true,
      totpLastStep: true,
      _count: { select: { recoveryCodes: { where: { usedAt: null } } } },
    },
  });
  return {
    enabled: row.totpEnabledAt !== null,
    secretSealed: row.totpSecretSealed,
    lastStep: row.totpLastStep,
    recoveryCodesLeft: row._count.recoveryCodes,
  };
}

/** Stores a new sealed secret for setting up (two-factor stays off until `enableTwoFactor`). No-op when it is on. */
export async function startTwoFactorSetup(userId: number, secretSealed: string): Promise<void> {
  await prisma.adminUser.updateMany({
    where: { id: userId, totpEnabledAt: null },
    data: { totpSecretSealed: secretSealed, totpLastStep: null },
  });
}

/**
 * Turns two-factor sign-in on for `userId` after a right code of time step `step`, with the
 * recovery codes' hashes `recoveryCodeHashes` (replacing any earlier ones).
 */
export async function enableTwoFactor(userId: number, step: number, recoveryCodeHashes: string[]): Promise<void> {
  await prisma.$transaction([
    prisma.adminUser.update({ where: { id: userId }, data: { totpEnabledAt: new Date(), totpLastStep: step } }),
    prisma.recoveryCode.deleteMany({ where: { userId } }),
    prisma.recoveryCode.createMany({ data: recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })) }),
  ]);
}

/** Turns two-factor sign-in off for `userId` (by the person, or reset by an owner): secret and codes gone. */
export async function disableTwoFactor(userId: number): Promise<void> {
  await prisma.$transaction([
    prisma.adminUser.update({
      where: { id: userId },
      data: { totpEnabledAt: null, totpSecretSealed: null, totpLastStep: null },
    }),
    prisma.recoveryCode.deleteMany({ where: { userId } }),
  ]);
}

/** Replaces the recovery codes of `userId` with `recoveryCodeHashes` (the old ones stop working). */
export async function replaceRecoveryCodes(userId: number, recoveryCodeHashes: string[]): Promise<void> {
  await prisma.$transaction([
    prisma.recoveryCode.deleteMany({ where: { userId } }),
    prisma.recoveryCode.createMany({ data: recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })) }),
  ]);
}

/**
 * Records that a code of time step `step` signed `userId` in, unless a code of that step or a later
 * one already did (two requests with one code: only one wins). Returns whether it was recorded.
 */
export async function claimTotpStep(userId: number, step: number): Promise<boolean> {
  const { count } = await prisma.adminUser.updateMany({
    where: { id: userId, totpEnabledAt: { not: null }, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}

/** Whether `userId` has an unused recovery code whose hash is `codeHash` (reads only; nothing is used up). */
export async function isRecoveryCodeUnused(userId: number, codeHash: string): Promise<boolean> {
  return (await prisma.recoveryCode.count({ where: { userId, codeHash, usedAt: null } })) > 0;
}

/** Uses the recovery code whose hash is `codeHash` for `userId`, once. Returns whether it was unused and is now used. */
export async function redeemRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
  const { count } = await prisma.recoveryCode.updateMany({
    where: { userId, codeHash, usedAt: null },
    data: { usedAt: new Date() },
  });
  return count > 0;
}

/**
 * Stores the held sign-in `nonce` of `userId`, usable until `until`, as the account's newest, and
 * keeps only the account's `keep` newest (the older ones stop working). Expired ones, of any account,
 * are deleted on the way.
 */
export async function storeHeldSignIn(userId: number, nonce: string, until: Date, keep: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.heldSignIn.deleteMany({ where: { OR: [{ until: { lte: new Date() } }, { nonce }] } });
    await tx.heldSignIn.create({ data: { userId, nonce, until } });
    const older = await tx.heldSignIn.findMany({
      where: { userId },
      orderBy: { id: "desc" },
      skip: keep,
      select: { id: true },
    });
    if (older.length > 0) await tx.heldSignIn.deleteMany({ where: { id: { in: older.map((row) => row.id) } } });
  });
}

/** Whether `userId` holds the sign-in `nonce`, unused and not expired at `now`. */
export async function isSignInHeld(userId: number, nonce: string, now = new Date()): Promise<boolean> {
  return (await prisma.heldSignIn.count({ where: { userId, nonce, until: { gt: now } } })) > 0;
}

/**
 * Uses up the held sign-in `nonce` of `userId`: true for the one request that deletes it while it
 * is unexpired at `now`, false for any other (already used, replaced or expired), whichever server
 * process each request reached.
 */
export async function deleteHeldSignIn(userId: number, nonce: string, now = new Date()): Promise<boolean> {
  const { count } = await prisma.heldSignIn.deleteMany({ where: { userId, nonce, until: { gt: now } } });
  return count === 1;
}
