/**
 * `npm run backup` and `npm run restore` (scripts/backup-archive.ts) against the worker's real
 * database and uploads: a backup taken while orders are being placed restores to one consistent
 * moment (every restored row equal to the live one, no order without its line items, stock equal to
 * what the restored orders took, uploads byte for byte); a damaged, tampered or newer archive is
 * refused with nothing changed; what a restore replaces is kept.
 */
import Database from "better-sqlite3";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupError, createBackup, restoreBackup, type BackupResult } from "../../scripts/backup-archive";
import { createProduct } from "./helpers";
import { placeOrder } from "./place-order";

const livePath = process.env.DATABASE_URL!.replace(/^file:/, "");
const uploadsPath = process.env.UPLOADS_DIR!;
let work: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(path.dirname(livePath), "backup-"));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const sha256 = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** Rows of `table` by id, as SQLite stores them. */
function rowsById(db: Database.Database, table: string): Map<number, unknown> {
  const rows = db.prepare(`SELECT * FROM "${table}"`).all() as { id: number }[];
  return new Map(rows.map((row) => [row.id, row]));
}

describe("backup and restore", () => {
  let backup: BackupResult;
  const products: number[] = [];
  const uploads = ["products/lamp-400.webp", "products/lamp-800.webp", "categories/fans.webp"];

  it("backs up while orders are being placed, and restores one consistent moment of the shop", async () => {
    for (const name of ["Backup Lamp", "Backup Fan", "Backup Switch"]) {
      products.push((await createProduct({ name, pricePaisa: 50_000, stockQuantity: 1000 })).id);
    }
    for (const file of uploads) {
      fs.mkdirSync(path.dirname(path.join(uploadsPath, file)), { recursive: true });
      fs.writeFileSync(path.join(uploadsPath, file), crypto.randomBytes(20_000));
    }

    // Three shoppers keep placing orders until the backup is done and a few more after it.
    let placed = 0;
    let stopAt = Infinity;
    const shopper = async (index: number) => {
      while (placed < stopAt) {
        await placeOrder(
          [
            [products[index % 3]!, 1 + (placed % 3)],
            [products[(index + 1) % 3]!, 1],
          ],
          { phone: `0171000000${index}` },
        );
        placed++;
        // Each order runs on one synchronous SQLite connection, in microtasks: yield to the event
        // loop between orders, as requests arriving over the network do.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const shoppers = [0, 1, 2].map(shopper);
    while (placed < 6) await new Promise((resolve) => setTimeout(resolve, 5));
    const placedBefore = placed;
    backup = await createBackup({ databasePath: livePath, uploadsPath, outDir: path.join(work, "backups") });
    stopAt = placed + 6;
    await Promise.all(shoppers);

    expect(path.basename(backup.archivePath)).toMatch(/^haat-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(fs.readdirSync(path.join(work, "backups"))).toEqual([path.basename(backup.archivePath)]);
    const restoredPath = path.join(work, "restored", "haat.db");
    const restoredUploads = path.join(work, "restored", "uploads");
    const result = await restoreBackup({
      archivePath: backup.archivePath,
      databasePath: restoredPath,
      uploadsPath: restoredUploads,
    });
    expect(result.migrationsApplied).toEqual([]);
    expect(result.keptAside).toEqual({ database: null, uploads: null });

    const live = new Database(livePath, { readonly: true });
    const restored = new Database(restoredPath, { readonly: true });
    try {
      // Counts: as the manifest says, and a moment between the orders before and after the backup.
      for (const [table, count] of Object.entries(backup.manifest.database.rowCounts)) {
        expect(restored.prepare(`SELECT count(*) FROM "${table}"`).pluck().get(), table).toBe(count);
      }
      const restoredOrders = rowsById(restored, "Order");
      expect(restoredOrders.size).toBeGreaterThanOrEqual(placedBefore);
      expect(restoredOrders.size).toBeLessThan(rowsById(live, "Order").size);

      // Every restored row of the order tables is the live row with the same id, byte for byte;
      // the orders restored are the first ones placed, none missing in between.
      let compared = 0;
      for (const table of ["Order", "OrderItem", "OrderStatusChange", "StockMovement"]) {
        const liveRows = rowsById(live, table);
        for (const [id, row] of rowsById(restored, table)) {
          expect(row, `${table} ${id}`).toEqual(liveRows.get(id));
          compared++;
        }
      }
      const liveIds = [...rowsById(live, "Order").keys()].sort((a, b) => a - b);
      expect([...restoredOrders.keys()].sort((a, b) => a - b)).toEqual(liveIds.slice(0, restoredOrders.size));
      expect(compared).toBeGreaterThan(3 * restoredOrders.size);

      // No order without its line items, and the stock is what the restored orders took.
      const empty = restored
        .prepare(`SELECT count(*) FROM "Order" o WHERE NOT EXISTS (SELECT 1 FROM OrderItem i WHERE i.orderId = o.id)`)
        .pluck()
        .get();
      expect(empty).toBe(0);
      for (const productId of products) {
        const taken = restored
          .prepare("SELECT coalesce(sum(quantity), 0) FROM OrderItem WHERE productId = ?")
          .pluck()
          .get(productId) as number;
        const stock = restored.prepare("SELECT stockQuantity FROM Product WHERE id = ?").pluck().get(productId);
        expect(stock).toBe(1000 - taken);
      }
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      live.close();
      restored.close();
    }
    for (const file of uploads) {
      expect(sha256(path.join(restoredUploads, file)), file).toBe(sha256(path.join(uploadsPath, file)));
    }
    expect(backup.manifest.uploads.map((upload) => upload.path).sort()).toEqual([...uploads].sort());
  });

  it("keeps what a restore replaces, beside it", async () => {
    const target = path.join(work, "replace");
    fs.mkdirSync(path.join(target, "uploads"), { recursive: true });
    fs.writeFileSync(path.join(target, "haat.db"), "the old database");
    fs.writeFileSync(path.join(target, "uploads", "old.webp"), "old image");
    const result = await restoreBackup({
      archivePath: backup.archivePath,
      databasePath: path.join(target, "haat.db"),
      uploadsPath: path.join(target, "uploads"),
      now: new Date("2026-11-25T10:20:30Z"),
    });
    expect(result.keptAside).toEqual({
      database: path.join(target, "haat.db.before-restore-20261125-102030"),
      uploads: path.join(target, "uploads.before-restore-20261125-102030"),
    });
    expect(fs.readFileSync(result.keptAside.database!, "utf8")).toBe("the old database");
    expect(fs.readFileSync(path.join(result.keptAside.uploads!, "old.webp"), "utf8")).toBe("old image");
    expect(fs.existsSync(path.join(target, "uploads", "old.webp"))).toBe(false);
    // The backup's database, brought to this code's migrations (none newer here) and opened in WAL mode.
    const restored = new Database(path.join(target, "haat.db"), { readonly: true });
    try {
      expect(restored.prepare('SELECT count(*) FROM "Order"').pluck().get()).toBe(
        backup.manifest.database.rowCounts.Order,
      );
    } finally {
      restored.close();
    }
  });

  describe("refuses, changing nothing,", () => {
    const target = () => path.join(work, "untouched");
    const restoreInto = (archivePath: string, migrationsDir?: string) =>
      restoreBackup({
        archivePath,
        databasePath: path.join(target(), "haat.db"),
        uploadsPath: path.join(target(), "uploads"),
        ...(migrationsDir ? { migrationsDir } : {}),
      });

    /** Repacks the backup after `change` has edited its extracted files. */
    async function repacked(name: string, change: (folder: string) => void): Promise<string> {
      const folder = path.join(work, name);
      fs.mkdirSync(folder);
      await tar.extract({ file: backup.archivePath, cwd: folder });
      change(folder);
      const file = path.join(work, `${name}.tar.gz`);
      await tar.create({ gzip: true, file, cwd: folder }, fs.readdirSync(folder));
      return file;
    }

    beforeAll(() => {
      fs.mkdirSync(target(), { recursive: true });
      fs.writeFileSync(path.join(target(), "haat.db"), "keep me");
    });
    const untouched = () => {
      expect(fs.readdirSync(target())).toEqual(["haat.db"]);
      expect(fs.readFileSync(path.join(target(), "haat.db"), "utf8")).toBe("keep me");
    };

    it("a file that is not a backup", async () => {
      const junk = path.join(work, "junk.tar.gz");
      fs.writeFileSync(junk, crypto.randomBytes(4096));
      await expect(restoreInto(junk)).rejects.toThrow(
        new BackupError("The archive cannot be read: it is damaged or not a .tar.gz file."),
      );
      untouched();
    });

    it("a database changed after the backup", async () => {
      const file = await repacked("tampered-db", (folder) => {
        const db = new Database(path.join(folder, "haat.db"));
        db.prepare('UPDATE "Order" SET totalPaisa = 1 WHERE id = (SELECT min(id) FROM "Order")').run();
        db.close();
      });
      await expect(restoreInto(file)).rejects.toThrow(/database does not match its manifest/);
      untouched();
    });

    it("an upload missing or changed", async () => {
      const missing = await repacked("missing-upload", (folder) =>
        fs.rmSync(path.join(folder, "uploads", uploads[0]!)),
      );
      await expect(restoreInto(missing)).rejects.toThrow(/files are missing or were added/);
      const changed = await repacked("changed-upload", (folder) =>
        fs.appendFileSync(path.join(folder, "uploads", uploads[1]!), "x"),
      );
      await expect(restoreInto(changed)).rejects.toThrow(
        `The backup's upload ${uploads[1]} does not match its manifest.`,
      );
      untouched();
    });

    it("an archive with a link among the uploads (the shop would serve what it points at)", async () => {
      const file = await repacked("with-link", (folder) =>
        fs.symlinkSync("../../.env", path.join(folder, "uploads", "products", "evil.webp")),
      );
      await expect(restoreInto(file)).rejects.toThrow(/holds links or special files \(uploads\/products\/evil\.webp\)/);
      untouched();
    });

    it("a backup from a newer haat", async () => {
      const olderCode = path.join(work, "older-migrations");
      const migrations = path.resolve("prisma/migrations");
      fs.cpSync(migrations, olderCode, { recursive: true });
      const newest = fs
        .readdirSync(olderCode)
        .filter((name) => /^\d{14}_/.test(name))
        .sort()
        .at(-1)!;
      fs.rmSync(path.join(olderCode, newest), { recursive: true });
      await expect(restoreInto(backup.archivePath, olderCode)).rejects.toThrow(
        `This backup comes from a newer haat (migrations ${newest}): update haat before restoring it.`,
      );
      untouched();
    });
  });
});
