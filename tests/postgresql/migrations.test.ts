/**
 * scripts/db/migrate.mjs on PostgreSQL (run by `npm run test:postgresql` only): the PostgreSQL
 * migrations build exactly what prisma/postgresql/schema.prisma describes, a second deploy applies
 * nothing, and the rules Prisma's schema cannot say are in place (docs/decisions/053-two-databases.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  applyMigrations,
  createMigration,
  migrationStatus,
  POSTGRESQL_MIGRATIONS_DIR,
} from "../../scripts/db/migrate.mjs";
import { databaseUrl, dropDatabases, onServer, testPostgresUrl } from "../support/postgres-databases";

const server = testPostgresUrl();
if (!server) throw new Error("Run with npm run test:postgresql (HAAT_TEST_POSTGRES_URL is not set)");
const prefix = `haat_migrate_${process.pid}_`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "haat-pg-migrations-"));
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await dropDatabases(server, prefix);
});

describe("PostgreSQL migrations", () => {
  it("create the database, apply every migration once, and then nothing", async () => {
    const url = databaseUrl(server, `${prefix}fresh`);
    const local = fs.readdirSync(POSTGRESQL_MIGRATIONS_DIR).filter((name) => /^\d{14}_/.test(name));
    expect(await applyMigrations({ databaseUrl: url })).toEqual(local.sort());
    expect(await applyMigrations({ databaseUrl: url })).toEqual([]);
    const status = await migrationStatus({ databaseUrl: url });
    expect(status).toMatchObject({ databaseExists: true, pending: [], problem: null });
    expect(status.applied.map((row) => row.name)).toEqual(local.sort());
  });

  it("build exactly what prisma/postgresql/schema.prisma describes, and leave no shadow database", async () => {
    const migrationsDir = path.join(tmp, "migrations");
    fs.cpSync(POSTGRESQL_MIGRATIONS_DIR, migrationsDir, { recursive: true });
    const result = await createMigration({
      databaseUrl: databaseUrl(server, `${prefix}check`),
      migrationsDir,
      name: "anything missing",
      createOnly: true,
    });
    expect(result.migrationName).toBeNull();
    // Its shadow database is named after the database it checks; other test files' shadows, made
    // meanwhile on the same server, are theirs to drop.
    const { rows } = await onServer(server, "SELECT datname FROM pg_database");
    const names = (rows as { datname: string }[]).map((row) => row.datname);
    expect(names.filter((name) => name.startsWith(`${prefix}check_shadow_`))).toEqual([]);
  });

  it("keep the rules the schema cannot say: stock at 0 or more, an append-only audit trail, trigram search", async () => {
    const url = databaseUrl(server, `${prefix}fresh`);
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const names = async (sql: string) =>
        (await client.query<{ name: string }>(sql)).rows.map((row) => row.name).sort();
      expect(await names(`SELECT conname AS name FROM pg_constraint WHERE contype = 'c' AND conrelid <> 0`)).toEqual([
        "AuditEvent_positive_id",
        "ProductVariant_stockQuantity_check",
      ]);
      expect(await names(`SELECT tgname AS name FROM pg_trigger WHERE tgrelid = '"AuditEvent"'::regclass`)).toEqual([
        "AuditEvent_no_delete",
        "AuditEvent_no_truncate",
        "AuditEvent_no_update",
      ]);
      expect(await names(`SELECT extname AS name FROM pg_extension WHERE extname = 'pg_trgm'`)).toEqual(["pg_trgm"]);
    } finally {
      await client.end();
    }
  });
});
