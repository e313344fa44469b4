/**
 * Shopify's product CSV (and haat's export, which is Shopify's with Bangla columns) read into
 * products. Shopify's layout (help.shopify.com, "Using CSV files to import and export products"):
 * rows with the same Handle are one product; its first row carries the product's fields (Title,
 * Body (HTML), Vendor, Type, Status…), every row with an option value, SKU or price is a variant,
 * and rows with only Image Src add pictures. A product without options has one variant whose
 * Option1 Name is "Title" and value "Default Title".
 */
import {
  countStock,
  MAX_BRAND_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  isValidHandle,
  type ImportedProduct,
  type ImportedVariant,
  type ReadProducts,
} from "~/rules/product-csv";
import { MAX_SKU_LENGTH } from "~/rules/variants";
import {
  countCell,
  imageUrlsOf,
  optionValuesOf,
  priceCell,
  pricesFrom,
  ProblemList,
  textCell,
} from "./csv-cells.server";
import type { CsvRow, CsvTable } from "./csv-read.server";
import { htmlToText } from "../html-text.server";

const OPTION_NUMBERS = [1, 2, 3] as const;

/** Whether a Shopify yes/no cell says yes ("TRUE", "true", "yes", "1"). */
function isYes(value: string): boolean {
  return /^(true|yes|y|1)$/i.test(value.trim());
}

/** Whether a row describes a variant (not only a picture). */
function isVariantRow(row: CsvRow): boolean {
  return (
    OPTION_NUMBERS.some((n) => row.cell(`Option${n} Value`) !== "") ||
    row.cell("Variant SKU") !== "" ||
    row.cell("Variant Price") !== ""
  );
}

/**
 * Reads the products of a Shopify (or haat) table. A product with an error is left out (its
 * problems say why); rows without a Handle, and handles without a row that has a Title (variant
 * rows without their product row), are errors of their own.
 */
