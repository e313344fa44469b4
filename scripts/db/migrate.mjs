#!/usr/bin/env node
/**
 * Prisma Migrate without Prisma's Rust schema engine.
 *
 * Why: `prisma migrate dev|deploy|status` need Prisma's native `schema-engine` binary, which the
 * CLI downloads from Prisma's CDN on first use. On an offline machine (or behind a registry-only
 * proxy) that download fails, so the CLI is pointed at a stub (prisma.config.ts) and this script
 * drives Prisma's own WebAssembly build of the same engine (`@prisma/schema-engine-wasm`, pinned
 * to an exact version) through the better-sqlite3 driver adapter instead.
 * See docs/decisions/002-prisma-offline-migrations.md.
 *
 * The result is the Prisma CLI's: migrations live in Prisma's standard layout
 * (`prisma/migrations/<YYYYMMDDHHMMSS>_<name>/migration.sql` + `migration_lock.toml`) and are
 * recorded in the standard `_prisma_migrations` table with the same SHA-256 checksums, so anyone
 * who has the Rust engine can run `prisma migrate deploy|status` on the same files and database.
 * (One visible difference: the driver adapter stores the table's timestamps as ISO-8601 text where
 * the Rust engine stores integer milliseconds; the Rust engine reads both.)
 *
 * CLI (loads `.env` from the working directory; DATABASE_URL = `file:<path>`, the path relative
 * to the working directory, default `file:./data/haat.db`):
 *
 *   node scripts/db/migrate.mjs deploy                       apply pending migrations
 *   node scripts/db/migrate.mjs create --name <name>         new migration from schema changes, then apply it
 *        [--create-only] [--accept-data-loss]
 *   node scripts/db/migrate.mjs status                       list applied / pending migrations
 *
 * As a module: `applyMigrations`, `createMigration`, `migrationStatus` (documented below).
 *
 * Quirks of the WebAssembly engine that this file works around:
 * - the package's entry imports a `.wasm` file as an ES module, which Node 24 does with an
 *   ExperimentalWarning on every start (Node 20 could not at all), so the module is instantiated by
 *   hand from `schema_engine_bg.wasm` + its `schema_engine_bg.js` glue;
 * - `devDiagnostic` fails with P1014 until `_prisma_migrations` exists, and `createMigration` /
 *   `evaluateDataLoss` only work after `devDiagnostic` ran on the same engine instance;
 * - the engine replays migrations on the (in-memory) shadow database with `executeRaw`, which
 *   better-sqlite3 rejects for multi-statement scripts, so the shadow connection falls back to
 *   `executeScript` (the real database never goes through that wrapper);
 * - during `applyMigrations` the engine sets `PRAGMA locking_mode=EXCLUSIVE` on its connection,
 *   so every connection it opened is closed before a command returns;
 * - after `createMigration` a timer keeps Node alive for a while: the CLI exits explicitly.
 */
import Database from "better-sqlite3";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { parse as parsePgUrl } from "pg-connection-string";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isMainModule } from "../lib/main-module.mjs";
import { loadEnvFile } from "../../env-file.js";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Absolute path of the project's migrations folder. */
export const DEFAULT_MIGRATIONS_DIR = path.join(PROJECT_ROOT, "prisma", "migrations");
/** Absolute path of the project's Prisma schema. */
export const DEFAULT_SCHEMA_PATH = path.join(PROJECT_ROOT, "prisma", "schema.prisma");
/** PostgreSQL's migrations folder and schema, written from the SQLite ones (scripts/db/db-schemas.mjs). */
export const POSTGRESQL_MIGRATIONS_DIR = path.join(PROJECT_ROOT, "prisma", "postgresql", "migrations");
export const POSTGRESQL_SCHEMA_PATH = path.join(PROJECT_ROOT, "prisma", "postgresql", "schema.prisma");
/** Used when DATABASE_URL is not set (same default as app/config/env.server.ts). */
export const DEFAULT_DATABASE_URL = "file:./data/haat.db";

