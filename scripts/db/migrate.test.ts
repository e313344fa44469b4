/**
 * scripts/db/migrate.mjs against real SQLite files in temporary folders: a fresh database gets every
 * table and Prisma's migration history, a second run is a no-op, and a migration modified after
 * it was applied (or a database that drifted) is refused with a clear error.
 */
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, MigrationError } from "./migrate.mjs";

const EXPECTED_TABLES = [
  "Product",
  "Order",
  "OrderItem",
  "Category",
  "Image",
  "ProductImage",
  "AdminUser",
  "Session",
  "_prisma_migrations",
];

let tmpRoot: string;

beforeAll(() => {
  tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), "haat-migrate-test-"));
});

afterAll(() => {
  fs.rmSync(tmpRoot, { recursive: true, force: true });
});

/** A database path in a folder of its own that does not exist yet. */
function freshDatabasePath(name: string): string {
  return path.join(tmpRoot, name, "nested", "test.db");
}

/** The project's migration folder names, oldest first. */
function projectMigrationNames(dir = DEFAULT_MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Opens the database, runs `fn`, closes it again. */
function withDatabase<T>(databasePath: string, fn: (db: Database.Database) => T): T {
  const db = new Database(databasePath);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: string | null;
  rolled_back_at: string | null;
  logs: string | null;
}

function migrationRows(databasePath: string): MigrationRow[] {
  return withDatabase(
    databasePath,
    (db) =>
      db
        .prepare(
          "SELECT migration_name, checksum, finished_at, rolled_back_at, logs FROM _prisma_migrations ORDER BY migration_name",
        )
        .all() as MigrationRow[],
  );
}

describe("applyMigrations", () => {
  it("has at least one migration to test with", () => {
    expect(projectMigrationNames().length).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(DEFAULT_MIGRATIONS_DIR, "migration_lock.toml"), "utf8")).toContain(
      'provider = "sqlite"',
    );
  });

  it("builds a fresh database with every table and records each migration like the Prisma CLI", async () => {
    const databasePath = freshDatabasePath("fresh");

    const applied = await applyMigrations({ databasePath });

    const names = projectMigrationNames();
    expect(applied).toEqual(names);

    // Readable right away from another connection: the engine's exclusive lock is released.
    const tables = withDatabase(databasePath, (db) =>
      (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
          name: string;
        }[]
      ).map((row) => row.name),
    );
    expect(tables).toEqual(expect.arrayContaining(EXPECTED_TABLES));

    const rows = migrationRows(databasePath);
    expect(rows.map((row) => row.migration_name)).toEqual(names);
    for (const row of rows) {
      const sql = fs.readFileSync(path.join(DEFAULT_MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      // The checksum `prisma migrate deploy` compares: SHA-256 of migration.sql, hex.
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
    }

    const journalMode = withDatabase(databasePath, (db) => db.pragma("journal_mode", { simple: true }));
    expect(journalMode).toBe("wal");
  });

  it("leaves a self-contained file that can be copied (no -wal or -shm left behind)", async () => {
    const databasePath = freshDatabasePath("copyable");
    await applyMigrations({ databasePath });

    expect(fs.readdirSync(path.dirname(databasePath))).toEqual(["test.db"]);
  });

  it("applies nothing the second time", async () => {
    const databasePath = freshDatabasePath("twice");
    await applyMigrations({ databasePath });
    const before = migrationRows(databasePath);

    const logged: string[] = [];
    const applied = await applyMigrations({ databasePath, log: (message) => logged.push(message) });

    expect(applied).toEqual([]);
    expect(logged).toEqual([]);
    expect(migrationRows(databasePath)).toEqual(before);
  });

  it("refuses a migration that was modified after it was applied", async () => {
    const migrationsDir = path.join(tmpRoot, "edited-migrations");
    fs.cpSync(DEFAULT_MIGRATIONS_DIR, migrationsDir, { recursive: true });
    const databasePath = freshDatabasePath("edited");
    await applyMigrations({ databasePath, migrationsDir });

    const [first] = projectMigrationNames(migrationsDir);
    fs.appendFileSync(path.join(migrationsDir, first!, "migration.sql"), "\n-- edited after deploy\n");

    const attempt = applyMigrations({ databasePath, migrationsDir });
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toMatchObject({
      code: "HISTORY_MISMATCH",
      message: expect.stringContaining(`The migration \`${first}\` was modified after it was applied.`),
    });
  });

  it("refuses a database whose schema drifted from its migrations", async () => {
    const databasePath = freshDatabasePath("drift");
    await applyMigrations({ databasePath });
    withDatabase(databasePath, (db) => db.exec('CREATE TABLE "Stray" ("id" INTEGER PRIMARY KEY)'));

    await expect(applyMigrations({ databasePath })).rejects.toMatchObject({
      code: "HISTORY_MISMATCH",
      message: expect.stringMatching(/Drift detected[\s\S]*Stray/),
    });
  });

  it("refuses a non-empty database that has no migration history (Prisma's P3005)", async () => {
    const databasePath = freshDatabasePath("unmanaged");
    fs.mkdirSync(path.dirname(databasePath), { recursive: true });
    withDatabase(databasePath, (db) => db.exec('CREATE TABLE "Legacy" ("id" INTEGER PRIMARY KEY)'));

    await expect(applyMigrations({ databasePath })).rejects.toMatchObject({ code: "P3005" });
  });
});
