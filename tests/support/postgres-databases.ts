/**
 * The databases of a test run on PostgreSQL (docs/decisions/053-two-databases.md). The server is
 * named by HAAT_TEST_POSTGRES_URL (scripts/dev/with-postgres.mjs starts a throwaway one); the run
 * migrates one base database, and each test file gets a copy of it (`CREATE DATABASE … TEMPLATE`,
 * a file copy inside the server: tens of ms), as each gets a copy of the SQLite file otherwise.
 */
import pg from "pg";

/** The server's URL when this run is on PostgreSQL, else null. */
export function testPostgresUrl(): string | null {
  return process.env.HAAT_TEST_POSTGRES_URL || null;
}

/** `serverUrl` with its database replaced by `database`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `sql` on the server's `postgres` database. */
export async function onServer(serverUrl: string, sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** `name` as a quoted identifier. */
function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Creates the database `name`, as a copy of `template` when given. Retries while another session
 * is still connected to the template (PostgreSQL refuses to copy a database in use).
 */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const sql = `CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)}` : ""}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(serverUrl, sql);
      return;
    } catch (error) {
      const inUse = /is being accessed by other users/.test(String((error as Error).message));
      if (!inUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Drops every database whose name starts with `prefix`, ending their sessions. */
export async function dropDatabases(serverUrl: string, prefix: string): Promise<void> {
  const { rows } = await onServer(serverUrl, "SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [
    prefix,
  ]);
  for (const row of rows as { datname: string }[]) {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${quoted(row.datname)} WITH (FORCE)`);
  }
}
