/**
 * The fresh shop the in-process benchmarks (bench.ts, bench-import.ts, bench-import-images.ts) run
 * against: a new temporary folder holding its SQLite database (migrated) and uploads, and the
 * environment of a production process pointing at them. Call it before importing any app module:
 * the app reads its environment once, when first loaded.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyMigrations } from "../db/migrate.mjs";

/**
 * Makes the folder (named after `prefix` in the system's temporary folder), sets NODE_ENV,
 * DATABASE_URL (`<folder>/bench.db`), UPLOADS_DIR, SESSION_SECRET, PUBLIC_URL and `extraEnv`,
 * and migrates the database. Returns the folder; the caller removes it when done.
 */
export async function freshBenchShop(prefix: string, extraEnv: Record<string, string> = {}): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
    UPLOADS_DIR: path.join(dir, "uploads"),
    SESSION_SECRET: "bench-session-secret-0123456789abcdef0123",
    PUBLIC_URL: "http://localhost:3000",
    ...extraEnv,
  });
  await applyMigrations({ databasePath: path.join(dir, "bench.db"), log: () => {} });
  return dir;
}