const LOCKFILE_NAME = "migration_lock.toml";
const MIGRATION_TABLE = "_prisma_migrations";
/**
 * Tables Prisma's schema cannot describe, left out of every comparison of the schema with the
 * database: the full-text index of product names (an FTS5 virtual table) and the tables SQLite
 * keeps for it, all made and kept in step by the migration that creates the index
 * (docs/decisions/037-search-at-scale.md). Without this, `create` would offer to drop them.
 */
const SQLITE_FILTERS = {
  externalTables: [
    "ProductSearch",
    "ProductSearch_data",
    "ProductSearch_idx",
    "ProductSearch_docsize",
    "ProductSearch_config",
  ],
  externalEnums: [],
};

/**
 * The table of the rate limits' counts on PostgreSQL, made by its own migration in the layout
 * rate-limiter-flexible reads (app/server/rate-limit.server.ts): Prisma's schema cannot hold a
 * PostgreSQL-only table. (The search index is an index on "Product", pg_trgm, not a table.)
 */
const POSTGRESQL_FILTERS = { externalTables: ["public.RateLimit"], externalEnums: [] };

/**
 * A migration problem the user has to act on (modified or failed migration, drift, invalid
 * schema, refused data loss...). `code` is Prisma's error code when the engine gave one (e.g.
 * "P3005"), otherwise a short name of ours such as "HISTORY_MISMATCH" or "DATA_LOSS".
 */
export class MigrationError extends Error {
  /**
   * @param {string} message
   * @param {{ code?: string, cause?: unknown }} [options]
   */
  constructor(message, { code, cause } = {}) {
    super(message, { cause });
    this.name = "MigrationError";
    this.code = code;
  }
}

// ---------------------------------------------------------------------------------------------
// The WebAssembly engine
// ---------------------------------------------------------------------------------------------

/** The message of the engine's last Rust panic, added to the error that follows it. */
let lastEnginePanic = null;

/** @type {Promise<typeof import("@prisma/schema-engine-wasm")> | undefined} */
let engineModulePromise;

/**
 * Loads `@prisma/schema-engine-wasm` once per process. Its entry file does
 * `import * as wasm from "./schema_engine_bg.wasm"`, which Node 24 loads only with an
 * ExperimentalWarning ("Importing WebAssembly module instances"), so we do what
 * that file does by hand: instantiate the .wasm with the JS glue as its only import, hand the
 * instance to the glue, and run the module's start function.
 */
function loadEngineModule() {
  engineModulePromise ??= (async () => {
    // Where the engine writes a Rust panic's message before it throws (as Prisma's CLI sets it up);
    // without it the panic surfaces as "Cannot read properties of undefined (reading 'set_message')".
    globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message(message) {
        lastEnginePanic = message;
      },
    };
    // createRequire rather than import.meta.resolve, which Vitest's module runner lacks.
    const gluePath = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const glue = await import(pathToFileURL(gluePath).href);
    const wasmPath = path.join(path.dirname(gluePath), "schema_engine_bg.wasm");
    const wasmModule = new WebAssembly.Module(fs.readFileSync(wasmPath));
    const instance = new WebAssembly.Instance(wasmModule, { "./schema_engine_bg.js": glue });
    glue.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
    return glue;
  })();
  return engineModulePromise;
}

/**
 * The shadow database is an in-memory SQLite the engine rebuilds from the migration files to
 * compare against. It replays each `migration.sql` with `executeRaw`, but better-sqlite3 only
 * prepares one statement at a time ("The supplied SQL string contains more than one statement"),
 * so such a call is retried as a script. Only ever applied to the shadow connection.
 */
function withMultiStatementFallback(adapter) {
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      const isMultiStatement = /more than one statement/i.test(String(error?.message));
      if (!isMultiStatement || query.args.length > 0) throw error;
      await adapter.executeScript(query.sql);
      return 0;
    }
  };
  return adapter;
}

/**
 * Runs `fn(engine)` with a schema engine connected to `target` (a SQLite file or a PostgreSQL
 * database, see `resolveTarget`), then frees the engine and closes every connection it opened (on
 * SQLite the engine takes an exclusive lock on the database, so leaving a connection open would
 * lock out the app in the same process).
 */
