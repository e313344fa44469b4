/**
 * One data model, two databases (docs/decisions/053-two-databases.md): the PostgreSQL schema is
 * what scripts/db/db-schemas.mjs writes from the SQLite one, and the SQLite migrations build exactly
 * what the schema describes (the PostgreSQL migrations are checked the same way in the PostgreSQL
 * run, tests/postgresql/migrations.test.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { POSTGRESQL_SCHEMA_PATH, postgresqlSchema, SQLITE_SCHEMA_PATH } from "./db-schemas.mjs";
import { createMigration } from "./migrate.mjs";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "haat-schemas-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("the two schemas", () => {
  it("keeps prisma/postgresql/schema.prisma as the SQLite schema gives it (npm run db:schemas)", () => {
    const written = fs.readFileSync(POSTGRESQL_SCHEMA_PATH, "utf8");
    expect(written).toBe(postgresqlSchema(fs.readFileSync(SQLITE_SCHEMA_PATH, "utf8")));
  });

  it("changes only the provider, the client's folder and the timestamps' type", () => {
    const source = [
      "generator client {",
      '  provider = "prisma-client"',
      '  output   = "../app/generated/prisma"',
      "}",
      "datasource db {",
      '  provider = "sqlite"',
      "}",
      "model A {",
      "  id        Int       @id",
      "  at        DateTime  @default(now()) // when",
      "  maybe     DateTime?",
      "  name      String",
      "}",
    ].join("\n");
    const result = postgresqlSchema(source);
    expect(result).toContain('provider = "postgresql"');
    expect(result).toContain('output   = "../../app/generated/prisma-postgresql"');
    expect(result).toContain("at        DateTime  @default(now()) @db.Timestamptz(3) // when");
    expect(result).toContain("maybe     DateTime? @db.Timestamptz(3)");
    expect(result).toContain("name      String\n");
    expect(() => postgresqlSchema(source.replace('"sqlite"', '"mysql"'))).toThrow(/provider = "sqlite"/);
  });

  it("builds with the SQLite migrations exactly what prisma/schema.prisma describes", async () => {
    const migrationsDir = path.join(tmp, "migrations");
    fs.cpSync(path.resolve("prisma/migrations"), migrationsDir, { recursive: true });
    const result = await createMigration({
      databasePath: path.join(tmp, "check.db"),
      migrationsDir,
      name: "anything missing",
      createOnly: true,
    });
    expect(result.migrationName).toBeNull();
  });
});
