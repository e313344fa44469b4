/**
 * What a restore unpacks at most (scripts/ops/backup-archive.ts): the limits on the archive's
 * entries and their sizes, checked against the free space before anything is unpacked.
 */
import fs from "node:fs";
import * as tar from "tar";
import { BackupError, DATABASE_ENTRY, MANIFEST_ENTRY, UPLOADS_ENTRY } from "./format";

/**
 * Caps on what a restore unpacks, checked against the sizes the archive declares before a byte is
 * written (`restoreLimits` fills them in).
 */
export type RestoreLimits = {
  /** All entries together, unpacked, in bytes. */
  maxTotalBytes: number;
  /** One uploaded image, in bytes. */
  maxUploadBytes: number;
  /** manifest.json, in bytes. */
  maxManifestBytes: number;
  /** Entries in the archive, files and folders. */
  maxEntries: number;
};

/** The most a restore unpacks whatever the free space: 20 GiB (`npm run restore -- --max-size` changes it). */
export const DEFAULT_MAX_RESTORE_BYTES = 20 * 1024 ** 3;
/** Space a restore leaves free on the database's disk, in bytes: 256 MiB, for the shop to go on writing. */
const KEEP_FREE_BYTES = 256 * 1024 ** 2;
/**
 * One uploaded file: 100 MiB. haat stores only the WebP variants it made (a few hundred KB each);
 * 100 MiB is also the most a signed-in admin may send in one request.
 */
const MAX_UPLOAD_BYTES = 100 * 1024 ** 2;
/** manifest.json: 64 MiB, about 400,000 uploads' lines. */
const MAX_MANIFEST_BYTES = 64 * 1024 ** 2;
/** Entries: a million files and folders. */
const MAX_ENTRIES = 1_000_000;

/**
 * The caps for a restore into the folder `folder` (where the staging folder is made, beside the
 * database): all entries together at most `maxTotalBytes` (default DEFAULT_MAX_RESTORE_BYTES) and
 * at most the free space there less 256 MiB; one upload 100 MiB, the manifest 64 MiB, a million
 * entries. `overrides` replace any of them (tests use small ones).
 */
export function restoreLimits(folder: string, overrides: Partial<RestoreLimits> = {}): RestoreLimits {
  const disk = fs.statfsSync(folder);
  const free = Math.max(0, disk.bavail * disk.bsize - KEEP_FREE_BYTES);
  return {
    maxTotalBytes: Math.min(overrides.maxTotalBytes ?? DEFAULT_MAX_RESTORE_BYTES, free),
    maxUploadBytes: overrides.maxUploadBytes ?? MAX_UPLOAD_BYTES,
    maxManifestBytes: overrides.maxManifestBytes ?? MAX_MANIFEST_BYTES,
    maxEntries: overrides.maxEntries ?? MAX_ENTRIES,
  };
}

/** "1.5 GB", "20.0 MB", "512 bytes": a size for a message. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${bytes} bytes`;
}

/** Whether a restore unpacks entry `name` (the manifest, the database, anything under uploads/). */
export function isExpectedEntry(name: string): boolean {
  return name === MANIFEST_ENTRY || name === DATABASE_ENTRY || name.startsWith(`${UPLOADS_ENTRY}/`);
}

/**
 * Keeps the running count of an archive's entries against `limits`; returns the reason to refuse
 * the entry `name` of `bytes` bytes, or null. Every entry counts towards the total, unpacked or not:
 * reading one still costs the decompression.
 */
export function sizeGuard(limits: RestoreLimits): (name: string, bytes: number) => string | null {
  let total = 0;
  let entries = 0;
  return (name, bytes) => {
    total += bytes;
    entries += 1;
    if (entries > limits.maxEntries) return `it holds more than ${limits.maxEntries} entries`;
    if (name === MANIFEST_ENTRY && bytes > limits.maxManifestBytes) {
      return `its manifest.json is ${sizeText(bytes)} (at most ${sizeText(limits.maxManifestBytes)})`;
    }
    if (name.startsWith(`${UPLOADS_ENTRY}/`) && bytes > limits.maxUploadBytes) {
      return `its upload ${name} is ${sizeText(bytes)} (at most ${sizeText(limits.maxUploadBytes)} per file)`;
    }
    if (total > limits.maxTotalBytes) {
      return `it unpacks to more than ${sizeText(limits.maxTotalBytes)} (the free space on the database's disk less 256 MB, and at most --max-size)`;
    }
    return null;
  };
}

/**
 * Reads the archive's headers, without writing anything, and refuses it when an entry or all of
 * them together are larger than `limits` allow (the sizes the headers declare, which are the bytes
 * an extraction writes). Stops reading at the first reason to refuse (a compressed bomb is not unpacked to the end).
 *
 * @throws {BackupError} when the archive is refused or unreadable.
 */
export async function inspectArchive(archivePath: string, limits: RestoreLimits): Promise<void> {
  const guard = sizeGuard(limits);
  const refusal = await new Promise<string | null>((resolve, reject) => {
    const input = fs.createReadStream(archivePath);
    let settled = false;
    const finish = (error: Error | null, reason: string | null) => {
      if (settled) return;
      settled = true;
      input.destroy();
      if (error) reject(error);
      else resolve(reason);
    };
    const parser = new tar.Parser({
      strict: true,
      onReadEntry: (entry) => {
        const reason = guard(entry.path, entry.size ?? 0);
        if (reason) {
          finish(null, reason); // first: aborting the parser makes it emit an error
          parser.abort(new Error(reason));
          return;
        }
        entry.resume();
      },
    });
    parser.on("error", (error: Error) => finish(error, null));
    parser.on("end", () => finish(null, null));
    input.on("error", (error) => finish(error, null));
    input.pipe(parser);
  }).catch(() => {
    throw new BackupError("The archive cannot be read: it is damaged or not a .tar.gz file.");
  });
  if (refusal) throw new BackupError(`The archive is refused before unpacking anything: ${refusal}.`);
}
