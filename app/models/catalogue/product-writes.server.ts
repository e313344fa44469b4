/**
 * The back office's product writes with their pictures (create, update, delete, in one
 * transaction each), and the checks and upkeep every product and variant write shares: a free
 * handle (`availableHandle`), a free SKU (`assertSkuFree`, `SkuTakenError`) and the stored price
 * range (`refreshPriceRange`). Prices are paisa, stock units.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { stockEdit } from "~/rules/stock";
import { priceRangePaisa, skuKey } from "~/rules/variants";
import { displayOrder, liveVariants } from "./product-selects.server";
import { recordStockAdjustment, type StockActor } from "./stock.server";
import { deleteOrphanImages, imageData, type NewImage } from "./image.server";

/** The product's own fields of a product write (its variants are written apart). */
export type ProductWrite = {
  name: string;
  /** "" when there is no Bangla name or description. */
  nameBn: string;
  slug: string;
  description: string;
  descriptionBn: string;
  categoryId: number;
  isFeatured: boolean;
  /** Whether the shop shows and sells the product; false keeps it in the back office only. */
  isPublished: boolean;
  /** The product's brand or maker; "": none given (the shop's name stands for it). */
  brand: string;
  /** Whether the product's variants count their stock (docs/decisions/027-stock.md). */
  trackStock: boolean;
};

/**
 * The default variant of a product without options, as the product form sets it: SKU (null: none),
 * prices in paisa. Ignored when the product has options (its variants are edited in their table).
 */
export type DefaultVariantWrite = { sku: string | null; pricePaisa: number; discountedPricePaisa: number | null };

/**
 * The stock the product form asks for: `quantity` on hand (units; read only when tracking) and
 * `seen`, the count the form was shown (null: none), and who saves it (for the stock ledger).
 */
export type StockWrite = { quantity: number; seen: number | null; actor: StockActor };

/** Thrown by `updateProductWithImages` when the stock changed since the form was shown; `current` is the count now. */
export class StockChangedError extends Error {
  constructor(readonly current: number) {
    super(`The stock changed to ${current} while the form was open`);
    this.name = "StockChangedError";
  }
}

/** Thrown by the product writes when the chosen category does not exist (any more). */
export class MissingCategoryError extends Error {
  constructor() {
    super("The category does not exist");
    this.name = "MissingCategoryError";
  }
}

/** Thrown by the product and variant writes when a SKU is already another variant's (compared case-insensitively). */
export class SkuTakenError extends Error {
  constructor(readonly sku: string) {
    super(`The SKU ${sku} is already in use`);
    this.name = "SkuTakenError";
  }
}

async function assertCategory(tx: Prisma.TransactionClient, categoryId: number) {
  if ((await tx.category.count({ where: { id: categoryId } })) === 0) throw new MissingCategoryError();
}

/**
 * Throws {SkuTakenError} when `sku` belongs to a variant other than `exceptVariantId`
 * (case-insensitively, as the unique index on lower(sku) compares).
 */
export async function assertSkuFree(tx: Prisma.TransactionClient, sku: string | null, exceptVariantId: number | null) {
  if (sku === null) return;
  const rows = await tx.$queryRaw<{ id: number | bigint }[]>`
    SELECT "id" FROM "ProductVariant" WHERE lower("sku") = ${skuKey(sku)} LIMIT 1`;
  const owner = rows[0] ? Number(rows[0].id) : null;
  if (owner !== null && owner !== exceptVariantId) throw new SkuTakenError(sku);
}

/** Longest handle given to a product, in characters (what a product CSV may carry; Shopify's is 255). */
const MAX_HANDLE_LENGTH = 100;

/**
 * A handle no other product has: `wanted` (trimmed, cut to 100 characters; "product" when empty)
 * when it is free or already `exceptProductId`'s, else the first free of `wanted-2`, `wanted-3`…
 * (cut so that the suffix fits). Handles are compared exactly, as the unique index on
 * Product.handle does.
 */
