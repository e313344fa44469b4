/**
 * The owner's campaign codes (/admin/discounts; docs/decisions/060-campaign-codes.md): the list
 * with each code's figures, one code for its form, creating, editing, switching on and off and
 * deleting codes, and the catalogue a "selected" code may target. Money in paisa.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import type { DiscountCodeRule } from "~/rules/discount-codes";

/**
 * What the owner's form saves: a code's rules (as the rules read them, without its id, uses and
 * targets) and the ids of its targets (normalised and checked by its schema).
 */
export type DiscountCodeInput = Omit<DiscountCodeRule, "id" | "usedCount" | "targets" | "appliesTo"> & {
  note: string;
  appliesTo: "all" | "selected";
  categoryIds: number[];
  productIds: number[];
  variantIds: number[];
};

/**
 * A code in the owner's list, with its figures among the orders placed with it that are not
 * cancelled: `orders`, `revenuePaisa` (their totals, what the shop collects) and `discountPaisa`
 * (what the code gave: off the items plus delivery charges waived). `usedCount` is the code's
 * uses (the limit counts them).
 */
export type DiscountCodeRow = {
  id: number;
  code: string;
  note: string;
  kind: string;
  value: number;
  maxDiscountPaisa: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  usedCount: number;
  isActive: boolean;
  orders: number;
  revenuePaisa: number;
  discountPaisa: number;
};

/** Every code, newest first, with its figures. */
export async function listDiscountCodes(): Promise<DiscountCodeRow[]> {
  const [codes, figures] = await Promise.all([
    prisma.discountCode.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: {
        id: true,
        code: true,
        note: true,
        kind: true,
        value: true,
        maxDiscountPaisa: true,
        startsAt: true,
        endsAt: true,
        usageLimit: true,
        usedCount: true,
        isActive: true,
      },
    }),
    prisma.order.groupBy({
      by: ["discountCodeId"],
      where: { discountCodeId: { not: null }, status: { not: "cancelled" } },
      _count: { _all: true },
      _sum: { totalPaisa: true, discountPaisa: true, shippingDiscountPaisa: true },
    }),
  ]);
  const byCode = new Map(figures.map((row) => [row.discountCodeId, row]));
  return codes.map((code) => {
    const row = byCode.get(code.id);
    return {
      ...code,
      orders: row?._count._all ?? 0,
      revenuePaisa: row?._sum.totalPaisa ?? 0,
      discountPaisa: (row?._sum.discountPaisa ?? 0) + (row?._sum.shippingDiscountPaisa ?? 0),
    };
  });
}

/** One code as its form edits it, with its targets' ids; null when there is none. */
export async function getDiscountCode(
  id: number,
): Promise<(DiscountCodeInput & { id: number; usedCount: number }) | null> {
  const row = await prisma.discountCode.findUnique({
    where: { id },
    include: { targets: { select: { categoryId: true, productId: true, variantId: true } } },
  });
  if (!row) return null;
  const idsOf = (key: "categoryId" | "productId" | "variantId") =>
    row.targets.flatMap((target) => (target[key] === null ? [] : [target[key]]));
  return {
    id: row.id,
    code: row.code,
    note: row.note,
    kind: row.kind,
    value: row.value,
    maxDiscountPaisa: row.maxDiscountPaisa,
    minSubtotalPaisa: row.minSubtotalPaisa,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perPhoneLimit: row.perPhoneLimit,
    usedCount: row.usedCount,
    appliesTo: row.appliesTo === "selected" ? "selected" : "all",
    isActive: row.isActive,
    categoryIds: idsOf("categoryId"),
    productIds: idsOf("productId"),
    variantIds: idsOf("variantId"),
  };
}

/** The code row's fields of `input` (its targets apart). */
function codeData(input: DiscountCodeInput) {
  const { categoryIds: _c, productIds: _p, variantIds: _v, ...fields } = input;
  return fields;
}

/** The target rows of `input` (none for a code that applies to everything). */
function targetRows(input: DiscountCodeInput) {
  if (input.appliesTo !== "selected") return [];
  return [
    ...input.categoryIds.map((categoryId) => ({ categoryId })),
    ...input.productIds.map((productId) => ({ productId })),
    ...input.variantIds.map((variantId) => ({ variantId })),
  ];
}

