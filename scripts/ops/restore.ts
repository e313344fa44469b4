/**
 * `npm run restore -- [--max-size <MB>] <archive>` (tsx scripts/ops/restore.ts): puts a backup made by
 * `npm run backup` back, after checking it (scripts/ops/backup-archive.ts: sizes before unpacking,
 * manifest, checksums, SQLite's integrity check, the migration history and the schema against this
 * haat's migrations). Stop haat first: the restore refuses while a haat answers /healthz on PORT.
 * The database and uploads it replaces are kept beside them as `…before-restore-<YYYYMMDD-HHMMSS>`.
 * Migrations newer than the backup are applied afterwards. Every sign-in session in the backup is
 * ended (everyone signs in again), SQLite's planner statistics are dropped and the product search
 * index is rebuilt from the products: a forged archive could carry any of them.
 *
 * `--max-size <MB>`: the most the archive may unpack to (default 20480, i.e. 20 GiB); never more
 * than the free space beside the database less 256 MB.
 *
 * Reads DATABASE_URL, UPLOADS_DIR and PORT from .env or the environment, like the server. With
 * UPLOADS_URL (pictures in a bucket), the backup's pictures are put into the bucket instead of the
 * folder, before the database is replaced; the bucket's other objects are left alone. Exits 0
 * when restored, 1 on any error (nothing is changed when a check fails).
 */
import { parseArgs } from "node:util";
import { BackupError, DEFAULT_MAX_RESTORE_BYTES, refusePostgres, restoreBackup } from "./backup-archive";
import { loadEnvFile } from "../../env-file.js";
import { runScript } from "../lib/run-script";

const USAGE = `Usage: npm run restore -- [--max-size <MB>] <haat-backup-….tar.gz>

Checks the backup, then replaces the database and the uploads folder with it
(with UPLOADS_URL, puts its pictures into the bucket instead).
Stop haat first. What is replaced is kept beside it as …before-restore-<date>.
Every staff session in the backup is ended: everyone signs in again.
  --max-size <MB>  the most the archive may unpack to; default 20480 (20 GiB),
                   and never more than the free space beside the database less 256 MB`;

/** Whether a haat answers /healthz on this machine's `port` (within 1 s). */
async function haatIsRunning(port: number): Promise<boolean> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    const body = (await answer.json()) as { database?: unknown };
    return body.database !== undefined;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  loadEnvFile();
  const { values, positionals } = parseArgs({
    options: { help: { type: "boolean", short: "h" }, "max-size": { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new BackupError(USAGE);
  const maxMegabytes = values["max-size"] === undefined ? undefined : Number(values["max-size"]);
  if (maxMegabytes !== undefined && !(Number.isInteger(maxMegabytes) && maxMegabytes > 0)) {
    throw new BackupError("--max-size takes a whole number of megabytes, at least 1.");
  }
  const { getEnv } = await import("~/config/env.server");
  const { createUploadsStorage } = await import("~/server/media/storage.server");
  const env = getEnv();
  refusePostgres(env.databaseKind);
  if (await haatIsRunning(env.PORT)) {
    throw new BackupError(
      `haat is running on port ${env.PORT}: stop it first (for example \`systemctl stop haat\`), then restore.`,
    );
  }
  const result = await restoreBackup({
    archivePath: positionals[0]!,
    databasePath: env.databasePath,
    uploadsPath: env.uploadsPath,
    uploadsStorage: env.uploadsStorage.kind === "s3" ? createUploadsStorage(env.uploadsStorage) : undefined,
    limits: { maxTotalBytes: maxMegabytes === undefined ? DEFAULT_MAX_RESTORE_BYTES : maxMegabytes * 1024 * 1024 },
  });
  const rows = Object.values(result.manifest.database.rowCounts).reduce((sum, count) => sum + count, 0);
  console.log(
    `Restored the backup of ${result.manifest.createdAt}: ${rows} rows and ${result.manifest.uploads.length} uploaded files, all checked.`,
  );
  if (result.keptAside.database) console.log(`The database it replaced is kept as ${result.keptAside.database}.`);
  if (result.keptAside.uploads) console.log(`The uploads it replaced are kept as ${result.keptAside.uploads}.`);
  if (env.uploadsStorage.kind === "s3") {
    console.log("Its pictures are in the bucket now; the bucket's other pictures were left as they were.");
  }
  if (result.migrationsApplied.length > 0) {
    console.log(`Brought up to date with ${result.migrationsApplied.length} newer migrations.`);
  }
  const { sessionsEnded, statisticsDropped, searchIndexesRebuilt } = result.cleaned;
  console.log(
    `Every sign-in session in the backup was ended (${sessionsEnded}): staff sign in again. A backup made elsewhere could hold a session its maker can use.`,
  );
  if (statisticsDropped.length > 0) {
    console.log(`SQLite's planner statistics in the backup were dropped (${statisticsDropped.join(", ")}).`);
  }
  if (searchIndexesRebuilt.length > 0) console.log(`The product search was rebuilt from the products.`);
  console.log("Start haat again.");
  return 0;
}

runScript(main, { isExpected: (error) => error instanceof BackupError, failure: "Restore failed" });