export async function availableHandle(
  tx: Prisma.TransactionClient,
  wanted: string,
  exceptProductId: number | null,
): Promise<string> {
  const base = Array.from(wanted.trim() || "product")
    .slice(0, MAX_HANDLE_LENGTH)
    .join("");
  const stem = Array.from(base)
    .slice(0, MAX_HANDLE_LENGTH - 7)
    .join("");
  const taken = await tx.product.findMany({
    where: { OR: [{ handle: base }, { handle: { startsWith: `${stem}-` } }] },
    select: { id: true, handle: true },
  });
  const used = new Set(taken.filter((row) => row.id !== exceptProductId).map((row) => row.handle));
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!used.has(`${stem}-${suffix}`)) return `${stem}-${suffix}`;
}

/**
 * Sets the product's `minPricePaisa` and `maxPricePaisa` from its variants (`priceRangePaisa`):
 * every write of a variant's price or active flag calls it in the same transaction.
 */
export async function refreshPriceRange(tx: Prisma.TransactionClient, productId: number): Promise<void> {
  const variants = await tx.productVariant.findMany({
    where: { productId, ...liveVariants },
    select: { pricePaisa: true, discountedPricePaisa: true, isActive: true },
  });
  const range = priceRangePaisa(variants);
  await tx.product.update({ where: { id: productId }, data: { minPricePaisa: range.min, maxPricePaisa: range.max } });
}

/**
 * Creates a product without options, with a handle of its own (`availableHandle` from the
 * slug), its default variant (its SKU, prices and starting stock, the stock recorded in the ledger as counted by `stock.actor` when it tracks stock) and its
 * images (already stored on disk, in display order), in one transaction.
 *
 * @returns the new product's id.
 * @throws {MissingCategoryError} when `categoryId` does not exist; {SkuTakenError} when the SKU is
 *   another variant's; Prisma's error when a write fails. Either way nothing is written; the caller
 *   removes the stored files.
 */
export async function createProductWithImages(
  product: ProductWrite,
  images: readonly NewImage[],
  defaultVariant: DefaultVariantWrite,
  stock: StockWrite = { quantity: 0, seen: null, actor: null },
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    await assertCategory(tx, product.categoryId);
    await assertSkuFree(tx, defaultVariant.sku, null);
    const stockQuantity = product.trackStock ? stock.quantity : 0;
    const handle = await availableHandle(tx, product.slug, null);
    const created = await tx.product.create({ data: { ...product, handle }, select: { id: true } });
    const variant = await tx.productVariant.create({
      data: { productId: created.id, combinationKey: "", ...defaultVariant, stockQuantity },
      select: { id: true },
    });
    await refreshPriceRange(tx, created.id);
    await recordStockAdjustment(
      tx,
      { id: variant.id, productId: created.id, productName: product.name, label: "" },
      stockQuantity,
      stockQuantity,
      stock.actor,
    );
    for (const [position, image] of images.entries()) {
      const row = await tx.image.create({ data: imageData(image), select: { id: true } });
      await tx.productImage.create({ data: { productId: created.id, imageId: row.id, position } });
    }
    return created.id;
  });
}

/**
 * Updates a product: its fields, the order of its existing images, which of them
 * are removed, and new images (already stored on disk) appended after them, in one transaction.
 * Existing images come in the order of `imageOrder`, then any the form did not list (e.g. added
 * by someone else meanwhile) in their current order; those in `removeImageIds` are unlinked, and an
 * Image nothing links to any more is deleted and its key returned. Ids that are not this product's
 * images are ignored.
 *
 * A product without options also gets `defaultVariant`'s SKU and prices, and its stock follows
 * app/rules/stock.ts `stockEdit`: a new count is recorded in the stock ledger as counted by
 * `stock.actor`; a count typed over one that changed since the form was shown is refused. A
 * product with options keeps its variants as they are (they are edited in their own table).
 *
 * @param imageOrder Image ids in the wanted display order.
 * @param removeImageIds Image ids to unlink from the product.
 * @returns null when the product does not exist, else the keys of images whose files the caller
 *   should remove now that the rows are gone.
 * @throws {MissingCategoryError} when `categoryId` does not exist; {StockChangedError} when the stock
 *   changed since the form was shown; {SkuTakenError} when the SKU is another variant's; Prisma's
 *   error when a write fails (nothing is changed then).
 */
