/**
 * Prisma CLI configuration. Prisma's Rust schema engine is not downloadable offline, so the CLI is
 * pointed at a stub (enough for `prisma generate`); migrations run through the WebAssembly engine
 * in scripts/db/migrate.mjs. See docs/decisions/002-prisma-offline-migrations.md.
 */
import path from "node:path";
import { defineConfig } from "prisma/config";

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("scripts/db/schema-engine-stub.sh");
process.env.PRISMA_HIDE_UPDATE_MESSAGE ??= "1";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/haat.db" },
});
