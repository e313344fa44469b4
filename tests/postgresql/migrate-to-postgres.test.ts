/**
 * `npm run migrate:to-postgres` (scripts/ops/migrate-to-postgres.ts) on a demo shop (run by
 * `npm run test:postgresql` only): a SQLite file seeded with the demo catalogue, its sample orders
 * and some back-office rows is copied into an empty PostgreSQL database; every table is equal by
 * count and checksum, the ids go on after the copied ones, the triggers are back on, and a target
 * that holds rows is refused.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/models/db/client.server";
import { DEMO_CATALOGUE } from "../../prisma/demo-catalogue";
import { seedDemoCatalogue } from "../../prisma/seed.server";
import { applyMigrations } from "../../scripts/db/migrate.mjs";
import { migrateToPostgres, MigrateToPostgresError } from "../../scripts/ops/migrate-to-postgres";
import { databaseUrl, dropDatabases, testPostgresUrl } from "../support/postgres-databases";

const server = testPostgresUrl();
if (!server) throw new Error("Run with npm run test:postgresql (HAAT_TEST_POSTGRES_URL is not set)");
const prefix = `haat_copy_${process.pid}_`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "haat-copy-"));
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await dropDatabases(server, prefix);
});

/** A SQLite shop: two products of each demo category, a month of sample orders, staff work. */
async function demoShop(): Promise<string> {
  const file = path.join(tmp, "shop.db");
  await applyMigrations({ databasePath: file });
  const sqlite = createPrismaClient(file);
  try {
    await seedDemoCatalogue(sqlite, {
      uploadsPath: path.join(tmp, "uploads"),
      catalogue: DEMO_CATALOGUE.map((category) => ({ ...category, products: category.products.slice(0, 2) })),
      sampleOrders: true,
      now: new Date("2026-11-20T10:00:00Z"),
    });
    const admin = await sqlite.adminUser.findFirstOrThrow();
    await sqlite.auditEvent.create({
      data: {
        actorId: admin.id,
        actorEmail: admin.email,
        action: "product.updated",
        summary: "Bangla ল্যাম্প",
        details: '{"a":1}',
      },
    });
    await sqlite.blockedPhone.create({ data: { phone: "01700000001", note: "refused twice" } });
    await sqlite.session.create({
      data: {
        tokenHash: "a".repeat(64),
        userId: admin.id,
        expiresAt: new Date("2026-12-01T00:00:00.123Z"),
        lastSeenAt: new Date(),
      },
    });
  } finally {
    await sqlite.$disconnect();
  }
  return `file:${file}`;
}

describe("migrate:to-postgres", () => {
  it("copies every table of a demo shop, equal by count and checksum, ids and triggers going on after", async () => {
    const from = await demoShop();
    const to = databaseUrl(server, `${prefix}target`);
    const reports = await migrateToPostgres(from, to);
    expect(reports.filter((report) => !report.equal)).toEqual([]);
    const counts = Object.fromEntries(reports.map((report) => [report.table, report.targetRows]));
    expect(counts).toMatchObject({ AdminUser: 1, AuditEvent: 1, BlockedPhone: 1, Session: 1 });
    expect(counts.Product).toBe(DEMO_CATALOGUE.length * 2);
    expect(counts.Order).toBeGreaterThan(20);
    expect(counts.OrderItem).toBeGreaterThanOrEqual(counts.Order!);
    expect(reports.map((report) => report.table)).not.toContain("_prisma_migrations");

    const client = new pg.Client({ connectionString: to });
    await client.connect();
    try {
      // The ids go on after the largest copied, and the change log's triggers are on again.
      const { rows: before } = await client.query<{ max: number; changes: string }>(
        `SELECT MAX("id") AS "max", (SELECT count(*) FROM "CatalogueChange") AS "changes" FROM "Category"`,
      );
      const { rows: inserted } = await client.query<{ id: number }>(
        `INSERT INTO "Category" ("name", "slug", "updatedAt") VALUES ('After the move', 'after-the-move', now()) RETURNING "id"`,
      );
      expect(inserted[0]!.id).toBe(before[0]!.max + 1);
      const { rows: after } = await client.query<{ changes: string }>(
        `SELECT count(*) AS "changes" FROM "CatalogueChange"`,
      );
      expect(Number(after[0]!.changes)).toBe(Number(before[0]!.changes) + 1);
      // The audit trail is append-only again.
      await expect(client.query(`DELETE FROM "AuditEvent"`)).rejects.toThrow(/append-only/);
    } finally {
      await client.end();
    }

    // A second copy into the same database is refused: it never mixes two shops.
    await expect(migrateToPostgres(from, to)).rejects.toThrow(MigrateToPostgresError);
    await expect(migrateToPostgres(from, to)).rejects.toThrow(/already holds rows/);
    // Seeding a demo shop and copying it take about 10 s on an idle machine; a loaded CI runner is slower.
  }, 60_000);
});
