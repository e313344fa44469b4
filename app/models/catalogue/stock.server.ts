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
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { heldByOrder, stockShortages, type StockMovementReason, type StockShortage } from "~/rules/stock";
import { isRetiredKey, lineItemName, localText, variantLabel } from "~/rules/variants";

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

/** What the ledger names of a variant: its product, and its label in English. */
const variantLedgerSelect = {
  id: true,
  productId: true,
  stockQuantity: true,
  combinationKey: true,
  option1Value: { select: { value: true } },
  option2Value: { select: { value: true } },
  option3Value: { select: { value: true } },
  product: { select: { name: true, trackStock: true } },
} as const;

type LedgerVariant = {
  id: number;
  productId: number;
  stockQuantity: number;
  combinationKey: string;
  option1Value: { value: string } | null;
  option2Value: { value: string } | null;
  option3Value: { value: string } | null;
  product: { name: string; trackStock: boolean };
};

/** A variant's English label from its option values, "56″ / Brown" ("" without options). */
function valuesLabel(variant: Omit<LedgerVariant, "combinationKey">): string {
  return variantLabel(
    [variant.option1Value, variant.option2Value, variant.option3Value].flatMap((value) => (value ? [value.value] : [])),
  );
}

/**
 * The label a ledger entry records for `variant`: its values' label, or, for a retired variant (it
 * has no option values left: decision 047), the label its latest entry recorded while it was still
 * sold, so that units an old order takes back or returns still say which variant they are.
 */
async function ledgerLabel(tx: Prisma.TransactionClient, variant: LedgerVariant): Promise<string> {
  if (!isRetiredKey(variant.combinationKey)) return valuesLabel(variant);
  const last = await tx.stockMovement.findFirst({
    where: { variantId: variant.id, variantLabel: { not: "" } },
    orderBy: { id: "desc" },
    select: { variantLabel: true },
  });
  return last?.variantLabel ?? "";
}

/**
 * A ledger entry of units taken, before it names its order (`takeUnits`); `change` is negative
 * and `balance` the units on hand after.
 */
export type StockTaken = {
  productId: number;
  productName: string;
  variantId: number;
  variantLabel: string;
  change: number;
  balance: number;
  reason: StockMovementReason;
  changedById: number | null;
  changedByEmail: string | null;
};

/** One row of `countedVariants`: a variant, its product's name, and its option values' English text. */
type CountedRow = {
  id: number;
  productId: number;
  stockQuantity: number;
  combinationKey: string;
  productName: string;
  value1: string | null;
  value2: string | null;
  value3: string | null;
};

/**
 * The variants among `ids` whose product tracks stock, with what their ledger entries name, inside
 * `tx`. One statement joining the four tables (Prisma reads each relation with a query of its
 * own: five statements, about a sixth of the time an order held the write lock); the SQL is
 * standard, double-quoted identifiers included, for every database haat runs on. The variants stay
 * as read until `tx` ends (`lockRowsOf`: on PostgreSQL, another order for one of them waits, in id
 * order, so the ledger's balances follow each other; SQLite's transactions already run one at a time).
 */
async function countedVariants(tx: Prisma.TransactionClient, ids: number[]): Promise<LedgerVariant[]> {
  const rows = await tx.$queryRaw<CountedRow[]>`
    SELECT v."id", v."productId", v."stockQuantity", v."combinationKey", p."name" AS "productName",
      o1."value" AS "value1", o2."value" AS "value2", o3."value" AS "value3"
    FROM "ProductVariant" v
    JOIN "Product" p ON p."id" = v."productId"
    LEFT JOIN "ProductOptionValue" o1 ON o1."id" = v."option1ValueId"
    LEFT JOIN "ProductOptionValue" o2 ON o2."id" = v."option2ValueId"
    LEFT JOIN "ProductOptionValue" o3 ON o3."id" = v."option3ValueId"
    WHERE v."id" IN (${Prisma.join(ids)}) AND p."trackStock" = TRUE
    ORDER BY v."id"
    ${dialect.lockRowsOf("v")}`;
  const value = (text: string | null) => (text === null ? null : { value: text });
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    stockQuantity: row.stockQuantity,
    combinationKey: row.combinationKey,
    option1Value: value(row.value1),
    option2Value: value(row.value2),
    option3Value: value(row.value3),
    product: { name: row.productName, trackStock: true },
  }));
}

