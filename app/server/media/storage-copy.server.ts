/**
 * Copies every object of one uploads storage into another, under the same names: a local folder
 * into a bucket (`npm run migrate:to-s3`, a restore into a bucket) or a bucket into a folder (a
 * backup of a bucket). An object the target already holds with the same size is skipped: the image
 * pipeline never rewrites a name (a new picture gets a new random key), so the same name and size
 * is the same picture, and a copy that stopped half-way can simply be run again.
 */
import type { UploadsStorage } from "./storage-contract.server";

/** What `copyObjects` did; sizes in bytes. */
export type CopyReport = {
  /** Objects written to the target. */
  copied: number;
  /** Bytes written to the target. */
  copiedBytes: number;
  /** Objects the target already held with the same size. */
  skipped: number;
  /** Objects that could not be copied after every attempt, with the last error's message. */
  failed: { name: string; error: string }[];
};

/** Options of `copyObjects`. */
export type CopyOptions = {
  /** Attempts per object before it counts as failed (default 3: two retries). */
  attempts?: number;
  /** Objects copied at the same time (default 8). */
  concurrency?: number;
  /** Wait before the first retry, in ms, doubled for each next one (default 250). */
  retryDelayMs?: number;
  /** Called after each object, copied, skipped or failed (for progress lines). */
  onObject?: (name: string, outcome: "copied" | "skipped" | "failed") => void;
};

/** The MIME type stored with a copied object, by its name's extension. */
function contentTypeOf(name: string): string {
  if (name.endsWith(".webp")) return "image/webp";
  if (name.endsWith(".png")) return "image/png";
  if (name.endsWith(".jpg") || name.endsWith(".jpeg")) return "image/jpeg";
  return "application/octet-stream";
}

/**
 * Copies every object `from` lists into `to`, skipping those `to` holds with the same size, and
 * retrying a failed read or write (`attempts`, with a doubling wait). Never throws for one object:
 * its failure is in the report. Each object is held in memory while it is copied (a variant is a
 * few hundred KB).
 *
 * @throws the error of listing `from` or `to` (nothing to copy is known then).
 */
export async function copyObjects(
  from: UploadsStorage,
  to: UploadsStorage,
  options: CopyOptions = {},
): Promise<CopyReport> {
  const attempts = options.attempts ?? 3;
  const concurrency = options.concurrency ?? 8;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const present = new Map<string, number>();
  for await (const object of to.list()) present.set(object.name, object.size);
  const report: CopyReport = { copied: 0, copiedBytes: 0, skipped: 0, failed: [] };

  const copyOne = async (name: string, size: number) => {
    if (present.get(name) === size) {
      report.skipped++;
      options.onObject?.(name, "skipped");
      return;
    }
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const object = await from.read(name);
        if (!object) throw new Error("it disappeared from the source while copying");
        const bytes = Buffer.from(await new Response(object.body).arrayBuffer());
        await to.put(name, bytes, contentTypeOf(name));
        report.copied++;
        report.copiedBytes += bytes.length;
        options.onObject?.(name, "copied");
        return;
      } catch (error) {
        lastError = error;
        if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 1)));
      }
    }
    report.failed.push({ name, error: lastError instanceof Error ? lastError.message : String(lastError) });
    options.onObject?.(name, "failed");
  };

  // A few copies at a time, fed from the listing as it goes (a bucket lists 1000 a page).
  const running = new Set<Promise<void>>();
  for await (const object of from.list()) {
    const task = copyOne(object.name, object.size).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  report.failed.sort((a, b) => a.name.localeCompare(b.name));
  return report;
}
