/**
 * The dry run of a product import as its page shows it (docs/decisions/049-product-import.md):
 * worked out on an import thread (./import-tasks.server.ts) from the plan of the models
 * (app/models/catalogue/import/import-plan.server.ts) for both choices of "keep new products
 * hidden", stored on the import as JSON (`StoredPreview`), and read back for the page.
 */
import { planImport, type PlannedProduct } from "~/models/catalogue/import/import-plan.server";
import { savePreview, type ImportOptions } from "~/models/catalogue/import/stored-imports.server";
import type { ReadProducts, RowProblem } from "~/rules/product-csv";

/** One product of the dry run: what would happen to it, and what the file gives it. */
type PreviewProduct = Pick<PlannedProduct, "action" | "productId"> & {
  row: number;
  name: string;
  handle: string;
  variantCount: number;
  imageCount: number;
};

/** The dry run of a kept file, as the preview page shows it. */
export type ImportPreview = {
  counts: { create: number; update: number; unchanged: number; skipped: number };
  /** The problems by row, errors (their product is skipped) and notes: the first PREVIEW_LIST of `problemCount`. */
  problems: RowProblem[];
  problemCount: number;
  /** Products that would be written, in file order (at most PREVIEW_LIST). */
  planned: PreviewProduct[];
  /** Category names that would be created. */
  newCategories: string[];
  /** How many pictures would be fetched by address (those the shop does not have yet). */
  imageCount: number;
};

/**
 * The dry run as stored on the import (JSON): worked out at `checkedAt` (ISO 8601), with new
 * products shown (`shown`) and kept hidden (`hidden`), the two choices the page offers.
 */
export type StoredPreview = { checkedAt: string; shown: ImportPreview; hidden: ImportPreview };

/** Most products and problems listed on the preview page (the counts cover them all). */
const PREVIEW_LIST = 500;

/** The dry run of the read file `read` against the shop as it is now, with `options`: nothing is written. */
async function workOutPreview(read: ReadProducts, options: ImportOptions): Promise<ImportPreview> {
  const plan = await planImport(read.products, options);
  const planned = new Set(plan.planned.map((entry) => entry.product));
  const refusedByPlan = read.products.filter((product) => !planned.has(product));
  const count = (action: PlannedProduct["action"]) => plan.planned.filter((entry) => entry.action === action).length;
  const problems = [...read.problems, ...plan.problems].sort((a, b) => a.row - b.row);
  return {
    counts: {
      create: count("create"),
      update: count("update"),
      unchanged: count("unchanged"),
      skipped: read.skipped.length + refusedByPlan.length,
    },
    problems: problems.slice(0, PREVIEW_LIST),
    problemCount: problems.length,
    planned: plan.planned.slice(0, PREVIEW_LIST).map((entry) => ({
      action: entry.action,
      productId: entry.productId,
      row: entry.product.row,
      name: entry.product.name,
      handle: entry.product.handle,
      variantCount: entry.product.variants.length,
      imageCount: entry.product.imageUrls.length,
    })),
    newCategories: plan.newCategories,
    imageCount: plan.planned.reduce((sum, entry) => sum + entry.picturesToFetch, 0),
  };
}

/** Works out and stores the dry run of import `importId`, whose file `read` is; false when it was discarded or started meanwhile. */
export async function storePreview(importId: number, read: ReadProducts): Promise<boolean> {
  const preview: StoredPreview = {
    checkedAt: new Date().toISOString(),
    shown: await workOutPreview(read, { hideNew: false }),
    hidden: await workOutPreview(read, { hideNew: true }),
  };
  return savePreview(importId, JSON.stringify(preview));
}

/** The stored dry run of an import (`StoredPreview` JSON), or null when none was stored yet or it cannot be read. */
export function storedPreview(json: string): StoredPreview | null {
  if (json === "") return null;
  try {
    return JSON.parse(json) as StoredPreview;
  } catch {
    return null;
  }
}