/**
 * Takes the units of `lines` from the variants whose product tracks stock, inside `tx`, and
 * returns one ledger entry per variant for the caller to write with its order (`reason`:
 * order-placed, order-reinstated or order-edited). Variants of products that do not track stock,
 * or that no longer exist, are left alone (no entry).
 *
 * The decrement is conditional (`stockQuantity >= units`), and the column has a CHECK (>= 0), so
 * even many shoppers buying the last unit at once cannot take it twice: on SQLite transactions run
 * one at a time (docs/decisions/020-one-connection-serialised.md), on PostgreSQL the variants read
 * are locked until the transaction ends (`countedVariants`); the first takes it, the others find 0.
 *
 * @throws {OutOfStockError} when any line asks for more than is on hand (nothing taken then, once
 *   the caller's transaction rolls back).
 */
export async function takeUnits(
  tx: Prisma.TransactionClient,
  lines: { variantId: number; quantity: number }[],
  reason: Extract<StockMovementReason, "order-placed" | "order-reinstated" | "order-edited">,
  actor: StockActor,
): Promise<StockTaken[]> {
  const ids = [...new Set(lines.map((line) => line.variantId))];
  if (ids.length === 0) return [];
  const variants = await countedVariants(tx, ids);
  if (variants.length === 0) return [];
  const labels = new Map<number, string>();
  for (const variant of variants) labels.set(variant.id, await ledgerLabel(tx, variant));
  const counted = variants.map((variant) => ({
    id: variant.id,
    name: lineItemName(variant.product.name, labels.get(variant.id)!),
    trackStock: true,
    stockQuantity: variant.stockQuantity,
  }));
  const shortages = stockShortages(lines, counted);
  if (shortages.length > 0) throw new OutOfStockError(shortages);
  const taken: StockTaken[] = [];
  for (const variant of variants) {
    const units = lines.filter((line) => line.variantId === variant.id).reduce((sum, line) => sum + line.quantity, 0);
    const { count } = await tx.productVariant.updateMany({
      where: { id: variant.id, stockQuantity: { gte: units } },
      data: { stockQuantity: { decrement: units } },
    });
    if (count !== 1) {
      throw new OutOfStockError([
        {
          variantId: variant.id,
          name: lineItemName(variant.product.name, labels.get(variant.id)!),
          requested: units,
          available: variant.stockQuantity,
        },
      ]);
    }
    taken.push({
      productId: variant.productId,
      productName: variant.product.name,
      variantId: variant.id,
      variantLabel: labels.get(variant.id)!,
      change: -units,
      balance: variant.stockQuantity - units,
      reason,
      ...actorFields(actor),
    });
  }
  return taken;
}

/**
 * Takes the units of `order.lines` for `order.orderId` inside `tx` (`takeUnits`) and writes their
 * ledger entries.
 *
 * @throws {OutOfStockError} as `takeUnits`.
 */
export async function takeStock(
  tx: Prisma.TransactionClient,
  order: { orderId: number; lines: { variantId: number; quantity: number }[] },
  reason: Extract<StockMovementReason, "order-placed" | "order-reinstated" | "order-edited">,
  actor: StockActor,
): Promise<void> {
  const taken = await takeUnits(tx, order.lines, reason, actor);
  if (taken.length > 0) {
    await tx.stockMovement.createMany({ data: taken.map((entry) => ({ ...entry, orderId: order.orderId })) });
  }
}

/**
 * Puts `units` back on variant `variantId` inside `tx` and writes its ledger entry; a variant that
 * no longer exists gets nothing back.
 */
