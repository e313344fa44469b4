/**
 * The catalogue's change log (table CatalogueChange; docs/decisions/051-page-cache-under-a-sale.md):
 * SQLite triggers append one row per committed write to what catalogue pages show: a product (its
 * fields, options, values, variants, pictures), only a variant's units on hand (with the units
 * before and after), or a shared input (categories, the shop's settings, a picture's file).
 *
 * Because triggers write it, every writer counts: this process, another process or instance on the
 * same file, a restore, the sqlite3 shell. Each process's page cache reads the rows after the last
 * one it saw (app/server/http/page-cache/page-changes.server.ts) and drops the pages they change; it reads them
 * on every lookup, so a page is never served as fresh after the commit that changed it.
 *
 * On PostgreSQL the same triggers fill the same table, and a feed of this process follows it in
 * memory (app/models/catalogue/changes/change-log-postgres.server.ts): the functions below then answer from
 * that feed, which learns of another node's write within milliseconds, a second at most.
 */
import Database from "better-sqlite3";
import { getEnv } from "~/config/env.server";
import type { CatalogueChange } from "./change";
import { PostgresChangeFeed } from "./change-log-postgres.server";
import { prisma } from "../../db/client.server";

/** The settings' default low-stock threshold (prisma/schema.prisma), before the settings row exists. */
const DEFAULT_LOW_STOCK_THRESHOLD = 5;

type Statements = {
  after: Database.Statement<[number, number], Omit<CatalogueChange, "trackStock"> & { trackStock: number | null }>;
  latest: Database.Statement<[], { seq: number }>;
  dataVersion: Database.Statement<[], number>;
};

let connection: Database.Database | null = null;
let statements: Statements | null = null;
/**
 * The last read that found no change: after which id, and SQLite's `data_version` then. While
 * neither has moved, nothing was committed since, so the log need not be read again.
 */
let quiet: { afterId: number; dataVersion: number } | null = null;

/** The feed of the log on PostgreSQL (null on SQLite), started on first use. */
let feed: PostgresChangeFeed | null = null;
/** Where the feed reports a lost connection or a failed read (the server's log; silent until set). */
let reportProblem: (error: unknown, message: string) => void = () => {};

/**
 * Sets where the PostgreSQL feed of the log reports its problems (a lost connection, a failed
 * read: each retried on its own), such as the server's log. On SQLite there are none to report.
 */
export function onCatalogueChangeProblem(report: (error: unknown, message: string) => void): void {
  reportProblem = report;
}

function postgresFeed(): PostgresChangeFeed | null {
  const env = getEnv();
  if (env.databaseKind !== "postgresql") return null;
  if (!feed) {
    feed = new PostgresChangeFeed(env.DATABASE_URL, (error, message) => reportProblem(error, message));
    void feed.start();
  }
  return feed;
}

/** The statements on the log's own read-only connection, opened on first use. */
function prepared(): Statements {
  if (statements) return statements;
  connection = new Database(getEnv().databasePath, { readonly: true, fileMustExist: true });
  statements = {
    after: connection.prepare(
      `SELECT c."id", c."kind", c."productId", c."variantStockBefore", c."variantStockAfter",
              c."productStockBefore", c."productStockAfter", c."trackStock", c."changedAt",
              COALESCE((SELECT "lowStockThreshold" FROM "ShopSettings" WHERE "id" = 1), ${DEFAULT_LOW_STOCK_THRESHOLD})
                AS "lowStockThreshold"
         FROM "CatalogueChange" c WHERE c."id" > ? ORDER BY c."id" LIMIT ?`,
    ),
    // AUTOINCREMENT keeps the largest id ever given here, pruned rows included.
    latest: connection.prepare(`SELECT "seq" FROM "sqlite_sequence" WHERE "name" = 'CatalogueChange'`),
    // Moves whenever another connection (any process's, this one's main connection included) commits.
    dataVersion: connection.prepare<[], number>("PRAGMA data_version").pluck(),
  };
  return statements;
}

/**
 * The committed changes with an id above `afterId`, oldest first, at most `limit` of them, read
 * synchronously through a read-only connection of its own (which sees committed writes only).
 * The page cache asks on every lookup: when nothing at all was committed to the database since
 * the last call found no change after the same id, SQLite's `data_version` says so and the log is
 * not read (about 2 µs instead of 14 µs, measured on the 2-core development machine).
 *
 * On PostgreSQL, the ids are this process's positions of the changes (see
 * app/models/catalogue/changes/change-log-postgres.server.ts), read from memory; it throws while the feed has
 * lost the database, so the page cache answers through the app meanwhile.
 *
 * @throws better-sqlite3's error when the database cannot be opened or is not migrated.
 */
export function catalogueChangesAfter(afterId: number, limit: number): CatalogueChange[] {
  const postgres = postgresFeed();
  if (postgres) return postgres.changesAfter(afterId, limit);
  const { after, dataVersion } = prepared();
  // Read before the log: a commit after this read moves it, so the next call reads the log again.
  const version = dataVersion.get()!;
  if (quiet && quiet.afterId === afterId && quiet.dataVersion === version) return [];
  const rows = after.all(afterId, limit);
  quiet = rows.length === 0 ? { afterId, dataVersion: version } : null;
  return rows.map((row) => ({
    ...row,
    changedAt: Number(row.changedAt),
    trackStock: row.trackStock === null ? null : row.trackStock !== 0,
  }));
}

/**
 * The id of the latest change ever made (0 before the first): a number that moves on every
 * committed write to what catalogue pages show, stock included, in any process. For an ETag or a
 * cached copy that only needs to know whether anything changed.
 *
 * @throws better-sqlite3's error when the database cannot be opened.
 */
export function catalogueVersion(): number {
  const postgres = postgresFeed();
  if (postgres) return postgres.version();
  return prepared().latest.get()?.seq ?? 0;
}

/**
 * As `catalogueVersion`, or null when this process cannot know it at the moment: on PostgreSQL,
 * while its feed of the log has lost the database (for callers that can do without, such as the
 * settings' copy: they read afresh instead). On SQLite, the same as `catalogueVersion`.
 * @throws better-sqlite3's error when the database cannot be opened.
 */
export function catalogueVersionIfKnown(): number | null {
  const postgres = postgresFeed();
  if (postgres) return postgres.following() ? postgres.version() : null;
  return catalogueVersion();
}

/**
 * Resolves once every change committed before the call is known to this process. Nothing to wait
 * for on SQLite (every read sees the file as it is); on PostgreSQL, one read of the log, for a
 * caller that has just written and must see its own change (a saved setting), or a test.
 */
export async function catalogueChangesSettled(): Promise<void> {
  await postgresFeed()?.readNow();
}

/** How long the log keeps a change, in ms: far longer than any process goes without reading it while it serves. */
const KEEP_CHANGES_MS = 60 * 60 * 1000;

/**
 * Deletes the changes older than KEEP_CHANGES_MS (through the main connection: a write), and
 * returns how many. A process that had not read them since (it served no page for an hour) finds
 * the gap and drops its whole page cache (app/server/http/page-cache/page-changes.server.ts).
 */
export async function pruneCatalogueChanges(now = Date.now()): Promise<number> {
  return prisma.$executeRaw`DELETE FROM "CatalogueChange" WHERE "changedAt" < ${now - KEEP_CHANGES_MS}`;
}

/** Closes the log's own connection (on shutdown, with the main one). */
export function closeCatalogueChanges(): void {
  void feed?.close();
  feed = null;
  connection?.close();
  connection = null;
  statements = null;
  quiet = null;
}
