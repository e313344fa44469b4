/**
 * `npm run seed [-- --empty]` (tsx scripts/demo/seed-demo.ts): fills an empty shop with the demo catalogue
 * (7 categories, 66 products, their generated pictures) and about a month of sample orders with
 * two courier payouts (prisma/demo-orders.ts; not with `--empty` or DEMO_EMPTY=1), and creates a first admin user with
 * a random password, printed once at the end. Part of `npm run demo`. Sample orders are only
 * written together with the catalogue, so a shop with its own products never gets them.
 *
 * Reads the same configuration as the server (.env, then the environment): DATABASE_URL,
 * UPLOADS_DIR or UPLOADS_URL (the pictures go where the shop serves them from, a bucket included),
 * PORT; DEMO_ADMIN_EMAIL overrides the admin's e-mail (default admin@haat.example).
 * Safe to run again: an existing catalogue or admin is left alone (see prisma/seed.server.ts).
 * Exits with 0 on success or when there was nothing to do, 1 on error.
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import type { SeedResult } from "../../prisma/seed.server";
import { loadEnvFile } from "../../env-file.js";

/** The admin e-mail from DEMO_ADMIN_EMAIL, or undefined for the default. @throws on a bad address */
function adminEmailFromEnv(): string | undefined {
  const value = process.env.DEMO_ADMIN_EMAIL?.trim();
  if (!value) return undefined;
  const parsed = z.email().safeParse(value);
  if (!parsed.success) throw new Error(`DEMO_ADMIN_EMAIL is not an e-mail address: ${value}`);
  return parsed.data;
}

/** Prints the admin credentials in a block that is easy to spot in the terminal. */
function printAdmin(admin: NonNullable<SeedResult["admin"]>, port: number): void {
  const lines = [
    "Admin sign-in (keep this password somewhere safe: haat stores only its hash and cannot show it again):",
    `  URL:      http://localhost:${port}/admin/login`,
    `  E-mail:   ${admin.email}`,
    `  Password: ${admin.password}`,
  ];
  const rule = "=".repeat(Math.max(...lines.map((l) => l.length)));
  console.log(["", rule, ...lines, rule, ""].join("\n"));
}

/** A short hint for errors that usually mean the database was never migrated. */
function hintFor(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /does not exist|no such table|P2021/i.test(message)
    ? "\nThe database looks unmigrated: run `npm run setup` (or `npm run db:migrate:deploy`) first."
    : "";
}

async function main(): Promise<number> {
  loadEnvFile();
  const started = performance.now();
  // Imported after .env is loaded: db.server opens the database named by DATABASE_URL on import.
  const { getEnv } = await import("~/config/env.server");
  const env = getEnv();
  const { prisma } = await import("~/models/db/client.server");
  const { seedDemoCatalogue } = await import("../../prisma/seed.server");
  const { uploadsStorage } = await import("~/server/media/storage.server");

  /** A path relative to the working directory when it is inside it, else absolute. */
  const relative = (p: string) => {
    const rel = path.relative(process.cwd(), p);
    return rel === "" ? "." : rel.startsWith("..") ? p : rel;
  };
  const database =
    env.databaseKind === "sqlite"
      ? relative(env.databasePath)
      : env.DATABASE_URL.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
  const pictures =
    env.uploadsStorage.kind === "local"
      ? `${relative(env.uploadsStorage.root)}/`
      : `the bucket ${[env.uploadsStorage.bucket, env.uploadsStorage.prefix].filter(Boolean).join("/")}`;
  console.log(`Seeding the demo shop: database ${database}, images in ${pictures}`);
  try {
    const result = await seedDemoCatalogue(prisma, {
      // The shop's own storage: the folder UPLOADS_DIR, or the bucket of UPLOADS_URL.
      storage: uploadsStorage(),
      adminEmail: adminEmailFromEnv(),
      log: (message) => console.log(message),
      sampleOrders: !process.argv.includes("--empty") && !/^(1|true|yes)$/i.test(process.env.DEMO_EMPTY ?? ""),
    });
    if (result.admin) printAdmin(result.admin, env.PORT);
    console.log(`Seed finished in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } catch (error) {
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}${hintFor(error)}`);
    return 1;
  } finally {
    await prisma.$disconnect();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
