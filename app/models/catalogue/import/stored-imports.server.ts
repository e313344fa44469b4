/**
 * The product CSV import's stored files (docs/decisions/049-product-import.md): an upload kept
 * between its dry run and its import, with its status (checking, preview, importing, imported,
 * stopped, discarded), its stored dry run and what the import did (`ImportOutcome`, the progress
 * while it runs). Matching a file to the shop is ./import-matching.server.ts, the dry run
 * ./import-plan.server.ts, the writing ./import-writing.server.ts, the pictures' queue
 * ./import-images.server.ts.
 */
import { prisma } from "../../db/client.server";

/**
 * What an import did, kept as JSON on its row and shown on its result page. `done` of `total`
 * products have been through (the progress while it runs); `failed` are products a database error
 * kept out (the rest were written).
 */
export type ImportOutcome = {
  total: number;
  done: number;
  created: number;
  updated: number;
  unchanged: number;
  categoriesCreated: string[];
  failed: { row: number; handle: string; name: string }[];
  imagesQueued: number;
  /**
   * The person chose to keep the products this import creates hidden until they are checked
   * (`ImportOptions.hideNew`); absent on imports from before that choice existed.
   */
  newHidden?: boolean;
};

/** The outcome of an import of `total` products with `options` before it has written any. */
export function emptyOutcome(total: number, options: ImportOptions): ImportOutcome {
  return {
    total,
    done: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    categoriesCreated: [],
    failed: [],
    imagesQueued: 0,
    newHidden: options.hideNew,
  };
}

/**
 * A person's choices for one import. `hideNew`: products it creates are not shown in the shop
 * (whatever the file's status says), and products it updates keep being shown or hidden as they
 * are; a template's products (Shopify's arrive live and without pictures) are then checked before
 * customers see them.
 */
export type ImportOptions = { hideNew: boolean };

/** A stored import as its pages read it. */
export type StoredImport = {
  id: number;
  createdAt: Date;
  /** When it last changed (a running import saves its progress after each transaction). */
  updatedAt: Date;
  fileName: string;
  format: string;
  status: "checking" | "preview" | "importing" | "imported" | "stopped" | "discarded";
  csv: string;
  /** The stored dry run as JSON (app/server/catalogue/import/dry-run.server.ts writes and reads it); "" until it is worked out. */
  preview: string;
  outcome: ImportOutcome | null;
  importedAt: Date | null;
  createdBy: string | null;
};

/** How long a file that was checked but never imported is kept, in ms. */
const PREVIEW_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Keeps an uploaded file (its text, without a byte-order mark) for its dry run, as "checking" until
 * `savePreview` stores it; returns its id. Files checked more than a week ago and never imported
 * are let go (discarded) meanwhile, so the database does not keep every upload.
 */
export async function saveImportFile(
  createdById: number,
  file: { fileName: string; format: string; csv: string },
): Promise<number> {
  await prisma.productImport.updateMany({
    where: { status: { in: ["checking", "preview"] }, createdAt: { lt: new Date(Date.now() - PREVIEW_KEPT_MS) } },
    data: { status: "discarded", csv: "", preview: "" },
  });
  const row = await prisma.productImport.create({
    data: { createdById, ...file, status: "checking" },
    select: { id: true },
  });
  return row.id;
}

/**
 * The import with this id, or null. Its file (`csv`, up to 15 MB) is read only `withFile`, its
 * stored dry run only `withPreview`; "" otherwise.
 */
export async function getImport(
  id: number,
  { withFile = true, withPreview = false }: { withFile?: boolean; withPreview?: boolean } = {},
): Promise<StoredImport | null> {
  const row = await prisma.productImport.findUnique({
    where: { id },
    select: {
      id: true,
      createdAt: true,
      updatedAt: true,
      fileName: true,
      format: true,
      status: true,
      csv: withFile,
      preview: withPreview,
      outcome: true,
      importedAt: true,
      createdBy: { select: { email: true } },
    },
  });
  if (!row) return null;
  return {
    ...row,
    csv: row.csv ?? "",
    preview: row.preview ?? "",
    status: row.status as StoredImport["status"],
    outcome: row.outcome ? (JSON.parse(row.outcome) as ImportOutcome) : null,
    createdBy: row.createdBy?.email ?? null,
  };
}

