/**
 * The back office's options and variants editor (/admin/products/variants/:id): reading a
 * product's options, values and variants, saving its options (which generates the combinations)
 * and saving its variants table. Money is paisa, stock units. Rules are in app/rules/variants.ts.
 *
 * What happens to a variant whose combination goes away (a value or an option removed): a variant
 * with history (order lines or stock movements) is RETIRED: kept, inactive, its option values
 * cleared and its `combinationKey` set to `retired-<id>` (app/rules/variants.ts RETIRED_KEY_PREFIX),
 * so that the removed values can be deleted (variants reference values with ON DELETE RESTRICT),
 * its orders and ledger entries still point at it (their labels are snapshots) and a cancelled
 * order can still return its units. The editor does not list retired variants and nothing sells
 * them. A variant without history is deleted.
 *
 * The default variant of a product without options becomes the first combination's variant when
 * options are added (keeping its id, SKU, prices and stock, so carts and past orders point at
 * something sensible); removing every option makes one variant (the first active one) the default
 * one again. See `planVariants`.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "../db/client.server";
import { toImageInfo } from "./image.server";
import { assertSkuFree, refreshPriceRange, SkuTakenError } from "./product-writes.server";
import { displayOrder, optionsForEditing, picturesForEditing } from "./product-selects.server";
import { recordStockAdjustment, type StockActor } from "./stock.server";
import { stockEdit } from "~/rules/stock";
import {
  checkVariantRows,
  combinationKey,
  isRetiredKey,
  optionProblems,
  planVariants,
  retiredKey,
  skuKey,
  variantLabel,
  type OptionInput,
  type OptionProblem,
  type VariantRowInput,
  type VariantRowProblem,
} from "~/rules/variants";

/** Thrown when the product does not exist (any more). */
export class VariantProductMissingError extends Error {
  constructor(readonly productId: number) {
    super(`Product ${productId} does not exist`);
    this.name = "VariantProductMissingError";
  }
}

/**
 * Thrown when the form names an option, value or variant that is not this product's (a forged or
 * stale form): the route answers 400 and nothing is written.
 */
export class ForeignVariantFormError extends Error {
  constructor(
    readonly what: "option" | "value" | "variant",
    readonly id: number,
  ) {
    super(`The ${what} ${id} is not this product's`);
    this.name = "ForeignVariantFormError";
  }
}

/** Thrown by `saveOptions` when the options break a rule (`optionProblems`); nothing is written. */
export class OptionsInvalidError extends Error {
  constructor(readonly problems: OptionProblem[]) {
    super("The options are not valid");
    this.name = "OptionsInvalidError";
  }
}

/**
 * Thrown by `saveVariants` when rows break a rule (`checkVariantRows`), a SKU is another
 * variant's ("skuTaken"), or a count was typed over one that changed since the page was shown
 * ("stockChanged"; `stockNow` has the current count by variant id). Nothing is written.
 */
export class VariantRowsInvalidError extends Error {
  constructor(
    readonly problems: (
      | VariantRowProblem
      | { variantId: number; field: "sku"; code: "skuTaken" }
      | {
          variantId: number;
          field: "stock";
          code: "stockChanged";
        }
    )[],
    readonly stockNow: Record<number, number>,
  ) {
    super("The variants are not valid");
    this.name = "VariantRowsInvalidError";
  }
}

/** A problem of a variants-table row, including those only the database can tell. */
export type VariantSaveProblem = VariantRowsInvalidError["problems"][number];

const valueSelect = { select: { value: true, valueBn: true } } as const;

/** The option values of a variant row, by option position (those that are set). */
function valuesOf(variant: {
  option1Value: { value: string; valueBn: string } | null;
  option2Value: { value: string; valueBn: string } | null;
  option3Value: { value: string; valueBn: string } | null;
}) {
  return [variant.option1Value, variant.option2Value, variant.option3Value].filter((value) => value !== null);
}

/**
 * Everything the editor shows, or null when there is no such product: the product's names and
 * whether it tracks stock; its images in display order (`imageId`, 1-based `number` for "Picture
 * 2", the image for a thumbnail); its options in order with their values; and its variants in
 * display order, retired ones left out, each with its English and Bangla label ("" for a default
 * variant), SKU, prices (paisa), stock (units), picture (`imageId`, null: the first picture),
 * active flag and whether an order names it.
 */
