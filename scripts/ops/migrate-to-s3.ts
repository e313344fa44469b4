/**
 * `npm run migrate:to-s3 [-- --from <folder>]` (tsx scripts/ops/migrate-to-s3.ts): copies a local
 * uploads folder into the bucket UPLOADS_URL names (docs/decisions/054-picture-storage.md), under
 * the same names, so a shop can move its pictures to S3, R2, B2 or MinIO and then start with
 * UPLOADS_URL set.
 *
 * Options:
 *   --from <folder>  the folder to copy; default UPLOADS_DIR (./uploads).
 *   --help, -h       show the usage.
 *
 * An object the bucket already holds with the same size is skipped, so the copy can be run again
 * (after a failure, or while the shop still runs on the folder, then once more after stopping it)
 * and only copies what is missing. A failed write is tried twice more. Reads UPLOADS_URL, S3_* and
 * AWS_* from .env or the environment, like the server. Prints the counts; exits 0 when every file
 * is in the bucket, 1 otherwise, naming each file that failed (message on stderr).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnvFile } from "../../env-file.js";
import { runScript } from "../lib/run-script";

const USAGE = `Usage: npm run migrate:to-s3 -- [--from <folder>]

Copies the pictures of a local uploads folder into the bucket UPLOADS_URL names
(s3://bucket/prefix), under the same names. Files the bucket already has with the
same size are skipped: run it again at any time to copy what is missing.
  --from <folder>  the folder to copy; default UPLOADS_DIR (./uploads)
  -h, --help       show this help`;

/** Stops the script with a message and no stack: a mistake of the command, not a bug. */
class UsageError extends Error {}

async function main(): Promise<number> {
  loadEnvFile();
  const { values } = parseArgs({
    options: { from: { type: "string" }, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const { getEnv } = await import("~/config/env.server");
  const { createUploadsStorage } = await import("~/server/media/storage.server");
  const { copyObjects } = await import("~/server/media/storage-copy.server");
  const env = getEnv();
  const target = env.uploadsStorage;
  if (target.kind !== "s3") {
    throw new UsageError("UPLOADS_URL is not set: set it to the bucket to copy into, e.g. s3://shop-pictures/haat.");
  }
  const from = path.resolve(values.from ?? env.uploadsPath);
  if (!fs.existsSync(from) || !fs.statSync(from).isDirectory()) throw new UsageError(`There is no folder ${from}.`);
  const where = `s3://${target.bucket}${target.prefix ? `/${target.prefix}` : ""}`;
  console.log(`Copying the pictures in ${from} to ${where}${target.endpoint ? ` at ${target.endpoint}` : ""}…`);

  let done = 0;
  const report = await copyObjects(createUploadsStorage({ kind: "local", root: from }), createUploadsStorage(target), {
    onObject: () => {
      done++;
      if (done % 500 === 0) console.log(`  ${done} files so far`);
    },
  });
  const megabytes = (report.copiedBytes / 1024 / 1024).toFixed(1);
  console.log(
    `Copied ${report.copied} files (${megabytes} MB); ${report.skipped} were already there; ${report.failed.length} failed.`,
  );
  if (report.failed.length === 0) return 0;
  for (const failure of report.failed) console.error(`  ${failure.name}: ${failure.error}`);
  console.error(`${report.failed.length} files could not be copied (tried 3 times each): run it again.`);
  return 1;
}

runScript(main, { isExpected: (error) => error instanceof UsageError, failure: "The copy failed" });