export function readShopifyProducts(table: CsvTable): ReadProducts {
  const stray = new ProblemList();
  const groups = new Map<string, CsvRow[]>();
  for (const row of table.rows) {
    const handle = row.cell("Handle");
    if (handle === "") {
      stray.error(row.row, "Handle", "required");
      continue;
    }
    const key = handle.toLowerCase();
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const products: ImportedProduct[] = [];
  const skipped: ReadProducts["skipped"] = [];
  const problems = [...stray.list];
  for (const rows of groups.values()) {
    const list = new ProblemList();
    const product = readOne(table, rows, list);
    problems.push(...list.list);
    if (product && !list.hasErrors) products.push(product);
    else skipped.push({ row: rows[0]!.row, name: rows[0]!.cell("Handle") });
  }
  return { products, problems, skipped };
}

function readOne(table: CsvTable, rows: CsvRow[], problems: ProblemList): ImportedProduct | null {
  const haat = table.format === "haat";
  const first = rows.find((row) => row.cell("Title") !== "");
  if (!first) {
    problems.error(rows[0]!.row, "Title", "noProductRow", rows[0]!.cell("Handle"));
    return null;
  }
  const handle = first.cell("Handle");
  if (!isValidHandle(handle)) problems.error(first.row, "Handle", "handleInvalid", handle.slice(0, 40));
  const name = textCell(first, "Title", problems, MAX_NAME_LENGTH);
  const description = htmlToText(textCell(first, "Body (HTML)", problems, MAX_DESCRIPTION_LENGTH * 4)).slice(
    0,
    MAX_DESCRIPTION_LENGTH,
  );
  const status = first.cell("Status").toLowerCase();
  // Shown when active (a draft or archived product is not) and published to the online store
  // (Shopify's Published FALSE keeps an active product off it).
  const published = first.cell("Published");
  const isPublished = (status === "" || status === "active") && (published === "" || isYes(published));
  const type = textCell(first, "Type", problems, 100);
  const taxonomy = textCell(first, "Product Category", problems, 500);
  const categoryName = type || (taxonomy.split(">").pop() ?? "").trim();

  let optionNames = OPTION_NUMBERS.map((n) => textCell(first, `Option${n} Name`, problems, 100));
  while (optionNames.length > 0 && optionNames.at(-1) === "") optionNames = optionNames.slice(0, -1);
  const variantRows = rows.filter(isVariantRow);
  const isDefaultOnly =
    optionNames.length === 1 &&
    optionNames[0]!.toLowerCase() === "title" &&
    variantRows.every((row) => /^(default title|)$/i.test(row.cell("Option1 Value")));
  if (isDefaultOnly) optionNames = [];

  const trackerColumn = table.has("Variant Inventory Tracker");
  const variants: ImportedVariant[] = [];
  for (const row of variantRows) {
    const values = optionNames.map((optionName, index) => {
      const value = textCell(row, `Option${index + 1} Value`, problems, 100);
      if (value === "") problems.error(row.row, `Option${index + 1} Value`, "optionValueMissing", optionName);
      return value;
    });
    const selling = priceCell(row, "Variant Price", problems);
    if (selling === null && row.cell("Variant Price") === "") problems.error(row.row, "Variant Price", "required");
    const compareAt = priceCell(row, "Variant Compare At Price", problems);
    // Counted when Shopify tracks it, unless it keeps selling at 0 ("continue"): haat then does
    // not count it either, so it stays on sale.
    const tracked =
      (trackerColumn
        ? row.cell("Variant Inventory Tracker").toLowerCase() === "shopify"
        : row.cell("Variant Inventory Qty") !== "") &&
      row.cell("Variant Inventory Policy").toLowerCase() !== "continue";
    const quantity = tracked ? (countCell(row, "Variant Inventory Qty", problems) ?? 0) : null;
    const sku = textCell(row, "Variant SKU", problems, MAX_SKU_LENGTH);
    variants.push({
      row: row.row,
      values,
      ...(haat
        ? { valuesBn: optionNames.map((_, index) => textCell(row, `Option${index + 1} Value (Bangla)`, problems, 100)) }
        : {}),
      sku: sku === "" ? null : sku,
      ...(selling === null
        ? { pricePaisa: 0, discountedPricePaisa: null }
        : pricesFrom(selling, compareAt, row.row, "Variant Compare At Price", problems)),
      stockQuantity: quantity,
      imageUrl: row.cell("Variant Image") || null,
      isActive: !haat || row.cell("Variant Active") === "" || isYes(row.cell("Variant Active")),
    });
  }
  if (variants.length === 0) problems.error(first.row, "Variant Price", "required");
  const trackStock = countStock(variants, (variant) =>
    problems.note(variant.row, "Variant Inventory Qty", "stockMissing"),
  );
  const values = optionValuesOf(optionNames, variants, problems, first.row);
  const valuesBn = haat ? banglaValues(values, variants) : null;

  const pictures = rows
    .filter((row) => row.cell("Image Src") !== "")
    .map((row, order) => ({
      url: row.cell("Image Src"),
      row: row.row,
      column: "Image Src",
      position: Number.parseInt(row.cell("Image Position"), 10),
      order,
    }))
    .sort(
      (a, b) =>
        (Number.isFinite(a.position) ? a.position : 1e9 + a.order) -
        (Number.isFinite(b.position) ? b.position : 1e9 + b.order),
    );
  const imageUrls = imageUrlsOf(pictures, variants, problems);

  const brand = textCell(first, "Vendor", problems, MAX_BRAND_LENGTH);
  return {
    row: first.row,
    handle,
    name,
    description,
    ...(table.has("Vendor") ? { brand } : {}),
    category: categoryName
      ? { name: categoryName, ...(haat ? { nameBn: textCell(first, "Type (Bangla)", problems, 100) } : {}) }
      : null,
    isPublished,
    trackStock,
    options: optionNames.map((optionName, index) => ({
      name: optionName,
      ...(haat ? { nameBn: textCell(first, `Option${index + 1} Name (Bangla)`, problems, 100) } : {}),
    })),
    optionValues: values.map((list, option) =>
      list.map((value) => ({
        value,
        ...(valuesBn ? { valueBn: valuesBn[option]!.get(value.toLowerCase()) ?? "" } : {}),
      })),
    ),
    variants,
    imageUrls,
    ...(haat
      ? {
          nameBn: textCell(first, "Title (Bangla)", problems, MAX_NAME_LENGTH),
          descriptionBn: textCell(first, "Body (Bangla)", problems, MAX_DESCRIPTION_LENGTH).replace(/\r\n?/g, "\n"),
          isFeatured: isYes(first.cell("Featured")),
        }
      : {}),
  };
}

/** Each option's Bangla value by its English value (lowercased), from the first variant that gives one. */
function banglaValues(values: readonly string[][], variants: readonly ImportedVariant[]): Map<string, string>[] {
  return values.map((_, option) => {
    const map = new Map<string, string>();
    for (const variant of variants) {
      const key = (variant.values[option] ?? "").toLowerCase();
      const bangla = variant.valuesBn?.[option] ?? "";
      if (key !== "" && bangla !== "" && !map.has(key)) map.set(key, bangla);
    }
    return map;
  });
}
