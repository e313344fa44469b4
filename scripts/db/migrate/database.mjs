/**
 * Files and databases for scripts/db/migrate.mjs: the schema and the migrations folder as the
 * engine reads them, the database a command targets (SQLite file or PostgreSQL URL), made ready
 * before the engine opens it, and its history checked against the migrations.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { parse as parsePgUrl } from "pg-connection-string";
import fs from "node:fs";
import path from "node:path";
import {
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SCHEMA_PATH,
  LOCKFILE_NAME,
  MIGRATION_TABLE,
  MigrationError,
  POSTGRESQL_FILTERS,
  POSTGRESQL_MIGRATIONS_DIR,
  POSTGRESQL_SCHEMA_PATH,
  SQLITE_FILTERS,
} from "./settings.mjs";

/** @returns {{ files: { path: string, content: string }[] }} */
export function readSchema(schemaPath) {
  try {
    return { files: [{ path: schemaPath, content: fs.readFileSync(schemaPath, "utf8") }] };
  } catch (error) {
    throw new MigrationError(`Cannot read the Prisma schema at ${schemaPath}: ${error.message}`);
  }
}

/**
 * Reads the migrations folder the way the Prisma CLI does (same shape, same order: folder names
 * sorted with `localeCompare`), so the engine computes the same checksums and history.
 */
export function readMigrationsList(migrationsDir) {
  const baseDir = path.resolve(migrationsDir);
  const lockfilePath = path.join(baseDir, LOCKFILE_NAME);
  const lockfile = {
    path: LOCKFILE_NAME,
    content: fs.existsSync(lockfilePath) ? fs.readFileSync(lockfilePath, "utf8") : null,
  };
  const entries = fs.existsSync(baseDir) ? fs.readdirSync(baseDir, { withFileTypes: true }) : [];
  const migrationDirectories = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      let content;
      try {
        content = {
          tag: "ok",
          value: fs.readFileSync(path.join(baseDir, entry.name, "migration.sql"), "utf8"),
        };
      } catch (error) {
        content = { tag: "error", value: error.message };
      }
      return { path: entry.name, migrationFile: { path: "migration.sql", content } };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
  return { baseDir, lockfile, shadowDbInitScript: "", migrationDirectories };
}

/**
 * Makes the database ready for the engine and tells whether Prisma's migrations table exists yet.
 * SQLite: creates the file's folder (and the file) and switches it to WAL journaling (a persistent
 * setting). PostgreSQL: creates the database when the server does not have it yet, as the Prisma
 * CLI does (the URL's user must be allowed to; otherwise create it by hand first).
 */
export async function prepareDatabase(target) {
  if (target.kind === "sqlite") {
    fs.mkdirSync(path.dirname(target.path), { recursive: true });
    const db = new Database(target.path);
    try {
      db.pragma("journal_mode = WAL");
      return { hasMigrationsTable: hasTable(db, MIGRATION_TABLE) };
    } finally {
      db.close();
    }
  }
  await createPostgresDatabaseIfMissing(target.url);
  return withPgClient(target.url, async (client) => {
    const { rows } = await client.query("SELECT to_regclass($1) IS NOT NULL AS present", [`"${MIGRATION_TABLE}"`]);
    return { hasMigrationsTable: rows[0].present === true };
  });
}

export function hasTable(db, name) {
  return Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name));
}

/**
 * node-postgres's settings for a `postgresql://` URL (user, password, host, port, database and the
 * URL's query options such as `sslmode`), as an object so that one field can be changed.
 */
export function pgConfig(url) {
  const { database, ...rest } = parsePgUrl(url);
  const config = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== null));
  return { ...config, database: database ?? undefined, port: config.port ? Number(config.port) : undefined };
}

/** Runs `fn(client)` with one node-postgres connection to `url`, closed afterwards. */
export async function withPgClient(url, fn, overrides = {}) {
  const client = new pg.Client({ ...pgConfig(url), ...overrides });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the URL's database from the server's `postgres` database when it does not exist. */
async function createPostgresDatabaseIfMissing(url) {
  const { database } = pgConfig(url);
  if (!database)
    throw new MigrationError(`DATABASE_URL names no database (got "${redactUrl(url)}").`, { code: "BAD_DATABASE_URL" });
  await withPgClient(
    url,
    async (client) => {
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
      if (rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
    },
    { database: "postgres" },
  );
}

/** The URL without its password, for messages. */
function redactUrl(url) {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}

/**
 * Prisma's `migrate dev` names a migration `<timestamp>_<slug>`: lower case, words separated by
 * underscores, camelCase split, accents dropped, at most 200 characters.
 */
export function slugifyMigrationName(name) {
  return name
    .normalize("NFKD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/&/g, " and ")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
}

/**
 * Turns a `file:<path>` database URL into an absolute file path (relative paths are resolved
 * against `cwd`; a `?query` suffix is ignored).
 * @throws {MigrationError} when the URL does not start with `file:`.
 */
export function databasePathFromUrl(url, cwd = process.cwd()) {
  const match = /^file:([^?]+)/.exec(url ?? "");
  if (!match) {
    throw new MigrationError(
      `DATABASE_URL must look like file:./data/haat.db or postgresql://… (got "${redactUrl(String(url))}").`,
      {
        code: "BAD_DATABASE_URL",
      },
    );
  }
  return path.resolve(cwd, match[1]);
}

/** The tables and enums Prisma must leave alone in `target`'s database. */
export function filtersOf(target) {
  return target.kind === "sqlite" ? SQLITE_FILTERS : POSTGRESQL_FILTERS;
}

/**
 * Where to migrate, from a command's options: `databaseUrl` (`file:<path>` or `postgresql://…`) or,
 * for SQLite, `databasePath`. Gives the kind, the file path or URL, a label for messages (never a
 * password) and the migrations folder and schema of that database, unless the options name others.
 * @throws {MigrationError} "BAD_DATABASE_URL" for a URL that is neither.
 */
export function resolveTarget({ databasePath, databaseUrl, migrationsDir, schemaPath }) {
  if (databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    return {
      kind: "postgresql",
      url: databaseUrl,
      label: redactUrl(databaseUrl),
      migrationsDir: path.resolve(migrationsDir ?? POSTGRESQL_MIGRATIONS_DIR),
      schemaPath: schemaPath ?? POSTGRESQL_SCHEMA_PATH,
    };
  }
  const file = path.resolve(databasePath ?? databasePathFromUrl(databaseUrl));
  return {
    kind: "sqlite",
    path: file,
    label: file,
    migrationsDir: path.resolve(migrationsDir ?? DEFAULT_MIGRATIONS_DIR),
    schemaPath: schemaPath ?? DEFAULT_SCHEMA_PATH,
  };
}

/** Fails with the engine's own explanation when the database no longer matches its history. */
export async function assertHistoryIsClean(engine, migrationsList, target) {
  const { action } = await engine.devDiagnostic({ migrationsList, filters: filtersOf(target) });
  if (action.tag === "reset") {
    throw new MigrationError(
      `The database ${target.label} does not match the migration history:\n${action.reason.trim()}`,
      { code: "HISTORY_MISMATCH" },
    );
  }
}
