/**
 * Serves the production build (server.js) on a throw-away database seeded with the demo catalogue,
 * like tests/e2e/server.ts but in a folder and on a port of the caller's choice. Used by
 * `npm run size` (scripts/bench/size.ts), which starts it as a child process.
 *
 * Environment: DEMO_DIR (required: an empty folder for the database and images; it is not
 * removed here) and PORT (default 3000).
 */
import fs from "node:fs";
import path from "node:path";

const dir = process.env.DEMO_DIR;
if (!dir) {
  console.error("serve-demo: set DEMO_DIR to an empty folder");
  process.exit(1);
}
fs.mkdirSync(dir, { recursive: true });
const databasePath = path.join(dir, "haat.db");

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: process.env.PORT ?? "3000",
  PUBLIC_URL: `http://localhost:${process.env.PORT ?? "3000"}`,
  DATABASE_URL: `file:${databasePath}`,
  UPLOADS_DIR: path.join(dir, "uploads"),
  SESSION_SECRET: "serve-demo-session-secret-0123456789abcdef0123",
  COOKIE_SECURE: "false",
  DEMO_ADMIN_EMAIL: "demo-admin@haat.example",
});

const { applyMigrations } = await import("../db/migrate.mjs");
await applyMigrations({ databasePath });
const { prisma } = await import("../../app/models/db/client.server");
const { seedDemoCatalogue } = await import("../../prisma/seed.server");
await seedDemoCatalogue(prisma, { uploadsPath: process.env.UPLOADS_DIR!, log: () => {} });
await prisma.$disconnect();

await import("../../server.js");
