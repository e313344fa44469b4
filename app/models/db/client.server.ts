/**
 * The Prisma client for the whole process, on the database DATABASE_URL names
 * (docs/decisions/053-two-databases.md):
 *
 * - **SQLite** (`file:…`, the default): one better-sqlite3 connection to the file (foreign keys are
 *   on by default in better-sqlite3), shared by every request through
 *   app/models/db/sqlite-adapter.server.ts (docs/decisions/020-one-connection-serialised.md): uses of
 *   the connection are taken in turn, a transaction begins with `BEGIN IMMEDIATE`, and while another
 *   process holds the write lock a write retries with `setTimeout` back-off for up to 5000 ms.
 * - **PostgreSQL** (`postgresql://…`): a node-postgres pool of `POSTGRES_POOL_SIZE` connections
 *   through Prisma's pg adapter; transactions run at PostgreSQL's default, READ COMMITTED, and the
 *   shop's rules that must hold across concurrent writers say how they do (conditional stock
 *   updates, the dialect's locks: app/models/db/dialect.server.ts).
 *
 * Prisma compiles its client for one database, so each has its own generated client
 * (`app/generated/prisma` and `app/generated/prisma-postgresql`, from one schema: scripts/db/db-schemas.mjs).
 * The rest of the app is typed against the SQLite one; the two are the same models, fields and
 * methods, so the PostgreSQL client is handed out under that type.
 * In development the client is kept on `globalThis` so Vite's hot reload does not open a new
 * connection on every change.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "~/generated/prisma-postgresql/client";
import { getEnv } from "~/config/env.server";
import {
  BUSY_DEADLINE_MS,
  createSqliteAdapterFactory,
  type SqliteAdapterOptions,
} from "~/models/db/sqlite-adapter.server";

/**
 * Connections each process keeps open to PostgreSQL at most. Two app nodes of two processes each
 * hold 40, well within PostgreSQL's default of 100 connections.
 */
export const POSTGRES_POOL_SIZE = 10;

/**
 * Opens a Prisma client on the SQLite file at `databasePath` (absolute or relative to cwd).
 * `options.busyDeadlineMs` (ms, default 5000) bounds the wait for another process's write lock.
 * A `$transaction` may wait for its start up to a second longer than that (Prisma's `maxWait`, in
 * ms), so that a lock held too long fails with SQLite's busy error, as a plain write does.
 */
export function createPrismaClient(databasePath: string, options: SqliteAdapterOptions = {}): PrismaClient {
  return new PrismaClient({
    adapter: createSqliteAdapterFactory(databasePath, options),
    transactionOptions: { maxWait: (options.busyDeadlineMs ?? BUSY_DEADLINE_MS) + 1000 },
  });
}

/**
 * Opens a Prisma client on the PostgreSQL database at `url` (`postgresql://user:password@host:port/db`,
 * with node-postgres's query options such as `sslmode=require`), with a pool of at most `poolSize`
 * connections. Connecting is lazy: a wrong address or password fails the first query, not this call.
 */
export function createPostgresPrismaClient(url: string, poolSize = POSTGRES_POOL_SIZE): PrismaClient {
  const client = new PostgresPrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: poolSize }),
    transactionOptions: { maxWait: BUSY_DEADLINE_MS + 1000 },
  });
  // The same models and methods as the SQLite client's (one schema, scripts/db/db-schemas.mjs).
  return client as unknown as PrismaClient;
}

/** A client on the database `databaseUrl` names: a `file:` URL is SQLite, anything else PostgreSQL. */
function clientForEnv(): PrismaClient {
  const env = getEnv();
  return env.databaseKind === "sqlite"
    ? createPrismaClient(env.databasePath)
    : createPostgresPrismaClient(env.DATABASE_URL);
}

const globalForPrisma = globalThis as unknown as { __haatPrisma?: PrismaClient };

/** The shared client of this process. */
export const prisma: PrismaClient = globalForPrisma.__haatPrisma ?? clientForEnv();

if (getEnv().NODE_ENV !== "production") globalForPrisma.__haatPrisma = prisma;
