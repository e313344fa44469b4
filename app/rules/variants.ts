/**
 * Variant rules (docs/decisions/047-variants.md), pure. A product has 0–3 options, each with
 * ordered values, and is sold through its variants: one default variant when it has no options,
 * else one per combination of one value per option (a combination exists at most once). Each
 * variant has its own SKU, price, discounted price, stock, picture and active flag. Money is paisa.
 *
 * The model follows Shopify's product options (at most three, each variant naming one value of
 * each: option1, option2, option3) and Medusa's / Vendure's ProductOption → ProductVariant.
 */
import type { Lang } from "~/i18n/lang";
import { unitPricePaisa } from "./money";

/** At most this many options per product (Shopify's limit too). */
export const MAX_OPTIONS = 3;
/** At most this many values per option. */
export const MAX_OPTION_VALUES = 20;
/** At most this many variants per product: enough for 3 options of a few values, small enough for one form. */
export const MAX_VARIANTS = 100;
/** Longest option name, option value and SKU, in characters. */
export const MAX_OPTION_NAME_LENGTH = 40;
export const MAX_OPTION_VALUE_LENGTH = 40;
export const MAX_SKU_LENGTH = 64;
/** Above this many values an option is offered as a select on the product page, not as chips. */
export const CHIPS_UP_TO_VALUES = 8;

/** Text with an optional Bangla version: the Bangla shows on /bn pages, the English elsewhere. */
export type BilingualText = { en: string; bn: string };

/**
 * The text for `lang`: the Bangla one on Bangla pages when it is not blank, else the English one
 * (the fallback the issue asks for: a missing Bangla text never leaves a gap).
 */
export function localText(en: string, bn: string | null | undefined, lang: Lang): string {
  return lang === "bn" && bn && bn.trim() !== "" ? bn : en;
}

/** A variant's price fields and active flag, in paisa. */
export type VariantPrice = { pricePaisa: number; discountedPricePaisa: number | null; isActive: boolean };

/**
 * The lowest and highest price a shopper pays (`unitPricePaisa`: the discounted price where lower)
 * among the active variants, or among all of them when none is active (a product whose variants
 * are all switched off still sorts by a price). `{ min: 0, max: 0 }` for no variants at all.
 */
export function priceRangePaisa(variants: readonly VariantPrice[]): { min: number; max: number } {
  const active = variants.filter((variant) => variant.isActive);
  const counted = active.length > 0 ? active : variants;
  if (counted.length === 0) return { min: 0, max: 0 };
  const prices = counted.map((variant) => unitPricePaisa(variant));
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** The option value ids of a variant, by option position, joined by "-": "" for a default variant. */
export function combinationKey(valueIds: readonly number[]): string {
  return valueIds.join("-");
}

/**
 * Every combination of one value per option, in display order (the first option varies slowest):
 * [[a, b], [x, y]] → [a, x], [a, y], [b, x], [b, y]. No options → one empty combination (the
 * default variant). An option without values → no combination at all.
 */
export function combinations<T>(options: readonly (readonly T[])[]): T[][] {
  let result: T[][] = [[]];
  for (const values of options) {
    result = result.flatMap((prefix) => values.map((value) => [...prefix, value]));
  }
  return result;
}

/**
 * The label of a variant from its option values in option order, "56″ / Brown": what the cart,
 * the order and the invoice print after the product's name. "" for a default variant.
 */
export function variantLabel(values: readonly string[]): string {
  return values.join(" / ");
}

/**
 * The name of a line item: "Ceiling Fan — 56″ / Brown", or the product's name alone for a product
 * without options.
 */
export function lineItemName(productName: string, label: string): string {
  return label === "" ? productName : `${productName} — ${label}`;
}

/**
 * A SKU as it is stored: trimmed, inner spaces kept; null for a blank one. SKUs are compared
 * case-insensitively (`skuKey`): the database has a unique index on lower(sku).
 */
export function normaliseSku(sku: string | null | undefined): string | null {
  const trimmed = (sku ?? "").trim();
  return trimmed === "" ? null : trimmed;
}

/** The form of a SKU that two SKUs share when they are the same SKU: lower case. */
export function skuKey(sku: string): string {
  return sku.toLowerCase();
}

/** A choice of values, one per option (value ids in option order), as the product page and `?variant=` name it. */
export type VariantChoice = { id: number; valueIds: readonly (number | null)[] };

/**
 * The variant a shopper's choice of values names: the variant whose values are exactly
 * `chosen` (value ids in option order). Null when no variant has that combination.
 */
export function findVariantByValues<V extends VariantChoice>(
  variants: readonly V[],
  chosen: readonly number[],
): V | null {
  return (
    variants.find(
      (variant) =>
        variant.valueIds.filter((id) => id !== null).length === chosen.length &&
        chosen.every((id, index) => variant.valueIds[index] === id),
    ) ?? null
  );
}
