/**
 * `npm run backup [-- --out <folder>] [--keep <n>]` (tsx scripts/ops/backup.ts): writes a consistent
 * copy of the database and the uploads into `<folder>/haat-backup-<YYYYMMDD-HHMMSS>.tar.gz`
 * (default folder ./backups) while the shop keeps running; see scripts/ops/backup-archive.ts for the
 * archive and docs/decisions/032-operations.md.
 *
 * Options:
 *   --out <folder>   where the archive goes (made if missing); default ./backups.
 *   --keep <n>       afterwards, delete all but the newest n haat-backup-*.tar.gz in that folder.
 *   --help, -h       show the usage.
 *
 * Reads DATABASE_URL and UPLOADS_DIR (or UPLOADS_URL and the S3 variables: the bucket's pictures
 * are downloaded into the archive) from .env or the environment, like the server. Prints the
 * archive's path, size and contents; exits 0 on success, 1 on any error (message on stderr).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, createBackup } from "./backup-archive";
import { loadEnvFile } from "../../env-file.js";
import { runScript } from "../lib/run-script";

const USAGE = `Usage: npm run backup -- [--out <folder>] [--keep <n>]

Backs up the database and the pictures (the uploads folder, or the bucket of UPLOADS_URL)
into one dated .tar.gz archive, while haat runs.
  --out <folder>   where the archive goes; default ./backups
  --keep <n>       then delete all but the newest n backups in that folder
  -h, --help       show this help`;

/** "12.3 MB" for a size in bytes. */
function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<number> {
  loadEnvFile();
  const { values } = parseArgs({
    options: {
      out: { type: "string", default: "backups" },
      keep: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) {
    throw new BackupError("--keep takes a whole number of backups, at least 1.");
  }
  const { getEnv } = await import("~/config/env.server");
  const { createUploadsStorage } = await import("~/server/media/storage.server");
  const env = getEnv();
  const bucket = env.uploadsStorage.kind === "s3" ? env.uploadsStorage : undefined;
  const result = await createBackup({
    databasePath: env.databasePath,
    databaseUrl: env.databaseKind === "postgresql" ? env.DATABASE_URL : undefined,
    uploadsPath: env.uploadsPath,
    uploadsStorage: bucket ? createUploadsStorage(bucket) : undefined,
    outDir: values.out,
  });
  const rows = Object.values(result.manifest.database.rowCounts).reduce((sum, count) => sum + count, 0);
  console.log(
    `Backed up to ${result.archivePath} (${size(result.archiveBytes)}) in ${(result.durationMs / 1000).toFixed(1)} s: ` +
      `the database (${size(result.manifest.database.bytes)}, ${rows} rows in ${Object.keys(result.manifest.database.rowCounts).length} tables) ` +
      `and ${result.manifest.uploads.length} uploaded files${bucket ? ` from s3://${bucket.bucket}${bucket.prefix ? `/${bucket.prefix}` : ""}` : ""}.`,
  );
  if (keep !== undefined) {
    const archives = fs
      .readdirSync(values.out)
      .filter((name) => /^haat-backup-\d{8}-\d{6}\.tar\.gz$/.test(name))
      .sort()
      .reverse();
    for (const old of archives.slice(keep)) {
      fs.rmSync(path.join(values.out, old));
      console.log(`Deleted the older backup ${old}.`);
    }
  }
  return 0;
}

runScript(main, {
  isExpected: (error) => error instanceof BackupError,
  failure: "Backup failed",
  afterError: (error) => {
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      console.error(`\n${USAGE}`);
    }
  },
});
