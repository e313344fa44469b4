/**
 * The catalogue version: one number in the database (table CatalogueVersion, row 1) that SQLite
 * triggers raise on every write to what catalogue pages show: products, their options, option
 * values and variants (prices and stock included), product images, images, categories and the
 * shop's settings. The page cache
 * (app/server/http/page-cache.server.ts) stores each page with the version it was rendered at and drops
 * everything when the version moves (docs/decisions/036-page-cache.md).
 *
 * Because triggers raise it, every writer counts: this process, another instance on the same file,
 * a restore, the sqlite3 shell; and because it is read on every cached answer, a page is never
 * served after the commit that changed it, whichever process made it.
 */
import Database from "better-sqlite3";
import { getEnv } from "~/config/env.server";

let connection: Database.Database | null = null;
let statement: Database.Statement<[], { version: number }> | null = null;

/**
 * The current catalogue version, read synchronously through a read-only connection of its own
 * (opened on first use), which sees committed writes only: about 2 µs, no query through Prisma.
 *
 * @throws better-sqlite3's error when the database cannot be opened; Error when it has no
 *   CatalogueVersion row (unmigrated).
 */
export function catalogueVersion(): number {
  if (!statement) {
    connection = new Database(getEnv().databasePath, { readonly: true, fileMustExist: true });
    statement = connection.prepare<[], { version: number }>('SELECT "version" FROM "CatalogueVersion" WHERE "id" = 1');
  }
  const row = statement.get();
  if (!row) throw new Error("The CatalogueVersion row is missing: run the migrations (npm run db:migrate:deploy).");
  return row.version;
}

/** Closes the version's own connection (on shutdown, with the main one). */
export function closeCatalogueVersion(): void {
  connection?.close();
  connection = null;
  statement = null;
}
