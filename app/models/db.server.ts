/**
 * The Prisma client for the whole process: one better-sqlite3 connection to the SQLite file named
 * by `DATABASE_URL` (foreign keys are on by default in better-sqlite3; busy timeout 5000 ms),
 * shared by every request through app/models/sqlite-adapter.server.ts, which takes its uses in
 * turn: a plain query waits for an open transaction to end instead of running inside it.
 * In development the client is kept on `globalThis` so Vite's hot reload does not open a new
 * connection on every change.
 */
import { PrismaClient } from "~/generated/prisma/client";
import { getEnv } from "~/config/env.server";
import { createSqliteAdapterFactory } from "~/models/sqlite-adapter.server";

/** Opens a Prisma client on the SQLite file at `databasePath` (absolute or relative to cwd). */
export function createPrismaClient(databasePath: string): PrismaClient {
  return new PrismaClient({ adapter: createSqliteAdapterFactory(databasePath) });
}

const globalForPrisma = globalThis as unknown as { __haatPrisma?: PrismaClient };

/** The shared client of this process. */
export const prisma: PrismaClient = globalForPrisma.__haatPrisma ?? createPrismaClient(getEnv().databasePath);

if (getEnv().NODE_ENV !== "production") globalForPrisma.__haatPrisma = prisma;
