/**
 * Writing a product CSV import (docs/decisions/049-product-import.md): the file's products, matched
 * to the shop again, written in short transactions, a few products each, so that the shop keeps
 * serving orders meanwhile and a failure leaves no half-written product. Pictures whose address
 * the shop does not already have are queued (ProductImportImage) for the picture queue
 * (./import-images.server.ts).
 */
import type { Prisma } from "~/generated/prisma/client";
import type { ImportedProduct } from "~/rules/product-csv";
import { pairVariants, sameOptions, type VariantPair } from "~/rules/product-import-changes";
import { slugify } from "~/rules/slug";
import { optionProblems, sameTextKey, variantLabel, type OptionInput } from "~/rules/variants";
import { prisma } from "../../db/client.server";
import { dialect } from "../../db/dialect.server";
import { availableHandle, refreshPriceRange } from "../product-writes.server";
import { writeOptions } from "../product-variants.server";
import { recordStockAdjustment, type StockActor } from "../stock.server";
import { categoryIndex, knownImages, loadStored, queuedPictures, type StoredProduct } from "./import-matching.server";
import { planImport, type PlannedProduct } from "./import-plan.server";
import { emptyOutcome, type ImportOptions, type ImportOutcome } from "./stored-imports.server";

/** Products written per transaction: short enough that orders wait at most a moment behind one. */
const PRODUCTS_PER_TRANSACTION = 20;

/**
 * How long one transaction of products may take, in ms (Prisma's default is 5 s): a batch takes
 * about 0.15 s here, but a slow disk must not turn every batch into one-product retries.
 */
const TRANSACTION_TIMEOUT_MS = 30_000;

/** A stored variant beside the file's variant of the same combination (`pairVariants`). */
type VariantRow = VariantPair<StoredProduct["variants"][number]>;

/**
 * The file's pictures of product `productId`: each the shop has (`known`) is linked to it when it
 * is not yet (after its pictures); each it does not have is queued on import `importId` with the
 * variants that show it, unless it is already queued or failed for this product (a failed picture
 * is fetched again by `retryImportImages`, not by importing the file again). Returns how many were
 * queued.
 */
async function queuePictures(
  tx: Prisma.TransactionClient,
  importId: number,
  file: ImportedProduct,
  productId: number,
  known: Map<string, number>,
  rows: readonly VariantRow[],
): Promise<number> {
  const links = await tx.productImage.findMany({ where: { productId }, select: { imageId: true, position: true } });
  const linked = new Set(links.map((link) => link.imageId));
  let nextPosition = links.reduce((max, link) => Math.max(max, link.position + 1), 0);
  const waiting = (await queuedPictures(tx, [productId])).get(productId) ?? new Set<string>();
  let queued = 0;
  for (const [position, url] of file.imageUrls.entries()) {
    const imageId = known.get(url);
    if (imageId !== undefined) {
      if (!linked.has(imageId)) {
        await tx.productImage.create({ data: { productId, imageId, position: nextPosition++ } });
        linked.add(imageId);
      }
      continue;
    }
    if (waiting.has(url)) continue;
    await tx.productImportImage.create({
      data: {
        importId,
        productId,
        productName: file.name,
        url,
        position,
        variantIds: rows
          .filter((row) => row.wanted?.imageUrl === url)
          .map((row) => row.variant.id)
          .join(","),
      },
    });
    queued += 1;
  }
  return queued;
}

/**
 * Imports `products` (already read and checked) for `actor` with `options`, in transactions of
 * PRODUCTS_PER_TRANSACTION products, matching them to the shop again first (it may have changed
 * since the dry run). A product whose transaction fails is written again alone; one that still
 * fails is listed in `failed` and nothing of it remains. `onProgress` is called after each
 * transaction with the outcome so far; then the other writers of the database get their turn
 * (`Dialect.betweenWriteTransactions`: on SQLite the run holds the one write lock about half the time). Pictures the shop does not have yet are queued on the
 * import `importId` for fetching (`queuePictures`); an unchanged product has none to queue.
 */
