/**
 * Internal notes on an order: what staff tell each other about it ("call after 5 pm", "asked for
 * the white one"). Never part of what a shopper sees (the tracking page) or of the invoice.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";

/** The notes an order page shows at most (the newest, oldest first). */
const NOTES_SHOWN = 200;

/** The order's notes, oldest first (at most the newest NOTES_SHOWN), with author and time. */
export async function listOrderNotes(orderId: number) {
  const rows = await prisma.orderNote.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: NOTES_SHOWN,
    select: { id: true, body: true, authorEmail: true, createdAt: true },
  });
  return rows.reverse();
}

/**
 * Adds `body` (already validated: trimmed, 1 to 1,000 characters) as `admin`'s note on the order.
 * @returns false when there is no such order (nothing written).
 */
export async function addOrderNote(
  orderId: number,
  body: string,
  admin: { id: number; email: string },
): Promise<boolean> {
  try {
    await prisma.orderNote.create({ data: { orderId, body, authorId: admin.id, authorEmail: admin.email } });
    return true;
  } catch (error) {
    // The order's foreign key: the order is gone (deleted meanwhile, or never existed).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") return false;
    throw error;
  }
}