async function withEngine({ target, schemaPath, log }, fn) {
  const { SchemaEngine } = await loadEngineModule();
  const schema = readSchema(schemaPath);

  const driver =
    target.kind === "sqlite"
      ? new PrismaBetterSqlite3({ url: `file:${target.path}`, timeout: 5000 })
      : // A config object, not a connection string: the adapter's shadow database is `{ ...config,
        // database }`, and pg would let a connection string's database name win over that.
        new PrismaPg(pgConfig(target.url));
  const connections = [];
  const factory = bindMigrationAwareSqlAdapterFactory({
    provider: driver.provider,
    adapterName: driver.adapterName,
    async connect() {
      const adapter = await driver.connect();
      connections.push(adapter);
      return target.kind === "sqlite" ? adapter : withPostgresFixes(adapter);
    },
    async connectToShadowDb() {
      // SQLite: ":memory:"; PostgreSQL: a database of its own (postgresShadowDb).
      const adapter =
        target.kind === "sqlite"
          ? withMultiStatementFallback(await driver.connectToShadowDb())
          : await postgresShadowDb(target.url);
      connections.push(adapter);
      return adapter;
    },
  });

  const engine = await SchemaEngine.new(
    { datamodels: schema.files.map((file) => [file.path, file.content]) },
    (line) => forwardEngineLog(line, log),
    factory,
  ).catch((error) => {
    throw toMigrationError(error);
  });
  try {
    return await fn(engine, schema);
  } catch (error) {
    throw toMigrationError(error);
  } finally {
    engine.free();
    await Promise.all(connections.map((connection) => connection.dispose().catch(() => {})));
  }
}

/** PostgreSQL's `"char"` type (pg_catalog's one-byte codes, such as pg_class.relkind) and `text`. */
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const CHAR_COLUMNS = Symbol("charColumns");

/**
 * Two gaps of @prisma/adapter-pg 7.10 that the schema engine runs into, closed for its connections
 * only (the app never reads the catalogue or runs scripts):
 * - the engine's catalogue queries return `"char"` columns (such as a constraint's type), which the
 *   adapter cannot map ("Column type 'char' could not be deserialized"): they are handed to the
 *   engine as the single characters it reads them as;
 * - `executeScript` splits a migration at every ";", which cuts a function body (`$$ …; … $$`) in
 *   pieces: the script is sent whole instead. PostgreSQL runs a multi-statement query as one
 *   implicit transaction, so a migration that fails leaves nothing half-applied.
 */
function withPostgresFixes(adapter) {
  const readCharAsText = (queryable) => {
    // performIO reads the rows; queryRaw maps each column's type by its OID, then returns the same
    // rows array, which carries the `"char"` columns' positions from one to the other.
    const performIO = queryable.performIO.bind(queryable);
    queryable.performIO = async (query) => {
      const result = await performIO(query);
      const charColumns = [];
      (result.fields ?? []).forEach((field, index) => {
        if (field.dataTypeID !== PG_CHAR_OID) return;
        field.dataTypeID = PG_TEXT_OID;
        charColumns.push(index);
      });
      if (charColumns.length > 0) Object.defineProperty(result.rows, CHAR_COLUMNS, { value: charColumns });
      return result;
    };
    const queryRaw = queryable.queryRaw.bind(queryable);
    queryable.queryRaw = async (query) => {
      const result = await queryRaw(query);
      for (const index of result.rows[CHAR_COLUMNS] ?? []) result.columnTypes[index] = ColumnTypeEnum.Character;
      return result;
    };
    return queryable;
  };
  readCharAsText(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => readCharAsText(await startTransaction(...args));
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      throw new MigrationError(`PostgreSQL refused the script: ${error.message}`, { code: error.code, cause: error });
    }
  };
  return adapter;
}

/**
 * The name of a throwaway shadow database for the database `database`: its name (cut to fit
 * PostgreSQL's 63 bytes), "_shadow_" and 16 random hex digits, so each is unique and says whose it is.
 */
function shadowDatabaseName(database) {
  return `${database.slice(0, 39)}_shadow_${crypto.randomBytes(8).toString("hex")}`;
}

