/**
 * `npm run migrate:to-s3` as a process (tsx scripts/ops/migrate-to-s3.ts), copying a real uploads
 * folder into a real S3 server (s3rver on a loopback port, tests/support/s3-server.ts): every
 * picture arrives under the prefix with its bytes, hidden temporary files stay behind, a second
 * run copies nothing, a file the server refuses is named and makes it exit 1, and a run after the
 * fault copies only what is missing.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeImage } from "~/server/media/images.server";
import { createUploadsStorage } from "~/server/media/storage.server";
import { startS3Server, type S3TestServer } from "../support/s3-server";

const run = promisify(execFile);
let s3: S3TestServer;
let folder: string;

beforeAll(async () => {
  s3 = await startS3Server("migrated");
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "haat-migrate-"));
});
afterAll(async () => {
  await s3?.remove();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Runs the script; its exit code and output (never throws for a non-zero exit). */
async function migrate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return migrateWith({}, ...args);
}

/** Runs the script with `overrides` over its environment ("" removes a variable). */
async function migrateWith(
  overrides: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = s3.scriptEnv("shop/pictures", { DATABASE_URL: "file:./unused.db", UPLOADS_DIR: folder, ...overrides });
  try {
    const { stdout, stderr } = await run("npx", ["tsx", "scripts/ops/migrate-to-s3.ts", ...args], {
      env,
      cwd: process.cwd(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function bucketObjects(): Promise<Map<string, number>> {
  const objects = new Map<string, number>();
  for await (const object of createUploadsStorage(s3.config("shop/pictures")).list()) {
    objects.set(object.name, object.size);
  }
  return objects;
}

describe("npm run migrate:to-s3", () => {
  const files = new Map<string, number>();

  it("copies every picture of the folder into the bucket, under the prefix, byte for byte", async () => {
    for (const colour of ["#a33", "#3a3", "#33a"]) {
      const photo = await sharp({ create: { width: 700, height: 400, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
      const image = await storeImage(photo, { uploadsPath: folder });
      for (const width of image.variantWidths) {
        files.set(`${image.key}/${width}.webp`, fs.statSync(path.join(folder, image.key, `${width}.webp`)).size);
      }
    }
    // The storage's own hidden files are not pictures.
    fs.mkdirSync(path.join(folder, ".tmp-0123"));
    fs.writeFileSync(path.join(folder, ".tmp-0123", "320.webp"), "half");

    const first = await migrate();
    expect(first.code).toBe(0);
    // Only the SDK's notice about Node versions, if any: no failure.
    expect(first.stderr).not.toMatch(/fail|error/i);
    expect(first.stdout).toContain(`Copied ${files.size} files`);
    expect(first.stdout).toContain("0 were already there; 0 failed.");
    expect(await bucketObjects()).toEqual(files);
    const [name] = [...files.keys()];
    const read = await createUploadsStorage(s3.config("shop/pictures")).read(name!);
    expect(
      Buffer.from(await new Response(read!.body).arrayBuffer()).equals(fs.readFileSync(path.join(folder, name!))),
    ).toBe(true);
  });

  it("copies nothing the second time", async () => {
    const again = await migrate("--from", folder);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Copied 0 files (0.0 MB); ${files.size} were already there; 0 failed.`);
  });

  it("names a file the bucket refuses and exits 1; once fixed, a re-run copies only what is missing", async () => {
    const key = "e".repeat(32);
    fs.mkdirSync(path.join(folder, key));
    fs.writeFileSync(path.join(folder, key, "320.webp"), "a picture");
    // s3rver keeps an object as a file in a folder per key segment: with a plain file where the
    // image's folder should be, its file system refuses the write and it answers 500, a real
    // failure from a real server.
    const blocker = path.join(s3.directory, s3.bucket, "shop", "pictures", key);
    fs.writeFileSync(blocker, "in the way");
    const failing = await migrate();
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain("Copied 0 files (0.0 MB)");
    expect(failing.stdout).toContain("1 failed.");
    expect(failing.stderr).toContain(`${key}/320.webp`);
    expect(failing.stderr).toContain("1 files could not be copied (tried 3 times each)");

    fs.rmSync(blocker);
    const fixed = await migrate();
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain(`Copied 1 files (0.0 MB); ${files.size} were already there; 0 failed.`);
    expect((await bucketObjects()).get(`${key}/320.webp`)).toBe(9);
  }, 60_000);

  it("refuses to run without UPLOADS_URL, or from a folder that does not exist", async () => {
    const unset = await migrateWith({ UPLOADS_URL: "" });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain("UPLOADS_URL is not set");
    const missing = await migrate("--from", path.join(folder, "nowhere"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("There is no folder");
  });
});
