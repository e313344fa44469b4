/**
 * What the product import's worker thread does (app/server/catalogue/import/import-worker.server.ts,
 * docs/decisions/056-long-work-off-the-request-path.md): the work of an import that costs seconds
 * of CPU, done once and away from the shop's requests.
 *
 * - **check**: read an uploaded file (encoding, quoting, format: csv-read.server.ts), keep it, and
 *   work out its dry run against the shop as it is now, for both choices of "keep new products
 *   hidden"; the dry run is stored on the import, and its page shows it as it was worked out.
 * - **recheck**: the same dry run again for a kept file ("Check again", the shop having changed).
 * - **import**: write its products in short transactions, recording progress, then the audit event.
 */
import {
  finishImport,
  getImport,
  importProducts,
  planImport,
  saveImportFile,
  saveImportProgress,
  savePreview,
  type ImportOptions,
  type ImportOutcome,
  type PlannedProduct,
} from "~/models/catalogue/import/product-import.server";
import type { ReadProducts, RowProblem } from "~/rules/product-csv";
import { audit } from "~/server/audit.server";
import { readProductCsv, type FileProblem } from "./csv-read.server";
import { readShopifyProducts } from "./csv-shopify.server";
import { readWooCommerceProducts } from "./csv-woocommerce.server";

/** The signed-in staff member an import acts for. */
export type Staff = { id: number; email: string };

/** One task for the worker thread (plain data: it is copied to the thread). */
export type ImportTask =
  | { kind: "check"; staffId: number; fileName: string; bytes: Uint8Array }
  | { kind: "recheck"; importId: number }
  | { kind: "import"; importId: number; staff: Staff; address: string; options: ImportOptions };

/** What a task reports as it goes: the file read (kept, or why not), its dry run stored, the import written. */
export type TaskEvent =
  | { type: "read"; importId: number }
  | { type: "refused"; problem: FileProblem }
  | { type: "checked"; importId: number }
  | { type: "imported"; importId: number; outcome: ImportOutcome };

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

/** The products of a kept file, read by its format's reader. */
function readStoredFile(csv: string): ReadProducts & { format: string } {
  const read = readProductCsv(new TextEncoder().encode(csv));
  if (!read.ok) return { format: "", products: [], problems: [], skipped: [] };
  const products =
    read.table.format === "woocommerce" ? readWooCommerceProducts(read.table) : readShopifyProducts(read.table);
  return { format: read.table.format, ...products };
}

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
async function storePreview(importId: number, read: ReadProducts): Promise<boolean> {
  const preview: StoredPreview = {
    checkedAt: new Date().toISOString(),
    shown: await workOutPreview(read, { hideNew: false }),
    hidden: await workOutPreview(read, { hideNew: true }),
  };
  return savePreview(importId, JSON.stringify(preview));
}

/**
 * Runs `task` in this thread, calling `report` as it goes (`TaskEvent`).
 *
 * @throws the database's error when a write fails (the caller marks the import stopped).
 */
export async function runImportTask(task: ImportTask, report: (event: TaskEvent) => void): Promise<void> {
  if (task.kind === "check") {
    const read = readProductCsv(task.bytes);
    if (!read.ok) return report({ type: "refused", problem: read.problem });
    const csv = new TextDecoder("utf-8").decode(task.bytes).replace(/^\uFEFF/, "");
    const importId = await saveImportFile(task.staffId, { fileName: task.fileName, format: read.table.format, csv });
    report({ type: "read", importId });
    const products =
      read.table.format === "woocommerce" ? readWooCommerceProducts(read.table) : readShopifyProducts(read.table);
    await storePreview(importId, products);
    return report({ type: "checked", importId });
  }
  const stored = await getImport(task.importId);
  if (!stored) return;
  const read = readStoredFile(stored.csv);
  if (task.kind === "recheck") {
    await storePreview(task.importId, read);
    return report({ type: "checked", importId: task.importId });
  }
  const outcome = await importProducts(
    task.importId,
    read.products,
    task.staff,
    (progress) => saveImportProgress(task.importId, progress),
    task.options,
  );
  await finishImport(task.importId, outcome);
  await audit({ clientAddress: task.address }, task.staff, {
    action: "products.imported",
    subjectType: "import",
    subjectId: task.importId,
    summary: stored.fileName,
    details: {
      format: read.format,
      created: outcome.created,
      updated: outcome.updated,
      unchanged: outcome.unchanged,
      failed: outcome.failed.length,
      categoriesCreated: outcome.categoriesCreated,
      newHidden: task.options.hideNew,
    },
  });
  report({ type: "imported", importId: task.importId, outcome });
}
