/**
 * What the product import's worker thread does (app/server/catalogue/import/import-worker.server.ts,
 * docs/decisions/056-long-work-off-the-request-path.md): the work of an import that costs seconds
 * of CPU, done once and away from the shop's requests.
 *
 * - **check**: read an uploaded file (encoding, quoting, format: csv-read.server.ts), keep it, and
 *   work out its dry run against the shop as it is now, for both choices of "keep new products
 *   hidden" (dry-run.server.ts); the dry run is stored on the import, and its page shows it as it
 *   was worked out.
 * - **recheck**: the same dry run again for a kept file ("Check again", the shop having changed).
 * - **import**: write its products in short transactions, recording progress, then the audit event.
 */
import { importProducts } from "~/models/catalogue/import/import-writing.server";
import {
  finishImport,
  getImport,
  saveImportFile,
  saveImportProgress,
  type ImportOptions,
  type ImportOutcome,
} from "~/models/catalogue/import/stored-imports.server";
import type { ReadProducts } from "~/rules/product-csv";
import { audit } from "~/server/audit.server";
import { readProductCsv, type CsvTable, type FileProblem } from "./csv-read.server";
import { readShopifyProducts } from "./csv-shopify.server";
import { readWooCommerceProducts } from "./csv-woocommerce.server";
import { storePreview } from "./dry-run.server";

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

/** The products of a read file, by its format's reader. */
function productsOf(table: CsvTable): ReadProducts {
  return table.format === "woocommerce" ? readWooCommerceProducts(table) : readShopifyProducts(table);
}

/** The products of a kept file, read by its format's reader. */
function readStoredFile(csv: string): ReadProducts & { format: string } {
  const read = readProductCsv(new TextEncoder().encode(csv));
  if (!read.ok) return { format: "", products: [], problems: [], skipped: [] };
  return { format: read.table.format, ...productsOf(read.table) };
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
    await storePreview(importId, productsOf(read.table));
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
