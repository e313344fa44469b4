/**
 * Whether a product CSV would change a product of the shop (docs/decisions/049-product-import.md),
 * pure: the dry run lists a product the file gives exactly as the shop has it as "unchanged" and
 * the import leaves it alone. The shop's product comes in as a plain shape (`ShopProduct`, what
 * app/models/catalogue/import/ reads), the file's as the readers give it (`ImportedProduct`).
 * Also the pairing of the shop's variants with the file's by their combination of option values,
 * which the writing uses too.
 */
import type { ImportedProduct, ImportedVariant } from "./product-csv";
import { sameTextKey } from "./variants";

/** An option of the shop's product with its values in display order (English and Bangla). */
export type ShopOption = {
  name: string;
  nameBn: string;
  values: readonly { id: number; value: string; valueBn: string }[];
};

/** A live variant of the shop's product: the value ids of its combination and what the file may set. */
export type ShopVariant = {
  option1ValueId: number | null;
  option2ValueId: number | null;
  option3ValueId: number | null;
  sku: string | null;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  isActive: boolean;
  stockQuantity: number;
  imageId: number | null;
};

/** The shop's product as the import compares it: its fields, options, live variants and pictures (in display order). */
export type ShopProduct = {
  name: string;
  nameBn: string;
  description: string;
  descriptionBn: string;
  brand: string;
  categoryId: number | null;
  isPublished: boolean;
  isFeatured: boolean;
  trackStock: boolean;
  options: readonly ShopOption[];
  variants: readonly ShopVariant[];
  images: readonly { imageId: number }[];
};

/** The key of a combination of option values (in option order), compared as option values are (`sameTextKey`). */
function combinationOf(values: readonly string[]): string {
  return values.map(sameTextKey).join("\u0000");
}

/** A stored variant beside the file's variant of the same combination (null: the file does not list it). */
export type VariantPair<V extends ShopVariant> = { variant: V; values: string[]; wanted: ImportedVariant | null };

/**
 * The shop's live variants `stored.variants`, each with its option values' English texts (in
 * option order) and the file's variant of the same combination (values compared trimmed, spaces
 * collapsed and lowercased), or null when the file does not list it.
 */
export function pairVariants<V extends ShopVariant>(
  stored: { options: readonly ShopOption[]; variants: readonly V[] },
  file: Pick<ImportedProduct, "variants">,
): VariantPair<V>[] {
  const texts = new Map(stored.options.flatMap((option) => option.values.map((value) => [value.id, value.value])));
  const fileVariants = new Map(file.variants.map((variant) => [combinationOf(variant.values), variant]));
  return stored.variants.map((variant) => {
    const values = [variant.option1ValueId, variant.option2ValueId, variant.option3ValueId]
      .slice(0, stored.options.length)
      .map((id) => (id === null ? "" : (texts.get(id) ?? "")));
    return { variant, values, wanted: fileVariants.get(combinationOf(values)) ?? null };
  });
}

/**
 * Whether two descriptions read the same: line ends, spaces at the ends of lines and runs of blank
 * lines aside (a form saves Windows line ends; a file's HTML keeps neither those spaces nor blank
 * runs), so a description round-tripped through a file is not a change.
 */
export function sameText(a: string, b: string): boolean {
  const plain = (text: string) =>
    text
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => line.trim())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
  return plain(a) === plain(b);
}

/**
 * Whether the stored options are the file's: same names and values, exactly, in the same order
 * (Bangla names and values compared where the file has them).
 */
export function sameOptions(
  file: Pick<ImportedProduct, "options" | "optionValues">,
  stored: { options: readonly ShopOption[] },
): boolean {
  if (file.options.length !== stored.options.length) return false;
  return file.options.every((option, index) => {
    const current = stored.options[index]!;
    const values = file.optionValues[index]!;
    return (
      option.name === current.name &&
      (option.nameBn === undefined || option.nameBn === current.nameBn) &&
      values.length === current.values.length &&
      values.every(
        (value, position) =>
          value.value === current.values[position]!.value &&
          (value.valueBn === undefined || value.valueBn === current.values[position]!.valueBn),
      )
    );
  });
}

