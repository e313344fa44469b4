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
 */
import Database from "better-sqlite3";
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { promisify } from "node:util";
import * as tar from "tar";
import { copyObjects } from "~/server/media/storage-copy.server";
import { createUploadsStorage, type UploadsStorage } from "~/server/media/storage.server";
import {
  checkMigrationHistory,
  readSchema,
  referenceSchema,
  SchemaError,
  schemaDifferences,
  sequenceProblems,
  type Schema,
} from "./backup-schema";
import { applyMigrations, DEFAULT_MIGRATIONS_DIR } from "../db/migrate.mjs";

const FORMAT = "haat-backup";
const VERSION = 1;
const DATABASE_ENTRY = "haat.db";
/** A PostgreSQL database's dump in the archive (pg_dump's custom format), instead of haat.db. */
const POSTGRES_DATABASE_ENTRY = "haat.pgdump";
const MANIFEST_ENTRY = "manifest.json";
const UPLOADS_ENTRY = "uploads";
/** Mode of an archive: read and written by its owner only (it holds the whole database). */
const PRIVATE_FILE = 0o600;
/** Mode of a folder of archives (or a restore's staging folder) made here. */
const PRIVATE_FOLDER = 0o700;

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
function isExpectedEntry(name: string): boolean {
  return name === MANIFEST_ENTRY || name === DATABASE_ENTRY || name.startsWith(`${UPLOADS_ENTRY}/`);
}

/**
 * Keeps the running count of an archive's entries against `limits`; returns the reason to refuse
 * the entry `name` of `bytes` bytes, or null. Every entry counts towards the total, unpacked or not:
 * reading one still costs the decompression.
 */
function sizeGuard(limits: RestoreLimits): (name: string, bytes: number) => string | null {
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
async function inspectArchive(archivePath: string, limits: RestoreLimits): Promise<void> {
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

/** One file of the uploads folder in the manifest: its path inside the folder (with `/`), bytes and SHA-256 (hex). */
type UploadEntry = { path: string; bytes: number; sha256: string };

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

/**
 * Dumps the PostgreSQL database at `databaseUrl` into `file` (pg_dump's custom format) and counts
 * its rows and reads its applied migrations in the same snapshot: a transaction exports its
 * snapshot and pg_dump reads that one (`--snapshot`), so the counts describe the dump exactly while
 * the shop goes on writing. The password goes to pg_dump through PGPASSWORD, not its command line.
 * @throws {BackupError} when pg_dump is not installed or fails (its message is quoted).
 */
async function dumpPostgres(
  databaseUrl: string,
  file: string,
): Promise<{ rowCounts: Record<string, number>; migrations: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { rows: snapshot } = await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id");
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const rowCounts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`);
      rowCounts[name] = Number(rows[0]!.n);
    }
    const migrations = tables.some((table) => table.name === "_prisma_migrations")
      ? (
          await client.query<{ name: string }>(
            `SELECT migration_name AS name FROM _prisma_migrations
              WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
          )
        ).rows.map((row) => row.name)
      : [];
    const url = new URL(databaseUrl);
    const password = decodeURIComponent(url.password);
    url.password = "";
    try {
      await promisify(execFile)(
        "pg_dump",
        [
          "--format=custom",
          "--no-owner",
          "--no-privileges",
          `--snapshot=${snapshot[0]!.id}`,
          `--file=${file}`,
          `--dbname=${url}`,
        ],
        { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } },
      );
    } catch (error) {
      const failure = error as { code?: string; stderr?: string; message: string };
      throw new BackupError(
        failure.code === "ENOENT"
          ? "pg_dump is not installed: install PostgreSQL's client programs (Debian: postgresql-client), of the server's major version or newer."
          : `pg_dump failed: ${(failure.stderr ?? failure.message).trim()}`,
      );
    }
    await client.query("COMMIT");
    return { rowCounts, migrations };
  } finally {
    await client.end().catch(() => {});
  }
}

/** SHA-256 of a file, hex, read as a stream. */
async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every regular file under `dir`, as paths relative to it with `/`, sorted; [] when `dir` does not exist. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !path.basename(file).startsWith(".healthz-"))
    .sort();
}

/** Whether anything under `dir` is a link or a special file (anything but plain files and folders). */
function hasLinks(dir: string): boolean {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[]).some(
    (entry) => !entry.isFile() && !entry.isDirectory(),
  );
}

