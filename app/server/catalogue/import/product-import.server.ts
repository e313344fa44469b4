/**
 * Importing products from a CSV file (docs/decisions/049-product-import.md), the steps a staff
 * member goes through: upload (the file is read, recognised and kept), the dry run (what would be
 * created, updated, left as it is and skipped, with every problem by row and column; nothing is
 * written), the confirmation (the products are written in the background in short transactions,
 * then their pictures are fetched), and the result. Reading, the dry run and the writing run on
 * import threads (import-worker.server.ts, docs/decisions/056-long-work-off-the-request-path.md),
 * so a large file never holds up the shop's requests.
 *
 * The entrance of app/server/catalogue/import/: routes and the rest of the app call this module
 * only. Inside: the CSV readers (csv-read, csv-cells, csv-shopify, csv-woocommerce), the dry run as
 * its page shows it (dry-run), what a thread does and the threads (import-tasks, import-worker),
 * and the pictures fetched afterwards (picture-workers, image-download). The database side is
 * app/models/catalogue/import/.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import {
  claimImport,
  getImport,
  IMPORT_STALLED_MS,
  markChecking,
  stopImport,
  type ImportOptions,
  type StoredImport,
} from "~/models/catalogue/import/stored-imports.server";
import { importImageProgress, retryImportImages } from "~/models/catalogue/import/import-images.server";
import { MAX_CSV_BYTES } from "~/rules/product-csv";
import { audit, clientAddressOf } from "~/server/audit.server";
import { log } from "~/server/log.server";
import type { FileProblem } from "./csv-read.server";
import { startImportImages } from "./picture-workers.server";
import { storedPreview, type ImportPreview } from "./dry-run.server";
import type { ImportTask, Staff, TaskEvent } from "./import-tasks.server";
import { runInImportThread } from "./import-worker.server";

export type { FileProblem } from "./csv-read.server";
export type { ImportPreview } from "./dry-run.server";
export type { StoredImport } from "~/models/catalogue/import/stored-imports.server";
// The import page's history and "Discard" are the stored imports' own (nothing else to do).
export { discardImport, listRecentImports } from "~/models/catalogue/import/stored-imports.server";

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

/** Checks queued in this process: one thread reads and plans a file at a time (each may hold a 15 MB file in memory). */
let checkQueue: Promise<unknown> = Promise.resolve();
/** Imports whose dry run a thread of this process is working out, by id. */
const checking = new Map<number, Promise<void>>();
/** Imports whose products a thread of this process is writing, by id. */
const running = new Map<number, Promise<void>>();

/** Runs `task` on an import thread after the checks queued before it (`checkQueue`). */
function queueCheck(task: ImportTask, onEvent: (event: TaskEvent) => void): Promise<void> {
  const done = checkQueue.then(() => runInImportThread(task, onEvent));
  checkQueue = done.catch(() => undefined);
  return done;
}

/**
 * Keeps an uploaded file and has its dry run worked out on an import thread (reading and planning
 * a large file takes seconds of CPU; the request only waits for it). Resolves once the file is
 * read and kept, or refused, and its dry run stored or CHECK_WAIT_MS passed: a large file's dry
 * run may still be under way then (the import's page says so, and shows it when stored).
 *
 * @returns the new import's id, or why the file cannot be read (nothing kept then).
 * @throws when the thread fails before the file is read (it could not start, or ran out of memory).
 */
export async function acceptImportFile(
  staff: Staff,
  upload: { fileName: string; bytes: Buffer; size: number },
): Promise<{ ok: true; importId: number } | { ok: false; problem: FileProblem }> {
  if (upload.size > MAX_CSV_BYTES) return { ok: false, problem: { code: "tooBig", maxBytes: MAX_CSV_BYTES } };
  const accepted = await keepAndCheck(staff, upload);
  if (accepted.ok) await settledWithin(checking.get(accepted.importId), CHECK_WAIT_MS);
  return accepted;
}

/** How long the upload's answer waits for the dry run, in ms: a small file's is shown at once, a large one's page says it is being checked. */
const CHECK_WAIT_MS = 3000;

