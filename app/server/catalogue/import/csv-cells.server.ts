/**
 * Reading a product CSV's cells into a product, the part Shopify's and WooCommerce's readers
 * share: text cells (spreadsheet formulas refused, lengths checked), prices and counts, the
 * options of a product from its variants' values, and its pictures.
 */
import { looksLikeFormula, unescapeCell } from "~/rules/spreadsheet";
import {
  MAX_IMAGES_PER_PRODUCT,
  parseCsvCount,
  parseCsvPrice,
  isHttpUrl,
  type ImportedVariant,
  type RowProblem,
  type RowProblemCode,
} from "~/rules/product-csv";
import { MAX_OPTION_NAME_LENGTH, MAX_OPTION_VALUE_LENGTH, MAX_OPTIONS, MAX_OPTION_VALUES } from "~/rules/variants";
import type { CsvRow } from "./csv-read.server";

/** The most combinations a product may have (app/rules/variants.ts `optionProblems`). */
const MAX_COMBINATIONS = 100;

/** Collects the problems of one product (or of rows that belong to none). */
export class ProblemList {
  readonly list: RowProblem[] = [];

  /** Adds an error: the product it belongs to is not imported. */
  error(row: number, column: string | null, code: RowProblemCode, value?: string) {
    this.list.push({ row, column, code, severity: "error", ...(value === undefined ? {} : { value }) });
  }

  /** Adds a note: the row is imported as described. */
  note(row: number, column: string | null, code: RowProblemCode, value?: string) {
    this.list.push({ row, column, code, severity: "note", ...(value === undefined ? {} : { value }) });
  }

  get hasErrors(): boolean {
    return this.list.some((problem) => problem.severity === "error");
  }
}

/**
 * A text cell: the apostrophe of a spreadsheet-safe export removed, refused when it would run as
 * a formula or is longer than `max` characters (the cell is then read as "").
 */
export function textCell(row: CsvRow, heading: string, problems: ProblemList, max: number): string {
  const value = unescapeCell(row.cell(heading));
  if (value !== row.cell(heading)) return value.length > max ? tooLong(row, heading, problems, max) : value;
  if (looksLikeFormula(value)) {
    problems.error(row.row, heading, "formula", value.slice(0, 40));
    return "";
  }
  return value.length > max ? tooLong(row, heading, problems, max) : value;
}

function tooLong(row: CsvRow, heading: string, problems: ProblemList, max: number): string {
  problems.error(row.row, heading, "tooLong", String(max));
  return "";
}

/** A price cell in paisa (app/rules/product-csv.ts `parseCsvPrice`); null when empty or refused (with an error). */
export function priceCell(row: CsvRow, heading: string, problems: ProblemList): number | null {
  const parsed = parseCsvPrice(row.cell(heading));
  if (!parsed.ok) {
    problems.error(row.row, heading, parsed.code, row.cell(heading).slice(0, 40));
    return null;
  }
  return parsed.paisa;
}

/** A stock cell in units; null when empty or refused (with an error); a negative count is noted and read as 0. */
export function countCell(row: CsvRow, heading: string, problems: ProblemList): number | null {
  const parsed = parseCsvCount(row.cell(heading));
  if (!parsed.ok) {
    problems.error(row.row, heading, parsed.code, row.cell(heading).slice(0, 40));
    return null;
  }
  if (parsed.negative) problems.note(row.row, heading, "stockBelowZero", row.cell(heading));
  return parsed.count;
}

/**
 * The regular and discounted price from a file's two prices, in paisa: a compare-at (Shopify) or
 * regular (WooCommerce) price above the selling price makes the product discounted, haat's price
 * being the higher one and its discounted price the one paid. A sale price that is not lower is
 * noted and dropped.
 */
