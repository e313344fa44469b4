/**
 * `npm run backup` and `npm run restore` on PostgreSQL (run by `npm run test:postgresql` only): they
 * copy a SQLite file, so with a PostgreSQL DATABASE_URL they refuse, name PostgreSQL's own tools,
 * and write nothing, rather than make an archive that holds no shop.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const out = fs.mkdtempSync(path.join(os.tmpdir(), "haat-pg-backup-"));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** Runs `npm run <script>`'s file with tsx in this worker's environment; resolves with its exit code and output. */
async function script(file: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), [file, ...args], { env: process.env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("backups on PostgreSQL", () => {
  it("are refused by npm run backup, naming pg_dump, with nothing written", async () => {
    const result = await script("scripts/backup.ts", ["--out", out]);
    expect(result.code).toBe(1);
    expect(result.output).toContain("pg_dump --format=custom");
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it("are refused by npm run restore, naming pg_restore", async () => {
    const archive = path.join(out, "haat-backup-20261127-000000.tar.gz");
    fs.writeFileSync(archive, "not an archive");
    const result = await script("scripts/restore.ts", [archive]);
    expect(result.code).toBe(1);
    expect(result.output).toContain("pg_restore --clean --if-exists");
  });
});
