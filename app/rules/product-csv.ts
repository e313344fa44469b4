/**
 * Product CSV files: what an imported product is once read from Shopify's, WooCommerce's or haat's
 * own columns, the problems a row can have, and the cell rules every format shares (prices in taka,
 * stock counts, handles, picture addresses; formulas: ./spreadsheet.ts). The formats themselves are read in
 * app/server/catalogue/import/csv-shopify.server.ts and csv-woocommerce.server.ts; decision 049 says why
 * they map as they do.
 */
import { toAsciiDigits } from "./phone";
import { slugify } from "./slug";
import { MAX_STOCK_QUANTITY } from "./stock";

/** The formats an import reads: Shopify's product CSV, WooCommerce's, and haat's export (Shopify's plus Bangla columns). */
export type CsvFormat = "shopify" | "woocommerce" | "haat";

/** Largest product CSV accepted, in bytes (Shopify's own import stops at 15 MB). */
export const MAX_CSV_BYTES = 15 * 1024 * 1024;

/** Most data rows one file may have. */
export const MAX_CSV_ROWS = 50_000;

/** Most pictures one imported product keeps from its file. */
export const MAX_IMAGES_PER_PRODUCT = 10;

/** Longest product name and handle accepted, in characters. */
export const MAX_NAME_LENGTH = 200;
const MAX_HANDLE_LENGTH = 100;

/** Longest description kept, in characters (after the HTML is cleaned): the product form's limit. */
export const MAX_DESCRIPTION_LENGTH = 5000;

/** Highest price accepted, in paisa: the product form's (৳1 crore). */
const MAX_PRICE_PAISA = 1_000_000_000;

/** Longest brand kept, in characters. */
export const MAX_BRAND_LENGTH = 80;

/** One variant as a file gives it; money in paisa. */
export type ImportedVariant = {
  /** The file's row number of the variant (the heading is row 1, as a spreadsheet numbers it). */
  row: number;
  /** Its value of each of the product's options, by option position ([] without options). */
  values: string[];
  /** The Bangla values (haat's export only); undefined: the file has none. */
  valuesBn?: string[];
  sku: string | null;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  /** Units on hand when the file counts this variant's stock; null: not counted. */
  stockQuantity: number | null;
  /** The picture shown for this variant (an address in the file); null: the product's first. */
  imageUrl: string | null;
  /** False for a variant haat's export marks as switched off; Shopify's and WooCommerce's are on. */
  isActive: boolean;
};

/** An option with its values in display order; Bangla names only from haat's export. */
type ImportedOption = { name: string; nameBn?: string };

/**
 * A product as a file gives it. A field left undefined is one the file's format does not carry
 * (Bangla texts in a Shopify file, the featured flag): an update keeps the shop's value.
 */
export type ImportedProduct = {
  /** The product's first row in the file. */
  row: number;
  /** Shopify's Handle; for WooCommerce, made from the name (unique in the file). */
  handle: string;
  name: string;
  nameBn?: string;
  /** Plain text with line breaks, already cleaned of HTML. */
  description: string;
  descriptionBn?: string;
  brand?: string;
  /** Category name in English (and Bangla from haat's export); null: no category. */
  category: { name: string; nameBn?: string } | null;
  isPublished: boolean;
  isFeatured?: boolean;
  trackStock: boolean;
  options: ImportedOption[];
  /** Each option's values in display order, `valuesBn` beside them when the file has Bangla. */
  optionValues: { value: string; valueBn?: string }[][];
  variants: ImportedVariant[];
  /** Picture addresses in display order, without repeats, at most MAX_IMAGES_PER_PRODUCT. */
  imageUrls: string[];
};

/** Why a row is refused or noted. `column` is the file's heading the problem is in. */
export type RowProblemCode =
  | "notANumber"
  | "ambiguousNumber"
  | "tooHigh"
  | "handleInvalid"
  | "parentStock"
  | "negativeNumber"
  | "foreignCurrency"
  | "notAWholeNumber"
  | "required"
  | "tooLong"
  | "formula"
  | "noProductRow"
  | "optionValueMissing"
  | "combinationTwice"
  | "tooManyOptions"
  | "tooManyValues"
  | "tooManyVariants"
  | "skuTwiceInFile"
  | "skuTaken"
  | "notAUrl"
  | "typeNotSupported"
  | "anyValueNotSupported"
  | "parentMissing"
  | "stockBelowZero"
  | "stockMissing"
  | "tooManyImages"
  | "discountNotLower";

/**
 * A problem of one row. An `error` keeps the whole product out of the import (nothing of it is
 * written); a `note` is imported as said (a negative stock read as 0, a grouped product skipped).
 */
export type RowProblem = {
  row: number;
  column: string | null;
  code: RowProblemCode;
  severity: "error" | "note";
  /** The offending value or a count, shown in the message. */
  value?: string;
};

/**
 * What a format reader returns: the products it read, every problem by row, and the products it
 * left out because of an error (their first row and handle or name).
 */
export type ReadProducts = {
  products: ImportedProduct[];
  problems: RowProblem[];
  skipped: { row: number; name: string }[];
};

/**
 * A price cell read as taka into paisa. Accepts what spreadsheets and people write: "1250",
 * "1,250.50", "৳ 1,250", "Tk 1250", "1250 BDT", "১২৫০", a decimal comma ("1250,5") and Excel's
 * accounting spaces. Returns `{ ok: false, code }` for anything else: another currency's sign
 * ("$", "€", "£", "₹", "USD", "Rs") is refused rather than read as taka, a negative amount too,
 * "1.250" (a thousands dot or a decimal one: ambiguous) and more than the product form's ৳1 crore.
 * An empty cell is `{ ok: true, paisa: null }`.
 */
