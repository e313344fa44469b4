/**
 * The pictures of a product import, fetched in the background after its products are written:
 * a few workers in this process take one product's queued pictures at a time (so they are added
 * in file order), download each (image-download.server.ts: http(s) only, no private addresses,
 * size and time limits) and store it through the image pipeline (sharp: the same checks and WebP
 * variants as an upload). A picture that cannot be fetched is recorded with the reason and listed
 * on the import's result page; the product stays, without it.
 *
 * A worker claims one product's pictures at a time, for two minutes, renewed before each picture
 * (app/models/import-images.server.ts, IMAGE_CLAIM_MS): pictures a stopped process left half-way
 * are taken over once their claim lapses, and a process starting never takes over the pictures
 * another running process is fetching (docs/decisions/052-one-process-per-core.md). The pictures
 * of an import are fetched by the process that imported it.
 */
import { getEnv } from "~/config/env.server";
import {
  attachImportImage,
  claimNextImageJobs,
  failImportImage,
  renewImageClaim,
  type ImportImageJob,
} from "~/models/import-images.server";
import { log } from "~/server/log.server";
import { ImageProcessingError, removeStoredImage, storeImage } from "~/server/media/images.server";
import { MAX_FILE_BYTES } from "~/server/media/uploads.server";
import { downloadImage, DownloadError, isPublicAddress } from "./image-download.server";

/** Pictures downloaded at once (each worker takes one product's pictures). */
const WORKERS = 3;

/** Time limit of one picture's download, in ms. */
const DOWNLOAD_TIMEOUT_MS = 20_000;

let running: Promise<void> | null = null;

/**
 * Starts fetching the waiting pictures (queued, or left by a stopped process) unless this process
 * already is; returns at once. Safe to call on every page view of an import.
 */
export function startImportImages(): void {
  if (running) return;
  running = Promise.all(Array.from({ length: WORKERS }, () => work()))
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

async function work(): Promise<void> {
  for (;;) {
    const jobs = await claimNextImageJobs();
    if (jobs.length === 0) return;
    for (const job of jobs) {
      // Renewed before each picture; false once another process took the rest over (this one was
      // too slow), which then fetches them.
      if (!(await renewImageClaim(job.claim))) break;
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
