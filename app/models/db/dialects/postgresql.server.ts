/**
 * PostgreSQL's side of app/models/db/dialect.server.ts (docs/decisions/053-two-databases.md).
 */
import { Prisma } from "~/generated/prisma/client";
import { escapeLike } from "~/rules/search";
import type { Dialect } from "./types";

/** PostgreSQL: pg_trgm's indexes, ILIKE-style matching, typed parameters, advisory locks. */
export const postgresqlDialect: Dialect = {
  kind: "postgresql",
  insensitive: { mode: "insensitive" },
  // The trigram indexes on lower("name") and lower("nameBn") (prisma/postgresql/migrations/…_database_rules)
  // serve LIKE '%…%' for three characters or more: the same matches as SQLite's FTS5 trigram index.
  nameMatchesSql: (query) => {
    const pattern = `%${escapeLike(query.toLowerCase())}%`;
    return Prisma.sql`SELECT "id" FROM "Product" WHERE lower("name") LIKE ${pattern} ESCAPE '\\' OR lower("nameBn") LIKE ${pattern} ESCAPE '\\'`;
  },
  likeSql: (column, pattern) => Prisma.sql`lower(${Prisma.raw(column)}) LIKE lower(${pattern}) ESCAPE '\\'`,
  // The text_pattern_ops index on lower(sku) serves a prefix LIKE whatever the database's collation.
  skuMatchesSql: (key) =>
    Prisma.sql`SELECT "productId" FROM "ProductVariant" WHERE lower("sku") LIKE ${`${escapeLike(key)}%`} ESCAPE '\\'`,
  productsByPublishedIndex: Prisma.sql`"Product"`,
  notDriving: (expression) => expression,
  lockRowsOf: (alias) => Prisma.sql`FOR UPDATE OF ${Prisma.raw(alias)}`,
  timestamp: (date) => Prisma.sql`CAST(${date} AS TIMESTAMPTZ)`,
  lockKeys: async (tx, keys) => {
    // Sorted, so two transactions wanting the same keys take them in the same order (no deadlock).
    for (const key of [...new Set(keys)].sort()) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
    }
  },
  // No lock to share, but the same database server's CPU: as on SQLite, the shop's queries get at
  // least half of it.
  betweenWriteTransactions: (transactionMs) => new Promise((resolve) => setTimeout(resolve, transactionMs)),
};
