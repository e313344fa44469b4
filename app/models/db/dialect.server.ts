/**
 * What differs between the two databases haat runs on, behind one interface
 * (docs/decisions/053-two-databases.md). Everything else (the models, Prisma's queries, the raw SQL
 * written in standard SQL with double-quoted identifiers) is the same code on both.
 *
 * - app/models/db/dialects/sqlite.server.ts: SQLite (FTS5 search, planner hints, one writer at a time);
 * - app/models/db/dialects/postgresql.server.ts: PostgreSQL (pg_trgm search, advisory locks, typed parameters).
 *
 * The database is the one DATABASE_URL names, chosen once per process.
 */
import { getEnv } from "~/config/env.server";
import type { Dialect } from "./dialects/types";
import { postgresqlDialect } from "./dialects/postgresql.server";
import { sqliteDialect } from "./dialects/sqlite.server";

/** The dialect of this process's database. */
export const dialect: Dialect = getEnv().databaseKind === "postgresql" ? postgresqlDialect : sqliteDialect;