export async function importProducts(
  importId: number,
  products: readonly ImportedProduct[],
  actor: NonNullable<StockActor>,
  onProgress: (outcome: ImportOutcome) => Promise<void>,
  options: ImportOptions = { hideNew: false },
): Promise<ImportOutcome> {
  const plan = await planImport(products, options);
  const outcome = emptyOutcome(plan.planned.length, options);
  const writes = plan.planned.filter((entry) => entry.action !== "unchanged");
  outcome.unchanged = outcome.done = plan.planned.length - writes.length;
  for (let start = 0; start < writes.length; start += PRODUCTS_PER_TRANSACTION) {
    const batch = writes.slice(start, start + PRODUCTS_PER_TRANSACTION);
    const startedAt = performance.now();
    let retried = false;
    try {
      const results = await prisma.$transaction((tx) => writeBatch(tx, importId, batch, actor, options), {
        timeout: TRANSACTION_TIMEOUT_MS,
      });
      tally(outcome, results);
    } catch {
      retried = true;
      for (const entry of batch) {
        const retriedAt = performance.now();
        try {
          tally(
            outcome,
            await prisma.$transaction((tx) => writeBatch(tx, importId, [entry], actor, options), {
              timeout: TRANSACTION_TIMEOUT_MS,
            }),
          );
        } catch {
          outcome.failed.push({ row: entry.product.row, handle: entry.product.handle, name: entry.product.name });
        }
        await dialect.betweenWriteTransactions(performance.now() - retriedAt);
      }
    }
    outcome.done += batch.length;
    await onProgress(outcome);
    if (!retried) await dialect.betweenWriteTransactions(performance.now() - startedAt);
  }
  return outcome;
}

type WriteResult = { action: "create" | "update"; categoryCreated: string | null; imagesQueued: number };

function tally(outcome: ImportOutcome, results: readonly WriteResult[]) {
  for (const result of results) {
    if (result.action === "create") outcome.created += 1;
    else outcome.updated += 1;
    if (result.categoryCreated) outcome.categoriesCreated.push(result.categoryCreated);
    outcome.imagesQueued += result.imagesQueued;
  }
}

async function writeBatch(
  tx: Prisma.TransactionClient,
  importId: number,
  batch: readonly PlannedProduct[],
  actor: NonNullable<StockActor>,
  options: ImportOptions,
): Promise<WriteResult[]> {
  const categories = await categoryIndex(tx);
  const known = await knownImages(
    tx,
    batch.flatMap((entry) => entry.product.imageUrls),
  );
  const results: WriteResult[] = [];
  for (const entry of batch) {
    let categoryCreated: string | null = null;
    // A file without a category keeps the product's (undefined: the write leaves it).
    let categoryId: number | null | undefined = entry.productId === null ? null : undefined;
    if (entry.product.category) {
      const key = sameTextKey(entry.product.category.name);
      categoryId = categories.get(key) ?? null;
      if (categoryId === null) {
        categoryId = await createCategory(tx, entry.product.category.name, entry.product.category.nameBn ?? "");
        categories.set(key, categoryId);
        categoryCreated = entry.product.category.name;
      }
    }
    const queued = await writeProduct(tx, importId, entry, categoryId, actor, known, options);
    results.push({
      action: entry.productId === null ? "create" : "update",
      categoryCreated,
      imagesQueued: queued,
    });
  }
  return results;
}

/** Creates a category named `name` with a slug of its own ("<slug>-2"… when taken); returns its id. */
async function createCategory(tx: Prisma.TransactionClient, name: string, nameBn: string): Promise<number> {
  const base = slugify(name) || "category";
  let slug = base;
  for (let suffix = 2; await tx.category.findUnique({ where: { slug }, select: { id: true } }); suffix++) {
    slug = `${base}-${suffix}`;
  }
  return (await tx.category.create({ data: { name, nameBn, slug }, select: { id: true } })).id;
}

/**
 * Writes one product as its file says, inside `tx`: its fields (a field the format does not carry
 * is kept), its options (given through `writeOptions`, which keeps, retires or deletes variants as
 * the options form does), then each variant's SKU, prices, switch, stock (recorded in the stock
 * ledger as counted by `actor`) and picture; combinations the file does not list are switched
 * off. Pictures the shop has are linked at once; the others are queued on import `importId`
 * (`queuePictures`; returns how many). Pictures the product has and the file does not are kept.
 * With `options.hideNew` a new product is hidden and an updated one keeps its shown state.
 */