export async function getVariantEditor(productId: number) {
  const row = await prisma.product.findUnique({
    where: { id: productId },
    select: {
      id: true,
      name: true,
      nameBn: true,
      trackStock: true,
      images: picturesForEditing,
      options: optionsForEditing,
      variants: {
        orderBy: displayOrder,
        select: {
          id: true,
          combinationKey: true,
          sku: true,
          pricePaisa: true,
          discountedPricePaisa: true,
          stockQuantity: true,
          imageId: true,
          isActive: true,
          option1Value: valueSelect,
          option2Value: valueSelect,
          option3Value: valueSelect,
          _count: { select: { orderItems: true } },
        },
      },
    },
  });
  if (!row) return null;
  return {
    product: { id: row.id, name: row.name, nameBn: row.nameBn, trackStock: row.trackStock },
    images: row.images.map(({ imageId, image }, index) => ({
      imageId,
      number: index + 1,
      image: toImageInfo(image, row.name),
    })),
    options: row.options,
    variants: row.variants
      .filter((variant) => !isRetiredKey(variant.combinationKey))
      .map((variant) => {
        const values = valuesOf(variant);
        return {
          id: variant.id,
          label: variantLabel(values.map((value) => value.value)),
          labelBn: variantLabel(values.map((value) => value.valueBn || value.value)),
          sku: variant.sku,
          pricePaisa: variant.pricePaisa,
          discountedPricePaisa: variant.discountedPricePaisa,
          stockQuantity: variant.stockQuantity,
          imageId: variant.imageId,
          isActive: variant.isActive,
          hasOrders: variant._count.orderItems > 0,
        };
      }),
  };
}

/** The editor's data (`getVariantEditor`), when the product exists. */
export type VariantEditor = NonNullable<Awaited<ReturnType<typeof getVariantEditor>>>;

/** What saving the options did: how many combinations there are now and how many variants were made, retired or deleted. */
export type OptionsSaved = {
  productName: string;
  combinations: number;
  created: number;
  retired: number;
  removed: number;
};

/**
 * Saves a product's options (`options`: in display order, blank ones already dropped) and
 * generates its variants from them, in one transaction (see the module's comment and
 * `planVariants` for what each existing variant becomes). A new combination gets the lowest
 * regular price among the product's current variants (active ones first), no discount and 0 in
 * stock; it is active when the product counts stock (0 in stock keeps it from being sold until
 * staff set it), switched off otherwise (staff switch it on in the variants table once priced). A
 * retired variant lets go of its SKU. Ends with `refreshPriceRange`. `actor` is who saves (kept for symmetry with
 * `saveVariants`: generating combinations moves no stock).
 *
 * @throws {OptionsInvalidError} when the options break a rule; {ForeignVariantFormError} when an
 *   option or value id is not this product's (or is sent twice); {VariantProductMissingError};
 *   Prisma's error when a write fails. Nothing is written then.
 */
export async function saveOptions(
  productId: number,
  options: readonly OptionInput[],
  actor: StockActor,
): Promise<OptionsSaved> {
  void actor;
  const problems = optionProblems(options);
  if (problems.length > 0) throw new OptionsInvalidError(problems);
  return prisma.$transaction((tx) => writeOptions(tx, productId, options));
}

/**
 * `saveOptions`'s writes inside the caller's transaction `tx`, for options already checked with
 * `optionProblems` (the product CSV import uses it to give a product the options of its file).
 *
 * @throws {ForeignVariantFormError}; {VariantProductMissingError}; Prisma's error when a write fails.
 */
