/**
 * Making a backup (`npm run backup`; scripts/ops/backup-archive.ts): the database copied while
 * the shop runs (SQLite's online backup, or pg_dump on PostgreSQL), the uploads, and the manifest.
 */
import Database from "better-sqlite3";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { promisify } from "node:util";
import * as tar from "tar";
import { createUploadsStorage, type UploadsStorage } from "~/server/media/storage.server";
import {
  BackupError,
  type BackupManifest,
  type BackupResult,
  copyPictures,
  DATABASE_ENTRY,
  describeDatabase,
  filesUnder,
  FORMAT,
  MANIFEST_ENTRY,
  POSTGRES_DATABASE_ENTRY,
  PRIVATE_FILE,
  PRIVATE_FOLDER,
  sha256Of,
  stamp,
  type UploadEntry,
  UPLOADS_ENTRY,
  VERSION,
} from "./format";

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
