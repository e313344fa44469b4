/**
 * WooCommerce's product CSV (its built-in exporter and importer, "Product CSV Import Schema" in
 * WooCommerce's documentation) read into products. Each row is a product (Type simple or
 * variable) or a variation of one (Type variation, its Parent "id:44" or the parent's SKU). A
 * variable product lists its attributes' values ("Attribute 1 name" Color, "Attribute 1 value(s)"
 * "Blue, Green, Red"); a variation gives one value of each (an empty value means "any"). Grouped
 * and external products are not products haat can sell, so they are skipped with a note.
 */
import {
  countStock,
  handleFromName,
  MAX_BRAND_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  type ImportedProduct,
  type ImportedVariant,
  type ReadProducts,
} from "~/rules/product-csv";
import { MAX_SKU_LENGTH } from "~/rules/variants";
import { countCell, imageUrlsOf, optionValuesOf, priceCell, ProblemList, textCell } from "./csv-cells.server";
import type { CsvRow, CsvTable } from "./csv-read.server";
import { htmlToText } from "../html-text.server";

/** Most attribute columns looked at ("Attribute 1 name" … "Attribute 9 name"). */
const MAX_ATTRIBUTES = 9;

/**
 * A comma-separated WooCommerce list ("Blue, Green, Red"; Categories; Images), with `\,` as a
 * comma inside an item, as WooCommerce's exporter writes it.
 */
function splitList(cell: string): string[] {
  return cell
    .split(/(?<!\\),/)
    .map((item) => item.replace(/\\,/g, ",").trim())
    .filter((item) => item !== "");
}

/**
 * WooCommerce writes line breaks in descriptions as the two characters "\n", and WordPress makes
 * paragraphs of line breaks even between tags (wpautop): a description with tags keeps them as
 * `<br>`, which the HTML cleaning reads as line breaks (a line break in HTML is a space).
 */
function wooText(cell: string): string {
  const text = cell.replace(/\\n/g, "\n").replace(/\\r/g, "").replace(/\r\n?/g, "\n");
  return /<[a-z!/]/i.test(text) ? text.replace(/\n/g, "<br>") : text;
}

/** The attributes of a row in column order: name and value(s) cell. */
function attributesOf(row: CsvRow): { name: string; value: string }[] {
  const list: { name: string; value: string }[] = [];
  for (let n = 1; n <= MAX_ATTRIBUTES; n++) {
    const name = row.cell(`Attribute ${n} name`);
    if (name !== "") list.push({ name, value: row.cell(`Attribute ${n} value(s)`) });
  }
  return list;
}

/**
 * The price and stock of a simple product or variation: Sale price below Regular price makes it
 * discounted; a number in Stock counts its stock, as does "In stock?" 0 without one (out of stock).
 * A variation whose Stock is "parent" shares its parent's count, which haat cannot (each variant
 * counts its own): it is noted and counted as 0, never the parent's whole count for each.
 */
function variantFields(row: CsvRow, problems: ProblemList) {
  const regular = priceCell(row, "Regular price", problems);
  if (regular === null && row.cell("Regular price") === "") problems.error(row.row, "Regular price", "required");
  const sale = priceCell(row, "Sale price", problems);
  const stockCell = row.cell("Stock").toLowerCase();
  if (stockCell === "parent") problems.note(row.row, "Stock", "parentStock");
  const stock =
    stockCell === "parent"
      ? 0
      : stockCell !== ""
        ? countCell(row, "Stock", problems)
        : row.cell("In stock?") === "0"
          ? 0
          : null;
  let prices: { pricePaisa: number; discountedPricePaisa: number | null } = {
    pricePaisa: 0,
    discountedPricePaisa: null,
  };
  if (regular !== null) {
    if (sale !== null && sale < regular) prices = { pricePaisa: regular, discountedPricePaisa: sale };
    else {
      if (sale !== null && sale > regular) problems.note(row.row, "Sale price", "discountNotLower");
      prices = { pricePaisa: regular, discountedPricePaisa: null };
    }
  }
  return { ...prices, stockQuantity: stock };
}

/** Whether a row is published: Published 1 (0 is a draft, -1 private) and not hidden from the catalogue. */
function isShown(row: CsvRow): boolean {
  const published = row.cell("Published");
  return published !== "0" && published !== "-1" && row.cell("Visibility in catalog").toLowerCase() !== "hidden";
}

/**
 * Reads the products of a WooCommerce table. Handles come from the names (WooCommerce's CSV has
 * no slug column), made unique in the file with "-2", "-3"… in file order, so a re-import of the
 * same file finds the same products.
 */
