/**
 * The server Playwright tests run against: the production build (server.js) on E2E_PORT (3100),
 * with a fresh database under tests/.tmp/e2e-<port> (./e2e-env.ts), the demo catalogue seeded through the real image
 * pipeline, one known admin (tests/e2e/fixtures.ts E2E_ADMIN), and a local Steadfast and a local
 * Pathao for the courier journeys, a local bKash for the payment journeys and a local SMS gateway for the SMS journeys.
 *
 * The servers of one Playwright run (playwright.config.ts starts two per worker) start from the same
 * seeded database and pictures: the first to start seeds them into E2E_SEED_DIR, the others wait
 * for it and copy them, so the catalogue's pictures are drawn and encoded once per run, not once per
 * server. Without E2E_SEED_DIR the server seeds its own.
 */
import fs from "node:fs";
import path from "node:path";
import { startFakeBkash } from "../support/bkash-server";
import { startFakeSmsGateway } from "../support/sms-gateway-server";
import { startFakePathao } from "../support/pathao-server";
import { startFakeSteadfast } from "../support/steadfast-server";
import { E2E_DIR as dir, E2E_PORT, bkashPortOf, pathaoPortOf, smsGatewayPortOf, steadfastPortOf } from "./e2e-env";

/** How long a server waits for another to finish the run's seed, in ms. */
const SEED_WAIT_MS = 240_000;

// The courier the journeys hand parcels to: a local Steadfast (keys "test-api-key", "test-secret-key").
const steadfast = await startFakeSteadfast(steadfastPortOf(E2E_PORT));
// The second courier: a local Pathao (client "test-client-id" / "test-client-secret", user
// "shop@example.com" / "test-password", one store).
const pathao = await startFakePathao(pathaoPortOf(E2E_PORT));
// The payment provider of the bKash journeys: a local bKash and its payment page.
const bkash = await startFakeBkash(bkashPortOf(E2E_PORT));
// The SMS journeys' gateway: a local one that keeps what it was sent (GET /__messages).
const smsGateway = await startFakeSmsGateway(smsGatewayPortOf(E2E_PORT));

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: String(E2E_PORT),
  PUBLIC_URL: `http://localhost:${E2E_PORT}`,
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  COOKIE_SECURE: "false",
  DEMO_ADMIN_EMAIL: "demo-admin@haat.example",
  // The journeys place many orders from one phone and address; no checkout limits here.
  SHOP_PHONE_ORDER_LIMIT: "0",
  SHOP_ADDRESS_ORDER_LIMIT: "0",
  STEADFAST_BASE_URL: steadfast.baseUrl,
  PATHAO_BASE_URL: pathao.baseUrl,
  BKASH_BASE_URL: bkash.baseUrl,
  SSL_WIRELESS_BASE_URL: `${smsGateway.origin}/sslwireless`,
  // The outbox is looked at every 2 s (15 in a shop), so a message due later goes within a step's wait.
  SMS_OUTBOX_SECONDS: "2",
  BULKSMSBD_BASE_URL: `${smsGateway.origin}/bulksmsbd`,
});

/**
 * Migrates a new database in `folder` (haat.db) and seeds the demo catalogue, its pictures
 * (folder/uploads) and the known admin into it.
 */
async function seedInto(folder: string): Promise<void> {
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const databasePath = path.join(folder, "haat.db");
  process.env.DATABASE_URL = `file:${databasePath}`;
  process.env.UPLOADS_DIR = path.join(folder, "uploads");
  const { applyMigrations } = await import("../../scripts/db/migrate.mjs");
  await applyMigrations({ databasePath });
  const { prisma } = await import("../../app/models/db/client.server");
  const { seedDemoCatalogue } = await import("../../prisma/seed.server");
  const { hashPassword } = await import("../../app/server/auth/password.server");
  const { E2E_ADMIN } = await import("./fixtures");
  await seedDemoCatalogue(prisma, { uploadsPath: process.env.UPLOADS_DIR, log: () => {} });
  await prisma.adminUser.create({
    data: { email: E2E_ADMIN.email, passwordHash: await hashPassword(E2E_ADMIN.password) },
  });
  await prisma.$disconnect();
  // Fold SQLite's write-ahead log into haat.db, the one file the other servers copy.
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(databasePath);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

/**
 * The run's seeded folder `seedDir`, made by whichever server gets there first (`mkdir` of a lock
 * folder is atomic); the others wait for its "ready" mark. Folders of earlier runs on the same
 * first port are removed by the server that seeds.
 * @throws {Error} when the seed is not ready within SEED_WAIT_MS (the seeding server failed: its
 *   error is on the console above).
 */
async function runSeed(seedDir: string): Promise<void> {
  const ready = path.join(seedDir, "ready");
  try {
    fs.mkdirSync(`${seedDir}.lock`, { recursive: false });
  } catch {
    const deadline = Date.now() + SEED_WAIT_MS;
    while (!fs.existsSync(ready)) {
      if (Date.now() > deadline) throw new Error(`the seed in ${seedDir} was not ready after ${SEED_WAIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return;
  }
  const earlier = path.basename(seedDir).replace(/-\d+$/, "-");
  for (const name of fs.readdirSync(path.dirname(seedDir))) {
    if (name.startsWith(earlier) && !name.startsWith(path.basename(seedDir)))
      fs.rmSync(path.join(path.dirname(seedDir), name), { recursive: true, force: true });
  }
  await seedInto(seedDir);
  fs.writeFileSync(ready, "");
}

const seedDir = process.env.E2E_SEED_DIR;
if (seedDir) {
  await runSeed(path.resolve(seedDir));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.resolve(seedDir, "haat.db"), path.join(dir, "haat.db"));
  fs.cpSync(path.resolve(seedDir, "uploads"), path.join(dir, "uploads"), { recursive: true });
  process.env.DATABASE_URL = `file:${path.join(dir, "haat.db")}`;
  process.env.UPLOADS_DIR = path.join(dir, "uploads");
} else {
  await seedInto(dir);
}

await import("../../server.js");
