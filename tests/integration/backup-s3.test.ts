/**
 * `npm run backup` and `npm run restore` (scripts/ops/backup-archive.ts) with the pictures in a bucket,
 * against a real S3 server (s3rver on a loopback port, tests/support/s3-server.ts): the backup
 * downloads every object under the prefix into the archive's uploads part, in the folder's layout,
 * with the manifest's checksums; a restore puts them back into a bucket byte for byte before the
 * database is replaced, skips what is there already, and a bucket that refuses them leaves the
 * database as it was.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeImage } from "~/server/media/images.server";
import { createUploadsStorage, type UploadsStorage } from "~/server/media/storage.server";
import { BackupError, createBackup, restoreBackup, type BackupResult } from "../../scripts/ops/backup-archive";
import { freePort } from "../../scripts/lib/free-port";
import { startS3Server, type S3TestServer } from "../support/s3-server";

const livePath = process.env.DATABASE_URL!.replace(/^file:/, "");
let work: string;
let s3: S3TestServer;
let shop: UploadsStorage;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(path.dirname(livePath), "backup-s3-"));
  s3 = await startS3Server("backed-up");
  shop = createUploadsStorage(s3.config("shop"));
});
afterAll(async () => {
  await s3?.remove();
  fs.rmSync(work, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

/** name → SHA-256 of every object of `storage`. */
async function contents(storage: UploadsStorage): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const { name } of storage.list()) {
    const object = await storage.read(name);
    found.set(name, sha256(Buffer.from(await new Response(object!.body).arrayBuffer())));
  }
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

describe("backup and restore with the pictures in a bucket", () => {
  let backup: BackupResult;
  let pictures: Map<string, string>;

  it("downloads every object under the prefix into the archive, in the uploads folder's layout", async () => {
    const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer();
    await storeImage(photo, { storage: shop });
    await shop.put("legacy/file.webp", crypto.randomBytes(30_000), "image/webp");
    // Another shop's prefix in the same bucket is not this shop's backup.
    await createUploadsStorage(s3.config("other-shop")).put("x/320.webp", Buffer.from("not ours"), "image/webp");
    pictures = await contents(shop);
    expect(pictures.size).toBe(4);

    backup = await createBackup({
      databasePath: livePath,
      uploadsPath: path.join(work, "no-such-folder"),
      uploadsStorage: shop,
      outDir: path.join(work, "backups"),
    });
    expect(new Map(backup.manifest.uploads.map((upload) => [upload.path, upload.sha256]))).toEqual(pictures);
    const entries: string[] = [];
    await tar.list({ file: backup.archivePath, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.filter((entry) => entry.startsWith("uploads/") && !entry.endsWith("/")).sort()).toEqual(
      [...pictures.keys()].map((name) => `uploads/${name}`),
    );
    // The staging folder with the downloaded copies is gone.
    expect(fs.readdirSync(path.join(work, "backups")).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("restores the pictures into a bucket byte for byte, leaves the folder alone, and can run again", async () => {
    const restored = createUploadsStorage(s3.config("restored"));
    const target = path.join(work, "restored");
    const options = {
      archivePath: backup.archivePath,
      databasePath: path.join(target, "haat.db"),
      uploadsPath: path.join(target, "uploads"),
      uploadsStorage: restored,
    };
    const result = await restoreBackup(options);
    expect(result.keptAside).toEqual({ database: null, uploads: null });
    expect(await contents(restored)).toEqual(pictures);
    expect(fs.existsSync(path.join(target, "uploads"))).toBe(false);
    expect(fs.existsSync(path.join(target, "haat.db"))).toBe(true);

    // Again over the same bucket: every picture is there already, the database is kept aside.
    const again = await restoreBackup(options);
    expect(again.keptAside.database).toMatch(/haat\.db\.before-restore-/);
    expect(await contents(restored)).toEqual(pictures);
  });

  it("refuses the restore, with the database untouched, when the bucket does not take the pictures", async () => {
    const target = path.join(work, "refused");
    fs.mkdirSync(target);
    const databasePath = path.join(target, "haat.db");
    fs.writeFileSync(databasePath, "the shop's current database");
    const error: unknown = await restoreBackup({
      archivePath: backup.archivePath,
      databasePath,
      uploadsPath: path.join(target, "uploads"),
      uploadsStorage: createUploadsStorage({ ...s3.config("x"), bucket: "no-such-bucket" }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/pictures could not be put into the bucket/);
    expect(fs.readFileSync(databasePath, "utf8")).toBe("the shop's current database");
    expect(fs.readdirSync(target)).toEqual(["haat.db"]);
  }, 30_000);

  it("refuses the backup when the bucket cannot be read, leaving no archive", async () => {
    const outDir = path.join(work, "failed-backups");
    await expect(
      createBackup({
        databasePath: livePath,
        uploadsPath: path.join(work, "no-such-folder"),
        uploadsStorage: createUploadsStorage({ ...s3.config("x"), bucket: "no-such-bucket" }),
        outDir,
      }),
    ).rejects.toThrow(/The pictures could not be downloaded from the bucket: .*bucket/);
    expect(fs.readdirSync(outDir)).toEqual([]);
  });
});

describe("npm run backup and npm run restore with UPLOADS_URL", () => {
  it("back up the bucket's pictures and put them into the bucket of the shop restored", async () => {
    const pictures = await contents(shop);
    expect(pictures.size).toBeGreaterThan(0);
    const out = path.join(work, "cli-backups");
    const target = path.join(work, "cli-restored");
    const env = (prefix: string, databasePath: string): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: os.homedir(),
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      PUBLIC_URL: "https://shop.example",
      DATABASE_URL: `file:${databasePath}`,
      UPLOADS_DIR: path.join(work, "cli-no-folder"),
      ...s3.env(prefix),
    });
    const tsx = (script: string, args: string[], environment: NodeJS.ProcessEnv) =>
      promisify(execFile)("npx", ["tsx", script, ...args], { env: environment, cwd: process.cwd() });

    const backedUp = await tsx("scripts/ops/backup.ts", ["--out", out], env("shop", livePath));
    expect(backedUp.stdout).toContain(`and ${pictures.size} uploaded files from s3://backed-up/shop.`);
    const [archive] = fs.readdirSync(out).filter((name) => name.endsWith(".tar.gz"));

    const restoreEnv = { ...env("cli-restored", path.join(target, "haat.db")), PORT: String(await freePort()) };
    const restored = await tsx("scripts/ops/restore.ts", [path.join(out, archive!)], restoreEnv);
    expect(restored.stdout).toContain(`${pictures.size} uploaded files, all checked.`);
    expect(restored.stdout).toContain("Its pictures are in the bucket now");
    expect(await contents(createUploadsStorage(s3.config("cli-restored")))).toEqual(pictures);
    expect(fs.existsSync(path.join(work, "cli-no-folder"))).toBe(false);
  }, 60_000);
});