/** Whether the file's fields (those its format carries) are the stored product's, its category being `categoryId`. */
function sameFields(
  file: ImportedProduct,
  stored: ShopProduct,
  categoryId: number | null,
  options: { hideNew: boolean },
): boolean {
  return (
    stored.name === file.name &&
    sameText(stored.description, file.description) &&
    stored.categoryId === categoryId &&
    (options.hideNew || stored.isPublished === file.isPublished) &&
    stored.trackStock === file.trackStock &&
    (file.nameBn === undefined || file.nameBn === stored.nameBn) &&
    (file.descriptionBn === undefined || sameText(file.descriptionBn, stored.descriptionBn)) &&
    (file.brand === undefined || file.brand === stored.brand) &&
    (file.isFeatured === undefined || file.isFeatured === stored.isFeatured)
  );
}

/**
 * Whether every live variant is as the file says (SKU, prices, switch, stock when counted,
 * picture when the shop has it), a variant the file does not list is switched off, and the file
 * lists no combination the shop lacks.
 */
function sameVariants(
  file: ImportedProduct,
  stored: ShopProduct,
  imageIdOf: (url: string) => number | undefined,
): boolean {
  const matched = new Set<ImportedVariant>();
  for (const { variant, wanted } of pairVariants(stored, file)) {
    // A second stored variant of one combination is not the file's.
    if (!wanted || matched.has(wanted)) {
      if (variant.isActive) return false;
      continue;
    }
    matched.add(wanted);
    if (
      (wanted.sku ?? null) !== (variant.sku ?? null) ||
      wanted.pricePaisa !== variant.pricePaisa ||
      wanted.discountedPricePaisa !== variant.discountedPricePaisa ||
      wanted.isActive !== variant.isActive ||
      (file.trackStock && wanted.stockQuantity !== variant.stockQuantity) ||
      (wanted.imageUrl === null
        ? variant.imageId !== null
        : imageIdOf(wanted.imageUrl) !== undefined && imageIdOf(wanted.imageUrl) !== variant.imageId)
    ) {
      return false;
    }
  }
  return matched.size === new Set(file.variants.map((variant) => combinationOf(variant.values))).size;
}

/**
 * Whether the shop's product `stored` already is what the file says: every field the file
 * carries (its shown state unless `options.hideNew`, which keeps an updated product's), the
 * category `categoryId` the file's name stands for, the options and their values in order, each
 * variant's SKU, prices, stock (when counted), switch and picture, and the pictures the shop has
 * (`imageIdOf`: a file address → the shop's image id; each must be among the product's, in the
 * file's order). A picture the shop does not have is a change unless it is among `queued`
 * (already queued or failed for this product: the import would not fetch it).
 */
export function isUnchanged(
  file: ImportedProduct,
  stored: ShopProduct,
  categoryId: number | null,
  imageIdOf: (url: string) => number | undefined,
  queued: ReadonlySet<string>,
  options: { hideNew: boolean },
): boolean {
  if (!sameFields(file, stored, categoryId, options)) return false;
  if (!sameOptions(file, stored) || !sameVariants(file, stored, imageIdOf)) return false;
  // Pictures the shop has are compared; one it does not have is a change unless it was queued
  // already (waiting, or failed: "Try again" fetches those).
  const linked = stored.images.map((link) => link.imageId);
  let previous = -1;
  for (const url of file.imageUrls) {
    const id = imageIdOf(url);
    if (id === undefined) {
      if (!queued.has(url)) return false;
      continue;
    }
    const index = linked.indexOf(id);
    if (index <= previous) return false;
    previous = index;
  }
  return true;
}