export function parseCsvPrice(
  cell: string,
):
  | { ok: true; paisa: number | null }
  | { ok: false; code: "notANumber" | "negativeNumber" | "foreignCurrency" | "ambiguousNumber" | "tooHigh" } {
  let text = toAsciiDigits(cell)
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();
  if (text === "") return { ok: true, paisa: null };
  if (/[$€£₹¥]|\b(?:usd|eur|gbp|inr|rs\.?)(?:\b|$)/i.test(text)) return { ok: false, code: "foreignCurrency" };
  text = text.replace(/৳|\btk\.?|\bbdt\b|টাকা/gi, "").replace(/\s+/g, "");
  if (/^-/.test(text) || /^\(.*\)$/.test(text)) return { ok: false, code: "negativeNumber" };
  // "1.250" is ৳1,250 in a spreadsheet set to a European locale and ৳1.25 elsewhere: refused
  // rather than guessed, since a wrong guess prices the product a thousand times off.
  if (/^\d{1,3}(?:\.\d{3})+$/.test(text)) return { ok: false, code: "ambiguousNumber" };
  // One comma followed by one or two digits and no dot is a decimal comma ("1250,5" from a
  // spreadsheet set to a European locale); other commas separate thousands.
  if (/^\d+,\d{1,2}$/.test(text)) text = text.replace(",", ".");
  else text = text.replace(/,/g, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2})0*)?$/.exec(text);
  if (!match) return { ok: false, code: "notANumber" };
  const paisa = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return paisa > MAX_PRICE_PAISA ? { ok: false, code: "tooHigh" } : { ok: true, paisa };
}

/**
 * A whole number of units from a stock cell ("12", "১২", "1,200"); empty: null. Negative counts are
 * read (`negative: true`) so that the caller can note them and store 0; more than the product
 * form's 1,000,000 is refused.
 */
export function parseCsvCount(
  cell: string,
): { ok: true; count: number | null; negative: boolean } | { ok: false; code: "notAWholeNumber" | "tooHigh" } {
  const text = toAsciiDigits(cell).replace(/[\s,]/g, "");
  if (text === "") return { ok: true, count: null, negative: false };
  const match = /^(-?)(\d{1,9})(?:\.0+)?$/.exec(text);
  if (!match) return { ok: false, code: "notAWholeNumber" };
  const count = Number(match[2]);
  if (match[1] === "-") return { ok: true, count: 0, negative: count > 0 };
  return count > MAX_STOCK_QUANTITY ? { ok: false, code: "tooHigh" } : { ok: true, count, negative: false };
}

/**
 * Whether `handle` is a handle haat keeps: letters and digits of any script, with "-", "_" or "."
 * between them (Shopify's handles are lowercase letters, digits and hyphens), at most
 * MAX_HANDLE_LENGTH characters. Anything else (spaces, quotes, a formula) is refused.
 */
export function isValidHandle(handle: string): boolean {
  return Array.from(handle).length <= MAX_HANDLE_LENGTH && /^[\p{L}\p{N}][\p{L}\p{M}\p{N}._-]*$/u.test(handle);
}

/** A handle for a product that has none in its file (WooCommerce): its name's slug, "product" when that is empty. */
export function handleFromName(name: string): string {
  return slugify(name) || "product";
}

/**
 * Whether a product's stock is counted: when any of its `variants` gives a count. Then each
 * variant without one is set to 0 units and passed to `uncounted` (the readers note it).
 */
export function countStock(variants: ImportedVariant[], uncounted: (variant: ImportedVariant) => void): boolean {
  const trackStock = variants.some((variant) => variant.stockQuantity !== null);
  if (!trackStock) return false;
  for (const variant of variants) {
    if (variant.stockQuantity !== null) continue;
    variant.stockQuantity = 0;
    uncounted(variant);
  }
  return true;
}

/** Whether `text` is an http(s) address, the only kind of picture address an import fetches. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Headings of haat's export, in order: Shopify's product CSV columns (their names as Shopify's
 * template spells them) then haat's own (Bangla texts, the category, featured, a variant's
 * switch), which Shopify's import ignores.
 */
export const HAAT_CSV_HEADINGS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Inventory Policy",
  "Variant Price",
  "Variant Compare At Price",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Variant Image",
  "Status",
  "Title (Bangla)",
  "Body (Bangla)",
  "Type (Bangla)",
  "Option1 Name (Bangla)",
  "Option1 Value (Bangla)",
  "Option2 Name (Bangla)",
  "Option2 Value (Bangla)",
  "Option3 Name (Bangla)",
  "Option3 Value (Bangla)",
  "Featured",
  "Variant Active",
] as const;

/**
 * Which format a heading row is: haat's export (Shopify's headings with "Title (Bangla)"),
 * Shopify's (Handle and Variant Price or Title), WooCommerce's (Type, Name, and Regular price or
 * Parent); null for none of them. Headings are compared trimmed and case-insensitively.
 */
export function detectCsvFormat(headings: readonly string[]): CsvFormat | null {
  const has = new Set(headings.map((heading) => heading.trim().toLowerCase()));
  if (has.has("handle") && has.has("title (bangla)")) return "haat";
  if (has.has("handle") && (has.has("variant price") || has.has("title"))) return "shopify";
  if (has.has("type") && has.has("name") && (has.has("regular price") || has.has("parent"))) return "woocommerce";
  return null;
}