/** Whether `error` is the unique code being taken (another code is spelled the same). */
function isTaken(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/**
 * Creates a code with its targets. `taken` when another code is spelled the same (codes are
 * stored in capitals, so that is case-insensitive).
 * @throws database errors other than that (a target that no longer exists among them).
 */
export async function createDiscountCode(
  input: DiscountCodeInput,
): Promise<{ ok: true; id: number } | { ok: false; reason: "taken" }> {
  try {
    const created = await prisma.discountCode.create({
      data: { ...codeData(input), targets: { createMany: { data: targetRows(input) } } },
      select: { id: true },
    });
    return { ok: true, id: created.id };
  } catch (error) {
    if (isTaken(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}

/**
 * Saves code `id`'s rules and replaces its targets, in one transaction. Its uses and orders stay;
 * orders placed keep the saving they were given. `taken` as for `createDiscountCode`, `not-found`.
 */
export async function updateDiscountCode(
  id: number,
  input: DiscountCodeInput,
): Promise<{ ok: true } | { ok: false; reason: "taken" | "not-found" }> {
  try {
    return await prisma.$transaction(async (tx) => {
      const { count } = await tx.discountCode.updateMany({ where: { id }, data: codeData(input) });
      if (count !== 1) return { ok: false as const, reason: "not-found" as const };
      await tx.discountCodeTarget.deleteMany({ where: { codeId: id } });
      await tx.discountCodeTarget.createMany({ data: targetRows(input).map((row) => ({ ...row, codeId: id })) });
      return { ok: true as const };
    });
  } catch (error) {
    if (isTaken(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}

/** Switches code `id` on or off; returns its text, or null when there is no such code. */
export async function setDiscountCodeActive(id: number, isActive: boolean): Promise<string | null> {
  const { count } = await prisma.discountCode.updateMany({ where: { id }, data: { isActive } });
  if (count !== 1) return null;
  return (await prisma.discountCode.findUnique({ where: { id }, select: { code: true } }))?.code ?? null;
}

/**
 * Deletes code `id` when no order ever used it (`deleted`, with its text); `used` when one did
 * (the owner switches it off instead, so its orders keep naming it and its figures stay);
 * `not-found`. The check and the delete are one transaction.
 */
export async function deleteDiscountCode(
  id: number,
): Promise<{ outcome: "deleted"; code: string } | { outcome: "used" | "not-found" }> {
  return prisma.$transaction(async (tx) => {
    const code = await tx.discountCode.findUnique({ where: { id }, select: { code: true, usedCount: true } });
    if (!code) return { outcome: "not-found" as const };
    if (code.usedCount > 0 || (await tx.order.count({ where: { discountCodeId: id } })) > 0) {
      return { outcome: "used" as const };
    }
    await tx.discountCode.delete({ where: { id } });
    return { outcome: "deleted" as const, code: code.code };
  });
}

/** A product a code may target, with its variants (those with options have a label). */
export type TargetProduct = { id: number; name: string; variants: { id: number; label: string; sku: string | null }[] };

/**
 * The catalogue a code's form offers as targets: every category, and the products whose name or a
 * variant's SKU contains `search` (at most `limit`, by name) plus the products and variants in
 * `chosen` (so a saved target always shows ticked). Categories come with their Bangla names ("":
 * none); variant labels are the options' English values.
 */
export async function targetChoices(
  search: string,
  chosen: { productIds: number[]; variantIds: number[] },
  limit = 20,
): Promise<{ categories: { id: number; name: string; nameBn: string }[]; products: TargetProduct[] }> {
  const term = search.trim();
  const variantSelect = {
    orderBy: { position: "asc" },
    select: {
      id: true,
      sku: true,
      option1Value: { select: { value: true } },
      option2Value: { select: { value: true } },
      option3Value: { select: { value: true } },
    },
  } satisfies Prisma.Product$variantsArgs;
  const [categories, found, saved] = await Promise.all([
    prisma.category.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true, nameBn: true } }),
    term === ""
      ? []
      : prisma.product.findMany({
          where: { OR: [{ name: { contains: term } }, { variants: { some: { sku: { contains: term } } } }] },
          orderBy: { name: "asc" },
          take: limit,
          select: { id: true, name: true, variants: variantSelect },
        }),
    prisma.product.findMany({
      where: { OR: [{ id: { in: chosen.productIds } }, { variants: { some: { id: { in: chosen.variantIds } } } }] },
      orderBy: { name: "asc" },
      select: { id: true, name: true, variants: variantSelect },
    }),
  ]);
  const products = new Map<number, TargetProduct>();
  for (const product of [...saved, ...found]) {
    products.set(product.id, {
      id: product.id,
      name: product.name,
      variants: product.variants.map((variant) => ({
        id: variant.id,
        sku: variant.sku,
        label: [variant.option1Value, variant.option2Value, variant.option3Value]
          .flatMap((value) => (value ? [value.value] : []))
          .join(" / "),
      })),
    });
  }
  return { categories, products: [...products.values()] };
}
