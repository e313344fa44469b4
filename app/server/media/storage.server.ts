/**
 * Where the pictures' bytes live, behind one small interface (docs/decisions/054-picture-storage.md):
 * the local folder UPLOADS_DIR (the default) or an S3-compatible bucket (UPLOADS_URL). The image
 * pipeline (images.server.ts) makes the names and the bytes; a storage only keeps them.
 *
 * Names are relative paths with "/" separators, the same in both backends: an image's variants are
 * `<key>/<width>.webp`, and a bucket holds them under its prefix (`<prefix>/<key>/<width>.webp`)
 * exactly as the folder does, so a backup, a restore and `npm run migrate:to-s3` move files
 * between the two without renaming anything. A name whose segment starts with "." is the storage's
 * own (a temporary folder, a health probe) and is never listed.
 */
import { getEnv, type UploadsStorageConfig } from "~/config/env.server";
import type { UploadsStorage } from "./storage-contract.server";
import { folderStorage } from "./storage-local.server";
import { s3Storage } from "./storage-s3.server";

export type { UploadsStorage } from "./storage-contract.server";

/**
 * Makes the storage a configuration names. Nothing is contacted until an operation runs.
 * @param config `getEnv().uploadsStorage`, or an explicit one (scripts, tests).
 */
export function createUploadsStorage(config: UploadsStorageConfig): UploadsStorage {
  return config.kind === "local" ? folderStorage(config.root) : s3Storage(config);
}

let processStorage: UploadsStorage | undefined;

/** The storage of this process, made from the environment on first use and kept. */
export function uploadsStorage(): UploadsStorage {
  processStorage ??= createUploadsStorage(getEnv().uploadsStorage);
  return processStorage;
}
