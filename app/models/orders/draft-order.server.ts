/**
 * Draft orders (docs/decisions/063-staff-orders.md): an order staff started at /admin/orders/new and
 * saved to finish later, with its fields as typed (even half-done) and its lines. A draft holds no
 * stock: the lines are priced and the stock checked when it is placed (`placeOrder` with the
 * draft's id, which marks it placed in the order's transaction, once).
 */
import { prisma } from "~/models/db/client.server";

/** A draft's fields as staff typed them (the phone as typed; amounts in paisa). */
export type DraftFields = {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  customerAddress: string;
  area: string;
  district: string;
  language: string;
  source: string;
  /** The owner's delivery charge in paisa; null: the district's zone fee. */
  shippingFeePaisa: number | null;
  discountPaisa: number;
  discountReason: string;
  note: string;
};

/** A draft's line: a variant and its quantity, in the order staff added them. */
export type DraftLine = { variantId: number; quantity: number };

/**
 * Saves a draft: a new one (`id` null), or draft `id` again with these fields and lines (its lines
 * replaced) while it is still a draft. Lines naming a variant that no longer exists are dropped.
 * `by` is the staff member saving it (a new draft's author). Returns the draft's id, or null when
 * draft `id` is gone or was placed meanwhile (nothing is written then).
 */
export async function saveDraft(
  id: number | null,
  fields: DraftFields,
  lines: DraftLine[],
  by: { id: number; email: string },
): Promise<number | null> {
  const existing = await prisma.productVariant.findMany({
    where: { id: { in: lines.map((line) => line.variantId) } },
    select: { id: true },
  });
  const known = new Set(existing.map((row) => row.id));
  const items = lines
    .filter((line) => known.has(line.variantId))
    .map((line, position) => ({ variantId: line.variantId, quantity: line.quantity, position }));
  if (id === null) {
    const created = await prisma.draftOrder.create({
      data: { ...fields, createdById: by.id, createdByEmail: by.email, items: { createMany: { data: items } } },
      select: { id: true },
    });
    return created.id;
  }
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.draftOrder.updateMany({ where: { id, orderId: null }, data: fields });
    if (count !== 1) return null;
    await tx.draftOrderItem.deleteMany({ where: { draftId: id } });
    await tx.draftOrderItem.createMany({ data: items.map((item) => ({ ...item, draftId: id })) });
    return id;
  });
}

/** Draft `id` with its lines in order and the order it became (`orderId`, null while a draft), or null. */
export async function getDraft(id: number) {
  return prisma.draftOrder.findUnique({
    where: { id },
    include: { items: { orderBy: { position: "asc" }, select: { variantId: true, quantity: true } } },
  });
}

/** The drafts to list, the most recently saved first (at most `take`), with their lines. */
export async function listDrafts(take = 100) {
  return prisma.draftOrder.findMany({
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take,
    include: { items: { orderBy: { position: "asc" }, select: { variantId: true, quantity: true } } },
  });
}

/** Deletes draft `id` (placed or not: its order stays). Returns whether there was one. */
export async function deleteDraft(id: number): Promise<boolean> {
  const { count } = await prisma.draftOrder.deleteMany({ where: { id } });
  return count === 1;
}
