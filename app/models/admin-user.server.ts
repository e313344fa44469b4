/**
 * The AdminUser table: staff accounts that sign in to the back office (spec section 2).
 * Passwords are stored as argon2id hashes (app/server/password.server.ts); this module never sees
 * a plain password.
 */
import { prisma } from "./db.server";

/** The signed-in admin, as loaded for every admin request. */
export type AdminUser = { id: number; email: string };

/**
 * The account with this e-mail (compared lower-cased and trimmed, as stored), with its password
 * hash for verification, or null when there is none.
 */
export function findAdminForLogin(email: string): Promise<(AdminUser & { passwordHash: string }) | null> {
  return prisma.adminUser.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, passwordHash: true },
  });
}
