/**
 * The pictures in a local folder (UPLOADS_DIR), haat's storage from the start: `<root>/<name>`.
 * An image's files are written into a hidden temporary folder that is renamed to `<key>` once all
 * are on disk, so a failure never leaves a half-written image folder behind.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { isHiddenName, type ImageFile, type ListedObject, type UploadsStorage } from "./storage-contract.server";

/**
 * The storage in the folder `root` (absolute; made on the first write).
 * Names are joined to `root` as given: callers pass only names the image pipeline made.
 */
export function folderStorage(root: string): UploadsStorage {
  const fileOf = (name: string) => path.join(root, ...name.split("/"));
  return {
    kind: "local",

    async put(name: string, bytes: Buffer): Promise<void> {
      const file = fileOf(name);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside it and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async putImage(key: string, files: readonly ImageFile[]): Promise<void> {
      await mkdir(root, { recursive: true });
      const tempDir = path.join(root, `.tmp-${randomBytes(8).toString("hex")}`);
      try {
        await mkdir(tempDir);
        await Promise.all(
          files.map((file) => writeFile(path.join(tempDir, path.posix.relative(key, file.name)), file.bytes)),
        );
        await rename(tempDir, path.join(root, key));
      } catch (error) {
        await rm(tempDir, { recursive: true, force: true });
        throw error;
      }
    },

    async read(name: string) {
      const file = fileOf(name);
      let size: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        size = info.size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return { body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>, size };
    },

    async removeImage(key: string): Promise<void> {
      await rm(path.join(root, key), { recursive: true, force: true });
    },

    list(): AsyncIterable<ListedObject> {
      return filesUnder(root, "");
    },

    async probe(): Promise<void> {
      // A folder that does not exist yet is made, as the first upload would make it; a permission
      // check alone would pass for root on a read-only disk, so a byte is really written.
      await mkdir(root, { recursive: true });
      const probe = path.join(root, `.healthz-${process.pid}-${randomBytes(4).toString("hex")}`);
      await writeFile(probe, "1", { flag: "wx" });
      await rm(probe);
    },

    publicUrl(): null {
      return null;
    },
  };
}

/** The files under `folder` (plain files only, hidden names skipped), named relative to the root. */
async function* filesUnder(folder: string, prefix: string): AsyncGenerator<ListedObject> {
  let entries: fs.Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error) && prefix === "") return;
    throw error;
  }
  for (const entry of entries) {
    const name = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (isHiddenName(entry.name) || entry.name.endsWith(".partial")) continue;
    if (entry.isDirectory()) yield* filesUnder(path.join(folder, entry.name), name);
    else if (entry.isFile()) yield { name, size: (await stat(path.join(folder, entry.name))).size };
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