async function writeProduct(
  tx: Prisma.TransactionClient,
  importId: number,
  entry: PlannedProduct,
  categoryId: number | null | undefined,
  actor: NonNullable<StockActor>,
  known: Map<string, number>,
  options: ImportOptions,
): Promise<number> {
  const file = entry.product;
  const isNew = entry.productId === null;
  const fields = {
    name: file.name,
    slug: slugify(file.name) || "product",
    description: file.description,
    ...(categoryId === undefined ? {} : { categoryId }),
    ...(!options.hideNew ? { isPublished: file.isPublished } : isNew ? { isPublished: false } : {}),
    trackStock: file.trackStock,
    ...(file.nameBn !== undefined ? { nameBn: file.nameBn } : {}),
    ...(file.descriptionBn !== undefined ? { descriptionBn: file.descriptionBn } : {}),
    ...(file.brand !== undefined ? { brand: file.brand } : {}),
    ...(file.isFeatured !== undefined ? { isFeatured: file.isFeatured } : {}),
  };
  let productId: number;
  if (entry.productId === null) {
    const handle = await availableHandle(tx, file.handle, null);
    productId = (await tx.product.create({ data: { ...fields, handle }, select: { id: true } })).id;
  } else {
    productId = entry.productId;
    await tx.product.update({ where: { id: productId }, data: fields });
  }
  const before = (await loadStored(tx, [productId])).get(productId)!;
  const wasTracking = entry.productId === null ? false : before.trackStock;

  if (entry.productId === null || !sameOptions(file, before)) {
    const inputs: OptionInput[] = file.options.map((option, index) => {
      const current = before.options.find((candidate) => sameTextKey(candidate.name) === sameTextKey(option.name));
      return {
        id: current?.id ?? null,
        name: option.name,
        nameBn: option.nameBn ?? current?.nameBn ?? "",
        values: file.optionValues[index]!.map((value) => {
          const stored = current?.values.find((candidate) => sameTextKey(candidate.value) === sameTextKey(value.value));
          return { id: stored?.id ?? null, value: value.value, valueBn: value.valueBn ?? stored?.valueBn ?? "" };
        }),
      };
    });
    // The readers checked the options already; this is the same rule the options form enforces.
    const problems = optionProblems(inputs);
    if (problems.length > 0) throw new Error(`Options refused: ${problems.map((problem) => problem.code).join(", ")}`);
    await writeOptions(tx, productId, inputs);
  }

  const now = (await loadStored(tx, [productId])).get(productId)!;
  const imageIdOf = (url: string | null): number | null => {
    if (url === null) return null;
    const id = known.get(url);
    return id !== undefined ? id : null;
  };
  const rows = pairVariants(now, file);
  // SKUs that change are let go first: two variants may swap theirs (the index is unique).
  for (const { variant, wanted } of rows) {
    if (variant.sku !== null && (wanted?.sku ?? null) !== variant.sku) {
      await tx.productVariant.update({ where: { id: variant.id }, data: { sku: null } });
    }
  }
  for (const { variant, values, wanted } of rows) {
    const stockQuantity = file.trackStock ? (wanted?.stockQuantity ?? 0) : variant.stockQuantity;
    const imageId = wanted ? imageIdOf(wanted.imageUrl) : variant.imageId;
    await tx.productVariant.update({
      where: { id: variant.id },
      data: wanted
        ? {
            sku: wanted.sku,
            pricePaisa: wanted.pricePaisa,
            discountedPricePaisa: wanted.discountedPricePaisa,
            isActive: wanted.isActive,
            stockQuantity,
            imageId,
          }
        : { isActive: false, stockQuantity },
    });
    const previous = wasTracking ? variant.stockQuantity : 0;
    if (file.trackStock && stockQuantity !== previous) {
      await recordStockAdjustment(
        tx,
        { id: variant.id, productId, productName: file.name, label: variantLabel(values) },
        stockQuantity - previous,
        stockQuantity,
        actor,
      );
    }
  }

  const queued = await queuePictures(tx, importId, file, productId, known, rows);
  await refreshPriceRange(tx, productId);
  return queued;
}