/** Row counts per table, and the applied migrations, of an open database. */
function describeDatabase(db: Database.Database): { rowCounts: Record<string, number>; migrations: string[] } {
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
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/**
 * Copies the pictures of `from` into `to` (`copyObjects`: same names, same-size objects skipped,
 * each tried 3 times) for a backup or a restore.
 * @throws {BackupError} naming the first few pictures that failed, or why the storage could not
 *   be listed at all; `what` says which way ("downloaded from the bucket").
 */
async function copyPictures(from: UploadsStorage, to: UploadsStorage, what: string): Promise<void> {
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

/**
 * Backs up the database at `databasePath` and the folder `uploadsPath` (or the bucket
 * `uploadsStorage`) into `<outDir>/haat-backup-<YYYYMMDD-HHMMSS>.tar.gz` while the shop keeps running.
 *
 * The database is copied with SQLite's online backup API (better-sqlite3's `backup`) in one step
 * over the whole file, under a read lock: the copy is one consistent moment of the database, and
 * in WAL mode the server's writes go on meanwhile. The copy is checked (`PRAGMA integrity_check`)
 * and switched to a plain rollback journal so that it is one self-contained file. Uploaded images
 * are never changed in place (app/server/media/images.server.ts writes a new file and renames it), so
 * each file is hashed and archived as it is. The archive is written under a temporary name and
 * renamed when complete. The archive is made 0600 and a folder `outDir` made here 0700, whatever the
 * umask (an existing folder keeps its mode).
 *
 * With `uploadsStorage` (a bucket), every object under its prefix is downloaded into the staging
 * folder first (same names, so the archive's uploads part has the folder's layout) and archived
 * from there; `uploadsPath` is not read. The staging folder then needs room for all the pictures.
 *
 * @throws {BackupError} when the database does not exist, its copy fails the integrity check, or
 *   pictures could not be downloaded from the bucket (each read tried 3 times).
 */
export async function createBackup(options: {
  databasePath: string;
  /** A PostgreSQL database's URL: dumped with pg_dump instead of copying `databasePath`. */
  databaseUrl?: string;
  uploadsPath: string;
  /** The pictures' bucket, when they are not in `uploadsPath` (UPLOADS_URL). */
  uploadsStorage?: UploadsStorage;
  outDir: string;
  now?: Date;
}): Promise<BackupResult> {
  const started = performance.now();
  const { databasePath, databaseUrl } = options;
  let uploadsPath = options.uploadsPath;
  if (!databaseUrl && !fs.existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath}.`);
  if (!fs.existsSync(options.outDir)) {
    fs.mkdirSync(options.outDir, { recursive: true, mode: PRIVATE_FOLDER });
    // The mode given to mkdir is narrowed by the umask, never widened: set it outright.
    fs.chmodSync(options.outDir, PRIVATE_FOLDER);
  }
  // mkdtemp makes its folder 0700: the database copy inside is never readable by others.
  const staging = fs.mkdtempSync(path.join(options.outDir, ".backup-"));
  try {
    const databaseEntry = databaseUrl ? POSTGRES_DATABASE_ENTRY : DATABASE_ENTRY;
    const copyPath = path.join(staging, databaseEntry);
    const createdAt = options.now ?? new Date();
    let description: ReturnType<typeof describeDatabase>;
    if (databaseUrl) {
      description = await dumpPostgres(databaseUrl, copyPath);
    } else {
      const source = new Database(databasePath, { readonly: true, fileMustExist: true });
      try {
        // The largest step better-sqlite3 allows: the rest of the file in one step, under one read lock.
        await source.backup(copyPath, { progress: () => 0x7fffffff });
      } finally {
        source.close();
      }
      const copy = new Database(copyPath);
      try {
        const check = copy.pragma("integrity_check", { simple: true });
        if (check !== "ok")
          throw new BackupError(`The database copy failed SQLite's integrity check: ${String(check)}`);
        copy.pragma("journal_mode = DELETE");
        description = describeDatabase(copy);
      } finally {
        copy.close();
      }
    }

    if (options.uploadsStorage) {
      // The bucket's pictures, downloaded beside the database copy into the archive's own layout.
      uploadsPath = path.join(staging, UPLOADS_ENTRY);
      fs.mkdirSync(uploadsPath);
      await copyPictures(
        options.uploadsStorage,
        createUploadsStorage({ kind: "local", root: uploadsPath }),
        "downloaded from the bucket",
      );
    }
    const uploads: UploadEntry[] = [];
    for (const file of filesUnder(uploadsPath)) {
      const absolute = path.join(uploadsPath, file);
      uploads.push({ path: file, bytes: fs.statSync(absolute).size, sha256: await sha256Of(absolute) });
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: createdAt.toISOString(),
      database: {
        ...(databaseUrl ? { kind: "postgresql" as const } : {}),
        bytes: fs.statSync(copyPath).size,
        sha256: await sha256Of(copyPath),
        ...description,
      },
      uploads,
    };
    fs.writeFileSync(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    // The uploads enter the archive through a link in the staging folder, so that every entry is
    // named relative to one folder; the listed files only, so the manifest and the archive agree.
    // (Downloaded from a bucket, they are already there.)
    if (uploads.length > 0 && !options.uploadsStorage) {
      fs.symlinkSync(path.resolve(uploadsPath), path.join(staging, UPLOADS_ENTRY), "dir");
    }

    const archivePath = path.resolve(options.outDir, `haat-backup-${stamp(createdAt)}.tar.gz`);
    const partial = path.join(staging, "archive.partial");
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      MANIFEST_ENTRY,
      databaseEntry,
      ...uploads.map((upload) => `${UPLOADS_ENTRY}/${upload.path}`),
    ]);
    fs.chmodSync(partial, PRIVATE_FILE);
    fs.renameSync(partial, archivePath);
    return {
      archivePath,
      archiveBytes: fs.statSync(archivePath).size,
      manifest,
      durationMs: performance.now() - started,
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** What `restoreBackup` did. */
export type RestoreResult = {
  manifest: BackupManifest;
  /** Migrations applied after the restore (the archive came from an older haat), oldest first. */
  migrationsApplied: string[];
  /** Where the database and the uploads that were replaced now are; null for what did not exist. */
  keptAside: { database: string | null; uploads: string | null };
  /** What the restore did to the backup's database (`cleanRestoredDatabase`). */
  cleaned: CleanedDatabase;
};

/** What `cleanRestoredDatabase` removed or rebuilt. */
export type CleanedDatabase = {
  /** Sign-in sessions ended (rows of Session deleted). */
  sessionsEnded: number;
  /** SQLite planner statistics tables dropped (sqlite_stat1, sqlite_stat4…). */
  statisticsDropped: string[];
  /** Full-text search indexes made anew and rebuilt from their tables (ProductSearch). */
  searchIndexesRebuilt: string[];
};

/**
 * Makes the checked backup database at `databasePath` safe to serve from, in one transaction, for
 * what a schema comparison cannot see because it is data:
 * - every sign-in session is ended (the Session table emptied): a forged archive could hold a
 *   session whose token its maker knows (the table keeps only the token's hash, which the maker
 *   chose). Trusted-device cookies and held two-factor sign-ins are not in the database (a signed
 *   cookie, the process's memory), so there is nothing else to end;
 * - SQLite's planner statistics (`sqlite_stat1`, `sqlite_stat4`, written by ANALYZE) are dropped:
 *   haat never runs ANALYZE, so a live shop plans on SQLite's defaults, and planted statistics
 *   could steer its queries to full scans;
 * - each FTS5 index (the product search) is dropped, made again with the CREATE statement the
 *   schema check compared, and rebuilt from its table, as its migration did: its own tables
 *   (`_data`, `_idx`, `_config`…) are compared by name only, so their contents could be crafted
 *   (search results for products that do not exist, a ranking setting).
 */
export function cleanRestoredDatabase(databasePath: string): CleanedDatabase {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    return db.transaction((): CleanedDatabase => {
      const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
      const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as {
        name: string;
        sql: string | null;
      }[];
      const hasSessions = tables.some((table) => table.name === "Session");
      const sessionsEnded = hasSessions ? db.prepare('DELETE FROM "Session"').run().changes : 0;
      const statisticsDropped = tables.map((table) => table.name).filter((name) => /^sqlite_stat\d$/.test(name));
      for (const name of statisticsDropped) db.exec(`DROP TABLE ${quote(name)}`);
      const searchIndexes = tables.filter((table) =>
        /^\s*CREATE\s+VIRTUAL\s+TABLE\b[\s\S]*\bUSING\s+fts5\b/i.test(table.sql ?? ""),
      );
      for (const { name, sql } of searchIndexes) {
        db.exec(`DROP TABLE ${quote(name)}`);
        db.exec(sql!);
        db.prepare(`INSERT INTO ${quote(name)} (${quote(name)}) VALUES ('rebuild')`).run();
      }
      return { sessionsEnded, statisticsDropped, searchIndexesRebuilt: searchIndexes.map((table) => table.name) };
    })();
  } finally {
    db.close();
  }
}

