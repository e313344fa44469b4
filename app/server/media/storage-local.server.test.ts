/**
 * The local folder storage (UPLOADS_DIR): the names and layout the bucket shares, what `list`
 * leaves out (its own hidden files), all-or-nothing image writes, and the probe.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUploadsStorage, type UploadsStorage } from "./storage.server";

let root: string;
let storage: UploadsStorage;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "haat-local-storage-"));
  storage = createUploadsStorage({ kind: "local", root: path.join(root, "uploads") });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function listed(): Promise<string[]> {
  const names: string[] = [];
  for await (const object of storage.list()) names.push(`${object.name}:${object.size}`);
  return names.sort();
}

describe("the local folder storage", () => {
  it("lists nothing before the folder exists, and makes it on the first write", async () => {
    expect(await listed()).toEqual([]);
    await storage.put("a/320.webp", Buffer.from("abc"), "image/webp");
    expect(fs.readFileSync(path.join(root, "uploads", "a", "320.webp"), "utf8")).toBe("abc");
    expect(await listed()).toEqual(["a/320.webp:3"]);
  });

  it("reads an object as a stream with its size, and null for an absent one or a folder", async () => {
    await storage.put("k/640.webp", Buffer.from("six forty"), "image/webp");
    const object = await storage.read("k/640.webp");
    expect(object?.size).toBe(9);
    expect(await new Response(object!.body).text()).toBe("six forty");
    expect(await storage.read("k/320.webp")).toBeNull();
    expect(await storage.read("k")).toBeNull();
    expect(await storage.read("k/640.webp/deeper")).toBeNull();
  });

  it("writes an image's variants into its folder at once, and lists none of its own hidden files", async () => {
    await storage.putImage("img", [
      { name: "img/320.webp", bytes: Buffer.from("1"), contentType: "image/webp" },
      { name: "img/640.webp", bytes: Buffer.from("22"), contentType: "image/webp" },
    ]);
    fs.mkdirSync(path.join(root, "uploads", ".tmp-abc"));
    fs.writeFileSync(path.join(root, "uploads", ".tmp-abc", "320.webp"), "half");
    fs.writeFileSync(path.join(root, "uploads", ".healthz-1-ab"), "1");
    expect(await listed()).toEqual(["img/320.webp:1", "img/640.webp:2"]);
    await storage.removeImage("img");
    expect(fs.existsSync(path.join(root, "uploads", "img"))).toBe(false);
    await expect(storage.removeImage("img")).resolves.toBeUndefined();
  });

  it("leaves no folder behind when an image's write fails", async () => {
    // A name outside the image's folder cannot be written inside the temporary one.
    await expect(
      storage.putImage("img", [
        { name: "img/320.webp", bytes: Buffer.from("1"), contentType: "image/webp" },
        { name: "img/missing/640.webp", bytes: Buffer.from("2"), contentType: "image/webp" },
      ]),
    ).rejects.toThrow();
    expect(fs.readdirSync(path.join(root, "uploads"))).toEqual([]);
  });

  it("probes with a file written and removed, and never has a public address", async () => {
    await storage.probe();
    expect(fs.readdirSync(path.join(root, "uploads"))).toEqual([]);
    expect(storage.publicUrl("img/320.webp")).toBeNull();
    fs.writeFileSync(path.join(root, "file"), "");
    await expect(createUploadsStorage({ kind: "local", root: path.join(root, "file") }).probe()).rejects.toThrow();
  });
});
