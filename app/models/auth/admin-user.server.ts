/**
 * The AdminUser table: staff accounts that sign in to the back office.
 * Passwords are stored as argon2id hashes (app/server/auth/password.server.ts); this module never sees
 * a plain password.
 */
import type { Lang } from "~/i18n/lang";
import { prisma } from "../db/client.server";

/** What a staff account may do (docs/decisions/033-staff-roles.md). */
export type StaffRole = "owner" | "staff";

/**
 * The signed-in admin, as loaded for every admin request: `language` is their back office's, "en"
 * or "bn"; `role` what they may do; `mustChangePassword` true until they replace a first password.
 */
export type AdminUser = {
  id: number;
  email: string;
  language: string;
  role: StaffRole;
  mustChangePassword: boolean;
  /** Two-factor sign-in is on (docs/decisions/034-two-factor-sign-in.md). */
  twoFactor: boolean;
};

/** The columns of an `AdminUser`, for Prisma's `select`. */
export const ADMIN_USER_SELECT = {
  id: true,
  email: true,
  language: true,
  role: true,
  mustChangePassword: true,
  totpEnabledAt: true,
} as const;

/** A row read with ADMIN_USER_SELECT as an `AdminUser` (an unknown role counts as the lesser one). */
export function toAdminUser(row: {
  id: number;
  email: string;
  language: string;
  role: string;
  mustChangePassword: boolean;
  totpEnabledAt: Date | null;
}): AdminUser {
  const { totpEnabledAt, ...user } = row;
  return { ...user, role: row.role === "owner" ? "owner" : "staff", twoFactor: totpEnabledAt !== null };
}

/**
 * The account with this e-mail (compared lower-cased and trimmed, as stored), with its password
 * hash for verification and whether it is disabled, or null when there is none.
 */
export async function findAdminForLogin(
  email: string,
): Promise<(AdminUser & { passwordHash: string; disabled: boolean }) | null> {
  const row = await prisma.adminUser.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { ...ADMIN_USER_SELECT, passwordHash: true, disabledAt: true },
  });
  if (!row) return null;
  const { disabledAt, passwordHash, ...user } = row;
  return { ...toAdminUser(user), passwordHash, disabled: disabledAt !== null };
}

/** Stores the back office's language `lang` for the staff member `userId` (app/routes/admin.language.ts). */
export async function setAdminLanguage(userId: number, lang: Lang): Promise<void> {
  await prisma.adminUser.update({ where: { id: userId }, data: { language: lang } });
}

/** The account `id` as a signed-in admin, with whether it is disabled; null when there is none. */
export async function findAdminById(id: number): Promise<(AdminUser & { disabled: boolean }) | null> {
  const row = await prisma.adminUser.findUnique({ where: { id }, select: { ...ADMIN_USER_SELECT, disabledAt: true } });
  if (!row) return null;
  const { disabledAt, ...user } = row;
  return { ...toAdminUser(user), disabled: disabledAt !== null };
}