/** Reads and checks the manifest of an extracted archive. */
function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST_ENTRY);
  if (!fs.existsSync(file)) throw new BackupError("This file is not a haat backup: it has no manifest.json.");
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
  } catch {
    throw new BackupError("The backup's manifest.json cannot be read.");
  }
  if (manifest.format !== FORMAT || manifest.version !== VERSION) {
    throw new BackupError(`This is not a haat backup of version ${VERSION} (format ${String(manifest.format)}).`);
  }
  if (manifest.database?.kind === "postgresql") {
    throw new BackupError(
      'This backup is of a PostgreSQL database (haat.pgdump): restore it with pg_restore (docs/deploy/scale-out.md, "Backups").',
    );
  }
  return manifest;
}

/** Moves `from` to `to`, copying when they are on different file systems. */
function move(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    fs.cpSync(from, to, { recursive: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/**
 * Restores the archive `archivePath` (made by `createBackup`) to the database file `databasePath`
 * and the folder `uploadsPath`. The shop must not be running (scripts/ops/restore.ts checks).
 *
 * Checks first, changing nothing until all pass:
 * 1. before a byte is written, the sizes the archive declares against `restoreLimits` (one upload,
 *    the manifest, all entries together against the free space and `limits.maxTotalBytes`);
 * 2. only plain files and folders (no link), the manifest's format, the SHA-256 and size of the
 *    database and of every upload against the manifest (no file missing, none added), SQLite's
 *    integrity check;
 * 3. the database's migration history (scripts/ops/backup-schema.ts `checkMigrationHistory`): a backup
 *    from a newer haat is refused; the applied migrations must be the first N of this code's, with
 *    their checksums (a backup from an older haat has fewer);
 * 4. its schema (tables, indexes, triggers, views) equal to what those N migrations make on a fresh
 *    database, built now from `migrationsDir`: a trigger added or dropped, an index changed, is refused;
 * 5. the newer migrations are applied to the staged copy, and its schema compared again, with all
 *    of this code's migrations.
 * Only then are the current database (with its -wal and -shm files) and uploads folder renamed to
 * `…before-restore-<YYYYMMDD-HHMMSS>`, kept, never deleted, and the backup's moved in; the
 * database is made 0600.
 *
 * With `uploadsStorage` (a bucket), the backup's pictures are put into it instead, before the
 * database is replaced (those it holds with the same size are skipped): a failure then leaves the
 * shop's database as it was, with at most some extra pictures in the bucket, which no row names.
 * The bucket's other objects are left in place (nothing is kept aside); `uploadsPath` is untouched.
 *
 * @throws {BackupError} when a check fails, naming what failed, or pictures could not be put into
 *   the bucket (each tried 3 times); the database has not been changed then.
 */
export async function restoreBackup(options: {
  archivePath: string;
  databasePath: string;
  uploadsPath: string;
  /** The pictures' bucket, when they are not in `uploadsPath` (UPLOADS_URL). */
  uploadsStorage?: UploadsStorage;
  migrationsDir?: string;
  now?: Date;
  /** Caps on what is unpacked; see `restoreLimits` for the defaults. */
  limits?: Partial<RestoreLimits>;
}): Promise<RestoreResult> {
  const { archivePath, databasePath, uploadsPath } = options;
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  if (!fs.existsSync(archivePath)) throw new BackupError(`There is no file ${archivePath}.`);
  fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  const limits = restoreLimits(path.dirname(databasePath), options.limits);
  await inspectArchive(archivePath, limits);
  const staging = fs.mkdtempSync(path.join(path.dirname(databasePath), ".restore-"));
  try {
    // node-tar refuses absolute paths and `..` in entry names; only the expected entries are kept,
    // and only plain files and folders: a link in the uploads would be served by the shop and could
    // point at .env or the database once moved into place.
    const strange: string[] = [];
    const guard = sizeGuard(limits);
    let tooLarge: string | null = null;
    try {
      await tar.extract({
        file: archivePath,
        cwd: staging,
        strict: true,
        filter: (entry, stat) => {
          // The archive was inspected above; counted again in case the file changed since.
          if (tooLarge === null) tooLarge = guard(entry, "size" in stat ? (stat.size ?? 0) : 0);
          if (tooLarge !== null) return false;
          const expected = isExpectedEntry(entry);
          const type = "type" in stat ? stat.type : "File";
          if (expected && type !== "File" && type !== "Directory") strange.push(entry);
          return expected && (type === "File" || type === "Directory");
        },
      });
    } catch {
      throw new BackupError("The archive cannot be read: it is damaged or not a .tar.gz file.");
    }
    if (tooLarge !== null) throw new BackupError(`The archive is refused: ${tooLarge}.`);
    if (strange.length > 0 || hasLinks(staging)) {
      throw new BackupError(`The archive holds links or special files (${strange.join(", ")}): it is not haat's.`);
    }
    const manifest = readManifest(staging);

    const copyPath = path.join(staging, DATABASE_ENTRY);
    if (!fs.existsSync(copyPath)) throw new BackupError("The backup holds no database.");
    if (
      fs.statSync(copyPath).size !== manifest.database.bytes ||
      (await sha256Of(copyPath)) !== manifest.database.sha256
    ) {
      throw new BackupError("The backup's database does not match its manifest: the archive was changed or damaged.");
    }
    const stagedUploads = path.join(staging, UPLOADS_ENTRY);
    const found = filesUnder(stagedUploads);
    const listed = manifest.uploads.map((upload) => upload.path).sort();
    if (found.join("\n") !== listed.join("\n")) {
      throw new BackupError("The backup's uploads do not match its manifest: files are missing or were added.");
    }
    for (const upload of manifest.uploads) {
      const file = path.join(stagedUploads, upload.path);
      if (fs.statSync(file).size !== upload.bytes || (await sha256Of(file)) !== upload.sha256) {
        throw new BackupError(`The backup's upload ${upload.path} does not match its manifest.`);
      }
    }
    const copy = new Database(copyPath, { fileMustExist: true });
    try {
      const check = copy.pragma("integrity_check", { simple: true });
      if (check !== "ok")
        throw new BackupError(`The backup's database fails SQLite's integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    // The history and the schema of the copy itself, not the manifest's word for them.
    const history = checkMigrationHistory(copyPath, migrationsDir);
    if (!history.ok && "newer" in history) {
      throw new BackupError(
        `This backup comes from a newer haat (migrations ${history.newer.join(", ")}): update haat before restoring it.`,
      );
    }
    if (!history.ok) throw new BackupError(`The backup is refused: ${history.problem}.`);
    const readCopySchema = (): Schema => {
      try {
        return readSchema(copyPath);
      } catch (error) {
        if (error instanceof SchemaError) throw new BackupError(`The backup is refused: ${error.message}.`);
        throw error;
      }
    };
    const compare = async (migrations: string[], when: string) => {
      const schema = readCopySchema();
      const differences = schemaDifferences(schema, await referenceSchema(migrations, migrationsDir, staging));
      if (differences.length > 0) {
        const shown = differences.slice(0, 10).join("; ");
        const more = differences.length > 10 ? ` and ${differences.length - 10} more` : "";
        throw new BackupError(
          `The backup's database is not what haat's migrations make${when}: ${shown}${more}. It was changed outside haat; it is refused.`,
        );
      }
    };
    await compare(history.applied, "");
    const counters = sequenceProblems(copyPath, readCopySchema());
    if (counters.length > 0) throw new BackupError(`The backup is refused: ${counters.join("; ")}.`);
    // Newer migrations are applied to the copy before anything is replaced: a failure leaves the
    // shop as it was.
    let migrationsApplied: string[];
    try {
      migrationsApplied = await applyMigrations({ databasePath: copyPath, migrationsDir });
    } catch (error) {
      throw new BackupError(
        `The backup's database could not be brought up to date: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (migrationsApplied.length > 0) {
      await compare([...history.applied, ...migrationsApplied], " once brought up to date");
    }
    const cleaned = cleanRestoredDatabase(copyPath);
    if (options.uploadsStorage && fs.existsSync(stagedUploads)) {
      await copyPictures(
        createUploadsStorage({ kind: "local", root: stagedUploads }),
        options.uploadsStorage,
        "put into the bucket",
      );
    }

    const suffix = `before-restore-${stamp(options.now ?? new Date())}`;
    const keptAside: RestoreResult["keptAside"] = { database: null, uploads: null };
    if (fs.existsSync(databasePath)) {
      keptAside.database = `${databasePath}.${suffix}`;
      for (const sidecar of ["", "-wal", "-shm"]) {
        if (fs.existsSync(databasePath + sidecar)) move(databasePath + sidecar, keptAside.database + sidecar);
      }
    }
    if (!options.uploadsStorage && fs.existsSync(uploadsPath)) {
      keptAside.uploads = `${uploadsPath}.${suffix}`;
      move(uploadsPath, keptAside.uploads);
    }
    for (const sidecar of ["", "-wal", "-shm"]) {
      if (!fs.existsSync(copyPath + sidecar)) continue;
      move(copyPath + sidecar, databasePath + sidecar);
      fs.chmodSync(databasePath + sidecar, PRIVATE_FILE);
    }
    if (options.uploadsStorage) {
      // The pictures went into the bucket above.
    } else if (fs.existsSync(stagedUploads)) move(stagedUploads, uploadsPath);
    else fs.mkdirSync(uploadsPath, { recursive: true });
    return { manifest, migrationsApplied, keptAside, cleaned };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
