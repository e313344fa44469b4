/**
 * Stock in the database (docs/decisions/027-stock.md): the conditional decrement that never lets a
 * count go below 0, the ledger (StockMovement) that records every change with its reason and who,
 * and the reads of the dashboard's low-stock list and an order's stock history. The rules
 * themselves are pure, in app/rules/stock.ts.
 *
 * The write helpers take the transaction client of the caller's transaction, so the stock moves in
 * the same transaction as the order (placed, cancelled, reinstated, deleted) or the product form:
 * both happen, or neither.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db.server";
import { heldByOrder, stockShortages, type StockMovementReason, type StockShortage } from "~/rules/stock";

/** The staff member behind a change; null when the shopper's order made it. */
export type StockActor = { id: number; email: string } | null;

/**
 * Thrown inside a transaction when the stock cannot fill an order's lines; the transaction rolls
 * back, so nothing of the order is written. `shortages` says which products and how many are left.
 */
export class OutOfStockError extends Error {
  constructor(readonly shortages: StockShortage[]) {
    super(`Not enough stock: ${shortages.map((s) => `${s.name} (${s.available} of ${s.requested})`).join(", ")}`);
    this.name = "OutOfStockError";
  }
}

const actorFields = (actor: StockActor) => ({ changedById: actor?.id ?? null, changedByEmail: actor?.email ?? null });

/**
 * Takes the units of `lines` from the products that track stock, for `orderId`, inside `tx`, and
 * writes one ledger entry per product (`reason`: order-placed or order-reinstated). Products that
 * do not track stock, or no longer exist, are left alone.
 *
 * The decrement is conditional (`stockQuantity >= units`), and the column has a CHECK (>= 0), so
 * even many shoppers buying the last unit at once cannot take it twice: transactions run one at a
 * time (docs/decisions/020-one-connection-serialised.md), the first takes it, the others find 0.
 *
 * @throws {OutOfStockError} when any line asks for more than is on hand (nothing taken then, once
 *   the caller's transaction rolls back).
 */
export async function takeStock(
  tx: Prisma.TransactionClient,
  order: { orderId: number; lines: { productId: number; quantity: number }[] },
  reason: Extract<StockMovementReason, "order-placed" | "order-reinstated" | "order-edited">,
  actor: StockActor,
): Promise<void> {
  const ids = [...new Set(order.lines.map((line) => line.productId))];
  if (ids.length === 0) return;
  const products = await tx.product.findMany({
    where: { id: { in: ids }, trackStock: true },
    select: { id: true, name: true, trackStock: true, stockQuantity: true },
  });
  if (products.length === 0) return;
  const shortages = stockShortages(order.lines, products);
  if (shortages.length > 0) throw new OutOfStockError(shortages);
  for (const product of products) {
    const units = order.lines
      .filter((line) => line.productId === product.id)
      .reduce((sum, line) => sum + line.quantity, 0);
    const { count } = await tx.product.updateMany({
      where: { id: product.id, trackStock: true, stockQuantity: { gte: units } },
      data: { stockQuantity: { decrement: units } },
    });
    if (count !== 1) {
      throw new OutOfStockError([
        { productId: product.id, name: product.name, requested: units, available: product.stockQuantity },
      ]);
    }
    await tx.stockMovement.create({
      data: {
        productId: product.id,
        productName: product.name,
        orderId: order.orderId,
        change: -units,
        balance: product.stockQuantity - units,
        reason,
        ...actorFields(actor),
      },
    });
  }
}

/**
 * Returns to stock what `orderId` holds according to the ledger (what placing or reinstating took,
 * less what was returned since), inside `tx`, with one ledger entry per product (`reason`:
 * order-cancelled or order-deleted). An order that took nothing (its products did not track stock
 * when it was placed) returns nothing; a deleted product gets nothing back.
 */
export async function returnStock(
  tx: Prisma.TransactionClient,
  orderId: number,
  reason: Extract<StockMovementReason, "order-cancelled" | "order-deleted">,
  actor: StockActor,
): Promise<void> {
  const held = heldByOrder(
    await tx.stockMovement.findMany({ where: { orderId }, select: { productId: true, change: true } }),
  );
  for (const [productId, units] of held) {
    const product = await tx.product.findUnique({ where: { id: productId }, select: { id: true } });
    if (!product) continue;
    const updated = await tx.product.update({
      where: { id: productId },
      data: { stockQuantity: { increment: units } },
      select: { name: true, stockQuantity: true },
    });
    await tx.stockMovement.create({
      data: {
        productId,
        productName: updated.name,
        orderId,
        change: units,
        balance: updated.stockQuantity,
        reason,
        ...actorFields(actor),
      },
    });
  }
}