/** The latest imports (newest first), without their files: the import page's history. */
export async function listRecentImports(take = 10) {
  const rows = await prisma.productImport.findMany({
    orderBy: { id: "desc" },
    take,
    select: { id: true, createdAt: true, fileName: true, status: true, outcome: true, importedAt: true },
  });
  return rows.map((row) => ({
    ...row,
    outcome: row.outcome ? (JSON.parse(row.outcome) as ImportOutcome) : null,
  }));
}

/**
 * How long a running import may go without saving progress before it counts as stopped (its
 * process ended): a transaction of products takes well under a second.
 */
export const IMPORT_STALLED_MS = 2 * 60 * 1000;

/**
 * Marks a previewed import as running, once, and only while no other import runs (two imports of
 * one file at once would each create its products): "claimed" for the one request that does it,
 * "busy" while another import is running, "done" when it is not a preview any more, so a
 * confirmation sent twice imports once. Its outcome is then the empty one of `total` products
 * with `options` (`emptyOutcome`), shown until the import saves its first progress.
 */
export async function claimImport(
  id: number,
  total: number,
  options: ImportOptions,
): Promise<"claimed" | "busy" | "done"> {
  return prisma.$transaction(async (tx) => {
    const running = await tx.productImport.count({
      where: { status: "importing", id: { not: id }, updatedAt: { gt: new Date(Date.now() - IMPORT_STALLED_MS) } },
    });
    if (running > 0) return "busy";
    const claimed = await tx.productImport.updateMany({
      where: { id, status: "preview" },
      data: { status: "importing", outcome: JSON.stringify(emptyOutcome(total, options)) },
    });
    return claimed.count === 1 ? "claimed" : "done";
  });
}

/**
 * Marks a running import as stopped by an error (its products so far are written), or an import
 * whose dry run could not be worked out; its file is let go.
 */
export async function stopImport(id: number): Promise<void> {
  await prisma.productImport.updateMany({
    where: { id, status: { in: ["checking", "importing"] } },
    data: { status: "stopped", csv: "" },
  });
}

/** Saves a running import's progress. */
export async function saveImportProgress(id: number, outcome: ImportOutcome): Promise<void> {
  await prisma.productImport.update({ where: { id }, data: { outcome: JSON.stringify(outcome) } });
}

/** Marks an import as done with its outcome; its file is let go (the products hold what it said). */
export async function finishImport(id: number, outcome: ImportOutcome): Promise<void> {
  await prisma.productImport.update({
    where: { id },
    data: { status: "imported", outcome: JSON.stringify(outcome), csv: "", preview: "", importedAt: new Date() },
  });
}

/**
 * Stores the dry run `preview` (JSON) of import `id` and shows it (status "preview"), unless the
 * import was discarded or started meanwhile; false then.
 */
export async function savePreview(id: number, preview: string): Promise<boolean> {
  const saved = await prisma.productImport.updateMany({
    where: { id, status: { in: ["checking", "preview"] } },
    data: { status: "preview", preview },
  });
  return saved.count === 1;
}

/**
 * Marks a previewed import as being checked again (its stored dry run stays until the new one
 * replaces it), or one whose check has not moved for IMPORT_STALLED_MS (its process ended); false
 * otherwise (being checked, started, done or discarded).
 */
export async function markChecking(id: number): Promise<boolean> {
  const stalled = new Date(Date.now() - IMPORT_STALLED_MS);
  const marked = await prisma.productImport.updateMany({
    where: { id, OR: [{ status: "preview" }, { status: "checking", updatedAt: { lt: stalled } }] },
    data: { status: "checking" },
  });
  return marked.count === 1;
}

/** Drops a file not imported yet (checking or previewed) without importing it; false when it was neither. */
export async function discardImport(id: number): Promise<boolean> {
  const discarded = await prisma.productImport.updateMany({
    where: { id, status: { in: ["checking", "preview"] } },
    data: { status: "discarded", csv: "", preview: "" },
  });
  return discarded.count === 1;
}