export async function writeOptions(
  tx: Prisma.TransactionClient,
  productId: number,
  options: readonly OptionInput[],
): Promise<OptionsSaved> {
  const product = await tx.product.findUnique({
    where: { id: productId },
    select: {
      name: true,
      trackStock: true,
      options: { orderBy: { position: "asc" }, select: { id: true, values: { select: { id: true } } } },
      variants: {
        select: {
          id: true,
          combinationKey: true,
          option1ValueId: true,
          option2ValueId: true,
          option3ValueId: true,
          isActive: true,
          position: true,
          pricePaisa: true,
          _count: { select: { orderItems: true, stockMovements: true } },
        },
      },
    },
  });
  if (!product) throw new VariantProductMissingError(productId);
  assertOwnOptions(product.options, options);

  const currentOptionIds = product.options.map((option) => option.id);
  const live = product.variants.filter((variant) => !isRetiredKey(variant.combinationKey));
  const plan = planVariants(
    currentOptionIds,
    options,
    live.map((variant) => ({
      id: variant.id,
      valueIds: [variant.option1ValueId, variant.option2ValueId, variant.option3ValueId].slice(
        0,
        currentOptionIds.length,
      ),
      isActive: variant.isActive,
      position: variant.position,
      hasHistory: variant._count.orderItems + variant._count.stockMovements > 0,
    })),
  );
  const priced = live.some((variant) => variant.isActive) ? live.filter((variant) => variant.isActive) : live;
  const newPrice = priced.length > 0 ? Math.min(...priced.map((variant) => variant.pricePaisa)) : 0;

  const noValues = { option1ValueId: null, option2ValueId: null, option3ValueId: null };
  for (const id of plan.retire) {
    await tx.productVariant.update({
      where: { id },
      // Its SKU is let go too (the order lines keep their own copy): a SKU nobody can see on any
      // page must not stay taken, nor find the product in a search.
      data: { ...noValues, isActive: false, sku: null, combinationKey: retiredKey(id) },
    });
  }
  if (plan.remove.length > 0) await tx.productVariant.deleteMany({ where: { id: { in: plan.remove } } });
  // Kept variants let go of their combination (and values) for now: keys are unique per
  // product, and their old values may be about to be deleted.
  const kept = plan.combinations.flatMap((entry) => (entry.variantId === null ? [] : [entry.variantId]));
  for (const id of kept) {
    await tx.productVariant.update({ where: { id }, data: { ...noValues, combinationKey: `moving-${id}` } });
  }

  const sentOptionIds = options.flatMap((option) => (option.id === null ? [] : [option.id]));
  await tx.productOption.deleteMany({ where: { productId, id: { notIn: sentOptionIds } } });
  // Positions are unique per product: kept options step aside before taking their new places.
  for (const [index, id] of sentOptionIds.entries()) {
    await tx.productOption.update({ where: { id }, data: { position: 100 + index } });
  }
  const valueIds: number[][] = [];
  for (const [position, option] of options.entries()) {
    const fields = { name: option.name, nameBn: option.nameBn, position };
    const optionId =
      option.id === null
        ? (await tx.productOption.create({ data: { productId, ...fields }, select: { id: true } })).id
        : (await tx.productOption.update({ where: { id: option.id }, data: fields, select: { id: true } })).id;
    const sentValueIds = option.values.flatMap((value) => (value.id === null ? [] : [value.id]));
    await tx.productOptionValue.deleteMany({ where: { optionId, id: { notIn: sentValueIds } } });
    const ids: number[] = [];
    for (const [valuePosition, value] of option.values.entries()) {
      const data = { value: value.value, valueBn: value.valueBn, position: valuePosition };
      ids.push(
        value.id === null
          ? (await tx.productOptionValue.create({ data: { optionId, ...data }, select: { id: true } })).id
          : (await tx.productOptionValue.update({ where: { id: value.id }, data, select: { id: true } })).id,
      );
    }
    valueIds.push(ids);
  }

  let created = 0;
  for (const [position, entry] of plan.combinations.entries()) {
    const ids = entry.values.map((index, option) => valueIds[option]![index]!);
    const data = {
      combinationKey: combinationKey(ids),
      option1ValueId: ids[0] ?? null,
      option2ValueId: ids[1] ?? null,
      option3ValueId: ids[2] ?? null,
      position,
    };
    if (entry.variantId !== null) {
      await tx.productVariant.update({ where: { id: entry.variantId }, data });
    } else {
      await tx.productVariant.create({
        data: {
          productId,
          ...data,
          pricePaisa: newPrice,
          discountedPricePaisa: null,
          stockQuantity: 0,
          // On sale at once only where its 0 in stock keeps it from being bought: a product that
          // counts no stock would otherwise sell the new combination at a guessed price before
          // staff set it in step 2.
          isActive: product.trackStock,
        },
      });
      created += 1;
    }
  }
  await refreshPriceRange(tx, productId);
  return {
    productName: product.name,
    combinations: plan.combinations.length,
    created,
    retired: plan.retire.length,
    removed: plan.remove.length,
  };
}

/**
 * Throws {ForeignVariantFormError} unless every sent option id is one of the product's options
 * (each at most once) and every sent value id is a value of the option it is sent under (each at
 * most once); a value id under a new option is foreign too.
 */
function assertOwnOptions(
  current: readonly { id: number; values: readonly { id: number }[] }[],
  options: readonly OptionInput[],
) {
  const seenOptions = new Set<number>();
  const seenValues = new Set<number>();
  for (const option of options) {
    const stored = option.id === null ? null : current.find((candidate) => candidate.id === option.id);
    if (option.id !== null && (!stored || seenOptions.has(option.id))) {
      throw new ForeignVariantFormError("option", option.id);
    }
    if (option.id !== null) seenOptions.add(option.id);
    for (const value of option.values) {
      if (value.id === null) continue;
      if (!stored?.values.some((candidate) => candidate.id === value.id) || seenValues.has(value.id)) {
        throw new ForeignVariantFormError("value", value.id);
      }
      seenValues.add(value.id);
    }
  }
}

/** What saving the variants table did. */
export type VariantsSaved = { productName: string; updated: number; stockChanges: number };

