/**
 * Importing products from a CSV file (docs/decisions/049-product-import.md), the steps a staff
 * member goes through: upload (the file is read, recognised and kept), the dry run (what would be
 * created, updated, left as it is and skipped, with every problem by row and column; nothing is
 * written), the confirmation (the products are written in the background in short transactions,
 * then their pictures are fetched), and the result.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import {
  claimImport,
  finishImport,
  IMPORT_STALLED_MS,
  stopImport,
  getImport,
  importImageProgress,
  importProducts,
  planImport,
  retryImportImages,
  saveImportFile,
  saveImportProgress,
  type ImportOptions,
  type ImportOutcome,
  type PlannedProduct,
  type StoredImport,
} from "~/models/product-import.server";
import { MAX_CSV_BYTES, type ReadProducts, type RowProblem } from "~/rules/product-csv";
import { audit } from "~/server/audit.server";
import { log } from "~/server/log.server";
import { readProductCsv, type FileProblem } from "./csv-read.server";
import { readShopifyProducts } from "./csv-shopify.server";
import { readWooCommerceProducts } from "./csv-woocommerce.server";
import { startImportImages } from "./import-images.server";

export type { FileProblem } from "./csv-read.server";
export type { StoredImport } from "~/models/product-import.server";

/** The signed-in staff member an import acts for. */
type Staff = { id: number; email: string };

/**
 * Reads the upload form of /admin/products/import: the file of field `file`, keeping at most
 * MAX_CSV_BYTES + 1 bytes (the rest is read and dropped, so a 50 MB file is refused with a message
 * instead of filling memory), and its checkbox `hideNew` (keep new products hidden).
 *
 * @returns the file's name and bytes with the checkbox, or null when the form has no file.
 * @throws {Error} for a request that is not multipart/form-data.
 */
export async function readImportUpload(
  request: Request,
): Promise<{ fileName: string; bytes: Buffer; size: number; hideNew: boolean } | null> {
  // Set in the handler: declared with `as` so that TypeScript does not take it for null forever after.
  let file = null as { fileName: string; bytes: Buffer; size: number; hideNew: boolean } | null;
  let hideNew = false;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= MAX_CSV_BYTES + 1) chunks.push(Buffer.from(chunk));
    }
    if (name === "file" && typeof filename === "string" && filename !== "" && file === null) {
      file = {
        fileName: filename.split(/[/\\]/).pop()!.slice(0, 120),
        bytes: Buffer.concat(chunks),
        size,
        hideNew: false,
      };
    }
    if (name === "hideNew" && filename === undefined) hideNew = true;
    return undefined;
  };
  await unstable_parseMultipartFormData(request, handler);
  return file === null ? null : { ...file, hideNew };
}

/**
 * Reads an uploaded file and keeps it for its dry run.
 *
 * @returns the new import's id, or why the file cannot be read (nothing kept then).
 */
export async function acceptImportFile(
  staff: Staff,
  upload: { fileName: string; bytes: Buffer; size: number },
): Promise<{ ok: true; importId: number } | { ok: false; problem: FileProblem }> {
  if (upload.size > MAX_CSV_BYTES) return { ok: false, problem: { code: "tooBig", maxBytes: MAX_CSV_BYTES } };
  const read = readProductCsv(upload.bytes);
  if (!read.ok) return read;
  const csv = new TextDecoder("utf-8").decode(upload.bytes).replace(/^\uFEFF/, "");
  const importId = await saveImportFile(staff.id, { fileName: upload.fileName, format: read.table.format, csv });
  return { ok: true, importId };
}

/** The products of a kept file, read by its format's reader. */
function readStoredFile(csv: string): ReadProducts & { format: string } {
  const read = readProductCsv(new TextEncoder().encode(csv));
  if (!read.ok) return { format: "", products: [], problems: [], skipped: [] };
  const products =
    read.table.format === "woocommerce" ? readWooCommerceProducts(read.table) : readShopifyProducts(read.table);
  return { format: read.table.format, ...products };
}

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

/** Most products and problems listed on the preview page (the counts cover them all). */
const PREVIEW_LIST = 500;

/**
 * The dry run of import `id` against the shop as it is now, with `options` (new products hidden
 * or not, which decides whether a product's shown state is a change): nothing is written.
 *
 * @returns null when there is no such import; `preview` null when it is no longer a preview.
 */
