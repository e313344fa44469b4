/**
 * SQLite's side of app/models/db/dialect.server.ts (docs/decisions/053-two-databases.md).
 */
import { Prisma } from "~/generated/prisma/client";
import type { Dialect } from "./types";

/** The least pause between two write transactions of a long run, in ms (`betweenWriteTransactions`). */
const LEAST_WRITER_PAUSE_MS = 5;

/** `query` as one quoted FTS5 phrase: a `"` typed is doubled, so nothing is read as FTS syntax. */
function ftsPhrase(query: string): string {
  return `"${query.replaceAll('"', '""')}"`;
}

/** SQLite: FTS5's trigram index, LIKE, planner hints; one writer at a time. */
export const sqliteDialect: Dialect = {
  kind: "sqlite",
  insensitive: {},
  // The full-text index of names (FTS5 with the trigram tokenizer: any substring, in any script,
  // case folded), as one quoted phrase (docs/decisions/037-search-at-scale.md).
  nameMatchesSql: (query) =>
    Prisma.sql`SELECT "rowid" FROM "ProductSearch" WHERE "ProductSearch" MATCH ${ftsPhrase(query)}`,
  // SQLite's LIKE folds A-Z itself.
  likeSql: (column, pattern) => Prisma.sql`${Prisma.raw(column)} LIKE ${pattern} ESCAPE '\\'`,
  // A range over the unique lower(sku) index.
  skuMatchesSql: (key) =>
    Prisma.sql`SELECT "productId" FROM "ProductVariant" WHERE lower("sku") >= ${key} AND lower("sku") < ${`${key}\uffff`}`,
  productsByPublishedIndex: Prisma.sql`"Product" INDEXED BY "Product_isPublished_idx"`,
  notDriving: (expression) => Prisma.sql`+${expression}`,
  lockRowsOf: () => Prisma.empty,
  timestamp: (date) => Prisma.sql`${date}`,
  lockKeys: async () => {},
  betweenWriteTransactions: (transactionMs) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(LEAST_WRITER_PAUSE_MS, transactionMs))),
};
