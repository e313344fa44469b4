/**
 * The field names of the options and variants page's two forms, shared by the page and its action,
 * and how many blank rows the options form shows (it works without JavaScript: a fixed number of
 * option blocks and value rows; blank ones are ignored).
 */
import { MAX_OPTION_VALUES, MAX_OPTIONS } from "~/rules/variants";

/** The option blocks the options form shows: one per possible option. */
export const OPTION_BLOCKS = MAX_OPTIONS;

/** Blank value rows the options form shows at least, and how many more than an option has. */
const MIN_VALUE_ROWS = 10;
const SPARE_VALUE_ROWS = 3;

/** How many option blocks and value rows an action reads at most (more than the page shows: a forged form is refused, not cut). */
export const READ_OPTION_BLOCKS = MAX_OPTIONS + 3;
export const READ_VALUE_ROWS = MAX_OPTION_VALUES * 2;

/** The name of an option block's field: its option id (hidden), English and Bangla name. */
export function optionField(block: number, part: "id" | "name" | "nameBn"): string {
  return `option${block}.${part}`;
}

/** The name of a value row's field: its value id (hidden), English and Bangla value. */
export function valueField(block: number, row: number, part: "id" | "value" | "valueBn"): string {
  return `option${block}.value${row}.${part}`;
}

/** A variants-table field of the variant `id`. */
export type VariantPart = "sku" | "price" | "discountedPrice" | "stock" | "stockSeen" | "imageId" | "active";

/** The name of a variants-table field of the variant `id`. */
export function variantField(id: number, part: VariantPart): string {
  return `v${id}.${part}`;
}

/** The value rows to show for an option with `stored` values when `typed` rows were sent back: at least MIN_VALUE_ROWS. */
export function valueRowsFor(stored: number, typed: number): number {
  return Math.min(READ_VALUE_ROWS, Math.max(MIN_VALUE_ROWS, stored + SPARE_VALUE_ROWS, typed));
}

/** The intents of the page's submit buttons. */
export const INTENTS = ["options", "variants", "all-prices", "all-stocks"] as const;
export type VariantsIntent = (typeof INTENTS)[number];
