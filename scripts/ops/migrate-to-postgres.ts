/**
 * Moves a shop from its SQLite file to PostgreSQL (docs/decisions/053-two-databases.md,
 * docs/deploy/scale-out.md):
 *
 *   npm run migrate:to-postgres -- --from file:./data/haat.db --to postgresql://haat:…@db:5432/haat
 *
 * Stop the server first (or at least its writes): what is written to the file during the copy is
 * not copied. The command
 * 1. applies PostgreSQL's migrations to the target (creating the database when the server lacks it),
 *    and refuses a target that holds any row already: it never mixes two shops;
 * 2. copies every table of the shop, parents before children, in one transaction (a failure leaves
 *    the target empty), with the tables' triggers off meanwhile (the change log and the audit
 *    trail's rules are for the shop's own writes, not for a copy of them), then sets each id
 *    sequence past the largest id copied;
 * 3. reads both sides back and prints, per table, the row count and a SHA-256 of every row in
 *    primary-key order, each value written one canonical way (times as ISO-8601 UTC to the
 *    millisecond, booleans as true/false); exits 1 when any table differs.
 *
 * Pictures are not in the database: the uploads folder (or bucket) is the same for both.
 * Exit codes: 0 copied and equal, 1 refused or different (the reason is printed), 2 wrong usage.
 */
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { applyMigrations, databasePathFromUrl } from "../db/migrate.mjs";

/** Tables a copy leaves out: each database's own migration history. */
const SKIPPED_TABLES = new Set(["_prisma_migrations"]);
/** Rows per INSERT statement (PostgreSQL allows 65,535 parameters; the widest table has about 30 columns). */
const BATCH_ROWS = 500;

/** One table's comparison after the copy. */
export type TableReport = {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  equal: boolean;
};

/** A column of the target's table: its name and PostgreSQL type (information_schema's data_type). */
type Column = { name: string; type: string };

/** Thrown when the copy is refused or fails; the target is left as it was. */
export class MigrateToPostgresError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrateToPostgresError";
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A SQLite value as PostgreSQL's column of type `type` takes it. SQLite keeps times as ISO-8601 text
 * (Prisma's adapter), as "YYYY-MM-DD HH:MM:SS" in UTC (a CURRENT_TIMESTAMP default) or as ms since
 * 1970, and booleans as 0 and 1.
 */
function toPostgres(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type.startsWith("timestamp")) return sqliteTime(value);
  if (type === "boolean") return value === 1 || value === 1n || value === true || value === "1";
  if (typeof value === "bigint" || type === "bigint") return String(value);
  return value;
}

/** A time SQLite holds, as a Date. @throws {MigrateToPostgresError} for text that is no time. */
function sqliteTime(value: unknown): Date {
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  const text = String(value);
  const date = new Date(/^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d(\.\d+)?)?$/.test(text) ? `${text.replace(" ", "T")}Z` : text);
  if (Number.isNaN(date.getTime())) throw new MigrateToPostgresError(`Not a time: ${JSON.stringify(text)}`);
  return date;
}

/** One value written the one way both sides are compared in. */
function canonical(value: unknown, type: string): string {
  if (value === null || value === undefined) return "\\N";
  if (type.startsWith("timestamp")) return (value instanceof Date ? value : sqliteTime(value)).toISOString();
  if (type === "boolean") return String(value === true || value === 1 || value === 1n || value === "1");
  // node-postgres reads a bigint as text, SQLite as a number: both are written as the number.
  if (type === "integer" || type === "bigint" || type === "smallint") return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  return String(value);
}

/** SHA-256 (hex) of `rows` in their order, each value canonical. */
function checksum(rows: Record<string, unknown>[], columns: Column[]): string {
  const hash = createHash("sha256");
  for (const row of rows)
    hash.update(`${columns.map((column) => canonical(row[column.name], column.type)).join("\t")}\n`);
  return hash.digest("hex");
}

