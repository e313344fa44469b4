/**
 * haat's backups (docs/decisions/032-operations.md): one dated `.tar.gz` archive holding a
 * consistent copy of the SQLite database, the uploads folder, and a manifest that lets a restore
 * check everything before it replaces anything.
 *
 * Archive layout (format "haat-backup", version 1):
 *   manifest.json   what is inside: the database's bytes, SHA-256, applied migrations and row
 *                   counts per table; each upload's path, bytes and SHA-256
 *   haat.db         the database, copied with SQLite's online backup API while the shop runs;
 *   haat.pgdump     or, on PostgreSQL, pg_dump's custom-format dump of it (`database.kind`
 *                   "postgresql" in the manifest), taken in one snapshot while the shop runs
 *   uploads/…       the uploaded and generated images: the uploads folder's files, or, with the
 *                   pictures in a bucket (UPLOADS_URL), every object under its prefix, downloaded
 *                   into the same layout (docs/decisions/054-picture-storage.md)
 *
 * `createBackup` is used by `npm run backup` (scripts/ops/backup.ts), `restoreBackup` by
 * `npm run restore` (scripts/ops/restore.ts). Archives and their folder are the owner's alone (0600 and
 * 0700): they hold the whole database.
 *
 * This module is what the commands and the tests import; the code lives in backup-archive/: the
 * format and what both sides share (format.ts), a restore's size limits (limits.ts), making a
 * backup (create.ts) and restoring one (restore.ts).
 */
export { BackupError, refusePostgres, type BackupManifest, type BackupResult } from "./backup-archive/format";
export { DEFAULT_MAX_RESTORE_BYTES, restoreLimits, type RestoreLimits } from "./backup-archive/limits";
export { createBackup } from "./backup-archive/create";
export {
  cleanRestoredDatabase,
  restoreBackup,
  type CleanedDatabase,
  type RestoreResult,
} from "./backup-archive/restore";
