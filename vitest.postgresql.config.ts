/**
 * The tests that run a second time on PostgreSQL (`npm run test:postgresql`, inside
 * scripts/dev/with-postgres.mjs): the ones that read or write through what differs between the two
 * databases (docs/decisions/053-two-databases.md). The whole suite runs on SQLite (vitest.config.ts).
 */
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/** Test files, or a list given in HAAT_POSTGRES_TESTS (comma-separated) to try others. */
const POSTGRESQL_TESTS = process.env.HAAT_POSTGRES_TESTS?.split(",") ?? [
  // PostgreSQL's own: its migrations, and what only it has.
  "tests/postgresql/**/*.test.ts",
  // Orders under concurrency: checkout, stock (conditional decrements, row locks), limits.
  "tests/integration/checkout.test.ts",
  // The district decides the delivery fee: every district and posted zone.
  "tests/integration/checkout-delivery-zone.test.ts",
  "tests/integration/stock.test.ts",
  "tests/integration/order-defences.test.ts",
  // The checkout code: its limits counted under advisory locks, its tries and replays.
  "tests/integration/checkout-code.test.ts",
  // Search (pg_trgm against FTS5), the listings' SQL, the dashboard's aggregates.
  "tests/integration/search-fts.test.ts",
  "tests/integration/dashboard.test.ts",
  // Triggers: the audit trail's append-only rule and the catalogue's change log.
  "tests/integration/audit-trail.test.ts",
  "tests/integration/catalogue-changes.test.ts",
  // The product import: its threads on their own connection, and how they let other writers in.
  "tests/integration/product-import.test.ts",
  // The SMS outbox: messages queued with their order change, claimed and sent once.
  "tests/integration/sms-outbox.test.ts",
];

export default defineConfig({
  ...base,
  test: { ...base.test, include: POSTGRESQL_TESTS, outputFile: { json: "tests/.tmp/vitest-results-postgresql.json" } },
});