export function pricesFrom(
  selling: number,
  higher: number | null,
  row: number,
  column: string,
  problems: ProblemList,
): { pricePaisa: number; discountedPricePaisa: number | null } {
  if (higher !== null && higher > selling) return { pricePaisa: higher, discountedPricePaisa: selling };
  if (higher !== null && higher < selling) problems.note(row, column, "discountNotLower");
  return { pricePaisa: selling, discountedPricePaisa: null };
}

/**
 * Checks a product's option names and the values its variants give, and returns each option's
 * values in display order: the order of `preferred` (WooCommerce lists them on the parent), then
 * of first appearance; values compared case-insensitively. Problems: more than three options or
 * twenty values, a name or value too long, a missing value, a combination given twice, more than
 * a hundred combinations.
 */
export function optionValuesOf(
  optionNames: readonly string[],
  variants: readonly ImportedVariant[],
  problems: ProblemList,
  firstRow: number,
  preferred: readonly (readonly string[])[] = [],
): string[][] {
  if (optionNames.length > MAX_OPTIONS) problems.error(firstRow, null, "tooManyOptions", String(MAX_OPTIONS));
  optionNames.forEach((name) => {
    if (name.length > MAX_OPTION_NAME_LENGTH) problems.error(firstRow, null, "tooLong", name.slice(0, 40));
  });
  const values = optionNames.map((_, option) => {
    const seen = new Map<string, string>();
    for (const value of preferred[option] ?? []) seen.set(value.toLowerCase(), value);
    const used = new Set<string>();
    for (const variant of variants) {
      const value = variant.values[option] ?? "";
      if (value === "") continue;
      if (value.length > MAX_OPTION_VALUE_LENGTH) problems.error(variant.row, null, "tooLong", value.slice(0, 40));
      used.add(value.toLowerCase());
      if (!seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
    }
    return [...seen.entries()].filter(([key]) => used.has(key)).map(([, value]) => value);
  });
  values.forEach((list, option) => {
    if (list.length > MAX_OPTION_VALUES) {
      problems.error(firstRow, null, "tooManyValues", `${optionNames[option]}: ${list.length}`);
    }
  });
  const count = values.reduce((product, list) => product * Math.max(1, list.length), 1);
  if (optionNames.length > 0 && count > MAX_COMBINATIONS)
    problems.error(firstRow, null, "tooManyVariants", String(count));
  const combinations = new Set<string>();
  for (const variant of variants) {
    const key = variant.values.map((value) => value.toLowerCase()).join("\u0000");
    if (combinations.has(key)) problems.error(variant.row, null, "combinationTwice", variant.values.join(" / "));
    combinations.add(key);
  }
  return values;
}

/**
 * A product's picture addresses: `listed` in order, then the variants' own pictures, without
 * repeats; an address that is not http(s) is noted and left out; beyond MAX_IMAGES_PER_PRODUCT
 * the rest are noted and left out. A variant whose picture is left out shows the product's first
 * (its `imageUrl` becomes null).
 */
export function imageUrlsOf(
  listed: readonly { url: string; row: number; column: string }[],
  variants: readonly ImportedVariant[],
  problems: ProblemList,
): string[] {
  const urls: string[] = [];
  const all = [
    ...listed,
    ...variants.flatMap((variant) =>
      variant.imageUrl ? [{ url: variant.imageUrl, row: variant.row, column: "Variant Image" }] : [],
    ),
  ];
  for (const entry of all) {
    if (!isHttpUrl(entry.url)) {
      problems.note(entry.row, entry.column, "notAUrl", entry.url.slice(0, 60));
      continue;
    }
    if (urls.includes(entry.url)) continue;
    if (urls.length === MAX_IMAGES_PER_PRODUCT) {
      problems.note(entry.row, entry.column, "tooManyImages", String(MAX_IMAGES_PER_PRODUCT));
      break;
    }
    urls.push(entry.url);
  }
  for (const variant of variants) if (variant.imageUrl && !urls.includes(variant.imageUrl)) variant.imageUrl = null;
  return urls;
}