async function putBack(
  tx: Prisma.TransactionClient,
  entry: { orderId: number; variantId: number; units: number; reason: StockMovementReason },
  actor: StockActor,
): Promise<void> {
  const exists = await tx.productVariant.findUnique({ where: { id: entry.variantId }, select: { id: true } });
  if (!exists) return;
  const updated: LedgerVariant = await tx.productVariant.update({
    where: { id: entry.variantId },
    data: { stockQuantity: { increment: entry.units } },
    select: variantLedgerSelect,
  });
  await tx.stockMovement.create({
    data: {
      productId: updated.productId,
      productName: updated.product.name,
      variantId: updated.id,
      variantLabel: await ledgerLabel(tx, updated),
      orderId: entry.orderId,
      change: entry.units,
      balance: updated.stockQuantity,
      reason: entry.reason,
      ...actorFields(actor),
    },
  });
}

/**
 * Returns to stock what `orderId` holds according to the ledger (what placing or reinstating took,
 * less what was returned since), inside `tx`, with one ledger entry per variant (`reason`:
 * order-cancelled or order-deleted). An order that took nothing (its products did not track stock
 * when it was placed) returns nothing; a deleted variant gets nothing back.
 */
export async function returnStock(
  tx: Prisma.TransactionClient,
  orderId: number,
  reason: Extract<StockMovementReason, "order-cancelled" | "order-deleted">,
  actor: StockActor,
): Promise<void> {
  const held = heldByOrder(
    await tx.stockMovement.findMany({ where: { orderId }, select: { variantId: true, change: true } }),
  );
  for (const [variantId, units] of held) await putBack(tx, { orderId, variantId, units, reason }, actor);
}

/**
 * Returns `units` of each variant (by id) to stock for `orderId`, inside `tx` (an edit that lowered
 * a quantity or removed a line), but never more than the ledger says the order holds of it: units
 * the order never took (the product did not track stock then) are not invented. One ledger entry
 * per variant returned, with `reason` order-edited.
 */
export async function returnUnits(
  tx: Prisma.TransactionClient,
  orderId: number,
  units: Map<number, number>,
  actor: StockActor,
): Promise<void> {
  const held = heldByOrder(
    await tx.stockMovement.findMany({ where: { orderId }, select: { variantId: true, change: true } }),
  );
  for (const [variantId, wanted] of units) {
    const back = Math.min(wanted, held.get(variantId) ?? 0);
    if (back <= 0) continue;
    await putBack(tx, { orderId, variantId, units: back, reason: "order-edited" }, actor);
  }
}

/**
 * Records a change staff made to a variant's stock in the product form (`change` units, `balance`
 * on hand after); `variant.label` is its English label ("" without options).
 */
export async function recordStockAdjustment(
  tx: Prisma.TransactionClient,
  variant: { id: number; productId: number; productName: string; label: string },
  change: number,
  balance: number,
  actor: StockActor,
): Promise<void> {
  if (change === 0) return;
  await tx.stockMovement.create({
    data: {
      productId: variant.productId,
      productName: variant.productName,
      variantId: variant.id,
      variantLabel: variant.label,
      change,
      balance,
      reason: "adjusted" satisfies StockMovementReason,
      ...actorFields(actor),
    },
  });
}

/** The variants the dashboard lists as low on stock at most. */
const LOW_STOCK_SHOWN = 10;

/**
 * The active variants of products that track stock with `threshold` units or fewer, fewest first
 * (then by product name and variant), at most LOW_STOCK_SHOWN, each with its product's id and name
 * and its label ("" without options), both in English and Bangla (a blank Bangla value or name:
 * its English one); with how many there are in all and whether any product tracks stock. Reads the
 * `ProductVariant(stockQuantity, productId)` index.
 */