/**
 * A throwaway database beside `url`'s (`shadowDatabaseName`), for the engine to replay the
 * migrations in, dropped when the engine disposes of it. (The adapter's own shadow database drops
 * the database before it closes its pool, which PostgreSQL refuses while that pool is connected.)
 * Both the engine and `withEngine` dispose of it; each call waits for the one drop.
 */
async function postgresShadowDb(url) {
  const name = shadowDatabaseName(pgConfig(url).database ?? "haat");
  await withPgClient(url, (client) => client.query(`CREATE DATABASE "${name}"`));
  const adapter = withPostgresFixes(await new PrismaPg({ ...pgConfig(url), database: name }).connect());
  const dispose = adapter.dispose.bind(adapter);
  let dropping = null;
  adapter.dispose = () =>
    (dropping ??= (async () => {
      // The engine may have closed the pool itself already; the database is dropped either way.
      await dispose().catch(() => {});
      await withPgClient(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    })());
  return adapter;
}

/** The engine logs JSON lines (mostly INFO-level SQL tracing); only warnings and errors matter. */
function forwardEngineLog(line, log) {
  try {
    const { level, fields } = JSON.parse(line);
    if (level === "WARN" || level === "ERROR") {
      log(`Prisma schema engine: ${fields?.message ?? line}`);
    }
  } catch {
    // Not JSON: nothing we know how to show.
  }
}

/**
 * Engine errors are plain `Error`s with a Prisma `code` (P1014, P3005, ...) and a Rust span trace
 * ("   0: sql_schema_connector::...") appended to the message; the trace stays in `cause`.
 */
function toMigrationError(error) {
  if (error instanceof MigrationError) return error;
  let message = (error instanceof Error ? error.message : String(error)).split(/\n\s*0: /)[0].trim();
  if (lastEnginePanic) {
    message = `${message}\nThe schema engine stopped: ${lastEnginePanic}`;
    lastEnginePanic = null;
  }
  return new MigrationError(message, { code: error?.code, cause: error });
}

/**
 * Applies the pending migrations of `migrationsDir` and logs each one. A migration whose SQL
 * fails is recorded as failed in `_prisma_migrations` and, as with the Prisma CLI on SQLite, may
 * leave the database half-migrated (SQLite migrations do not run in one transaction).
 * @throws {MigrationError} P3018 when a migration's SQL fails.
 */
async function applyPendingMigrations(engine, target, log) {
  const migrationsList = readMigrationsList(target.migrationsDir);
  try {
    const { appliedMigrationNames } = await engine.applyMigrations({
      migrationsList,
      filters: filtersOf(target),
    });
    for (const name of appliedMigrationNames) log(`Applied migration ${name}`);
    return appliedMigrationNames;
  } catch (error) {
    if (error?.code) throw error; // the engine's own code says what went wrong (P3005, P3009...)
    // The failing migration is only named in the engine's span trace.
    const failed = /migration_name="([^"]+)"/.exec(String(error?.message))?.[1] ?? "A migration";
    throw new MigrationError(
      `${failed} failed to apply and is recorded as failed in ${MIGRATION_TABLE}:\n` +
        `${toMigrationError(error).message}\n` +
        "The database may be half-migrated: restore it from a backup (a development database " +
        "can simply be deleted), fix the migration, then deploy again.",
      { code: "P3018", cause: error },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Files and database helpers
// ---------------------------------------------------------------------------------------------

/** @returns {{ files: { path: string, content: string }[] }} */
function readSchema(schemaPath) {
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
function readMigrationsList(migrationsDir) {
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
async function prepareDatabase(target) {
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

function hasTable(db, name) {
  return Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name));
}

/**
 * node-postgres's settings for a `postgresql://` URL (user, password, host, port, database and the
 * URL's query options such as `sslmode`), as an object so that one field can be changed.
 */
function pgConfig(url) {
  const { database, ...rest } = parsePgUrl(url);
  const config = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== null));
  return { ...config, database: database ?? undefined, port: config.port ? Number(config.port) : undefined };
}

/** Runs `fn(client)` with one node-postgres connection to `url`, closed afterwards. */
async function withPgClient(url, fn, overrides = {}) {
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

/**
 * Where to migrate, from a command's options: `databaseUrl` (`file:<path>` or `postgresql://…`) or,
 * for SQLite, `databasePath`. Gives the kind, the file path or URL, a label for messages (never a
 * password) and the migrations folder and schema of that database, unless the options name others.
 * @throws {MigrationError} "BAD_DATABASE_URL" for a URL that is neither.
 */
/** The tables and enums Prisma must leave alone in `target`'s database. */
function filtersOf(target) {
  return target.kind === "sqlite" ? SQLITE_FILTERS : POSTGRESQL_FILTERS;
}

function resolveTarget({ databasePath, databaseUrl, migrationsDir, schemaPath }) {
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
async function assertHistoryIsClean(engine, migrationsList, target) {
  const { action } = await engine.devDiagnostic({ migrationsList, filters: filtersOf(target) });
  if (action.tag === "reset") {
    throw new MigrationError(
      `The database ${target.label} does not match the migration history:\n${action.reason.trim()}`,
      { code: "HISTORY_MISMATCH" },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/**
 * Applies every pending migration of `migrationsDir` to the database (what
 * `prisma migrate deploy` does), after checking that the migrations already applied are intact:
 * none modified since, none failed, none missing locally, and no drift between the database and
 * its history. SQLite: creates the database's folder and file when missing and turns on WAL
 * journaling. PostgreSQL: creates the database when the server lacks it.
 *
 * @param {object} options
 * @param {string} [options.databasePath]  SQLite file (absolute, or relative to the cwd), or:
 * @param {string} [options.databaseUrl]  `file:<path>` or `postgresql://…`.
 * @param {string} [options.migrationsDir]  Defaults to the database's own: prisma/migrations or
 *   prisma/postgresql/migrations.
 * @param {string} [options.schemaPath]  Defaults to the database's own schema (the engine reads
 *   the datasource provider from it).
 * @param {(message: string) => void} [options.log]  Progress messages; silent by default.
 * @returns {Promise<string[]>} Names of the migrations applied now, oldest first (empty when
 *   the database was up to date).
 * @throws {MigrationError} `code` "HISTORY_MISMATCH" when an applied migration was modified,
 *   failed or is missing locally, or the schema drifted; a Prisma code such as "P3005"
 *   (non-empty database without migration history) or "P3018" (a migration's SQL failed).
 */
export async function applyMigrations({ log = () => {}, ...where }) {
  const target = resolveTarget(where);
  const { hasMigrationsTable } = await prepareDatabase(target);
  return withEngine({ target, schemaPath: target.schemaPath, log }, async (engine) => {
    // On a fresh database there is no history to check (devDiagnostic would fail with P1014).
    if (hasMigrationsTable) {
      await assertHistoryIsClean(engine, readMigrationsList(target.migrationsDir), target);
    }
    return applyPendingMigrations(engine, target, log);
  });
}

/**
 * Creates a migration from the difference between the migration history and the Prisma schema
 * (what `prisma migrate dev --name <name>` does), writes it in Prisma's layout, then applies it
 * to the development database. Pending migrations are applied first. When the schema matches the
 * history, nothing is created. On PostgreSQL the engine compares in a shadow database of its own
 * on the same server (created and dropped by it), so the URL's user must be allowed to create
 * databases.
 *
 * @param {object} options
 * @param {string} [options.databasePath]  Development SQLite file (created when missing), or:
 * @param {string} [options.databaseUrl]  `file:<path>` or `postgresql://…` (a development database).
 * @param {string} options.name  Free text, turned into a slug: "Add SKU" -> `<timestamp>_add_sku`.
 * @param {string} [options.migrationsDir]  Defaults to the project's prisma/migrations.
 * @param {string} [options.schemaPath]  Defaults to the project's prisma/schema.prisma.
 * @param {boolean} [options.createOnly]  Write the migration but do not apply it (to edit it).
 * @param {(warnings: string[]) => boolean | Promise<boolean>} [options.confirmDataLoss]  Called
 *   with the engine's data-loss warnings, if any; return true to go on. Refuses by default.
 * @param {(message: string) => void} [options.log]  Progress messages; silent by default.
 * @returns {Promise<{ migrationName: string | null, migrationPath: string | null,
 *   applied: string[], warnings: string[] }>} `migrationName`/`migrationPath` (the migration.sql)
 *   are null when there was no change; `applied` lists every migration applied by this call.
 * @throws {MigrationError} "HISTORY_MISMATCH" when the database does not match its history
 *   (delete the development database and run again), "DATA_LOSS" when data-loss warnings were
 *   not confirmed, "UNEXECUTABLE" when a step cannot run on the current data, "BAD_NAME" for an
 *   empty name, or the engine's Prisma code (e.g. P1012 for an invalid schema).
 */
export async function createMigration({
  name,
  createOnly = false,
  confirmDataLoss = () => false,
  log = () => {},
  ...where
}) {
  const slug = slugifyMigrationName(name ?? "");
  if (!slug) {
    const message = "Give the migration a name, e.g. --name add_product_sku.";
    throw new MigrationError(message, { code: "BAD_NAME" });
  }
  const target = resolveTarget(where);
  const { migrationsDir } = target;
  const { hasMigrationsTable } = await prepareDatabase(target);

  return withEngine({ target, schemaPath: target.schemaPath, log }, async (engine, schema) => {
    const applied = [];
    const applyPending = async () => {
      applied.push(...(await applyPendingMigrations(engine, target, log)));
    };

    // A fresh database first gets the migrations table (and any existing migration), because
    // devDiagnostic cannot run without it.
    if (!hasMigrationsTable) await applyPending();
    // devDiagnostic also sets up the shadow database that evaluateDataLoss/createMigration need.
    await assertHistoryIsClean(engine, readMigrationsList(migrationsDir), target).catch((error) => {
      if (error.code === "HISTORY_MISMATCH") {
        error.message += `\nIf this is only a development database, delete ${target.label} and run the command again.`;
      }
      throw error;
    });
    if (hasMigrationsTable) await applyPending();

    const migrationsList = readMigrationsList(migrationsDir);
    const evaluation = await engine.evaluateDataLoss({
      migrationsList,
      schema,
      filters: filtersOf(target),
    });
    // Like `prisma migrate dev`: steps that cannot run on the current data (e.g. a new required
    // column without default on a table with rows) block applying, not writing with createOnly.
    if (evaluation.unexecutableSteps.length > 0) {
      const steps = evaluation.unexecutableSteps.map((step) => `  - ${step.message}`).join("\n");
      const message = `The migration cannot be applied to the data in ${target.label}:\n${steps}`;
      if (!createOnly) {
        throw new MigrationError(`${message}\nCreate it with --create-only, edit its migration.sql, then run deploy.`, {
          code: "UNEXECUTABLE",
        });
      }
      log(message);
    }
    if (evaluation.migrationSteps === 0) {
      return { migrationName: null, migrationPath: null, applied, warnings: [] };
    }
    const warnings = evaluation.warnings.map((warning) => warning.message);
    if (warnings.length > 0 && !(await confirmDataLoss(warnings))) {
      const list = warnings.map((warning) => `  - ${warning}`).join("\n");
      throw new MigrationError(`Migration not created: it would lose data.\n${list}`, {
        code: "DATA_LOSS",
      });
    }

    const output = await engine.createMigration({
      draft: false,
      migrationName: slug,
      migrationsList,
      schema,
      filters: filtersOf(target),
    });
    if (output.migrationScript === null) {
      return { migrationName: null, migrationPath: null, applied, warnings };
    }

    // Same files, contents and modes as the Prisma CLI writes.
    const migrationDir = path.join(migrationsDir, output.generatedMigrationName);
    if (fs.existsSync(migrationDir)) {
      throw new MigrationError(`The migration directory already exists at ${migrationDir}`, {
        code: "EXISTS",
      });
    }
    fs.mkdirSync(migrationDir, { recursive: true });
    const migrationPath = path.join(migrationDir, `migration.${output.extension}`);
    fs.writeFileSync(migrationPath, output.migrationScript, "utf8");
    fs.writeFileSync(
      path.join(migrationsDir, LOCKFILE_NAME),
      "# Please do not edit this file manually\n" +
        "# It should be added in your version-control system (e.g., Git)\n" +
        `provider = "${output.connectorType}"\n`,
      "utf8",
    );
    log(`Created ${path.relative(process.cwd(), migrationPath)}`);

    if (!createOnly) await applyPending();
    return { migrationName: output.generatedMigrationName, migrationPath, applied, warnings };
  });
}

/**
 * Compares the migrations folder with the `_prisma_migrations` table of the database, like
 * `prisma migrate status`. Does not create the database.
 *
 * @param {object} options
 * @param {string} [options.databasePath]  SQLite file, or:
 * @param {string} [options.databaseUrl]  `file:<path>` or `postgresql://…`.
 * @param {string} [options.migrationsDir]
 * @param {string} [options.schemaPath]
 * @returns {Promise<{ databaseExists: boolean,
 *   applied: { name: string, finishedAt: string | null }[], pending: string[],
 *   problem: string | null }>} `applied` are the database's successful, not rolled-back
 *   migrations; `pending` the local ones not applied yet; `problem` explains a modified, failed
 *   or missing migration, or drift (null when the history is clean).
 * @throws {MigrationError} when the engine cannot read the database or the schema.
 */
export async function migrationStatus(where) {
  const target = resolveTarget(where);
  const migrationsList = readMigrationsList(target.migrationsDir);
  const local = migrationsList.migrationDirectories.map((dir) => dir.path);
  const history = await readHistory(target);
  if (history === "no-database") return { databaseExists: false, applied: [], pending: local, problem: null };
  if (history === "no-table") return { databaseExists: true, applied: [], pending: local, problem: null };

  const applied = history.map((row) => ({
    name: row.name,
    finishedAt: row.finishedAt == null ? null : String(row.finishedAt),
  }));
  const appliedNames = new Set(applied.map((row) => row.name));
  const pending = local.filter((name) => !appliedNames.has(name));
  const problem = await withEngine({ target, schemaPath: target.schemaPath, log: () => {} }, async (engine) => {
    const { action } = await engine.devDiagnostic({ migrationsList, filters: filtersOf(target) });
    return action.tag === "reset" ? action.reason.trim() : null;
  });
  return { databaseExists: true, applied, pending, problem };
}

/**
 * The successful, not rolled-back rows of `_prisma_migrations`, by name; "no-database" or
 * "no-table" when there is none yet.
 */
async function readHistory(target) {
  const sql = `SELECT migration_name AS "name", finished_at AS "finishedAt" FROM ${MIGRATION_TABLE}
           WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`;
  if (target.kind === "sqlite") {
    if (!fs.existsSync(target.path)) return "no-database";
    const db = new Database(target.path, { readonly: true, fileMustExist: true });
    try {
      return hasTable(db, MIGRATION_TABLE) ? db.prepare(sql).all() : "no-table";
    } finally {
      db.close();
    }
  }
  const { database } = pgConfig(target.url);
  const exists = await withPgClient(
    target.url,
    async (client) => (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database])).rowCount > 0,
    { database: "postgres" },
  );
  if (!exists) return "no-database";
  return withPgClient(target.url, async (client) => {
    const { rows } = await client.query("SELECT to_regclass($1) IS NOT NULL AS present", [`"${MIGRATION_TABLE}"`]);
    if (!rows[0].present) return "no-table";
    return (await client.query(sql)).rows;
  });
}

// ---------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------

const USAGE = `Usage (DATABASE_URL=file:<path> or postgresql://…, default ${DEFAULT_DATABASE_URL}; .env is read):
  node scripts/db/migrate.mjs deploy                  apply pending migrations
  node scripts/db/migrate.mjs create --name <name>    create a migration from schema changes and apply it
         [--create-only]                            ... only write it (to edit it before deploy)
         [--accept-data-loss]                       ... go on despite data-loss warnings
  node scripts/db/migrate.mjs status                  list applied and pending migrations`;

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const options = {
    command,
    name: undefined,
    createOnly: false,
    acceptDataLoss: false,
    help: false,
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === "--name" || arg === "-n") options.name = rest[++i];
    else if (arg.startsWith("--name=")) options.name = arg.slice("--name=".length);
    else if (arg === "--create-only") options.createOnly = true;
    else if (arg === "--accept-data-loss") options.acceptDataLoss = true;
    else if (arg === "--help" || arg === "-h") options.help = true;
    else throw new MigrationError(`Unknown argument "${arg}".\n\n${USAGE}`, { code: "USAGE" });
  }
  return options;
}

/**
 * Data-loss warnings: go on with --accept-data-loss, ask on a terminal, refuse otherwise (the
 * refusal's error then lists the warnings).
 */
function dataLossConfirmer(acceptDataLoss) {
  return async (warnings) => {
    if (!acceptDataLoss && !process.stdin.isTTY) {
      console.warn("Not a terminal: re-run with --accept-data-loss to create and apply it anyway.");
      return false;
    }
    const list = warnings.map((warning) => `  • ${warning}`).join("\n");
    console.warn(`\n⚠️  Warnings for the current database:\n${list}\n`);
    if (acceptDataLoss) return true;
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
    try {
      const answer = await rl.question("Create and apply this migration anyway? [y/N] ");
      return /^y(es)?$/i.test(answer.trim());
    } finally {
      rl.close();
    }
  };
}

/** Runs the CLI; resolves to the process exit code. */
async function main(argv) {
  loadEnvFile();
  const options = parseArgs(argv);
  if (options.help || !options.command) {
    console.log(USAGE);
    return options.help ? 0 : 1;
  }
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const target = resolveTarget({ databaseUrl });
  const relativePath = target.kind === "sqlite" ? path.relative(process.cwd(), target.path) : "..";
  const shownPath = relativePath.startsWith("..") ? target.label : relativePath;
  const log = (message) => console.log(message);

  switch (options.command) {
    case "deploy": {
      const started = performance.now();
      const applied = await applyMigrations({ databaseUrl, log });
      const ms = Math.round(performance.now() - started);
      console.log(
        applied.length === 0
          ? `Database is up to date (${shownPath}).`
          : `${applied.length} migration(s) applied to ${shownPath} in ${ms} ms.`,
      );
      return 0;
    }
    case "create": {
      const result = await createMigration({
        databaseUrl,
        name: options.name,
        createOnly: options.createOnly,
        confirmDataLoss: dataLossConfirmer(options.acceptDataLoss),
        log,
      });
      if (!result.migrationName) {
        console.log(`No schema change: the migrations already match prisma/schema.prisma. Nothing created.`);
      } else if (options.createOnly) {
        console.log(`Migration ${result.migrationName} created, not applied. Edit it, then run deploy.`);
      } else {
        console.log(`Migration ${result.migrationName} created and applied to ${shownPath}.`);
      }
      return 0;
    }
    case "status": {
      const status = await migrationStatus({ databaseUrl });
      if (!status.databaseExists) console.log(`Database ${shownPath} does not exist yet.`);
      console.log(`Applied (${status.applied.length}):`);
      for (const { name } of status.applied) console.log(`  ✔ ${name}`);
      console.log(`Pending (${status.pending.length}):`);
      for (const name of status.pending) console.log(`  • ${name}`);
      if (status.problem) {
        console.error(`\nProblem: ${status.problem}`);
        return 1;
      }
      console.log(
        status.pending.length === 0 ? "\nDatabase is up to date." : "\nRun deploy to apply the pending migrations.",
      );
      return 0;
    }
    default:
      throw new MigrationError(`Unknown command "${options.command}".\n\n${USAGE}`, {
        code: "USAGE",
      });
  }
}

if (isMainModule(import.meta.url)) {
  main(process.argv.slice(2)).then(
    // Exit explicitly: the engine leaves a timer behind after createMigration.
    (code) => process.exit(code),
    (error) => {
      const prismaCode = /^P\d{4}$/.test(error?.code ?? "") ? ` ${error.code}` : "";
      console.error(`Error${prismaCode}: ${error instanceof Error ? error.message : error}`);
      if (process.env.DEBUG && error?.stack) console.error(error.stack);
      process.exit(1);
    },
  );
}
