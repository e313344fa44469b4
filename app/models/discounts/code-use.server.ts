/**
 * A campaign code on a shopper's cart and order (docs/decisions/060-campaign-codes.md): the code
 * and its targets read for the rules (app/rules/discount-codes.ts), the quote the cart shows, and
 * inside an order's transaction the claim that takes one of its uses, and the release and re-take
 * when the order is cancelled or reinstated.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import {
  checkCode,
  type DiscountCheck,
  type DiscountCodeRule,
  type DiscountLine,
  type DiscountSaving,
} from "~/rules/discount-codes";

type Db = Prisma.TransactionClient;

/** The fields of a code and its targets the rules read. */
const ruleSelect = {
  id: true,
  code: true,
  kind: true,
  value: true,
  maxDiscountPaisa: true,
  minSubtotalPaisa: true,
  startsAt: true,
  endsAt: true,
  usageLimit: true,
  perPhoneLimit: true,
  usedCount: true,
  appliesTo: true,
  isActive: true,
  targets: { select: { categoryId: true, productId: true, variantId: true } },
} satisfies Prisma.DiscountCodeSelect;

/** The code `code` (already normalised: capitals) as the rules read it; null when there is none. */
async function findCodeRule(code: string, db: Db = prisma): Promise<DiscountCodeRule | null> {
  const row = await db.discountCode.findUnique({ where: { code }, select: ruleSelect });
  if (!row) return null;
  const { targets, ...fields } = row;
  return {
    ...fields,
    targets: {
      categoryIds: targets.flatMap((target) => (target.categoryId === null ? [] : [target.categoryId])),
      productIds: targets.flatMap((target) => (target.productId === null ? [] : [target.productId])),
      variantIds: targets.flatMap((target) => (target.variantId === null ? [] : [target.variantId])),
    },
  };
}

/** A priced line as the code rules need it before its product's category is known. */
export type CodeLine = Omit<DiscountLine, "categoryId">;

/**
 * `lines` with their products' categories (read only for a "selected" code: an "all" code needs
 * none), for the rules.
 */
async function withCategories(rule: DiscountCodeRule, lines: readonly CodeLine[], db: Db): Promise<DiscountLine[]> {
  if (rule.appliesTo !== "selected" || rule.targets.categoryIds.length === 0) {
    return lines.map((line) => ({ ...line, categoryId: null }));
  }
  const products = await db.product.findMany({
    where: { id: { in: [...new Set(lines.map((line) => line.productId))] } },
    select: { id: true, categoryId: true },
  });
  const categoryOf = new Map(products.map((product) => [product.id, product.categoryId]));
  return lines.map((line) => ({ ...line, categoryId: categoryOf.get(line.productId) ?? null }));
}

/**
 * Whether the code `code` (normalised) applies to the cart `lines` (subtotal `subtotalPaisa`, in
 * paisa) now, and its saving: what the cart shows. The phone is not known yet, so the per-phone
 * limit waits for the order (`claimCodeIn`).
 */
export async function quoteCode(
  code: string,
  lines: readonly CodeLine[],
  subtotalPaisa: number,
  now = new Date(),
): Promise<DiscountCheck & { code: string }> {
  const rule = await findCodeRule(code);
  const check = rule
    ? checkCode(rule, await withCategories(rule, lines, prisma), subtotalPaisa, { now, phoneUses: null })
    : checkCode(
        null,
        lines.map((line) => ({ ...line, categoryId: null })),
        subtotalPaisa,
        { now, phoneUses: null },
      );
  return { ...check, code };
}

/** The answer of `claimCodeIn`: the use taken, with the code's id and saving; or the refusal. */
export type CodeClaim = ({ ok: true; codeId: number } & DiscountSaving) | (DiscountCheck & { ok: false });

/**
 * Takes one use of the code `code` (normalised) for an order of `lines` (subtotal `subtotalPaisa`)
 * by `phone`, inside the order's transaction `tx`: re-reads the code, counts the phone's orders
 * with it that are not cancelled (on PostgreSQL under an advisory lock on the code and phone, so
 * two checkouts of one phone count one after the other; SQLite's one writer already does), checks
 * every rule, then takes the use with one conditional update (`usedCount + 1` only while it is
 * below `usageLimit`): of concurrent checkouts for the last use, on any number of processes or
 * nodes, exactly one changes the row and the others are refused "used-up".
 */
export async function claimCodeIn(
  tx: Db,
  code: string,
  lines: readonly CodeLine[],
  subtotalPaisa: number,
  phone: string,
  now = new Date(),
): Promise<CodeClaim> {
  const rule = await findCodeRule(code, tx);
  if (!rule) return { ok: false, reason: "unknown" };
  if (rule.perPhoneLimit !== null) await dialect.lockKeys(tx, [`discount-code:${rule.id}:phone:${phone}`]);
  const phoneUses =
    rule.perPhoneLimit === null
      ? 0
      : await tx.order.count({
          where: { discountCodeId: rule.id, customerPhone: phone, status: { not: "cancelled" } },
        });
  const check = checkCode(rule, await withCategories(rule, lines, tx), subtotalPaisa, { now, phoneUses });
  if (!check.ok) return check;
  const { count } = await tx.discountCode.updateMany({
    where: {
      id: rule.id,
      isActive: true,
      OR: [{ usageLimit: null }, { usedCount: { lt: tx.discountCode.fields.usageLimit } }],
    },
    data: { usedCount: { increment: 1 } },
  });
  if (count !== 1) return { ok: false, reason: "used-up" };
  return { ok: true, codeId: rule.id, discountPaisa: check.discountPaisa, freeDelivery: check.freeDelivery };
}

/**
 * Gives back the use order `orderId` took of its code (it is being cancelled or deleted), inside
 * the caller's transaction. Nothing for an order without a code, or whose code was deleted.
 */
export async function releaseCodeUseIn(tx: Db, orderId: number): Promise<void> {
  const order = await tx.order.findUnique({ where: { id: orderId }, select: { discountCodeId: true } });
  if (order?.discountCodeId == null) return;
  await tx.discountCode.updateMany({
    where: { id: order.discountCodeId, usedCount: { gt: 0 } },
    data: { usedCount: { decrement: 1 } },
  });
}

/**
 * Takes again the use of a cancelled order `orderId` that staff reinstate, inside the caller's
 * transaction: unconditionally, even past the code's limit (staff decided; the order keeps the
 * discount it was placed with; docs/decisions/060-campaign-codes.md).
 */
export async function retakeCodeUseIn(tx: Db, orderId: number): Promise<void> {
  const order = await tx.order.findUnique({ where: { id: orderId }, select: { discountCodeId: true } });
  if (order?.discountCodeId == null) return;
  await tx.discountCode.updateMany({ where: { id: order.discountCodeId }, data: { usedCount: { increment: 1 } } });
}