export async function listLowStock(threshold: number) {
  const where = { isActive: true, stockQuantity: { lte: threshold }, product: { trackStock: true } };
  const [rows, total, anyTracked] = await Promise.all([
    prisma.productVariant.findMany({
      where,
      orderBy: [{ stockQuantity: "asc" }, { product: { name: "asc" } }, { position: "asc" }, { id: "asc" }],
      take: LOW_STOCK_SHOWN,
      select: {
        ...variantLedgerSelect,
        option1Value: { select: { value: true, valueBn: true } },
        option2Value: { select: { value: true, valueBn: true } },
        option3Value: { select: { value: true, valueBn: true } },
        product: { select: { name: true, nameBn: true, trackStock: true } },
      },
    }),
    prisma.productVariant.count({ where }),
    prisma.product.findFirst({ where: { trackStock: true }, select: { id: true } }),
  ]);
  const variants = rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    name: row.product.name,
    nameBn: row.product.nameBn,
    label: valuesLabel(row),
    labelBn: variantLabel(
      [row.option1Value, row.option2Value, row.option3Value].flatMap((value) =>
        value ? [localText(value.value, value.valueBn, "bn")] : [],
      ),
    ),
    stockQuantity: row.stockQuantity,
  }));
  return { variants, total, anyTracked: anyTracked !== null };
}

/** How many of a product's stock changes its edit page lists (the newest). */
const PRODUCT_MOVEMENTS_SHOWN = 20;

/**
 * The newest stock changes of a product (at most PRODUCT_MOVEMENTS_SHOWN), newest first, named in
 * both languages, and how many there are in all: what orders took and returned and what staff counted.
 */
export async function listProductStockMovements(productId: number) {
  const where = { productId };
  const [rows, total] = await Promise.all([
    prisma.stockMovement.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: PRODUCT_MOVEMENTS_SHOWN,
      select: { ...movementSelect, orderId: true },
    }),
    prisma.stockMovement.count({ where }),
  ]);
  return { movements: rows.map(withBanglaNames), total };
}

/** The stock ledger entries of an order, oldest first (for its history on the order page), named in both languages. */
export async function getOrderStockMovements(orderId: number) {
  const rows = await prisma.stockMovement.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: movementSelect,
  });
  return rows.map(withBanglaNames);
}

/** A ledger entry's names as it recorded them (English), and what names it in Bangla now. */
const movementNamesSelect = {
  productName: true,
  variantLabel: true,
  product: { select: { nameBn: true } },
  variant: {
    select: {
      option1Value: { select: { value: true, valueBn: true } },
      option2Value: { select: { value: true, valueBn: true } },
      option3Value: { select: { value: true, valueBn: true } },
    },
  },
} as const;

/** A ledger entry as the product's and the order's histories list it: what changed, by whom, when, and its names. */
const movementSelect = {
  id: true,
  ...movementNamesSelect,
  change: true,
  balance: true,
  reason: true,
  changedByEmail: true,
  createdAt: true,
} as const;

type OptionValueNames = { value: string; valueBn: string } | null;

/**
 * A ledger entry with its names in both languages (for `localLineItemName`), and without the rows
 * read for them. The ledger records the English names at the time; the Bangla ones are the
 * product's and the variant's as they are now: the product's Bangla name while the product exists,
 * the variant's Bangla label while the variant exists and its English label is still the one
 * recorded (a variant whose values were renamed since keeps the recorded English label). "" where
 * there is none: the English one is shown then.
 */
function withBanglaNames<
  Row extends {
    productName: string;
    variantLabel: string;
    product: { nameBn: string } | null;
    variant: { option1Value: OptionValueNames; option2Value: OptionValueNames; option3Value: OptionValueNames } | null;
  },
>({
  product,
  variant,
  ...entry
}: Row): Omit<Row, "product" | "variant"> & { productNameBn: string; variantLabelBn: string } {
  const values = variant
    ? [variant.option1Value, variant.option2Value, variant.option3Value].flatMap((value) => (value ? [value] : []))
    : [];
  const sameVariant = variant !== null && variantLabel(values.map((value) => value.value)) === entry.variantLabel;
  return {
    ...entry,
    productNameBn: product?.nameBn ?? "",
    variantLabelBn:
      sameVariant && entry.variantLabel !== ""
        ? variantLabel(values.map((value) => localText(value.value, value.valueBn, "bn")))
        : "",
  };
}
