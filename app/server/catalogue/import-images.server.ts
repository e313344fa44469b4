/**
 * The pictures of a product import, fetched in the background after its products are written:
 * a few workers in this process take one product's queued pictures at a time (so they are added
 * in file order), download each (image-download.server.ts: http(s) only, no private addresses,
 * size and time limits) and store it through the image pipeline (sharp: the same checks and WebP
 * variants as an upload). A picture that cannot be fetched is recorded with the reason and listed
 * on the import's result page; the product stays, without it.
 */
import { getEnv } from "~/config/env.server";
import {
  attachImportImage,
  claimNextImageJobs,
  failImportImage,
  requeueInterruptedImages,
  type ImportImageJob,
} from "~/models/product-import.server";
import { log } from "~/server/log.server";
import { ImageProcessingError, removeStoredImage, storeImage } from "~/server/media/images.server";
import { MAX_FILE_BYTES } from "~/server/media/uploads.server";
import { downloadImage, DownloadError, isPublicAddress } from "./image-download.server";

/** Pictures downloaded at once (each worker takes one product's pictures). */
const WORKERS = 3;

/** Time limit of one picture's download, in ms. */
const DOWNLOAD_TIMEOUT_MS = 20_000;

let running: Promise<void> | null = null;
let recovered = false;

/**
 * Starts fetching the queued pictures unless this process already is; returns at once. Pictures a
 * stopped process left half-way are queued again the first time. Safe to call on every page view
 * of an import.
 */
export function startImportImages(): void {
  if (running) return;
  running = (async () => {
    if (!recovered) {
      recovered = true;
      await requeueInterruptedImages();
    }
    await Promise.all(Array.from({ length: WORKERS }, () => work()));
  })()
    .catch((error: unknown) => log.error({ err: error }, "Fetching the pictures of a product import stopped"))
    .finally(() => {
      running = null;
    });
}

/** Resolves when the current fetching (if any) is over (tests wait for it). */
export async function importImagesIdle(): Promise<void> {
  while (running) await running;
}

async function work(): Promise<void> {
  for (;;) {
    const jobs = await claimNextImageJobs();
    if (jobs.length === 0) return;
    for (const job of jobs) {
      try {
        await fetchOne(job);
      } catch (error) {
        // A database or disk error: this picture is listed as failed, the others go on.
        log.error({ err: error, url: job.url }, "A picture of a product import could not be added");
        await failImportImage(job, "unexpected", false).catch(() => undefined);
      }
    }
  }
}

/** Fetches, stores and attaches one picture, or records why it could not be. */
async function fetchOne(job: ImportImageJob): Promise<void> {
  const env = getEnv();
  let bytes: Buffer;
  try {
    bytes = await downloadImage(job.url, {
      maxBytes: MAX_FILE_BYTES,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      mayConnect: (address) => env.IMPORT_IMAGES_ALLOW_PRIVATE || isPublicAddress(address),
    });
  } catch (error) {
    if (!(error instanceof DownloadError)) throw error;
    await failImportImage(job, error.reason, error.transient);
    return;
  }
  let stored;
  try {
    stored = await storeImage(bytes, { maxInputBytes: MAX_FILE_BYTES });
  } catch (error) {
    if (!(error instanceof ImageProcessingError)) throw error;
    await failImportImage(job, "notAnImage", false);
    return;
  }
  try {
    const attached = await attachImportImage(job.id, stored, job.url);
    if (!attached) await removeStoredImage(stored.key);
  } catch (error) {
    await removeStoredImage(stored.key).catch(() => undefined);
    throw error;
  }
}
