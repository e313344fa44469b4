/**
 * The demo seed on a shop whose pictures are in a bucket (UPLOADS_URL): `npm run seed` as a
 * process stores every picture of the demo catalogue in the bucket under its prefix, in the layout
 * the shop serves (`<key>/<width>.webp`), none in the local folder UPLOADS_DIR; the seed given a
 * storage stores there, and one that fails leaves no picture behind in the bucket.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CATALOGUE, type DemoCategory } from "../../prisma/demo-catalogue";
import { seedDemoCatalogue } from "../../prisma/seed.server";
import { prisma } from "~/models/db/client.server";
import { createUploadsStorage, type UploadsStorage } from "~/server/media/storage.server";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { withInsertsFailing } from "./helpers";

let s3: S3TestServer;
let storage: UploadsStorage;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createUploadsStorage(s3.config("demo/pictures"));
});
afterAll(() => s3?.remove());

/** Every object name of the bucket under the prefix. */
async function names(): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list()) found.push(object.name);
  return found.sort();
}

/** A small catalogue: the first category with its first product. */
const small: DemoCategory[] = [{ ...DEMO_CATALOGUE[0]!, products: [DEMO_CATALOGUE[0]!.products[0]!] }];

describe("the demo seed on a bucket", () => {
  it("leaves nothing in the bucket when the catalogue cannot be written", async () => {
    // The pictures are stored first; the product rows' write fails after them.
    await withInsertsFailing("Product", async () => {
      await expect(seedDemoCatalogue(prisma, { storage, catalogue: small })).rejects.toThrow();
    });
    expect(await names()).toEqual([]);
    expect(await prisma.image.count()).toBe(0);
  });

  it("stores every picture of the catalogue in the bucket, none in the local folder", async () => {
    const result = await seedDemoCatalogue(prisma, { storage, catalogue: small });
    expect(result).toMatchObject({ categories: 1, products: 1 });
    const images = await prisma.image.findMany();
    expect(images).toHaveLength(result.images);
    expect(await names()).toEqual(
      images.flatMap((image) => image.variantWidths.split(",").map((width) => `${image.key}/${width}.webp`)).sort(),
    );
    const object = await storage.read(`${images[0]!.key}/${images[0]!.variantWidths.split(",")[0]}.webp`);
    expect(
      Buffer.from(await new Response(object!.body).arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe("WEBP");
    expect(fs.existsSync(process.env.UPLOADS_DIR!) ? fs.readdirSync(process.env.UPLOADS_DIR!) : []).toEqual([]);
  });

  it("is where `npm run seed` puts the demo's pictures when UPLOADS_URL names the bucket", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "haat-seed-s3-"));
    try {
      const env = s3.scriptEnv("shop/pictures", {
        DATABASE_URL: `file:${path.join(folder, "shop.db")}`,
        UPLOADS_DIR: path.join(folder, "uploads"),
      });
      const run = promisify(execFile);
      await run(process.execPath, ["scripts/db/migrate.mjs", "deploy"], { env, cwd: process.cwd() });
      await run("npx", ["tsx", "scripts/demo/seed-demo.ts", "--empty"], { env, cwd: process.cwd() });

      const database = new Database(path.join(folder, "shop.db"), { readonly: true });
      const images = database.prepare('SELECT "key", "variantWidths" FROM "Image"').all() as {
        key: string;
        variantWidths: string;
      }[];
      database.close();
      expect(images.length).toBeGreaterThan(100);
      const bucket = createUploadsStorage(s3.config("shop/pictures"));
      const stored = new Set<string>();
      for await (const object of bucket.list()) stored.add(object.name);
      const wanted = images.flatMap((image) =>
        image.variantWidths.split(",").map((width) => `${image.key}/${width}.webp`),
      );
      expect(wanted.filter((name) => !stored.has(name))).toEqual([]);
      expect(fs.existsSync(env.UPLOADS_DIR!) ? fs.readdirSync(env.UPLOADS_DIR!) : []).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
