/**
 * The shop's blocklist of phone numbers (docs/decisions/028-checkout-limits-and-blocklist.md):
 * checkout refuses an order from a blocked phone (read inside placeOrder's transaction). Phones are
 * stored as 01XXXXXXXXX, as orders store them, so every spelling of a number matches.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";

/** How many blocked numbers the blocklist page shows, newest first. */
const BLOCKLIST_SHOWN = 500;

/** The blocked numbers, newest first (at most BLOCKLIST_SHOWN), with the total. */
export async function listBlockedPhones() {
  const [entries, total] = await Promise.all([
    prisma.blockedPhone.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: BLOCKLIST_SHOWN,
      select: { id: true, phone: true, note: true, createdByEmail: true, createdAt: true },
    }),
    prisma.blockedPhone.count(),
  ]);
  return { entries, total };
}

/**
 * Blocks `phone` (already normalised to 01XXXXXXXXX) with the staff member's `note` (never shown to
 * the shopper), recording who.
 * @returns "blocked", or "exists" when the number was already blocked (nothing changes then).
 */
export async function blockPhone(
  phone: string,
  note: string,
  admin: { id: number; email: string },
): Promise<"blocked" | "exists"> {
  try {
    await prisma.blockedPhone.create({
      data: { phone, note, createdById: admin.id, createdByEmail: admin.email },
    });
    return "blocked";
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return "exists";
    throw error;
  }
}

/** Removes a number from the blocklist; returns its phone, or null when there was no such entry. */
export async function unblockPhone(id: number): Promise<string | null> {
  const entry = await prisma.blockedPhone.findUnique({ where: { id }, select: { phone: true } });
  if (!entry) return null;
  const { count } = await prisma.blockedPhone.deleteMany({ where: { id } });
  return count === 1 ? entry.phone : null;
}

/** The blocklist entry of `phone` (01XXXXXXXXX), or null when it is not blocked. */
export async function findBlockedPhone(phone: string) {
  return prisma.blockedPhone.findUnique({ where: { phone }, select: { id: true, note: true } });
}
