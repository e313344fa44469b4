/**
 * Vitest global setup: builds one migrated SQLite database (tests/.tmp/vitest/base.db) through the
 * same migration code the app uses; each test worker then copies it (setup-test-env.ts). Only its
 * own folder is emptied, so an end-to-end server's data (tests/.tmp/e2e-<port>) survives a Vitest
 * run started beside it.
 */
import fs from "node:fs";
import path from "node:path";
import { applyMigrations } from "../../scripts/migrate.mjs";

export const TMP_DIR = path.resolve("tests/.tmp/vitest");
export const BASE_DB = path.join(TMP_DIR, "base.db");

export default async function globalSetup() {
  fs.rmSync(TMP_DIR, { recursive: true, force: true });
  fs.mkdirSync(TMP_DIR, { recursive: true });
  await applyMigrations({ databasePath: BASE_DB, log: () => {} });
  return () => fs.rmSync(TMP_DIR, { recursive: true, force: true });
}