export async function previewImport(
  id: number,
  options: ImportOptions = { hideNew: false },
): Promise<{ stored: StoredImport; preview: ImportPreview | null } | null> {
  // The file (up to 15 MB) is read only for a dry run: a running import's page asks every 1.5 s.
  const summary = await getImport(id, { withFile: false });
  if (!summary || summary.status !== "preview") return summary ? { stored: summary, preview: null } : null;
  const stored = await getImport(id);
  if (!stored) return null;
  const read = readStoredFile(stored.csv);
  const plan = await planImport(read.products, options);
  const planned = new Set(plan.planned.map((entry) => entry.product));
  const refusedByPlan = read.products.filter((product) => !planned.has(product));
  const count = (action: PlannedProduct["action"]) => plan.planned.filter((entry) => entry.action === action).length;
  const problems = [...read.problems, ...plan.problems].sort((a, b) => a.row - b.row);
  return {
    stored,
    preview: {
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
    },
  };
}

const running = new Map<number, Promise<void>>();

/**
 * Starts importing the kept file of import `id` for `staff` with `options` (new products hidden
 * or not), once: the products are written in the background (progress saved on the import after
 * each transaction), then an audit event is recorded and the pictures are fetched. Returns at once.
 *
 * @returns "started"; "busy" while another import runs (one at a time: two imports of one file
 *   would each create its products); "done" when it is not a preview any more (already started,
 *   done or discarded).
 */
export async function startImport(
  id: number,
  staff: Staff,
  context: unknown,
  options: ImportOptions = { hideNew: false },
): Promise<"started" | "busy" | "done"> {
  const stored = await getImport(id);
  if (!stored || stored.status !== "preview") return "done";
  const read = readStoredFile(stored.csv);
  const empty: ImportOutcome = {
    total: read.products.length,
    done: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    categoriesCreated: [],
    failed: [],
    imagesQueued: 0,
    newHidden: options.hideNew,
  };
  const claim = await claimImport(id, empty);
  if (claim !== "claimed") return claim;
  const job = (async () => {
    const outcome = await importProducts(
      id,
      read.products,
      staff,
      (progress) => saveImportProgress(id, progress),
      options,
    );
    await finishImport(id, outcome);
    await audit(context, staff, {
      action: "products.imported",
      subjectType: "import",
      subjectId: id,
      summary: stored.fileName,
      details: {
        format: read.format,
        created: outcome.created,
        updated: outcome.updated,
        unchanged: outcome.unchanged,
        failed: outcome.failed.length,
        categoriesCreated: outcome.categoriesCreated,
        newHidden: options.hideNew,
      },
    });
    if (outcome.imagesQueued > 0) startImportImages();
  })()
    .catch(async (error: unknown) => {
      // The products written so far stay (each whole); the page says the import stopped.
      log.error({ err: error, importId: id }, "A product import stopped");
      await stopImport(id).catch(() => undefined);
    })
    .finally(() => running.delete(id));
  running.set(id, job);
  return "started";
}

/**
 * "Try again" on an import's page: queues the failed pictures of import `id` again (only picture
 * `pictureId` when given; `retryImportImages`) and starts fetching them in this process, through
 * the same workers and download checks as the import's own. Records an audit event for `staff`
 * when any was queued.
 *
 * @returns how many pictures were queued again: 0 when there is no such import or none of its
 *   pictures (or not that one) is failed now, as when the button is pressed a second time.
 */
export async function retryImportPictures(
  id: number,
  staff: Staff,
  context: unknown,
  pictureId?: number,
): Promise<number> {
  const stored = await getImport(id, { withFile: false });
  if (!stored) return 0;
  const queued = await retryImportImages(id, pictureId);
  if (queued === 0) return 0;
  await audit(context, staff, {
    action: "products.pictures-retried",
    subjectType: "import",
    subjectId: id,
    summary: stored.fileName,
    details: { pictures: queued, ...(pictureId === undefined ? {} : { picture: pictureId }) },
  });
  startImportImages();
  return queued;
}

/** Resolves when import `id` has finished writing its products in this process (for tests). */
export async function importFinished(id: number): Promise<void> {
  await running.get(id);
}

/**
 * Import `id` with its progress: products, and pictures (waiting, done, failed with reasons).
 * Starts fetching its pictures in this process when some wait and no process is fetching any of
 * them (after a restart); while the process that imported it fetches them, it goes on alone. Null
 * when there is no such import.
 */
export async function importResult(id: number) {
  const stored = await getImport(id, { withFile: false });
  if (!stored) return null;
  const images = await importImageProgress(id);
  if (images.waiting > 0 && images.claimed === 0) startImportImages();
  const interrupted =
    stored.status === "stopped" ||
    (stored.status === "importing" && !running.has(id) && Date.now() - stored.updatedAt.getTime() > IMPORT_STALLED_MS);
  return { stored, images, interrupted };
}
