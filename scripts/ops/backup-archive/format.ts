/**
 * The backup archive's format and what making and restoring one share (scripts/ops/backup-archive.ts):
 * its entries' names and modes, the manifest, the error an archive is refused with, and the
 * helpers that hash, list, describe and copy what goes in.
 */
import type Database from "better-sqlite3";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { copyObjects } from "~/server/media/storage-copy.server";
import type { UploadsStorage } from "~/server/media/storage.server";

export const FORMAT = "haat-backup";
export const VERSION = 1;
export const DATABASE_ENTRY = "haat.db";
/** A PostgreSQL database's dump in the archive (pg_dump's custom format), instead of haat.db. */
export const POSTGRES_DATABASE_ENTRY = "haat.pgdump";
export const MANIFEST_ENTRY = "manifest.json";
export const UPLOADS_ENTRY = "uploads";
/** Mode of an archive: read and written by its owner only (it holds the whole database). */
export const PRIVATE_FILE = 0o600;
/** Mode of a folder of archives (or a restore's staging folder) made here. */
export const PRIVATE_FOLDER = 0o700;

/** One file of the uploads folder in the manifest: its path inside the folder (with `/`), bytes and SHA-256 (hex). */
export type UploadEntry = { path: string; bytes: number; sha256: string };

/** manifest.json of a backup archive. */
export type BackupManifest = {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** When the database copy was taken (ISO 8601, UTC). */
  createdAt: string;
  database: {
    /** Absent for SQLite (haat.db); "postgresql" for a pg_dump (haat.pgdump). */
    kind?: "postgresql";
    bytes: number;
    sha256: string;
    /** Names of the migrations applied to the copy, oldest first. */
    migrations: string[];
    /** Rows per table of the copy (SQLite's own tables left out). */
    rowCounts: Record<string, number>;
  };
  uploads: UploadEntry[];
};

/** What `createBackup` made. */
export type BackupResult = {
  /** Absolute path of the archive. */
  archivePath: string;
  /** Size of the archive, in bytes. */
  archiveBytes: number;
  manifest: BackupManifest;
  /** Wall time of the whole backup, in ms. */
  durationMs: number;
};

/** Thrown when an archive is refused (unreadable, tampered with, from a newer haat) or a path is wrong. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/**
 * Refuses `npm run restore` on a PostgreSQL database: a restore replaces a SQLite file. A
 * PostgreSQL backup's dump is restored with pg_restore into an empty database
 * (docs/deploy/scale-out.md, "Backups").
 * @throws {BackupError} when `databaseKind` is "postgresql", naming the steps instead.
 */
export function refusePostgres(databaseKind: string): void {
  if (databaseKind !== "postgresql") return;
  throw new BackupError(
    "npm run restore puts back a SQLite file; DATABASE_URL names PostgreSQL. Take haat.pgdump out of the " +
      "archive (tar -xzf <archive> haat.pgdump), restore it into an empty database with " +
      '`pg_restore --no-owner --dbname="<the new database\'s URL>" haat.pgdump`, and point DATABASE_URL at it ' +
      '(docs/deploy/scale-out.md, "Backups").',
  );
}

/** SHA-256 of a file, hex, read as a stream. */
export async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every regular file under `dir`, as paths relative to it with `/`, sorted; [] when `dir` does not exist. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !path.basename(file).startsWith(".healthz-"))
    .sort();
}

/** Whether anything under `dir` is a link or a special file (anything but plain files and folders). */
export function hasLinks(dir: string): boolean {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).some(
    (entry) => !entry.isFile() && !entry.isDirectory(),
  );
}

/** Row counts per table, and the applied migrations, of an open database. */
export function describeDatabase(db: Database.Database): { rowCounts: Record<string, number>; migrations: string[] } {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const rowCounts: Record<string, number> = {};
  for (const table of tables) {
    rowCounts[table] = db
      .prepare(`SELECT count(*) FROM "${table.replaceAll('"', '""')}"`)
      .pluck()
      .get() as number;
  }
  const migrations = tables.includes("_prisma_migrations")
    ? (db
        .prepare(
          "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name",
        )
        .pluck()
        .all() as string[])
    : [];
  return { rowCounts, migrations };
}

/** `YYYYMMDD-HHMMSS` of `date` in UTC, for file names. */
export function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/**
 * Copies the pictures of `from` into `to` (`copyObjects`: same names, same-size objects skipped,
 * each tried 3 times) for a backup or a restore.
 * @throws {BackupError} naming the first few pictures that failed, or why the storage could not
 *   be listed at all; `what` says which way ("downloaded from the bucket").
 */
export async function copyPictures(from: UploadsStorage, to: UploadsStorage, what: string): Promise<void> {
  let report: Awaited<ReturnType<typeof copyObjects>>;
  try {
    report = await copyObjects(from, to);
  } catch (error) {
    throw new BackupError(
      `The pictures could not be ${what}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (report.failed.length === 0) return;
  const shown = report.failed
    .slice(0, 5)
    .map((failure) => `${failure.name} (${failure.error})`)
    .join(", ");
  const more = report.failed.length > 5 ? ` and ${report.failed.length - 5} more` : "";
  throw new BackupError(`${report.failed.length} pictures could not be ${what}: ${shown}${more}.`);
}
