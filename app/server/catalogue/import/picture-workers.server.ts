/**
 * The pictures of a product import, fetched in the background after its products are written:
 * a few workers in this process take one product's queued pictures at a time (so they are added
 * in file order), download each (image-download.server.ts: http(s) only, no private addresses,
 * size and time limits) and store it through the image pipeline (sharp: the same checks and WebP
 * variants as an upload). A picture that cannot be fetched is recorded with the reason and listed
 * on the import's result page; the product stays, without it.
 *
 * A worker claims one product's pictures at a time, for two minutes, renewed before each picture
 * (app/models/catalogue/import/import-images.server.ts, IMAGE_CLAIM_MS): pictures a stopped process left half-way
 * are taken over once their claim lapses, and a process starting never takes over the pictures
 * another running process is fetching (docs/decisions/052-one-process-per-core.md). The pictures
 * of an import are fetched by the process that imported it.
 *
 * Imports take turns (`claimNextImageJobs`: the import with the fewest pictures being fetched goes
 * first), and each import has a budget of download time (`ImportImagesSettings`), so a slow or
 * silent picture server holds up neither later imports nor the queue for long. The workers let
 * the event loop turn between pictures, and a process decodes one large picture at a time
 * (images.server.ts, `largePictureLane`).
 */
import { getEnv } from "~/config/env.server";
import {
  attachImportImage,
  claimNextImageJobs,
  failImportImage,
  renewImageClaim,
  type ImportImageJob,
} from "~/models/catalogue/import/import-images.server";
import { log } from "~/server/log.server";
import { ImageProcessingError, removeStoredImage, storeImage } from "~/server/media/images.server";
import { MAX_FILE_BYTES } from "~/server/media/uploads.server";
import { yieldToEventLoop } from "~/utils/event-loop";
import { downloadImage, DownloadError, isPublicAddress } from "./image-download.server";

/** How the picture workers run; `startImportImages` takes smaller ones in tests. */
export type ImportImagesSettings = {
  /** Pictures downloaded at once (each worker takes one product's pictures). */
  workers: number;
  /** Time limit of one picture's download, in ms. */
  downloadTimeoutMs: number;
  /**
   * Download time an import has in hand, in ms: every download of its pictures (fetched or not)
   * spends its duration, every picture downloaded gives `creditMs` back (never above the full budget).
   * Once spent, its remaining pictures are not tried and fail as "timeBudget"; "Try again" gives
   * it a fresh budget.
   */
  budgetMs: number;
  /** Download time given back for each picture of an import that was downloaded, in ms. */
  creditMs: number;
};

/**
 * The workers' settings: 3 workers, 20 s per download; each import has 10 minutes of download time
 * in hand and earns 3 s back per picture downloaded, so pictures that arrive in under 3 s on average
 * never run out, while a server that answers nothing (20 s, twice, per picture) stops being asked
 * after about 15 pictures (30 downloads), in under 4 minutes with 3 workers, instead of holding
 * the queue for hours.
 */
const DEFAULT_SETTINGS: ImportImagesSettings = {
  workers: 3,
  downloadTimeoutMs: 20_000,
  budgetMs: 10 * 60 * 1000,
  creditMs: 3_000,
};

let running: Promise<void> | null = null;

/** Download time each import spent in this process, net of its credits, in ms (import id → ms). */
const spent = new Map<number, number>();

/** When each import last had a turn in this process (import id → an increasing number; `claimNextImageJobs`). */
const lastTurns = new Map<number, number>();
let turnCount = 0;

/**
 * Starts fetching the waiting pictures (queued, or left by a stopped process) unless this process
 * already is; returns at once. Safe to call on every page view of an import.
 *
 * @param options.freshBudget the id of an import whose failed pictures were just queued again
 *   ("Try again"): its download time budget starts afresh.
 * @param options.settings smaller workers' settings, for tests; only taken when the workers start.
 */
export function startImportImages(
  options: { freshBudget?: number; settings?: Partial<ImportImagesSettings> } = {},
): void {
  if (options.freshBudget !== undefined) spent.delete(options.freshBudget);
  if (running) return;
  const settings = { ...DEFAULT_SETTINGS, ...options.settings };
  running = Promise.all(Array.from({ length: settings.workers }, () => work(settings)))
    .then(() => undefined)
    .catch((error: unknown) => log.error({ err: error }, "Fetching the pictures of a product import stopped"))
    .finally(() => {
      running = null;
    });
}

/** Resolves when the current fetching (if any) is over (tests wait for it). */
export async function importImagesIdle(): Promise<void> {
  while (running) await running;
}

async function work(settings: ImportImagesSettings): Promise<void> {
  for (;;) {
    const jobs = await claimNextImageJobs(lastTurns);
    if (jobs.length === 0) return;
    lastTurns.set(jobs[0]!.importId, ++turnCount);
    for (const job of jobs) {
      // Renewed before each picture; false once another process took the rest over (this one was
      // too slow), which then fetches them.
      if (!(await renewImageClaim(job.claim))) break;
      try {
        await fetchOne(job, settings);
      } catch (error) {
        // A database or disk error: this picture is listed as failed, the others go on.
        log.error({ err: error, url: job.url }, "A picture of a product import could not be added");
        await failImportImage(job, "unexpected", false).catch(() => undefined);
      }
      // Between pictures the event loop turns, so shoppers' requests are answered (on SQLite a
      // run of awaited queries would not let it).
      await yieldToEventLoop();
    }
  }
}

/** Adds `ms` (negative: gives back) to the download time import `importId` spent, never below 0. */
function spend(importId: number, ms: number): void {
  spent.set(importId, Math.max(0, (spent.get(importId) ?? 0) + ms));
}

/**
 * Fetches, stores and attaches one picture, or records why it could not be: not tried once its
 * import's download time is spent (`ImportImagesSettings.budgetMs`). No transaction is open while
 * the picture downloads or decodes (storing it takes the one lane of large pictures when it is
 * one, images.server.ts); attaching it is one short transaction afterwards.
 */
async function fetchOne(job: ImportImageJob, settings: ImportImagesSettings): Promise<void> {
  const env = getEnv();
  if ((spent.get(job.importId) ?? 0) >= settings.budgetMs) {
    await failImportImage(job, "timeBudget", false);
    return;
  }
  let bytes: Buffer;
  const started = performance.now();
  try {
    bytes = await downloadImage(job.url, {
      maxBytes: MAX_FILE_BYTES,
      timeoutMs: settings.downloadTimeoutMs,
      mayConnect: (address) => env.IMPORT_IMAGES_ALLOW_PRIVATE || isPublicAddress(address),
    });
  } catch (error) {
    if (!(error instanceof DownloadError)) throw error;
    spend(job.importId, performance.now() - started);
    await failImportImage(job, error.reason, error.transient);
    return;
  }
  spend(job.importId, performance.now() - started - settings.creditMs);
  let stored;
  try {
    stored = await storeImage(bytes, { maxInputBytes: MAX_FILE_BYTES });
  } catch (error) {
    if (!(error instanceof ImageProcessingError)) throw error;
    // A picture over the pixel limit says so; anything else the pipeline refuses is "not a picture".
    await failImportImage(job, error.reason === "tooManyPixels" ? "tooManyPixels" : "notAnImage", false);
    return;
  }
  try {
    const attached = await attachImportImage(job, stored, job.url);
    if (!attached) await removeStoredImage(stored.key);
  } catch (error) {
    await removeStoredImage(stored.key).catch(() => undefined);
    throw error;
  }
}
