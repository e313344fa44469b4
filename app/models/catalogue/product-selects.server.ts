/**
 * The pieces of Prisma queries that the reads of a product share: its texts in both languages,
 * which variants count, their display order, and the columns the product form, the variants
 * editor, the CSV export and the CSV import read, the pictures of the editors, and a variant's
 * option values as the product page and the cart read them (docs/decisions/047-variants.md). Money
 * is paisa, stock units.
 */
import type { Prisma } from "~/generated/prisma/client";
import { RETIRED_KEY_PREFIX } from "~/rules/variants";
import { imageSelect } from "./image.server";

/**
 * What a product says, in English and Bangla: the product page, the product form and the import's
 * comparison read these columns (the Bangla ones "" where the shop has none).
 */
export const productTextsSelect = {
  id: true,
  name: true,
  nameBn: true,
  slug: true,
  description: true,
  descriptionBn: true,
  brand: true,
} satisfies Prisma.ProductSelect;

/**
 * The variants that are not retired: a retired variant (its `combinationKey` starts with
 * RETIRED_KEY_PREFIX, app/rules/variants.ts) is kept only for the orders and stock movements that
 * name it, and no page, file or price range counts it.
 */
export const liveVariants = {
  NOT: { combinationKey: { startsWith: RETIRED_KEY_PREFIX } },
} satisfies Prisma.ProductVariantWhereInput;

/** The variants the shop sells: live and switched on. */
export const soldVariants = { isActive: true, ...liveVariants } satisfies Prisma.ProductVariantWhereInput;

/**
 * The display order of a product's variants, option values and pictures: the position staff gave
 * them, then the order they were made in (id), so that equal positions keep a stable order.
 */
export const displayOrder: { position?: "asc"; id?: "asc" }[] = [{ position: "asc" }, { id: "asc" }];

/** A live variant's own columns as the editors, the export and the import read them. */
export const liveVariantsSelect = {
  where: liveVariants,
  orderBy: displayOrder,
  select: {
    id: true,
    option1ValueId: true,
    option2ValueId: true,
    option3ValueId: true,
    sku: true,
    pricePaisa: true,
    discountedPricePaisa: true,
    stockQuantity: true,
    isActive: true,
    imageId: true,
  },
} satisfies Prisma.Product$variantsArgs;

/**
 * A product's options in display order with their values in display order, names in English and
 * Bangla: what the product form, the options and variants page, the export and the import read.
 */
export const optionsForEditing = {
  orderBy: { position: "asc" },
  select: {
    id: true,
    name: true,
    nameBn: true,
    position: true,
    values: {
      orderBy: displayOrder,
      select: { id: true, value: true, valueBn: true, position: true },
    },
  },
} satisfies Prisma.Product$optionsArgs;

/**
 * A product's pictures in display order, each with its Image row id: what the product form and the
 * options and variants page read (a variant's picture is one of these).
 */
export const picturesForEditing = {
  orderBy: displayOrder,
  select: { imageId: true, image: { select: imageSelect } },
} satisfies Prisma.Product$imagesArgs;

/** An option value's id and texts, as a variant's `option1Value`…`option3Value` are read. */
export const optionValueSelect = { select: { id: true, value: true, valueBn: true } } as const;

/** A variant's option values (by option position, null beyond its options) as stored. */
export type VariantValues = {
  option1Value: { id: number; value: string; valueBn: string } | null;
  option2Value: { id: number; value: string; valueBn: string } | null;
  option3Value: { id: number; value: string; valueBn: string } | null;
};

/** The values of a variant in option order, without the empty positions. */
export function valuesOf(variant: VariantValues) {
  return [variant.option1Value, variant.option2Value, variant.option3Value].flatMap((value) => (value ? [value] : []));
}
