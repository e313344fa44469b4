/**
 * Vitest global setup: builds one migrated SQLite database (base.db) through the same migration
 * code the app uses, in a folder of this run's own (tests/.tmp/vitest-<pid>, named to the workers
 * in HAAT_VITEST_TMP), so two Vitest runs on one checkout never delete each other's databases; each
 * test worker then copies it (setup-test-env.ts). Only its own folder is emptied, so an end-to-end
 * server's data (tests/.tmp/e2e-<port>) survives a Vitest run started beside it. The app's log lines
 * the workers wrote there are kept as tests/.tmp/vitest-server.log when the run ends.
 */
import fs from "node:fs";
import path from "node:path";
import { applyMigrations } from "../../scripts/db/migrate.mjs";
import { databaseUrl, dropDatabases, testPostgresUrl } from "../support/postgres-databases";

export default async function globalSetup() {
  const tmpDir = path.resolve(`tests/.tmp/vitest-${process.pid}`);
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  // On PostgreSQL (HAAT_TEST_POSTGRES_URL, scripts/dev/with-postgres.mjs) the base is a database of the
  // server, named after this run; each test file copies it (setup-test-env.ts).
  const postgresUrl = testPostgresUrl();
  const postgresPrefix = `haat_test_${process.pid}_`;
  if (postgresUrl) {
    await dropDatabases(postgresUrl, postgresPrefix);
    const base = `${postgresPrefix}base`;
    await applyMigrations({ databaseUrl: databaseUrl(postgresUrl, base), log: () => {} });
    process.env.HAAT_TEST_POSTGRES_BASE = base;
  } else {
    await applyMigrations({ databasePath: path.join(tmpDir, "base.db"), log: () => {} });
  }
  // Workers are started after this setup and inherit the environment.
  process.env.HAAT_VITEST_TMP = tmpDir;
  // The workers' log lines (tests/setup/setup-test-env.ts) outlive the folder: the last run's are
  // in tests/.tmp/vitest-server.log.
  return async () => {
    if (postgresUrl) await dropDatabases(postgresUrl, postgresPrefix);
    const log = path.join(tmpDir, "server.log");
    if (fs.existsSync(log)) {
      fs.renameSync(log, path.resolve("tests/.tmp/vitest-server.log"));
      console.log("The app's log lines of this run: tests/.tmp/vitest-server.log");
    }
    fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