/** The target's tables with their columns and primary key, parents before children. */
async function targetTables(client: pg.Client) {
  const { rows: columnRows } = await client.query<{ table: string; name: string; type: string }>(
    `SELECT c.table_name AS "table", c.column_name AS "name", c.data_type AS "type"
       FROM information_schema.columns c JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const { rows: keyRows } = await client.query<{ table: string; column: string }>(
    `SELECT tc.relname AS "table", a.attname AS "column"
       FROM pg_index i JOIN pg_class tc ON tc.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = tc.relnamespace AND n.nspname = current_schema()
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON TRUE
       JOIN pg_attribute a ON a.attrelid = tc.oid AND a.attnum = k.attnum
      WHERE i.indisprimary ORDER BY tc.relname, k.position`,
  );
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS "child", c.confrelid::regclass::text AS "parent"
       FROM pg_constraint c WHERE c.contype = 'f'`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, "");
  const tables = new Map<string, { columns: Column[]; key: string[] }>();
  for (const row of columnRows) {
    if (SKIPPED_TABLES.has(row.table)) continue;
    const table = tables.get(row.table) ?? { columns: [], key: [] };
    table.columns.push({ name: row.name, type: row.type });
    tables.set(row.table, table);
  }
  for (const row of keyRows) tables.get(row.table)?.key.push(row.column);
  // Parents first (a depth-first topological order over the foreign keys).
  const parents = new Map<string, Set<string>>();
  for (const edge of edges) {
    const child = unquote(edge.child);
    const parent = unquote(edge.parent);
    if (child !== parent) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: string[] = [];
  const visit = (name: string, trail: Set<string>) => {
    if (ordered.includes(name) || trail.has(name)) return;
    trail.add(name);
    for (const parent of parents.get(name) ?? []) if (tables.has(parent)) visit(parent, trail);
    ordered.push(name);
  };
  for (const name of [...tables.keys()].sort()) visit(name, new Set());
  return ordered.map((name) => ({ name, ...tables.get(name)! }));
}

/**
 * Copies the shop in the SQLite file `from` (`file:<path>`) into the PostgreSQL database `to`, and
 * compares every table (the module's comment). `log` gets a line per step.
 * @returns one report per table, in copy order.
 * @throws {MigrateToPostgresError} when the source is not a migrated haat database, or the target
 *   holds rows already, or is behind or ahead of this version's migrations; a database error when
 *   the copy fails (nothing is left in the target then).
 */
export async function migrateToPostgres(
  from: string,
  to: string,
  log: (line: string) => void = () => {},
): Promise<TableReport[]> {
  const sourcePath = databasePathFromUrl(from);
  const source = new Database(sourcePath, { readonly: true, fileMustExist: true });
  const target = new pg.Client({ connectionString: to });
  try {
    const applied = await applyMigrations({ databaseUrl: to });
    if (applied.length > 0) log(`Prepared the target: ${applied.length} migration(s) applied.`);
    await target.connect();
    const tables = await targetTables(target);
    const sourceTables = new Set(
      (source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    for (const table of tables) {
      if (!sourceTables.has(table.name) && table.name !== "RateLimit") {
        throw new MigrateToPostgresError(
          `The SQLite file has no table "${table.name}": migrate it first (npm run db:migrate:deploy with DATABASE_URL=${from}).`,
        );
      }
      const { rows } = await target.query<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM ${quote(table.name)}) AS "any"`,
      );
      if (rows[0]?.any) {
        throw new MigrateToPostgresError(
          `The target already holds rows (table "${table.name}"): copy only into an empty database.`,
        );
      }
    }
    const copied = tables.filter((table) => sourceTables.has(table.name));

    await target.query("BEGIN");
    try {
      for (const table of copied) await target.query(`ALTER TABLE ${quote(table.name)} DISABLE TRIGGER USER`);
      for (const table of copied) {
        const names = table.columns.map((column) => column.name);
        const rows = source
          .prepare(`SELECT ${names.map(quote).join(", ")} FROM ${quote(table.name)}`)
          .raw()
          .all() as unknown[][];
        for (let start = 0; start < rows.length; start += BATCH_ROWS) {
          const batch = rows.slice(start, start + BATCH_ROWS);
          const values: unknown[] = [];
          const tuples = batch.map((row) => {
            const places = row.map((value, index) => {
              values.push(toPostgres(value, table.columns[index]!.type));
              return `$${values.length}`;
            });
            return `(${places.join(", ")})`;
          });
          await target.query(
            `INSERT INTO ${quote(table.name)} (${names.map(quote).join(", ")}) VALUES ${tuples.join(", ")}`,
            values,
          );
        }
        log(`Copied ${table.name}: ${rows.length} row(s).`);
      }
      // Each id sequence continues after the largest id copied.
      for (const table of copied.filter((one) => one.columns.some((column) => column.name === "id"))) {
        const { rows } = await target.query<{ sequence: string | null }>(
          "SELECT pg_get_serial_sequence($1, 'id') AS sequence",
          [quote(table.name)],
        );
        const sequence = rows[0]?.sequence;
        if (!sequence) continue;
        await target.query(`SELECT setval($1, COALESCE((SELECT MAX("id") FROM ${quote(table.name)}), 0) + 1, false)`, [
          sequence,
        ]);
      }
      for (const table of copied) await target.query(`ALTER TABLE ${quote(table.name)} ENABLE TRIGGER USER`);
      await target.query("COMMIT");
    } catch (error) {
      await target.query("ROLLBACK").catch(() => {});
      throw error;
    }

    const reports: TableReport[] = [];
    for (const table of copied) {
      const names = table.columns.map((column) => column.name);
      const order = (table.key.length > 0 ? table.key : names).map(quote).join(", ");
      const select = `SELECT ${names.map(quote).join(", ")} FROM ${quote(table.name)} ORDER BY ${order}`;
      const sourceRows = source.prepare(select).all() as Record<string, unknown>[];
      const targetRows = (await target.query(select)).rows as Record<string, unknown>[];
      const sourceChecksum = checksum(sourceRows, table.columns);
      const targetChecksum = checksum(targetRows, table.columns);
      reports.push({
        table: table.name,
        sourceRows: sourceRows.length,
        targetRows: targetRows.length,
        sourceChecksum,
        targetChecksum,
        equal: sourceRows.length === targetRows.length && sourceChecksum === targetChecksum,
      });
    }
    return reports;
  } finally {
    source.close();
    await target.end().catch(() => {});
  }
}

const USAGE = `Usage: npm run migrate:to-postgres -- --from file:./data/haat.db --to postgresql://user:password@host:5432/haat`;

async function main(argv: string[]): Promise<number> {
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
  };
  const from = option("--from") ?? process.env.DATABASE_URL;
  const to = option("--to");
  if (!from?.startsWith("file:") || !to || !/^postgres(ql)?:\/\//.test(to)) {
    console.error(USAGE);
    return 2;
  }
  console.log(
    `Copying ${path.relative(process.cwd(), databasePathFromUrl(from))} to ${to.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@")}`,
  );
  try {
    const reports = await migrateToPostgres(from, to, (line) => console.log(line));
    const width = Math.max(...reports.map((report) => report.table.length), 5);
    console.log(
      `\n${"table".padEnd(width)}  ${"SQLite".padStart(8)}  ${"PostgreSQL".padStart(10)}  checksum (SHA-256 of the rows)`,
    );
    for (const report of reports) {
      const sum = report.equal
        ? report.sourceChecksum.slice(0, 16)
        : `${report.sourceChecksum.slice(0, 16)} ≠ ${report.targetChecksum.slice(0, 16)}`;
      console.log(
        `${report.table.padEnd(width)}  ${String(report.sourceRows).padStart(8)}  ${String(report.targetRows).padStart(10)}  ${sum}${report.equal ? "" : "  DIFFERENT"}`,
      );
    }
    const different = reports.filter((report) => !report.equal);
    if (different.length > 0) {
      console.error(`\n${different.length} table(s) differ: the target is not a faithful copy.`);
      return 1;
    }
    console.log(
      `\nEvery table is equal (${reports.length} tables). Set DATABASE_URL=${"<the target>"} and start haat.`,
    );
    return 0;
  } catch (error) {
    console.error(`Not copied: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
