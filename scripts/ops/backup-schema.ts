/**
 * What a restore checks about a backup's database beyond its checksums (scripts/ops/backup-archive.ts,
 * docs/decisions/032-operations.md): its migration history and its schema. An archive's manifest
 * only proves that the archive is what its maker packed; a database packed by someone else (a
 * trigger planted on `Order`, the audit trail's triggers dropped) passes every checksum. The
 * schema is therefore compared with the one this code's migrations make, computed at restore time
 * by applying `prisma/migrations` to a fresh database, so the check follows every new migration.
 */
import Database from "better-sqlite3";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { applyMigrations } from "../db/migrate.mjs";

/** One object of a database's schema as compared: its kind, name, table and CREATE statement (normalised). */
type SchemaObject = { type: string; name: string; table: string; sql: string | null };

/** A database's schema by `"<type> <name>"`. */
export type Schema = Map<string, SchemaObject>;

/** A database's schema cannot be compared: it lists one object twice. */
export class SchemaError extends Error {
  override name = "SchemaError";
}

/**
 * Objects SQLite keeps by itself and a restore does not compare: the autoincrement counters, the
 * planner's statistics (written by ANALYZE or `PRAGMA optimize`), and the indexes SQLite makes for a
 * UNIQUE or PRIMARY KEY constraint (no SQL of their own: their table's SQL is compared).
 */
function isSqlitesOwn(row: { type: string; name: string; sql: string | null }): boolean {
  if (row.type === "table" && /^sqlite_(sequence|stat\d)$/.test(row.name)) return true;
  return row.type === "index" && row.sql === null && row.name.startsWith("sqlite_autoindex_");
}

/**
 * A CREATE statement in one canonical spelling, so that two databases made by the same migrations
 * compare equal whatever SQLite rewrote when a table was renamed: comments removed, every run of
 * white space one space (none next to `( ) , ; =`), identifiers unquoted when they are plain words
 * (`"Order"`, `` `Order` ``, `[Order]` and `Order` are one). String literals are kept as written.
 */
