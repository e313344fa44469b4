/**
 * The field names of the options and variants page's two forms, shared by the page and its action,
 * and which option blocks and value rows the options form shows: the options and values in use, at
 * least one of each, and as many more as staff asked for with "Add an option" / "Add a value"
 * (a submit button without JavaScript; the page carries the counts it shows in hidden fields, so
 * that a form given back keeps its empty rows). Blank blocks and rows are ignored when saving.
 */
import { MAX_OPTION_VALUES, MAX_OPTIONS } from "~/rules/variants";

/** How many option blocks and value rows an action reads at most (more than the page shows: a forged form is refused, not cut). */
export const READ_OPTION_BLOCKS = MAX_OPTIONS + 3;
export const READ_VALUE_ROWS = MAX_OPTION_VALUES * 2;

/** The hidden field with the number of option blocks the options form shows. */
export const BLOCKS_FIELD = "blocks";

/** The field of the options form's Add buttons: "option", or "value-<block>" (see `addTarget`). */
export const ADD_FIELD = "add";

/** The name of an option block's field: its option id (hidden), English and Bangla name, and (hidden) how many value rows it shows. */
export function optionField(block: number, part: "id" | "name" | "nameBn" | "rows"): string {
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

/** A count of at most three digits in a form field (blank or anything else: 0). */
function countIn(values: Record<string, string>, name: string): number {
  const sent = values[name] ?? "";
  return /^\d{1,3}$/.test(sent) ? Number(sent) : 0;
}

/** The number of value rows typed in block `block` of a sent form (the last row with something in it, plus one). */
function typedRows(values: Record<string, string>, block: number): number {
  let last = 0;
  for (let row = 0; row < READ_VALUE_ROWS; row += 1) {
    if ((values[valueField(block, row, "value")] ?? "") !== "" || (values[valueField(block, row, "valueBn")] ?? "") !== "")
      last = row + 1;
  }
  return last;
}

/** Whether block `block` of a sent form has a name typed. */
function namedBlock(values: Record<string, string>, block: number): boolean {
  return (values[optionField(block, "name")] ?? "") !== "" || (values[optionField(block, "nameBn")] ?? "") !== "";
}

/**
 * The shape of the options form: the number of value rows of each option block shown (its length
 * is the number of blocks). `stored` is the number of values of each saved option; `sent` the form
 * given back (a refusal, or an Add button's answer), or null. Shown: the saved options and values,
 * every block and row with something typed, and the counts the form sent (its empty rows kept), at
 * least one block of one row. Blocks stop at MAX_OPTIONS; rows at MAX_OPTION_VALUES, unless a
 * (forged) form typed more, which are shown up to READ_VALUE_ROWS beside their refusal.
 */
export function optionsShape(stored: readonly number[], sent: Record<string, string> | null): number[] {
  const values = sent ?? {};
  let blocks = Math.max(1, stored.length, Math.min(MAX_OPTIONS, countIn(values, BLOCKS_FIELD)));
  for (let block = blocks; block < MAX_OPTIONS; block += 1) {
    if (namedBlock(values, block) || typedRows(values, block) > 0) blocks = block + 1;
  }
  return Array.from({ length: Math.min(MAX_OPTIONS, blocks) }, (_, block) =>
    Math.min(
      READ_VALUE_ROWS,
      Math.max(
        1,
        stored[block] ?? 0,
        Math.min(MAX_OPTION_VALUES, countIn(values, optionField(block, "rows"))),
        typedRows(values, block),
      ),
    ),
  );
}

/** What an Add button asks for: one more option block, or one more value row in block `block`; null for anything else. */
export function addTarget(add: string): { kind: "option" } | { kind: "value"; block: number } | null {
  if (add === "option") return { kind: "option" };
  const match = /^value-(\d)$/.exec(add);
  const block = match ? Number(match[1]) : -1;
  return block >= 0 && block < MAX_OPTIONS ? { kind: "value", block } : null;
}

/** The Add button's `value` for one more option block or one more value row in block `block`. */
export function addValue(block?: number): string {
  return block === undefined ? "option" : `value-${block}`;
}

/**
 * The sent form `values` with the counts changed so that the page given back shows one more option
 * block (of one row) or one more value row in a block, as `add` asks (`addTarget`); at the limit
 * (MAX_OPTIONS blocks, MAX_OPTION_VALUES rows) or for an unknown `add` it is unchanged, and the page
 * says the limit in place of the button. Everything typed is kept.
 */
export function withOneMore(values: Record<string, string>, add: string): Record<string, string> {
  const target = addTarget(add);
  const shape = optionsShape([], values);
  const grown = { ...values };
  if (target?.kind === "option" && shape.length < MAX_OPTIONS) {
    grown[BLOCKS_FIELD] = String(shape.length + 1);
    grown[optionField(shape.length, "rows")] = "1";
  } else if (target?.kind === "value" && target.block < shape.length && shape[target.block]! < MAX_OPTION_VALUES) {
    grown[optionField(target.block, "rows")] = String(shape[target.block]! + 1);
  }
  return grown;
}

/** The intents of the page's submit buttons. */
export const INTENTS = ["options", "variants", "all-prices", "all-stocks"] as const;
export type VariantsIntent = (typeof INTENTS)[number];
