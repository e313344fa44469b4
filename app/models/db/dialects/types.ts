/**
 * The interface of the database-specific parts of haat's SQL (app/models/db/dialect.server.ts picks
 * the implementation; docs/decisions/053-two-databases.md).
 */
import type { DatabaseKind } from "~/config/env.server";
import type { Prisma } from "~/generated/prisma/client";

/** The database-specific parts of haat's SQL. */
export type Dialect = {
  readonly kind: DatabaseKind;
  /**
   * Spread into a Prisma string filter (`contains`, `startsWith`) to match case-insensitively:
   * SQLite's LIKE already folds A-Z; PostgreSQL needs `mode: "insensitive"` (ILIKE).
   */
  readonly insensitive: object;
  /**
   * SQL for the ids of the products whose English or Bangla name contains `query` (three
   * characters or more), case-insensitively, read through the database's trigram index: a bare
   * `SELECT id …` (SQLite refuses a parenthesised operand of UNION), used as `"id" IN (<it>)` or
   * in a UNION.
   */
  nameMatchesSql(query: string): Prisma.Sql;
  /**
   * The condition "`column` (a quoted column of the row being read) matches the LIKE `pattern`"
   * (escaped with `\`, app/rules/search.ts), case-insensitively on both databases.
   */
  likeSql(column: string, pattern: string): Prisma.Sql;
  /**
   * SQL for the ids of the products with a variant whose SKU starts with `key` (a lower-cased SKU
   * prefix, `skuKey`), through the index on lower(sku): a bare `SELECT`, as `nameMatchesSql`.
   */
  skuMatchesSql(key: string): Prisma.Sql;
  /**
   * `"Product"` as the FROM of a count of hidden products: SQLite is told to read it through the
   * `Product(isPublished)` index (it plans without statistics); PostgreSQL plans with them.
   */
  readonly productsByPublishedIndex: Prisma.Sql;
  /**
   * `expression` written so that SQLite does not drive the read with its index (a unary `+`, see
   * catalogue/product-listings.server.ts); as it is on PostgreSQL.
   */
  notDriving(expression: Prisma.Sql): Prisma.Sql;
  /**
   * Ends a SELECT inside a transaction so that the rows it reads of table alias `alias` stay as
   * read until the transaction ends (another writer of them waits): PostgreSQL's `FOR UPDATE OF`;
   * nothing on SQLite, whose transaction holds the one write lock from its start.
   */
  lockRowsOf(alias: string): Prisma.Sql;
  /** A `DateTime` parameter the database compares with its timestamp columns. */
  timestamp(date: Date): Prisma.Sql;
  /**
   * Inside transaction `tx`, waits until no other transaction holds any of `keys` (free text, such
   * as "order-limit:phone:017…"), then holds them until `tx` ends, so that two writers checking the
   * same rule (an order limit) take turns. A no-op on SQLite, where a transaction already holds the
   * one write lock from its start (`BEGIN IMMEDIATE`); PostgreSQL's transaction-level advisory locks.
   */
  lockKeys(tx: Prisma.TransactionClient, keys: readonly string[]): Promise<void>;
  /**
   * Called between two transactions of a long run of writes (an import's batches), the last of
   * which took `transactionMs` ms: lets the other writers in. SQLite has one write lock for every
   * connection to the file, and a writer that finds it taken retries every 50 ms at most
   * (app/models/db/sqlite-adapter.server.ts), so it waits as long as the transaction took: the run
   * holds the lock at most about half the time. PostgreSQL locks rows, but the run's queries share
   * the database server's CPU with the shop's: it waits as long too.
   */
  betweenWriteTransactions(transactionMs: number): Promise<void>;
};