export function normaliseSql(sql: string): string {
  let out = "";
  let pendingSpace = false;
  const tight = "(),;=";
  const emit = (text: string) => {
    if (pendingSpace && out !== "" && !tight.includes(out.at(-1)!) && !tight.includes(text[0]!)) out += " ";
    pendingSpace = false;
    out += text;
  };
  let i = 0;
  while (i < sql.length) {
    const char = sql[i]!;
    if (char === "'") {
      let end = i + 1;
      while (end < sql.length && !(sql[end] === "'" && sql[end + 1] !== "'")) end += sql[end] === "'" ? 2 : 1;
      emit(sql.slice(i, end + 1));
      i = end + 1;
    } else if (char === '"' || char === "`" || char === "[") {
      const close = char === "[" ? "]" : char;
      let end = i + 1;
      let name = "";
      while (end < sql.length) {
        if (sql[end] === close) {
          if (close !== "]" && sql[end + 1] === close) {
            name += close;
            end += 2;
            continue;
          }
          break;
        }
        name += sql[end];
        end += 1;
      }
      emit(/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`);
      i = end + 1;
    } else if (char === "-" && sql[i + 1] === "-") {
      while (i < sql.length && sql[i] !== "\n") i += 1;
      pendingSpace = true;
    } else if (char === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end === -1 ? sql.length : end + 2;
      pendingSpace = true;
    } else if (/\s/.test(char)) {
      i += 1;
      pendingSpace = true;
    } else {
      emit(char);
      i += 1;
    }
  }
  return out;
}

/**
 * The schema of the SQLite file `databasePath`, read from `sqlite_master`: every table, index,
 * trigger and view with its normalised SQL (`normaliseSql`), SQLite's own objects left out
 * (`isSqlitesOwn`). The tables a virtual table keeps for itself (an FTS5 index's `_data`, `_idx`…,
 * "shadow" tables) are compared by name only: their SQL is written by SQLite's FTS5 module and may
 * differ between SQLite versions, and SQLite refuses to let anything but the module change them.
 *
 * @throws {SchemaError} when `sqlite_master` lists one object twice (one type, one name in any
 *   case, SQLite's own objects included): SQLite reads both rows, a second row without SQL changes
 *   where an index's pages are, and a map by name would keep only one of them to compare.
 */
export function readSchema(databasePath: string): Schema {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const shadows = new Set(
      (
        db.prepare("SELECT name, type FROM pragma_table_list WHERE schema = 'main'").all() as {
          name: string;
          type: string;
        }[]
      )
        .filter((row) => row.type === "shadow")
        .map((row) => row.name),
    );
    const rows = db.prepare("SELECT type, name, tbl_name AS 'table', sql FROM sqlite_master").all() as SchemaObject[];
    const schema: Schema = new Map();
    const seen = new Set<string>();
    for (const row of rows) {
      const identity = `${row.type} ${row.name.toLowerCase()}`;
      if (seen.has(identity)) throw new SchemaError(`its schema lists ${row.type} ${row.name} twice`);
      seen.add(identity);
      if (isSqlitesOwn(row)) continue;
      const sql = shadows.has(row.name) || row.sql === null ? null : normaliseSql(row.sql);
      schema.set(`${row.type} ${row.name}`, { ...row, sql });
    }
    return schema;
  } finally {
    db.close();
  }
}

/**
 * How `actual` differs from `expected`, one line per object, sorted: "extra trigger X on Order",
 * "missing trigger Y on AuditEvent", "changed index Z on Product"; [] when they are the same.
 */
export function schemaDifferences(actual: Schema, expected: Schema): string[] {
  const describe = (object: SchemaObject) =>
    object.type === "table" || object.type === "view" || object.table === object.name
      ? `${object.type} ${object.name}`
      : `${object.type} ${object.name} on ${object.table}`;
  const lines: string[] = [];
  for (const [key, object] of actual) {
    const wanted = expected.get(key);
    if (!wanted) lines.push(`extra ${describe(object)}`);
    else if (wanted.sql !== object.sql || wanted.table !== object.table) lines.push(`changed ${describe(object)}`);
  }
  for (const [key, object] of expected) if (!actual.has(key)) lines.push(`missing ${describe(object)}`);
  return lines.sort();
}

/** How far an autoincrement counter may run ahead of its table's largest id: rows deleted from the end. */
const SEQUENCE_SLACK = 1_000_000n;
/**
 * The highest an autoincrement counter may be: the app reads ids as Prisma's `Int`, 32 bits
 * (2,147,483,647 at most), so this leaves about 147 million ids.
 */
const SEQUENCE_CEILING = 2_000_000_000n;

/**
 * What is wrong with the autoincrement counters (`sqlite_sequence`) of the database at
 * `databasePath`, whose schema `schema` was checked: a counter for a table the schema does not
 * have, two counters for one table, one that is not a whole number, or one more than 1,000,000
 * above its table's largest id or above 2,000,000,000. A counter at the 64-bit maximum makes every
 * later insert into its table fail (the audit trail's would refuse every staff action), and one
 * past 32 bits gives ids the app cannot read. [] when all is well.
 */
export function sequenceProblems(databasePath: string, schema: Schema): string[] {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get();
    if (!hasTable) return [];
    const rows = db.prepare("SELECT name, seq FROM sqlite_sequence").safeIntegers(true).all() as {
      name: unknown;
      seq: unknown;
    }[];
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { name, seq } of rows) {
      const table = String(name);
      const known = schema.get(`table ${table}`);
      if (typeof name !== "string" || !known || known.sql === null) {
        problems.push(`it has an id counter for ${table}, a table haat does not have`);
        continue;
      }
      if (seen.has(table.toLowerCase())) {
        problems.push(`it has two id counters for ${table}`);
        continue;
      }
      seen.add(table.toLowerCase());
      if (typeof seq !== "bigint") {
        problems.push(`the id counter of ${table} is not a whole number`);
        continue;
      }
      const largest = db
        .prepare(`SELECT coalesce(max(rowid), 0) FROM "${table.replaceAll('"', '""')}"`)
        .safeIntegers(true)
        .pluck()
        .get() as bigint;
      if (seq > largest + SEQUENCE_SLACK || seq > SEQUENCE_CEILING) {
        problems.push(
          `the id counter of ${table} is ${seq}, though its largest id is ${largest} (at most ${SEQUENCE_SLACK} more, and never above ${SEQUENCE_CEILING})`,
        );
      }
    }
    return problems;
  } finally {
    db.close();
  }
}

/**
 * The schema this code's migrations make, up to and including `migrations` (names of folders in
 * `migrationsDir`, oldest first): they are copied to a folder of their own under `workDir` and
 * applied to a fresh database there with the app's own migration code (scripts/db/migrate.mjs).
 *
 * @throws {MigrationError} when a migration fails (a broken checkout).
 */
export async function referenceSchema(migrations: string[], migrationsDir: string, workDir: string): Promise<Schema> {
  const folder = fs.mkdtempSync(path.join(workDir, "reference-"));
  const ownMigrations = path.join(folder, "migrations");
  fs.mkdirSync(ownMigrations);
  for (const name of migrations)
    fs.cpSync(path.join(migrationsDir, name), path.join(ownMigrations, name), { recursive: true });
  const lockfile = path.join(migrationsDir, "migration_lock.toml");
  if (fs.existsSync(lockfile)) fs.copyFileSync(lockfile, path.join(ownMigrations, "migration_lock.toml"));
  const databasePath = path.join(folder, "reference.db");
  await applyMigrations({ databasePath, migrationsDir: ownMigrations });
  return readSchema(databasePath);
}

/** The migrations of `migrationsDir` (folders named `<14 digits>_<name>`), oldest first. */
export function knownMigrations(migrationsDir: string): string[] {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d{14}_/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** A migration as `_prisma_migrations` records it. */
type AppliedMigration = { name: string; checksum: string; finished: boolean; rolledBack: boolean };

/**
 * How the migration history of the database at `databasePath` stands against this code's
 * migrations: the applied ones must be the first N of `migrationsDir`, in order, each with the
 * checksum Prisma records (SHA-256 of its migration.sql), none failed. A shorter history (a backup
 * from an older haat) is fine: the rest is applied after the checks.
 *
 * @returns `{ ok: true, applied }` with the applied migrations, oldest first; or `{ ok: false,
 *   newer }` when the history names migrations this code does not have (a backup from a newer haat);
 *   or `{ ok: false, problem }` with a sentence saying what is wrong.
 */
export function checkMigrationHistory(
  databasePath: string,
  migrationsDir: string,
): { ok: true; applied: string[] } | { ok: false; newer: string[] } | { ok: false; problem: string } {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  let rows: AppliedMigration[];
  try {
    const hasTable = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
      .get();
    if (!hasTable) return { ok: false, problem: "its database has no migration history (_prisma_migrations)" };
    rows = (
      db.prepare("SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations").all() as {
        migration_name: string;
        checksum: string;
        finished_at: unknown;
        rolled_back_at: unknown;
      }[]
    ).map((row) => ({
      name: row.migration_name,
      checksum: row.checksum,
      finished: row.finished_at !== null,
      rolledBack: row.rolled_back_at !== null,
    }));
  } finally {
    db.close();
  }
  const known = knownMigrations(migrationsDir);
  const applied = rows.filter((row) => row.finished && !row.rolledBack).sort((a, b) => a.name.localeCompare(b.name));
  const newer = applied.map((row) => row.name).filter((name) => !known.includes(name));
  if (newer.length > 0) return { ok: false, newer };
  const failed = rows.filter((row) => !row.finished && !row.rolledBack);
  if (failed.length > 0) return { ok: false, problem: `migration ${failed[0]!.name} failed in it` };
  for (const [index, row] of applied.entries()) {
    if (row.name !== known[index]) {
      return {
        ok: false,
        problem: `its migration history skips ${known[index]} (it has ${row.name} after ${index > 0 ? known[index - 1] : "nothing"})`,
      };
    }
    const sql = fs.readFileSync(path.join(migrationsDir, row.name, "migration.sql"));
    if (crypto.createHash("sha256").update(sql).digest("hex") !== row.checksum) {
      return { ok: false, problem: `migration ${row.name} in it is not the one this haat has (another checksum)` };
    }
  }
  if (applied.length === 0) return { ok: false, problem: "its database has no migration applied" };
  return { ok: true, applied: applied.map((row) => row.name) };
}
