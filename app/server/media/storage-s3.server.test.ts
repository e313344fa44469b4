/**
 * The S3 storage against a real S3 server (s3rver on a loopback port, tests/support/s3-server.ts),
 * through the AWS SDK as in production: put, read with its size, list, delete an image's objects,
 * the probe, the public address; and images stored by the pipeline land under the prefix, in the
 * local folder's layout.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, startS3ServerProcess, type S3TestServer } from "../../../tests/support/s3-server";
import { readVariant, removeStoredImage, storeImage } from "./images.server";
import { createUploadsStorage, type UploadsStorage } from "./storage.server";

let s3: S3TestServer;
let storage: UploadsStorage;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createUploadsStorage(s3.config("shop/pictures"));
});
afterAll(() => s3?.remove());

async function text(body: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(body).text();
}

async function names(of: UploadsStorage = storage): Promise<string[]> {
  const found: string[] = [];
  for await (const object of of.list()) found.push(object.name);
  return found.sort();
}

describe("the S3 storage", () => {
  it("puts an object, reads it back as a stream with its size, and lists it under the prefix", async () => {
    const key = "a".repeat(32);
    await storage.put(`${key}/320.webp`, Buffer.from("three hundred and twenty"), "image/webp");
    const object = await storage.read(`${key}/320.webp`);
    expect(object?.size).toBe(24);
    expect(await text(object!.body)).toBe("three hundred and twenty");
    expect(await names()).toContain(`${key}/320.webp`);
    // Another prefix of the same bucket sees nothing of it.
    expect(await names(createUploadsStorage(s3.config("other-shop")))).toEqual([]);
    // The whole bucket holds it under the prefix.
    expect(await names(createUploadsStorage(s3.config("")))).toContain(`shop/pictures/${key}/320.webp`);
  });

  it("answers null for an absent object", async () => {
    expect(await storage.read(`${"b".repeat(32)}/640.webp`)).toBeNull();
  });

  it("deletes every object of one image and nothing else", async () => {
    const gone = "c".repeat(32);
    const kept = "d".repeat(32);
    await storage.putImage(gone, [
      { name: `${gone}/320.webp`, bytes: Buffer.from("1"), contentType: "image/webp" },
      { name: `${gone}/640.webp`, bytes: Buffer.from("22"), contentType: "image/webp" },
    ]);
    await storage.put(`${kept}/320.webp`, Buffer.from("3"), "image/webp");
    await storage.removeImage(gone);
    const left = await names();
    expect(left.filter((name) => name.startsWith(gone))).toEqual([]);
    expect(left).toContain(`${kept}/320.webp`);
    // Nothing there is no error.
    await expect(storage.removeImage(gone)).resolves.toBeUndefined();
  });

  it("lists past the first page of 1000 objects (ListObjectsV2's continuation token)", async () => {
    const server = await startS3ServerProcess("many-objects");
    try {
      const many = createUploadsStorage(server.config("many"));
      const count = 1003;
      const names = Array.from({ length: count }, (_, i) => `${String(i).padStart(32, "0")}/320.webp`);
      for (let start = 0; start < count; start += 50) {
        await Promise.all(names.slice(start, start + 50).map((name) => many.put(name, Buffer.from("x"), "image/webp")));
      }
      let listed = 0;
      for await (const object of many.list()) {
        expect(object.size).toBe(1);
        listed++;
      }
      expect(listed).toBe(count);
    } finally {
      await server.remove();
    }
  }, 60_000);

  it("probes with a write that leaves nothing behind, and fails once the server is gone", async () => {
    const other = await startS3Server("probe-bucket");
    const probed = createUploadsStorage(other.config("p"));
    await expect(probed.probe()).resolves.toBeUndefined();
    expect(await names(createUploadsStorage(other.config("")))).toEqual([]);
    await other.stop();
    await expect(probed.probe(AbortSignal.timeout(2000))).rejects.toThrow();
    await other.remove();
  });

  it("fails a probe against a bucket that does not exist", async () => {
    const missing = createUploadsStorage({ ...s3.config(), bucket: "no-such-bucket" });
    await expect(missing.probe()).rejects.toThrow();
  });

  it("names the public address of an object under UPLOADS_PUBLIC_URL, prefix included", () => {
    const published = createUploadsStorage(s3.config("shop/pictures", "https://cdn.shop.example"));
    expect(published.publicUrl(`${"e".repeat(32)}/640.webp`)).toBe(
      `https://cdn.shop.example/shop/pictures/${"e".repeat(32)}/640.webp`,
    );
    expect(storage.publicUrl(`${"e".repeat(32)}/640.webp`)).toBeNull();
  });

  it("stores the pipeline's variants in the bucket, reads them back and removes them", async () => {
    const photo = await sharp({ create: { width: 700, height: 500, channels: 3, background: "#c84" } })
      .jpeg()
      .toBuffer();
    const image = await storeImage(photo, { storage });
    expect(image.variantWidths).toEqual([320, 640]);
    expect((await names()).filter((name) => name.startsWith(image.key))).toEqual([
      `${image.key}/320.webp`,
      `${image.key}/640.webp`,
    ]);
    const variant = await readVariant(image.key, 640, storage);
    expect((await sharp(variant!).metadata()).format).toBe("webp");
    expect(await readVariant(image.key, 1024, storage)).toBeNull();
    await storage.removeImage(image.key);
    expect((await names()).filter((name) => name.startsWith(image.key))).toEqual([]);
    expect(await removeStoredImage("not-a-key")).toBe(false);
  });

  it("deletes the variants it wrote when the bucket refuses another of the same image", async () => {
    const key = "9".repeat(32);
    // s3rver keeps an object's metadata in `<key>/<name>._S3rver_metadata.json`: with a folder in
    // its place, the server's file system refuses that write and it answers 500 for 640.webp only.
    const metadata = path.join(s3.directory, s3.bucket, "shop", "pictures", key, "640.webp._S3rver_metadata.json");
    fs.mkdirSync(metadata, { recursive: true });
    await expect(
      storage.putImage(key, [
        { name: `${key}/320.webp`, bytes: Buffer.from("small"), contentType: "image/webp" },
        { name: `${key}/640.webp`, bytes: Buffer.from("refused"), contentType: "image/webp" },
      ]),
    ).rejects.toThrow();
    expect(await storage.read(`${key}/320.webp`)).toBeNull();
    fs.rmSync(path.dirname(metadata), { recursive: true, force: true });
  });

  it("stores nothing of an image when the bucket refuses the writes (no such bucket)", async () => {
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#48c" } })
      .png()
      .toBuffer();
    const refusing = createUploadsStorage({ ...s3.config("refused"), bucket: "no-such-bucket" });
    await expect(storeImage(photo, { storage: refusing })).rejects.toThrow();
    expect(await names(createUploadsStorage(s3.config("refused")))).toEqual([]);
  });
});
