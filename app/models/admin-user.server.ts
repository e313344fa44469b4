/**
 * The AdminUser table: staff accounts that sign in to the back office (spec section 2).
 * Passwords are stored as argon2id hashes (app/server/password.server.ts); this module never sees
 * a plain password.
 */
import type { Lang } from "~/i18n/lang";
import { prisma } from "./db.server";

/** The signed-in admin, as loaded for every admin request; `language` is their back office's, "en" or "bn". */
export type AdminUser = { id: number; email: string; language: string };

/**
 * The account with this e-mail (compared lower-cased and trimmed, as stored), with its password
 * hash for verification, or null when there is none.
 */
export function findAdminForLogin(email: string): Promise<(AdminUser & { passwordHash: string }) | null> {
  return prisma.adminUser.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, language: true, passwordHash: true },
  });
}

/** Stores the back office's language `lang` for the staff member `userId` (app/routes/admin.language.ts). */
export async function setAdminLanguage(userId: number, lang: Lang): Promise<void> {
  await prisma.adminUser.update({ where: { id: userId }, data: { language: lang } });
}
