/**
 * `npm run backup` and `npm run restore` on PostgreSQL (run by `npm run test:postgresql` only): the
 * backup holds pg_dump's dump of the database, taken in the snapshot its manifest's row counts
 * describe, and that dump restores with pg_restore into an empty database with every row; `npm run
 * restore`, which replaces a SQLite file, refuses and names the steps instead.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import * as tar from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { createProduct } from "../integration/helpers";
import { placeOrder } from "../integration/place-order";
import { createDatabase, databaseUrl, dropDatabases, testPostgresUrl } from "../support/postgres-databases";

const run = promisify(execFile);
const server = testPostgresUrl();
if (!server) throw new Error("Run with npm run test:postgresql (HAAT_TEST_POSTGRES_URL is not set)");
const out = fs.mkdtempSync(path.join(os.tmpdir(), "haat-pg-backup-"));
const prefix = `haat_restored_${process.pid}_`;
afterAll(async () => {
  fs.rmSync(out, { recursive: true, force: true });
  await dropDatabases(server, prefix);
});

/** Runs a script of package.json with tsx in this worker's environment; resolves with its exit code and output. */
async function script(file: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), [file, ...args], { env: process.env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** Row counts per table of the database at `url`. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`)).rows[0]!.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

describe("backups on PostgreSQL", () => {
  it("hold pg_dump's dump, which restores into an empty database with every row the manifest counts", async () => {
    const lamp = await createProduct({ name: "Dumped Lamp", pricePaisa: 42_000, stockQuantity: 9 });
    await placeOrder([[lamp.variantId, 2]]);

    const result = await script("scripts/ops/backup.ts", ["--out", out]);
    expect(result.code, result.output).toBe(0);
    const [archive] = fs.readdirSync(out).filter((name) => name.endsWith(".tar.gz"));
    const unpacked = path.join(out, "unpacked");
    fs.mkdirSync(unpacked);
    await tar.extract({ file: path.join(out, archive!), cwd: unpacked });
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8"));
    expect(manifest.database).toMatchObject({ kind: "postgresql" });
    const dump = path.join(unpacked, "haat.pgdump");
    expect(crypto.createHash("sha256").update(fs.readFileSync(dump)).digest("hex")).toBe(manifest.database.sha256);
    expect(manifest.database.rowCounts).toMatchObject({ Order: 1, OrderItem: 1 });
    expect(manifest.database.migrations.length).toBeGreaterThanOrEqual(3);

    // Restored as the guide says: into an empty database, by pg_restore.
    const restored = databaseUrl(server, `${prefix}one`);
    await createDatabase(server, `${prefix}one`);
    await run("pg_restore", ["--no-owner", `--dbname=${restored}`, dump]);
    expect(await rowCounts(restored)).toEqual(manifest.database.rowCounts);
  });

  it("are refused by npm run restore, which names pg_restore and an empty database", async () => {
    const archive = path.join(out, "haat-backup-20261127-000000.tar.gz");
    fs.writeFileSync(archive, "not an archive");
    const result = await script("scripts/ops/restore.ts", [archive]);
    expect(result.code).toBe(1);
    expect(result.output).toContain("pg_restore --no-owner");
  });
});
