/**
 * The Prisma client for the whole process: one better-sqlite3 connection to the SQLite file named
 * by `DATABASE_URL` (foreign keys are on by default in better-sqlite3), shared by every request
 * through app/models/sqlite-adapter.server.ts (docs/decisions/020-one-connection-serialised.md):
 * - uses of the connection are taken in turn: a plain query waits for an open transaction to end
 *   instead of running inside it, and a transaction begins with `BEGIN IMMEDIATE`;
 * - while another process holds the write lock, a write (or a transaction's start) retries with
 *   `setTimeout` back-off for up to 5000 ms (SQLite's own busy timeout is 0, so the event loop is
 *   never blocked waiting), then fails with SQLite's busy error.
 * In development the client is kept on `globalThis` so Vite's hot reload does not open a new
 * connection on every change.
 */
import { PrismaClient } from "~/generated/prisma/client";
import { getEnv } from "~/config/env.server";
import {
  BUSY_DEADLINE_MS,
  createSqliteAdapterFactory,
  type SqliteAdapterOptions,
} from "~/models/sqlite-adapter.server";

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

const globalForPrisma = globalThis as unknown as { __haatPrisma?: PrismaClient };

/** The shared client of this process. */
export const prisma: PrismaClient = globalForPrisma.__haatPrisma ?? createPrismaClient(getEnv().databasePath);

if (getEnv().NODE_ENV !== "production") globalForPrisma.__haatPrisma = prisma;