/**
 * Returns `units` of each product to stock for `orderId`, inside `tx` (an edit that lowered a
 * quantity or removed a line), but never more than the ledger says the order holds of it: units
 * the order never took (the product did not track stock then) are not invented. One ledger entry
 * per product returned, with `reason` order-edited.
 */
export async function returnUnits(
  tx: Prisma.TransactionClient,
  orderId: number,
  units: Map<number, number>,
  actor: StockActor,
): Promise<void> {
  const held = heldByOrder(
    await tx.stockMovement.findMany({ where: { orderId }, select: { productId: true, change: true } }),
  );
  for (const [productId, wanted] of units) {
    const back = Math.min(wanted, held.get(productId) ?? 0);
    if (back <= 0) continue;
    const product = await tx.product.findUnique({ where: { id: productId }, select: { id: true } });
    if (!product) continue;
    const updated = await tx.product.update({
      where: { id: productId },
      data: { stockQuantity: { increment: back } },
      select: { name: true, stockQuantity: true },
    });
    await tx.stockMovement.create({
      data: {
        productId,
        productName: updated.name,
        orderId,
        change: back,
        balance: updated.stockQuantity,
        reason: "order-edited",
        ...actorFields(actor),
      },
    });
  }
}

/** Records a change staff made in the product form (`change` units, `balance` on hand after). */
export async function recordStockAdjustment(
  tx: Prisma.TransactionClient,
  product: { id: number; name: string },
  change: number,
  balance: number,
  actor: StockActor,
): Promise<void> {
  if (change === 0) return;
  await tx.stockMovement.create({
    data: {
      productId: product.id,
      productName: product.name,
      change,
      balance,
      reason: "adjusted" satisfies StockMovementReason,
      ...actorFields(actor),
    },
  });
}

/** The products the dashboard lists as low on stock at most. */
const LOW_STOCK_SHOWN = 10;

/**
 * The products that track stock and have `threshold` units or fewer, fewest first (then by name),
 * at most LOW_STOCK_SHOWN, with how many there are in all and whether any product tracks stock.
 * Uses the `Product(trackStock, stockQuantity)` index.
 */
export async function listLowStock(threshold: number) {
  const where = { trackStock: true, stockQuantity: { lte: threshold } };
  const [products, total, anyTracked] = await Promise.all([
    prisma.product.findMany({
      where,
      orderBy: [{ stockQuantity: "asc" }, { name: "asc" }, { id: "asc" }],
      take: LOW_STOCK_SHOWN,
      select: { id: true, name: true, stockQuantity: true },
    }),
    prisma.product.count({ where }),
    prisma.product.findFirst({ where: { trackStock: true }, select: { id: true } }),
  ]);
  return { products, total, anyTracked: anyTracked !== null };
}

/** How many of a product's stock changes its edit page lists (the newest). */
const PRODUCT_MOVEMENTS_SHOWN = 20;

/**
 * The newest stock changes of a product (at most PRODUCT_MOVEMENTS_SHOWN), newest first, and how
 * many there are in all: what orders took and returned and what staff counted.
 */
export async function listProductStockMovements(productId: number) {
  const where = { productId };
  const [movements, total] = await Promise.all([
    prisma.stockMovement.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: PRODUCT_MOVEMENTS_SHOWN,
      select: {
        id: true,
        orderId: true,
        change: true,
        balance: true,
        reason: true,
        changedByEmail: true,
        createdAt: true,
      },
    }),
    prisma.stockMovement.count({ where }),
  ]);
  return { movements, total };
}

/** The stock ledger entries of an order, oldest first (for its history on the order page). */
export async function getOrderStockMovements(orderId: number) {
  return prisma.stockMovement.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      productName: true,
      change: true,
      balance: true,
      reason: true,
      changedByEmail: true,
      createdAt: true,
    },
  });
}
