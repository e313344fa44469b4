/**
 * The product CSV export (docs/decisions/049-product-import.md): the catalogue in Shopify's
 * product CSV layout, one row per variant (a product without options has one, "Title" / "Default
 * Title" as Shopify writes it), pictures on the product's rows in order, then haat's own columns
 * (Bangla texts, the category's Bangla name, featured, a variant's switch), which Shopify's import
 * ignores and haat's reads back: an export imported into the same shop changes nothing, and into
 * an empty one makes the same catalogue. Written for Excel: UTF-8 with a byte-order mark (without
 * it Excel shows Bangla as mojibake), CRLF line ends, text that would run as a formula behind an
 * apostrophe (the shop's one CSV writer, `spreadsheetCsv`, does it to every cell). Streamed a chunk
 * of products at a time.
 */
import { productsForExport, type ExportProduct } from "~/models/catalogue/product-export.server";
import { HAAT_CSV_HEADINGS } from "~/rules/product-csv";
import { spreadsheetCsv } from "~/server/spreadsheet-csv.server";
import { variantUrl } from "~/utils/image-url";
import { absoluteUrl, paisaToDecimal } from "~/utils/seo";
import { textToHtml } from "./html-text.server";

type Heading = (typeof HAAT_CSV_HEADINGS)[number];
type Row = Partial<Record<Heading, string>>;

/** "TRUE" or "FALSE", as Shopify writes yes and no. */
function yesNo(value: boolean): string {
  return value ? "TRUE" : "FALSE";
}

/**
 * The handle a product is exported under: its own, else one made from its slug and id (unique);
 * spreadsheet-safe (an import refuses handles that are not letters, digits and hyphens anyway).
 */
function handleOf(product: ExportProduct): string {
  return product.handle ?? `${product.slug || "product"}-${product.id}`;
}

/**
 * The rows of one product: one per live variant, then one per picture beyond them. Prices are taka
 * with two decimals; the price paid is Variant Price, the regular price Variant Compare At Price
 * when the variant is discounted.
 */
function productRows(product: ExportProduct, origin: string): Row[] {
  const imageUrl = (image: { key: string; width: number; variantWidths: string }) => {
    const widths = image.variantWidths.split(",").map(Number).filter(Number.isFinite);
    return absoluteUrl(origin, variantUrl(image.key, widths.length ? Math.max(...widths) : image.width));
  };
  const values = new Map(product.options.flatMap((option) => option.values.map((value) => [value.id, value] as const)));
  const hasOptions = product.options.length > 0;
  const rows: Row[] = product.variants.map((variant) => {
    const chosen = [variant.option1ValueId, variant.option2ValueId, variant.option3ValueId].map((id) =>
      id === null ? undefined : values.get(id),
    );
    const discounted = variant.discountedPricePaisa !== null && variant.discountedPricePaisa < variant.pricePaisa;
    const picture = variant.imageId === null ? null : product.images.find((link) => link.imageId === variant.imageId);
    const row: Row = {
      Handle: handleOf(product),
      "Variant SKU": variant.sku ?? "",
      "Variant Inventory Tracker": product.trackStock ? "shopify" : "",
      "Variant Inventory Qty": product.trackStock ? String(variant.stockQuantity) : "",
      "Variant Inventory Policy": "deny",
      "Variant Price": paisaToDecimal(discounted ? variant.discountedPricePaisa! : variant.pricePaisa),
      "Variant Compare At Price": discounted ? paisaToDecimal(variant.pricePaisa) : "",
      "Variant Image": picture ? imageUrl(picture.image) : "",
      "Variant Active": yesNo(variant.isActive),
    };
    if (hasOptions) {
      product.options.forEach((_, index) => {
        const value = chosen[index];
        row[`Option${index + 1} Value` as Heading] = value?.value ?? "";
        row[`Option${index + 1} Value (Bangla)` as Heading] = value?.valueBn ?? "";
      });
    } else {
      row["Option1 Value"] = "Default Title";
    }
    return row;
  });
  const first: Row = rows[0] ?? { Handle: handleOf(product) };
  if (rows.length === 0) rows.push(first);
  Object.assign(first, {
    Title: product.name,
    "Body (HTML)": textToHtml(product.description),
    Vendor: product.brand,
    Type: product.category?.name ?? "",
    Published: yesNo(product.isPublished),
    Status: product.isPublished ? "active" : "draft",
    "Title (Bangla)": product.nameBn,
    "Body (Bangla)": product.descriptionBn,
    "Type (Bangla)": product.category?.nameBn ?? "",
    Featured: yesNo(product.isFeatured),
  } satisfies Row);
  if (hasOptions) {
    product.options.forEach((option, index) => {
      first[`Option${index + 1} Name` as Heading] = option.name;
      first[`Option${index + 1} Name (Bangla)` as Heading] = option.nameBn;
    });
  } else {
    first["Option1 Name"] = "Title";
  }
  product.images.forEach((link, index) => {
    const row = rows[index] ?? (rows[rows.length] = { Handle: handleOf(product) });
    row["Image Src"] = imageUrl(link.image);
    row["Image Position"] = String(index + 1);
    row["Image Alt Text"] = link.image.alt;
  });
  return rows;
}

/** A Row as the CSV's cells, in heading order. */
function cells(row: Row): string[] {
  return HAAT_CSV_HEADINGS.map((heading) => row[heading] ?? "");
}

/**
 * The export as a download: `haat-products-<UTC yyyymmddhhmm>.csv`, streamed, never stored by a
 * cache. `origin` makes the picture addresses absolute (the shop's public address).
 */
export function productCsvDownload(categoryId: number | null, origin: string): Response {
  const encoder = new TextEncoder();
  const chunks = productsForExport(categoryId);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(spreadsheetCsv([HAAT_CSV_HEADINGS], { bom: true, crlf: true })));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) {
        controller.close();
        return;
      }
      const records = next.value.flatMap((product) => productRows(product, origin).map(cells));
      controller.enqueue(encoder.encode(spreadsheetCsv(records, { crlf: true })));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, "");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="haat-products-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
