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
import { parseTakaToPaisa, unitPricePaisa } from "./money";
import { toAsciiDigits } from "./phone";

/** At most this many options per product (Shopify's limit too). */
export const MAX_OPTIONS = 3;
/** At most this many values per option. */
export const MAX_OPTION_VALUES = 20;
/** At most this many variants per product: enough for 3 options of a few values, small enough for one form. */
const MAX_VARIANTS = 100;
/** Longest option name, option value and SKU, in characters. */
export const MAX_OPTION_NAME_LENGTH = 40;
export const MAX_OPTION_VALUE_LENGTH = 40;
export const MAX_SKU_LENGTH = 64;
/** Above this many values an option is offered as a select on the product page, not as chips. */
export const CHIPS_UP_TO_VALUES = 8;

/**
 * The text for `lang`: the Bangla one on Bangla pages when it is not blank, else the English one
 * (a missing Bangla text never leaves a gap).
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
 * An order line's name in `lang`, "<product> — <variant label>", from the line's snapshots (the
 * order keeps both languages): each part in Bangla for "bn" when its Bangla snapshot is not blank,
 * else in English; the product's name alone for a product without options. What the back office,
 * the invoice and the e-mails name a line by.
 */
export function localLineItemName(
  item: { productName: string; productNameBn?: string; variantLabel?: string; variantLabelBn?: string },
  lang: Lang,
): string {
  return lineItemName(
    localText(item.productName, item.productNameBn, lang),
    localText(item.variantLabel ?? "", item.variantLabelBn, lang),
  );
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

// ---- The back office's options and variants editor (app/routes/admin.products.variants.$id) ----

/** The characters a SKU may have: English letters, digits and - _ . /, starting with a letter or digit. */
const VARIANT_SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Highest price accepted in the variants table, in paisa: ৳1 crore, as on the product form. */
const MAX_VARIANT_PRICE_PAISA = 1_000_000_000;

/** Highest stock count accepted in the variants table, in units (as app/rules/stock.ts MAX_STOCK_QUANTITY). */
const MAX_VARIANT_STOCK = 1_000_000;

/**
 * The `combinationKey` prefix of a retired variant: one whose combination was removed while it had
 * orders or stock movements. It is kept (inactive) so that its orders and ledger still point at it
 * and a cancelled order can return its units, but its option values are cleared (so that the
 * removed values can be deleted: variants reference values with ON DELETE RESTRICT) and its key
 * becomes `retired-<id>`. The editor does not list retired variants; nothing sells them.
 */
export const RETIRED_KEY_PREFIX = "retired-";

/** The `combinationKey` of a retired variant (see RETIRED_KEY_PREFIX). */
export function retiredKey(variantId: number): string {
  return `${RETIRED_KEY_PREFIX}${variantId}`;
}

/** Whether a `combinationKey` is a retired variant's. */
export function isRetiredKey(key: string): boolean {
  return key.startsWith(RETIRED_KEY_PREFIX);
}

/**
 * One option as the options form sends it: `id` the existing option it edits (null: a new one),
 * names trimmed ("" Bangla: none), values in display order (blank rows already dropped), each with
 * the existing value it edits (`id`, null: new).
 */
export type OptionInput = {
  id: number | null;
  name: string;
  nameBn: string;
  values: { id: number | null; value: string; valueBn: string }[];
};

/** What is wrong with the options form: `option`/`value` are 0-based indexes of the sent blocks and rows. */
export type OptionProblem =
  | { code: "tooManyOptions"; max: number }
  | { code: "tooManyVariants"; count: number; max: number }
  | { code: "optionNameMissing"; option: number }
  | { code: "optionNameTooLong"; option: number; max: number }
  | { code: "optionNameTwice"; option: number; name: string }
  | { code: "optionNoValues"; option: number }
  | { code: "tooManyValues"; option: number; max: number }
  | { code: "valueMissing"; option: number; value: number }
  | { code: "valueTooLong"; option: number; value: number; max: number }
  | { code: "valueTwice"; option: number; value: number; text: string };

/** Case- and space-insensitive form of an option name or value, for "listed twice" checks. */
export function sameTextKey(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * The problems of a set of options (none: it may be saved): at most MAX_OPTIONS options, each
 * with an English name of at most MAX_OPTION_NAME_LENGTH characters, no two with the same name
 * (case-insensitively), 1..MAX_OPTION_VALUES values, each English value present (a Bangla value
 * alone is not enough), at most MAX_OPTION_VALUE_LENGTH characters and not listed twice in its
 * option (case-insensitively); and at most MAX_VARIANTS combinations in all.
 */
export function optionProblems(options: readonly OptionInput[]): OptionProblem[] {
  const problems: OptionProblem[] = [];
  if (options.length > MAX_OPTIONS) problems.push({ code: "tooManyOptions", max: MAX_OPTIONS });
  const names = new Set<string>();
  options.forEach((option, index) => {
    if (option.name === "") problems.push({ code: "optionNameMissing", option: index });
    else if (option.name.length > MAX_OPTION_NAME_LENGTH)
      problems.push({ code: "optionNameTooLong", option: index, max: MAX_OPTION_NAME_LENGTH });
    else if (names.has(sameTextKey(option.name)))
      problems.push({ code: "optionNameTwice", option: index, name: option.name });
    names.add(sameTextKey(option.name));
    if (option.values.length === 0) problems.push({ code: "optionNoValues", option: index });
    if (option.values.length > MAX_OPTION_VALUES)
      problems.push({ code: "tooManyValues", option: index, max: MAX_OPTION_VALUES });
    const seen = new Set<string>();
    option.values.forEach((entry, valueIndex) => {
      if (entry.value === "") problems.push({ code: "valueMissing", option: index, value: valueIndex });
      else if (entry.value.length > MAX_OPTION_VALUE_LENGTH)
        problems.push({ code: "valueTooLong", option: index, value: valueIndex, max: MAX_OPTION_VALUE_LENGTH });
      else if (seen.has(sameTextKey(entry.value)))
        problems.push({ code: "valueTwice", option: index, value: valueIndex, text: entry.value });
      seen.add(sameTextKey(entry.value));
    });
  });
  const count = options.reduce((product, option) => product * Math.max(1, option.values.length), 1);
  if (options.length > 0 && count > MAX_VARIANTS) problems.push({ code: "tooManyVariants", count, max: MAX_VARIANTS });
  return problems;
}

/**
 * An existing variant as `planVariants` reads it: its option value ids by the CURRENT options'
 * positions ([] for a default variant), whether it is active, its display position, and whether it
 * has history (order lines or stock movements: it cannot be deleted, only retired).
 */
export type PlannedVariantSource = {
  id: number;
  valueIds: readonly (number | null)[];
  isActive: boolean;
  position: number;
  hasHistory: boolean;
};

/**
 * The outcome of saving options: one entry per combination of the new options in display order
 * (`values`: the index of the chosen value in each new option; `variantId`: the existing variant
 * that becomes it, null for a new one), the variants to retire (history: kept inactive, see
 * RETIRED_KEY_PREFIX) and those to delete (no history).
 */
export type VariantPlan = {
  combinations: { values: number[]; variantId: number | null }[];
  retire: number[];
  remove: number[];
};

/**
 * Which existing variant becomes which combination when the options are saved. Each existing
 * variant is carried to the combination it still names: for each new option that was already
 * there (`options[j].id`, matched to `currentOptionIds`), its value for that option must still be
 * listed (by value id), else the variant's combination is gone; a newly added option gives it the
 * option's first value (so adding an option keeps the existing variants, as their first-value
 * combinations: the default variant of a product without options becomes the first combination);
 * a removed option is dropped from it (so removing all options makes one variant the default one
 * again). When several variants land on one combination the active one first, then the one
 * shown first, keeps it. Variants left without a combination are retired when they have history,
 * else deleted.
 *
 * @param currentOptionIds the product's option ids by their current position.
 */
export function planVariants(
  currentOptionIds: readonly number[],
  options: readonly OptionInput[],
  variants: readonly PlannedVariantSource[],
): VariantPlan {
  const all = combinations(options.map((option) => option.values.map((_, index) => index)));
  const claimed = new Map<string, number>();
  const leftover: PlannedVariantSource[] = [];
  const ordered = [...variants].sort(
    (a, b) => Number(b.isActive) - Number(a.isActive) || a.position - b.position || a.id - b.id,
  );
  for (const variant of ordered) {
    const chosen: number[] = [];
    for (const option of options) {
      if (option.id === null) {
        chosen.push(0);
        continue;
      }
      const position = currentOptionIds.indexOf(option.id);
      const valueId = position < 0 ? null : (variant.valueIds[position] ?? null);
      const index = valueId === null ? -1 : option.values.findIndex((value) => value.id === valueId);
      if (index < 0) break;
      chosen.push(index);
    }
    const key = chosen.join(",");
    if (chosen.length !== options.length || claimed.has(key)) leftover.push(variant);
    else claimed.set(key, variant.id);
  }
  return {
    combinations: all.map((values) => ({ values, variantId: claimed.get(values.join(",")) ?? null })),
    retire: leftover.filter((variant) => variant.hasHistory).map((variant) => variant.id),
    remove: leftover.filter((variant) => !variant.hasHistory).map((variant) => variant.id),
  };
}

/**
 * One row of the variants table as typed (strings from the form): the variant's id, SKU, price and
 * discounted price (taka), stock (units) and the count the page showed (`stockSeen`), picture
 * (an image id, "" for the product's first picture) and whether "active" is ticked.
 */
export type VariantRowInput = {
  id: number;
  sku: string;
  price: string;
  discountedPrice: string;
  stock: string;
  stockSeen: string;
  imageId: string;
  active: boolean;
};

/** A variants-table row ready to save: money in paisa, stock in units (null: not tracked, not read). */
export type VariantRowWrite = {
  id: number;
  sku: string | null;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  stockQuantity: number | null;
  stockSeen: number | null;
  imageId: number | null;
  isActive: boolean;
};

/** The field of a variants-table row a problem is about. */
type VariantRowField = "sku" | "price" | "discountedPrice" | "stock" | "imageId";

/** What is wrong with a variants-table row (`variantId`: the row's variant). */
export type VariantRowProblem = {
  variantId: number;
  field: VariantRowField;
  code:
    | "skuInvalid"
    | "skuTooLong"
    | "skuTwice"
    | "priceMissing"
    | "priceInvalid"
    | "priceNegative"
    | "priceTooHigh"
    | "discountWithoutPrice"
    | "stockInvalid"
    | "imageNotProducts";
};

/** A taka amount typed by staff as paisa, or the problem code ("" is handled by the caller). */
function parsePrice(text: string): number | "priceInvalid" | "priceNegative" | "priceTooHigh" {
  if (/^\s*-/.test(text)) return "priceNegative";
  const paisa = parseTakaToPaisa(text);
  if (paisa === null) return "priceInvalid";
  return paisa > MAX_VARIANT_PRICE_PAISA ? "priceTooHigh" : paisa;
}

/**
 * Checks and converts the typed rows of the variants table. A price is required (a taka amount
 * with up to 2 decimals, Bengali digits accepted, 0 to ৳1 crore); the discounted price is
 * optional but needs a price; the stock is read only when `trackStock` (a whole number 0 to
 * 1,000,000, blank: 0); the picture is "" or one of `imageIds` (the product's images); the SKU is
 * optional, English letters, digits and - _ . / (at most MAX_SKU_LENGTH), and not the same as
 * another row's (case-insensitively). Whether another product has a SKU is checked when saving.
 *
 * @returns the rows to write, or every problem found (then nothing is to be written).
 */
export function checkVariantRows(
  rows: readonly VariantRowInput[],
  trackStock: boolean,
  imageIds: readonly number[],
): { ok: true; rows: VariantRowWrite[] } | { ok: false; problems: VariantRowProblem[] } {
  const problems: VariantRowProblem[] = [];
  const writes: VariantRowWrite[] = [];
  const skus = new Map<string, number>();
  for (const row of rows) {
    const problem = (field: VariantRowField, code: VariantRowProblem["code"]) =>
      problems.push({ variantId: row.id, field, code });
    const sku = normaliseSku(row.sku);
    if (sku !== null) {
      if (sku.length > MAX_SKU_LENGTH) problem("sku", "skuTooLong");
      else if (!VARIANT_SKU_PATTERN.test(sku)) problem("sku", "skuInvalid");
      else if (skus.has(skuKey(sku))) problem("sku", "skuTwice");
      skus.set(skuKey(sku), row.id);
    }
    const priceText = row.price.trim();
    const discountText = row.discountedPrice.trim();
    let pricePaisa = 0;
    if (priceText === "") problem("price", "priceMissing");
    else {
      const parsed = parsePrice(priceText);
      if (typeof parsed === "number") pricePaisa = parsed;
      else problem("price", parsed);
    }
    let discountedPricePaisa: number | null = null;
    if (discountText !== "") {
      if (priceText === "") problem("discountedPrice", "discountWithoutPrice");
      else {
        const parsed = parsePrice(discountText);
        if (typeof parsed === "number") discountedPricePaisa = parsed;
        else problem("discountedPrice", parsed);
      }
    }
    let stockQuantity: number | null = null;
    if (trackStock) {
      const digits = toAsciiDigits(row.stock.trim() === "" ? "0" : row.stock.trim());
      const n = /^\d{1,9}$/.test(digits) ? Number(digits) : NaN;
      if (n <= MAX_VARIANT_STOCK) stockQuantity = n;
      else problem("stock", "stockInvalid");
    }
    const seenDigits = row.stockSeen.trim();
    const stockSeen = /^\d{1,9}$/.test(seenDigits) ? Number(seenDigits) : null;
    let imageId: number | null = null;
    if (row.imageId.trim() !== "") {
      const id = Number(row.imageId);
      if (Number.isSafeInteger(id) && imageIds.includes(id)) imageId = id;
      else problem("imageId", "imageNotProducts");
    }
    writes.push({
      id: row.id,
      sku,
      pricePaisa,
      discountedPricePaisa,
      stockQuantity,
      stockSeen,
      imageId,
      isActive: row.active,
    });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows: writes };
}
