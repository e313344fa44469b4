/**
 * Prisma's WebAssembly schema engine, for scripts/db/migrate.mjs: loaded by hand, given a
 * database connection (with the fixes SQLite's shadow database and PostgreSQL need), and used to
 * apply pending migrations. See the comment atop migrate.mjs for the engine's quirks.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MIGRATION_TABLE, MigrationError } from "./settings.mjs";
import { filtersOf, pgConfig, readMigrationsList, readSchema, withPgClient } from "./database.mjs";

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
export async function withEngine({ target, schemaPath, log }, fn) {
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
export async function applyPendingMigrations(engine, target, log) {
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
