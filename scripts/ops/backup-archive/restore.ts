/**
 * Restoring a backup (`npm run restore`; scripts/ops/backup-archive.ts): the archive checked
 * before anything is replaced, then the database and the uploads put back, the old ones kept aside.
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { createUploadsStorage, type UploadsStorage } from "~/server/media/storage.server";
import {
  checkMigrationHistory,
  readSchema,
  referenceSchema,
  SchemaError,
  schemaDifferences,
  sequenceProblems,
  type Schema,
} from "../backup-schema";
import { applyMigrations, DEFAULT_MIGRATIONS_DIR } from "../../db/migrate.mjs";
import {
  BackupError,
  type BackupManifest,
  copyPictures,
  DATABASE_ENTRY,
  filesUnder,
  FORMAT,
  hasLinks,
  MANIFEST_ENTRY,
  PRIVATE_FILE,
  sha256Of,
  stamp,
  UPLOADS_ENTRY,
  VERSION,
} from "./format";
import { inspectArchive, isExpectedEntry, restoreLimits, type RestoreLimits, sizeGuard } from "./limits";

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
