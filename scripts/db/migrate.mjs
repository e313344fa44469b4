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
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline/promises";
import { isMainModule } from "../lib/main-module.mjs";
import { loadEnvFile } from "../../env-file.js";
import { DEFAULT_DATABASE_URL, LOCKFILE_NAME, MIGRATION_TABLE, MigrationError } from "./migrate/settings.mjs";
import { applyPendingMigrations, withEngine } from "./migrate/engine.mjs";
import {
  assertHistoryIsClean,
  filtersOf,
  hasTable,
  pgConfig,
  prepareDatabase,
  readMigrationsList,
  resolveTarget,
  slugifyMigrationName,
  withPgClient,
} from "./migrate/database.mjs";

// What other scripts and the tests import from here, wherever in migrate/ it lives.
export {
  DEFAULT_DATABASE_URL,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SCHEMA_PATH,
  MigrationError,
  POSTGRESQL_MIGRATIONS_DIR,
  POSTGRESQL_SCHEMA_PATH,
} from "./migrate/settings.mjs";
export { databasePathFromUrl, slugifyMigrationName } from "./migrate/database.mjs";

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