export function readWooCommerceProducts(table: CsvTable): ReadProducts {
  const stray = new ProblemList();
  const parents: { row: CsvRow; kind: "simple" | "variable"; variations: CsvRow[] }[] = [];
  const byReference = new Map<string, (typeof parents)[number]>();
  const variations: CsvRow[] = [];
  for (const row of table.rows) {
    const types = row
      .cell("Type")
      .toLowerCase()
      .split(",")
      .map((type) => type.trim());
    if (types.includes("variation")) {
      variations.push(row);
      continue;
    }
    const kind = types.includes("variable") ? "variable" : types.includes("simple") ? "simple" : null;
    if (!kind) {
      stray.note(row.row, "Type", "typeNotSupported", row.cell("Type") || "—");
      continue;
    }
    const entry = { row, kind, variations: [] as CsvRow[] } as const;
    parents.push(entry);
    if (row.cell("ID")) byReference.set(`id:${row.cell("ID")}`, entry);
    if (row.cell("SKU")) byReference.set(row.cell("SKU").toLowerCase(), entry);
  }
  for (const row of variations) {
    const reference = row
      .cell("Parent")
      .toLowerCase()
      .replace(/^id:\s*/, "id:");
    const parent = byReference.get(reference);
    if (!parent || parent.kind !== "variable")
      stray.error(row.row, "Parent", "parentMissing", row.cell("Parent") || "—");
    else parent.variations.push(row);
  }

  const handles = new Set<string>();
  const products: ImportedProduct[] = [];
  const skipped: ReadProducts["skipped"] = [];
  const problems = [...stray.list];
  for (const parent of parents) {
    const list = new ProblemList();
    const product = readOne(parent.row, parent.kind, parent.variations, list);
    problems.push(...list.list);
    if (!product || list.hasErrors) {
      skipped.push({ row: parent.row.row, name: parent.row.cell("Name") || parent.row.cell("SKU") });
      continue;
    }
    let handle = product.handle;
    for (let suffix = 2; handles.has(handle); suffix++) handle = `${product.handle}-${suffix}`;
    handles.add(handle);
    products.push({ ...product, handle });
  }
  return { products, problems, skipped };
}

function readOne(
  row: CsvRow,
  kind: "simple" | "variable",
  variationRows: readonly CsvRow[],
  problems: ProblemList,
): ImportedProduct | null {
  const name = textCell(row, "Name", problems, MAX_NAME_LENGTH);
  if (name === "" && row.cell("Name") === "") problems.error(row.row, "Name", "required");
  const body =
    textCell(row, "Description", problems, MAX_DESCRIPTION_LENGTH * 4) ||
    textCell(row, "Short description", problems, MAX_DESCRIPTION_LENGTH * 4);
  const firstCategory = splitList(row.cell("Categories"))[0] ?? "";
  const categoryName = (firstCategory.split(">")[0] ?? "").trim();

  let optionNames: string[] = [];
  let preferred: string[][] = [];
  const variants: ImportedVariant[] = [];
  if (kind === "simple") {
    const sku = textCell(row, "SKU", problems, MAX_SKU_LENGTH);
    variants.push({
      row: row.row,
      values: [],
      sku: sku === "" ? null : sku,
      ...variantFields(row, problems),
      imageUrl: null,
      isActive: true,
    });
  } else {
    if (variationRows.length === 0) problems.error(row.row, "Type", "required", "variation");
    const parentAttributes = attributesOf(row);
    const perVariation = variationRows.map(
      (variation) => new Map(attributesOf(variation).map((a) => [a.name.toLowerCase(), a.value])),
    );
    // An attribute every variation leaves empty ("any") does not tell variations apart: it is not
    // an option in haat. One that some variations give and others leave as "any" cannot be
    // represented (each variant has one value of each option).
    const used = parentAttributes.filter((attribute) =>
      perVariation.some((values) => (values.get(attribute.name.toLowerCase()) ?? "") !== ""),
    );
    for (const attribute of used) {
      perVariation.forEach((values, index) => {
        if ((values.get(attribute.name.toLowerCase()) ?? "") === "") {
          problems.error(variationRows[index]!.row, null, "anyValueNotSupported", attribute.name);
        }
      });
    }
    optionNames = used.map((attribute) => attribute.name);
    preferred = used.map((attribute) => splitList(attribute.value));
    variationRows.forEach((variation, index) => {
      const sku = textCell(variation, "SKU", problems, MAX_SKU_LENGTH);
      const values = used.map((attribute) => perVariation[index]!.get(attribute.name.toLowerCase()) ?? "");
      variants.push({
        row: variation.row,
        values,
        sku: sku === "" ? null : sku,
        ...variantFields(variation, problems),
        imageUrl: splitList(variation.cell("Images"))[0] ?? null,
        isActive: variation.cell("Published") !== "0" && variation.cell("Published") !== "-1",
      });
    });
  }
  const trackStock = countStock(variants, (variant) => problems.note(variant.row, "Stock", "stockMissing"));
  const values = optionValuesOf(optionNames, variants, problems, row.row, preferred);
  const imageUrls = imageUrlsOf(
    splitList(row.cell("Images")).map((url) => ({ url, row: row.row, column: "Images" })),
    variants,
    problems,
  );
  const brandCell = textCell(row, "Brands", problems, MAX_BRAND_LENGTH);
  return {
    row: row.row,
    handle: handleFromName(name),
    name,
    description: htmlToText(wooText(body)).slice(0, MAX_DESCRIPTION_LENGTH),
    ...(brandCell !== "" ? { brand: splitList(brandCell)[0] ?? "" } : {}),
    category: categoryName ? { name: categoryName } : null,
    isPublished: isShown(row),
    isFeatured: row.cell("Is featured?") === "1",
    trackStock,
    options: optionNames.map((optionName) => ({ name: optionName })),
    optionValues: values.map((list) => list.map((value) => ({ value }))),
    variants,
    imageUrls,
  };
}
