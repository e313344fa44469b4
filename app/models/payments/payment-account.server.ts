/**
 * The shop's payment provider account rows (docs/decisions/061-bkash-checkout.md): the keys sealed
 * by app/server/secret-box.server.ts before they get here (this module only stores sealed text), and
 * the current bKash token, sealed too, shared by every process and node so one grant serves them all.
 */
import { prisma } from "~/models/db/client.server";

/** A provider account's stored row (keys and tokens sealed), or null. */
export async function getPaymentAccountRow(provider: string) {
  return prisma.paymentAccount.findUnique({ where: { provider } });
}

/**
 * Saves (or replaces) a provider account's sealed keys and sandbox switch, as changed by `admin`;
 * a token kept for the old keys is dropped, so the next call grants one for the new keys.
 */
export async function savePaymentAccountRow(
  provider: string,
  sealed: {
    sandbox: boolean;
    usernameSealed: string;
    passwordSealed: string;
    appKeySealed: string;
    appSecretSealed: string;
    appKeyHint: string;
  },
  admin: { email: string },
): Promise<void> {
  const data = {
    ...sealed,
    updatedByEmail: admin.email,
    idTokenSealed: null,
    refreshTokenSealed: null,
    tokenExpiresAt: null,
  };
  await prisma.paymentAccount.upsert({ where: { provider }, create: { provider, ...data }, update: data });
}

/** Forgets a provider account (keys and token). Payments already made keep their rows. */
export async function deletePaymentAccountRow(provider: string): Promise<void> {
  await prisma.paymentAccount.deleteMany({ where: { provider } });
}

/**
 * Keeps a granted or refreshed token (sealed) until `expiresAt`, for every process; `null`s forget
 * it (the provider refused it). A row removed meanwhile is left removed.
 */
export async function savePaymentToken(
  provider: string,
  token: { idTokenSealed: string; refreshTokenSealed: string; expiresAt: Date } | null,
): Promise<void> {
  await prisma.paymentAccount.updateMany({
    where: { provider },
    data: {
      idTokenSealed: token?.idTokenSealed ?? null,
      refreshTokenSealed: token?.refreshTokenSealed ?? null,
      tokenExpiresAt: token?.expiresAt ?? null,
    },
  });
}