/**
 * Saves the rows of a product's variants table in one transaction: SKU, prices (paisa), picture,
 * active flag and, when the product tracks stock, the count on hand, which goes through
 * app/rules/stock.ts `stockEdit` (a count typed over one that changed since the page was shown is
 * refused) and is recorded in the stock ledger with the variant's English label as counted by
 * `actor`. Variants of the product not in `rows` are left as they are. Ends with
 * `refreshPriceRange`.
 *
 * @throws {ForeignVariantFormError} when a row's id is not one of the product's (live) variants or
 *   is sent twice; {VariantRowsInvalidError} with every problem (the rules of `checkVariantRows`,
 *   a SKU another variant has, counts that changed meanwhile); {VariantProductMissingError};
 *   Prisma's error when a write fails. Nothing is written then.
 */
export async function saveVariants(
  productId: number,
  rows: readonly VariantRowInput[],
  actor: StockActor,
): Promise<VariantsSaved> {
  return prisma.$transaction(async (tx) => {
    const product = await tx.product.findUnique({
      where: { id: productId },
      select: {
        name: true,
        trackStock: true,
        images: { select: { imageId: true } },
        variants: {
          select: {
            id: true,
            combinationKey: true,
            sku: true,
            stockQuantity: true,
            option1Value: valueSelect,
            option2Value: valueSelect,
            option3Value: valueSelect,
          },
        },
      },
    });
    if (!product) throw new VariantProductMissingError(productId);
    const live = new Map(
      product.variants
        .filter((variant) => !isRetiredKey(variant.combinationKey))
        .map((variant) => [variant.id, variant]),
    );
    const sent = new Set<number>();
    for (const row of rows) {
      if (!live.has(row.id) || sent.has(row.id)) throw new ForeignVariantFormError("variant", row.id);
      sent.add(row.id);
    }

    const checked = checkVariantRows(
      rows,
      product.trackStock,
      product.images.map((image) => image.imageId),
    );
    const problems: VariantSaveProblem[] = checked.ok ? [] : [...checked.problems];
    const stockNow: Record<number, number> = {};
    const writes = checked.ok ? checked.rows : [];
    // The SKUs and stock counts are checked even when other fields have problems, so that one
    // refusal names them all.
    const formSkus = new Set(rows.flatMap((row) => (live.get(row.id)?.sku ? [skuKey(live.get(row.id)!.sku!)] : [])));
    for (const row of rows) {
      const sku = row.sku.trim();
      if (sku === "" || problems.some((problem) => problem.variantId === row.id && problem.field === "sku")) continue;
      // A SKU one of the form's own rows has now is free to move to another row (its old row
      // gets another, or the form lists it twice: "skuTwice").
      if (formSkus.has(skuKey(sku))) continue;
      try {
        await assertSkuFree(tx, sku, row.id);
      } catch (error) {
        if (!(error instanceof SkuTakenError)) throw error;
        problems.push({ variantId: row.id, field: "sku", code: "skuTaken" });
      }
    }
    const edits = new Map<number, { stockQuantity: number; change: number }>();
    if (product.trackStock) {
      for (const row of rows) {
        const current = live.get(row.id)!.stockQuantity;
        const typed = checked.ok ? checked.rows.find((write) => write.id === row.id)!.stockQuantity : null;
        const seen = /^\d{1,9}$/.test(row.stockSeen.trim()) ? Number(row.stockSeen.trim()) : null;
        const edit = stockEdit(
          { trackStock: true, stockQuantity: current },
          { trackStock: true, stockQuantity: typed ?? current },
          seen,
        );
        if (!edit.ok) {
          problems.push({ variantId: row.id, field: "stock", code: "stockChanged" });
          stockNow[row.id] = edit.current;
        } else edits.set(row.id, edit);
      }
    }
    if (problems.length > 0) throw new VariantRowsInvalidError(problems, stockNow);

    // SKUs that change are cleared first, so that two rows may swap theirs (the index is unique).
    const changing = writes.filter((write) => (write.sku ?? "") !== (live.get(write.id)!.sku ?? ""));
    for (const write of changing) await tx.productVariant.update({ where: { id: write.id }, data: { sku: null } });
    let stockChanges = 0;
    for (const write of writes) {
      const edit = edits.get(write.id);
      await tx.productVariant.update({
        where: { id: write.id },
        data: {
          sku: write.sku,
          pricePaisa: write.pricePaisa,
          discountedPricePaisa: write.discountedPricePaisa,
          imageId: write.imageId,
          isActive: write.isActive,
          ...(edit ? { stockQuantity: edit.stockQuantity } : {}),
        },
      });
      if (edit && edit.change !== 0) {
        const variant = live.get(write.id)!;
        await recordStockAdjustment(
          tx,
          {
            id: write.id,
            productId,
            productName: product.name,
            label: variantLabel(valuesOf(variant).map((value) => value.value)),
          },
          edit.change,
          edit.stockQuantity,
          actor,
        );
        stockChanges += 1;
      }
    }
    await refreshPriceRange(tx, productId);
    return { productName: product.name, updated: writes.length, stockChanges };
  });
}
