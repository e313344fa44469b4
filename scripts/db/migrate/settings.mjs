/**
 * Where migrations live and what they may touch, for scripts/db/migrate.mjs: the project's
 * migrations folders and schemas (SQLite's and PostgreSQL's), the default database, the tables
 * and enums Prisma must leave alone, and the error every command fails with.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Absolute path of the project's migrations folder. */
export const DEFAULT_MIGRATIONS_DIR = path.join(PROJECT_ROOT, "prisma", "migrations");
/** Absolute path of the project's Prisma schema. */
export const DEFAULT_SCHEMA_PATH = path.join(PROJECT_ROOT, "prisma", "schema.prisma");
/** PostgreSQL's migrations folder and schema, written from the SQLite ones (scripts/db/db-schemas.mjs). */
export const POSTGRESQL_MIGRATIONS_DIR = path.join(PROJECT_ROOT, "prisma", "postgresql", "migrations");
export const POSTGRESQL_SCHEMA_PATH = path.join(PROJECT_ROOT, "prisma", "postgresql", "schema.prisma");
/** Used when DATABASE_URL is not set (same default as app/config/env.server.ts). */
export const DEFAULT_DATABASE_URL = "file:./data/haat.db";

export const LOCKFILE_NAME = "migration_lock.toml";
export const MIGRATION_TABLE = "_prisma_migrations";
/**
 * Tables Prisma's schema cannot describe, left out of every comparison of the schema with the
 * database: the full-text index of product names (an FTS5 virtual table) and the tables SQLite
 * keeps for it, all made and kept in step by the migration that creates the index
 * (docs/decisions/037-search-at-scale.md). Without this, `create` would offer to drop them.
 */
export const SQLITE_FILTERS = {
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
export const POSTGRESQL_FILTERS = { externalTables: ["public.RateLimit"], externalEnums: [] };

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