/** Resolves when `promise` settles or after `ms` ms, whichever is first (never rejects). */
async function settledWithin(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise?.catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/** `acceptImportFile` without its wait: starts the check and resolves once the file is read and kept, or refused. */
function keepAndCheck(
  staff: Staff,
  upload: { fileName: string; bytes: Buffer },
): Promise<{ ok: true; importId: number } | { ok: false; problem: FileProblem }> {
  return new Promise((resolve, reject) => {
    let importId: number | null = null;
    const task: ImportTask = { kind: "check", staffId: staff.id, fileName: upload.fileName, bytes: upload.bytes };
    const job = queueCheck(task, (event) => {
      if (event.type === "refused") resolve({ ok: false, problem: event.problem });
      if (event.type !== "read") return;
      importId = event.importId;
      checking.set(importId, job);
      resolve({ ok: true, importId });
    })
      .catch(async (error: unknown) => {
        if (importId === null) return reject(error);
        log.error({ err: error, importId }, "Checking a product import stopped");
        await stopImport(importId).catch(() => undefined);
      })
      .finally(() => {
        if (importId !== null) checking.delete(importId);
      });
  });
}

/**
 * "Check again" on a dry run's page: works out the dry run of import `id` anew against the shop
 * as it is now, on an import thread (also after a check whose process ended half-way).
 *
 * @returns false when it is not a preview (started, done, discarded) or is being checked already.
 */
export async function recheckImport(id: number): Promise<boolean> {
  if (checking.has(id) || !(await markChecking(id))) return false;
  const job = queueCheck({ kind: "recheck", importId: id }, () => undefined)
    .catch(async (error: unknown) => {
      log.error({ err: error, importId: id }, "Checking a product import stopped");
      await stopImport(id).catch(() => undefined);
    })
    .finally(() => checking.delete(id));
  checking.set(id, job);
  return true;
}

/** An import not started yet, as its page shows it. */
export type ImportCheck = {
  stored: StoredImport;
  /** The dry run for the options asked (null while it is being worked out the first time). */
  preview: ImportPreview | null;
  /** When the dry run shown was worked out. */
  checkedAt: Date | null;
  /** Whether a dry run is being worked out now. */
  checking: boolean;
  /** Whether the check stopped half-way (its process ended): "Check again" starts it anew. */
  interrupted: boolean;
};

/**
 * Import `id` as its dry run's page shows it, with `options` (new products hidden or not, which
 * decides whether a product's shown state is a change): the stored dry run, worked out when the
 * file was checked (nothing is read or planned here).
 *
 * @returns null when there is no such import; `check` null when it is no longer a preview.
 */
export async function previewImport(
  id: number,
  options: ImportOptions = { hideNew: false },
): Promise<{ stored: StoredImport; check: ImportCheck | null } | null> {
  const stored = await getImport(id, { withFile: false, withPreview: true });
  if (!stored) return null;
  if (stored.status !== "preview" && stored.status !== "checking") return { stored, check: null };
  const preview = storedPreview(stored.preview);
  const isChecking = stored.status === "checking";
  return {
    stored,
    check: {
      stored,
      preview: preview ? (options.hideNew ? preview.hidden : preview.shown) : null,
      checkedAt: preview ? new Date(preview.checkedAt) : null,
      checking: isChecking,
      interrupted: isChecking && !checking.has(id) && Date.now() - stored.updatedAt.getTime() > IMPORT_STALLED_MS,
    },
  };
}

/**
 * Starts importing the kept file of import `id` for `staff` with `options` (new products hidden
 * or not), once: an import thread writes the products (progress saved on the import after each
 * transaction) and records an audit event; then this process fetches the pictures. Returns at once.
 *
 * @returns "started"; "busy" while another import runs (one at a time: two imports of one file
 *   would each create its products); "done" when it is not a preview any more (being checked,
 *   already started, done or discarded).
 */
export async function startImport(
  id: number,
  staff: Staff,
  context: unknown,
  options: ImportOptions = { hideNew: false },
): Promise<"started" | "busy" | "done"> {
  const stored = await getImport(id, { withFile: false, withPreview: true });
  if (!stored || stored.status !== "preview") return "done";
  const counts = storedPreview(stored.preview)?.[options.hideNew ? "hidden" : "shown"].counts;
  const total = counts ? counts.create + counts.update + counts.unchanged : 0;
  const claim = await claimImport(id, total, options);
  if (claim !== "claimed") return claim;
  const task: ImportTask = { kind: "import", importId: id, staff, address: clientAddressOf(context), options };
  const job = runInImportThread(task, (event) => {
    if (event.type === "imported" && event.outcome.imagesQueued > 0) startImportImages();
  })
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
 * the same workers and download checks as the import's own, with a fresh download time budget. Records an audit event for `staff`
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
  startImportImages({ freshBudget: id });
  return queued;
}

/** Resolves when import `id` has finished writing its products in this process (for tests). */
export async function importFinished(id: number): Promise<void> {
  await running.get(id);
}

/** Resolves when the dry run of import `id` is stored, if a thread of this process is working it out (for tests). */
export async function importChecked(id: number): Promise<void> {
  await checking.get(id);
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
