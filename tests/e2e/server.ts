/**
 * The server Playwright tests run against: the production build (server.js) on E2E_PORT (3100),
 * with a fresh database under tests/.tmp/e2e-<port> (./e2e-env.ts), the demo catalogue seeded through the real image
 * pipeline, one known admin (tests/e2e/fixtures.ts E2E_ADMIN), and a local Steadfast for the
 * courier journeys.
 */
import fs from "node:fs";
import path from "node:path";
import { startFakeSteadfast } from "../support/steadfast-server";
import { E2E_DIR as dir, E2E_PORT, steadfastPortOf } from "./e2e-env";

// The courier the journeys hand parcels to: a local Steadfast (keys "test-api-key", "test-secret-key").
const steadfast = await startFakeSteadfast(steadfastPortOf(E2E_PORT));

fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: String(E2E_PORT),
  PUBLIC_URL: `http://localhost:${E2E_PORT}`,
  DATABASE_URL: `file:${path.join(dir, "haat.db")}`,
  UPLOADS_DIR: path.join(dir, "uploads"),
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  COOKIE_SECURE: "false",
  DEMO_ADMIN_EMAIL: "demo-admin@haat.example",
  // The journeys place many orders from one phone and address; no checkout limits here.
  SHOP_PHONE_ORDER_LIMIT: "0",
  SHOP_ADDRESS_ORDER_LIMIT: "0",
  STEADFAST_BASE_URL: steadfast.baseUrl,
});

const { applyMigrations } = await import("../../scripts/migrate.mjs");
await applyMigrations({ databasePath: path.join(dir, "haat.db") });

const { prisma } = await import("../../app/models/db.server");
const { seedDemoCatalogue } = await import("../../prisma/seed.server");
const { hashPassword } = await import("../../app/server/auth/password.server");
const { E2E_ADMIN } = await import("./fixtures");

await seedDemoCatalogue(prisma, { uploadsPath: process.env.UPLOADS_DIR!, log: () => {} });
await prisma.adminUser.create({
  data: { email: E2E_ADMIN.email, passwordHash: await hashPassword(E2E_ADMIN.password) },
});
await prisma.$disconnect();

await import("../../server.js");
