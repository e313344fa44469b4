/**
 * The servers of the two-node journey (playwright.scale-out.config.ts): a fresh PostgreSQL database
 * on the server HAAT_TEST_POSTGRES_URL names (scripts/dev/with-postgres.mjs starts one), migrated, with
 * the journey's admin; a local S3 server (s3rver) with the pictures' bucket; and two app nodes, the
 * production build (`node server.js`) on NODE_A_PORT and NODE_B_PORT, sharing both. Each node's log
 * goes to tests/.tmp/scale-out-<port>/node-<port>.log. Ends the nodes and the S3 server when it is
 * stopped (Playwright sends SIGTERM).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startS3Server } from "../support/s3-server";
import { createDatabase, databaseUrl, dropDatabases, testPostgresUrl } from "../support/postgres-databases";
import { E2E_ADMIN } from "../e2e/fixtures";
import { NODE_A_PORT, NODE_B_PORT, SCALE_OUT_DIR } from "./scale-out-env";

const server = testPostgresUrl();
if (!server)
  throw new Error("HAAT_TEST_POSTGRES_URL is not set: run with scripts/dev/with-postgres.mjs (npm run test:postgresql)");

fs.rmSync(SCALE_OUT_DIR, { recursive: true, force: true });
fs.mkdirSync(SCALE_OUT_DIR, { recursive: true });

const name = `haat_scale_out_${NODE_A_PORT}`;
await dropDatabases(server, name);
await createDatabase(server, name);
const url = databaseUrl(server, name);
const s3 = await startS3Server("haat-scale-out");

const env: Record<string, string> = {
  PATH: process.env.PATH ?? "",
  NODE_ENV: "production",
  DATABASE_URL: url,
  UPLOADS_DIR: path.join(SCALE_OUT_DIR, "uploads"),
  ...s3.env("shop"),
  PUBLIC_URL: `http://localhost:${NODE_A_PORT}`,
  SESSION_SECRET: "scale-out-session-secret-0123456789abcdef0123",
  COOKIE_SECURE: "false",
  COURIER_REFRESH_MINUTES: "0",
  SHOP_PHONE_ORDER_LIMIT: "0",
  SHOP_ADDRESS_ORDER_LIMIT: "0",
};
Object.assign(process.env, env);

const { applyMigrations } = await import("../../scripts/db/migrate.mjs");
await applyMigrations({ databaseUrl: url });
const { prisma } = await import("../../app/models/db/client.server");
const { hashPassword } = await import("../../app/server/auth/password.server");
await prisma.adminUser.create({
  data: { email: E2E_ADMIN.email, passwordHash: await hashPassword(E2E_ADMIN.password) },
});
await prisma.category.create({ data: { name: "Scale-out Lamps", slug: "scale-out-lamps" } });
await prisma.$disconnect();

const nodes: ChildProcess[] = [];
/** Starts a node on `port` and resolves once it listens. */
function startNode(port: number): Promise<void> {
  const log = fs.createWriteStream(path.join(SCALE_OUT_DIR, `node-${port}.log`));
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...env, NODE_ENV: "production", PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  nodes.push(child);
  child.stdout!.pipe(log);
  child.stderr!.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes("haat is serving")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`node on ${port} ended with ${code} before listening`)));
  });
}

const stop = async () => {
  for (const node of nodes) node.kill("SIGTERM");
  await s3.remove();
  await dropDatabases(server, name).catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());

// Node B first: Playwright waits for node A's address, so both listen once it answers.
await startNode(NODE_B_PORT);
await startNode(NODE_A_PORT);