export async function updateProductWithImages(
  id: number,
  product: ProductWrite,
  imageOrder: readonly number[],
  removeImageIds: readonly number[],
  newImages: readonly NewImage[],
  defaultVariant: DefaultVariantWrite | null = null,
  stock: StockWrite = { quantity: 0, seen: null, actor: null },
): Promise<{ removedKeys: string[] } | null> {
  return prisma.$transaction(async (tx) => {
    const current = await tx.productImage.findMany({
      where: { productId: id },
      orderBy: displayOrder,
      select: { id: true, imageId: true },
    });
    const stored = await tx.product.findUnique({
      where: { id },
      select: {
        trackStock: true,
        _count: { select: { options: true } },
        variants: { where: { combinationKey: "" }, select: { id: true, stockQuantity: true } },
      },
    });
    if (!stored) return null;
    await assertCategory(tx, product.categoryId);
    await tx.product.update({ where: { id }, data: product });
    const soleVariant = stored._count.options === 0 ? stored.variants[0] : undefined;
    if (soleVariant && defaultVariant) {
      await assertSkuFree(tx, defaultVariant.sku, soleVariant.id);
      const edit = stockEdit(
        { trackStock: stored.trackStock, stockQuantity: soleVariant.stockQuantity },
        { trackStock: product.trackStock, stockQuantity: stock.quantity },
        stock.seen,
      );
      if (!edit.ok) throw new StockChangedError(edit.current);
      await tx.productVariant.update({
        where: { id: soleVariant.id },
        data: { ...defaultVariant, stockQuantity: edit.stockQuantity },
      });
      await recordStockAdjustment(
        tx,
        { id: soleVariant.id, productId: id, productName: product.name, label: "" },
        edit.change,
        edit.stockQuantity,
        stock.actor,
      );
      await refreshPriceRange(tx, id);
    }

    const currentIds = current.map((link) => link.imageId);
    const listed = [...new Set(imageOrder)].filter((imageId) => currentIds.includes(imageId));
    const ordered = [...listed, ...currentIds.filter((imageId) => !listed.includes(imageId))];
    const kept = ordered.filter((imageId) => !removeImageIds.includes(imageId));
    const removed = current.filter((link) => !kept.includes(link.imageId));
    if (removed.length > 0) {
      await tx.productImage.deleteMany({ where: { id: { in: removed.map((link) => link.id) } } });
      // A variant whose picture was removed shows the product's first one again.
      await tx.productVariant.updateMany({
        where: { productId: id, imageId: { in: removed.map((link) => link.imageId) } },
        data: { imageId: null },
      });
    }
    for (const [position, imageId] of kept.entries()) {
      await tx.productImage.updateMany({ where: { productId: id, imageId }, data: { position } });
    }
    for (const [offset, image] of newImages.entries()) {
      const row = await tx.image.create({ data: imageData(image), select: { id: true } });
      await tx.productImage.create({ data: { productId: id, imageId: row.id, position: kept.length + offset } });
    }
    const removedKeys = await deleteOrphanImages(
      tx,
      removed.map((link) => link.imageId),
    );
    return { removedKeys };
  });
}

/**
 * Deletes a product. Orders keep their line items (OrderItem.productId and Order.productId become
 * null; the name and prices are snapshots). Its images that nothing else links to are deleted.
 *
 * @returns null when there was no such product, else its name and the keys of images whose files
 *   the caller should remove.
 */
export async function deleteProductWithImages(id: number): Promise<{ name: string; removedKeys: string[] } | null> {
  return prisma.$transaction(async (tx) => {
    const product = await tx.product.findUnique({
      where: { id },
      select: { name: true, images: { select: { imageId: true } } },
    });
    if (!product) return null;
    // The variants first: deleting the product cascades to its options and their values too, and a
    // value a variant still names may not go first (its foreign key is RESTRICT).
    await tx.productVariant.deleteMany({ where: { productId: id } });
    await tx.product.delete({ where: { id } });
    const removedKeys = await deleteOrphanImages(
      tx,
      product.images.map((link) => link.imageId),
    );
    return { name: product.name, removedKeys };
  });
}
