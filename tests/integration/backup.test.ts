/**
 * `npm run backup` and `npm run restore` (scripts/ops/backup-archive.ts) against the worker's real
 * database and uploads: a backup taken while orders are being placed restores to one consistent
 * moment (every restored row equal to the live one, no order without its line items, stock equal to
 * what the restored orders took, uploads byte for byte); archives are the owner's alone (0600 in a
 * 0700 folder); a damaged, tampered, oversized or newer archive is refused with nothing changed
 * (an oversized one before a byte is unpacked; a database whose schema is not what the migrations
 * make, even with a manifest rewritten to match); a backup from an older haat is brought up to
 * date; what a restore replaces is kept.
 */
import Database from "better-sqlite3";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BackupError,
  createBackup,
  restoreBackup,
  restoreLimits,
  type BackupManifest,
  type BackupResult,
} from "../../scripts/ops/backup-archive";
import { applyMigrations } from "../../scripts/db/migrate.mjs";
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
  /** The default variants of the three products the shoppers buy. */
  const variants: number[] = [];
  const uploads = ["products/lamp-400.webp", "products/lamp-800.webp", "categories/fans.webp"];

  it("backs up while orders are being placed, and restores one consistent moment of the shop", async () => {
    for (const name of ["Backup Lamp", "Backup Fan", "Backup Switch"]) {
      variants.push((await createProduct({ name, pricePaisa: 50_000, stockQuantity: 1000 })).variantId);
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
            [variants[index % 3]!, 1 + (placed % 3)],
            [variants[(index + 1) % 3]!, 1],
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
        // A restore ends every session and makes the search index's own tables anew.
        if (table === "Session" || table.startsWith("ProductSearch_")) continue;
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
      for (const variantId of variants) {
        const taken = restored
          .prepare("SELECT coalesce(sum(quantity), 0) FROM OrderItem WHERE variantId = ?")
          .pluck()
          .get(variantId) as number;
        const stock = restored.prepare("SELECT stockQuantity FROM ProductVariant WHERE id = ?").pluck().get(variantId);
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

  it("writes the archive 0600 in a folder it makes 0700, whatever the umask", async () => {
    const before = process.umask(0o022);
    try {
      const outDir = path.join(work, "private", "backups");
      const made = await createBackup({ databasePath: livePath, uploadsPath, outDir });
      expect(fs.statSync(made.archivePath).mode & 0o777).toBe(0o600);
      expect(fs.statSync(outDir).mode & 0o777).toBe(0o700);
      // A restored database is the owner's alone too.
      const restored = path.join(work, "private", "restored", "haat.db");
      await restoreBackup({
        archivePath: made.archivePath,
        databasePath: restored,
        uploadsPath: path.join(work, "private", "restored", "uploads"),
      });
      expect(fs.statSync(restored).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(before);
    }
  });

  it("brings a backup from an older haat up to date, checking its schema before and after", async () => {
    const migrations = path.resolve("prisma/migrations");
    const names = fs
      .readdirSync(migrations)
      .filter((name) => /^\d{14}_/.test(name))
      .sort();
    const olderCode = path.join(work, "older-code-migrations");
    fs.mkdirSync(olderCode);
    for (const name of names.slice(0, -2))
      fs.cpSync(path.join(migrations, name), path.join(olderCode, name), { recursive: true });
    const olderShop = path.join(work, "older-shop");
    await applyMigrations({ databasePath: path.join(olderShop, "haat.db"), migrationsDir: olderCode });
    const older = await createBackup({
      databasePath: path.join(olderShop, "haat.db"),
      uploadsPath: path.join(olderShop, "uploads"),
      outDir: path.join(olderShop, "backups"),
    });
    const result = await restoreBackup({
      archivePath: older.archivePath,
      databasePath: path.join(work, "from-older", "haat.db"),
      uploadsPath: path.join(work, "from-older", "uploads"),
    });
    expect(result.migrationsApplied).toEqual(names.slice(-2));
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

  /**
   * Repacks the backup after `change` has edited its database, with the manifest rewritten to
   * match (size and SHA-256), as someone who meant to would.
   */
  const withDatabaseChanged = (name: string, change: (db: Database.Database) => void) =>
    repacked(name, (folder) => {
      const file = path.join(folder, "haat.db");
      const db = new Database(file);
      try {
        change(db);
      } finally {
        db.close();
      }
      const manifestFile = path.join(folder, "manifest.json");
      const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
      manifest.database.bytes = fs.statSync(file).size;
      manifest.database.sha256 = sha256(file);
      fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    });

  describe("cleans what the checks cannot judge, in an archive that passes them", () => {
    let restored: Database.Database;
    let result: Awaited<ReturnType<typeof restoreBackup>>;
    const lamp = "Backup Lamp";

    beforeAll(async () => {
      // A forged archive, manifest rewritten to match: a session whose token the forger knows,
      // planner statistics that lie, a search index with a product that does not exist.
      const archive = await withDatabaseChanged("forged", (db) => {
        const user = db
          .prepare(
            "INSERT INTO AdminUser (email, passwordHash, role, createdAt) VALUES ('forger@example.com', 'x', 'owner', 0) RETURNING id",
          )
          .pluck()
          .get() as number;
        const tokenHash = crypto.createHash("sha256").update("the forger's token").digest("hex");
        db.prepare(
          "INSERT INTO Session (tokenHash, userId, expiresAt, lastSeenAt, createdAt) VALUES (?, ?, ?, ?, ?)",
        ).run(tokenHash, user, Date.now() + 86_400_000, Date.now(), Date.now());
        db.exec("ANALYZE");
        db.exec("UPDATE sqlite_stat1 SET stat = '1000000 1000000 1000000'");
        db.exec(
          `INSERT INTO "ProductSearch" (rowid, name) VALUES (987654, 'planted ghost lamp');
           INSERT INTO "ProductSearch" ("ProductSearch", rank) VALUES ('rank', 'bm25(1000.0)');`,
        );
      });
      const target = path.join(work, "forged-restored");
      result = await restoreBackup({
        archivePath: archive,
        databasePath: path.join(target, "haat.db"),
        uploadsPath: path.join(target, "uploads"),
      });
      restored = new Database(path.join(target, "haat.db"), { readonly: true });
    });
    afterAll(() => restored?.close());

    it("ends every session: a forged archive's session is not a way in", () => {
      expect(result.cleaned.sessionsEnded).toBeGreaterThanOrEqual(1);
      expect(restored.prepare("SELECT count(*) FROM Session").pluck().get()).toBe(0);
      // The accounts stay; their people sign in again.
      expect(restored.prepare("SELECT count(*) FROM AdminUser WHERE email = 'forger@example.com'").pluck().get()).toBe(
        1,
      );
    });

    it("drops SQLite's planner statistics (haat plans on SQLite's defaults)", () => {
      expect(result.cleaned.statisticsDropped).toContain("sqlite_stat1");
      expect(restored.prepare("SELECT count(*) FROM sqlite_master WHERE name LIKE 'sqlite_stat%'").pluck().get()).toBe(
        0,
      );
    });

    it("makes the search index anew from the products: nothing planted is found, every product is", () => {
      expect(result.cleaned.searchIndexesRebuilt).toEqual(["ProductSearch"]);
      const search = (word: string) =>
        restored.prepare(`SELECT rowid FROM "ProductSearch" WHERE "ProductSearch" MATCH ?`).pluck().all(word);
      expect(search("ghost")).toEqual([]);
      const lampId = restored.prepare("SELECT id FROM Product WHERE name = ?").pluck().get(lamp);
      expect(search("Backup Lamp")).toEqual([lampId]);
      expect(restored.prepare(`SELECT k FROM "ProductSearch_config"`).pluck().all()).not.toContain("rank");
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
    });
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

    it("a database whose audit trail's triggers were dropped, though its manifest matches", async () => {
      const file = await withDatabaseChanged("no-trail-triggers", (db) => {
        db.exec('DROP TRIGGER "AuditEvent_no_update"; DROP TRIGGER "AuditEvent_no_delete";');
      });
      await expect(restoreInto(file)).rejects.toThrow(
        new BackupError(
          "The backup's database is not what haat's migrations make: missing trigger AuditEvent_no_delete on AuditEvent; missing trigger AuditEvent_no_update on AuditEvent. It was changed outside haat; it is refused.",
        ),
      );
      untouched();
    });

    it("a database with a trigger planted on Order, or an index changed, though its manifest matches", async () => {
      const planted = await withDatabaseChanged("planted-trigger", (db) => {
        db.exec(
          `CREATE TRIGGER "Order_skim" AFTER INSERT ON "Order" BEGIN UPDATE "Order" SET "totalPaisa" = "totalPaisa" + 100 WHERE id = NEW.id; END;`,
        );
      });
      await expect(restoreInto(planted)).rejects.toThrow(
        /not what haat's migrations make: extra trigger Order_skim on Order\. It was changed outside haat/,
      );
      const index = (db: Database.Database) =>
        db
          .prepare(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Order' AND sql IS NOT NULL",
          )
          .get() as { name: string; sql: string };
      let changedIndex = "";
      const changed = await withDatabaseChanged("changed-index", (db) => {
        const { name, sql } = index(db);
        changedIndex = name;
        db.exec(`DROP INDEX "${name}"; ${sql.replace(/\)\s*$/, ', "id")')}`);
      });
      await expect(restoreInto(changed)).rejects.toThrow(`changed index ${changedIndex} on Order`);
      untouched();
    });

    it("a database whose schema lists an index twice (a second row without SQL moves its pages)", async () => {
      let name = "";
      const file = await withDatabaseChanged("duplicate-schema-row", (db) => {
        const index = db
          .prepare(
            "SELECT name, tbl_name AS tableName, rootpage FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Order' AND sql IS NOT NULL",
          )
          .get() as { name: string; tableName: string; rootpage: number };
        name = index.name;
        db.unsafeMode(true);
        db.pragma("writable_schema = ON");
        db.prepare("INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql) VALUES ('index', ?, ?, ?, '')").run(
          index.name,
          index.tableName,
          index.rootpage,
        );
        db.pragma("writable_schema = OFF");
      });
      await expect(restoreInto(file)).rejects.toThrow(
        new BackupError(`The backup is refused: its schema lists index ${name} twice.`),
      );
      untouched();
    });

    it("a database whose id counters are far ahead of their tables or name a table haat does not have", async () => {
      // At the 64-bit maximum, every later insert into the audit trail would fail.
      const exhausted = await withDatabaseChanged("exhausted-counter", (db) => {
        db.prepare("INSERT OR REPLACE INTO sqlite_sequence (name, seq) VALUES ('AuditEvent', ?)").run(
          9_223_372_036_854_775_807n,
        );
        db.exec(
          "DELETE FROM sqlite_sequence WHERE rowid NOT IN (SELECT max(rowid) FROM sqlite_sequence GROUP BY name)",
        );
      });
      await expect(restoreInto(exhausted)).rejects.toThrow(
        /^The backup is refused: the id counter of AuditEvent is 9223372036854775807, though its largest id is \d+/,
      );
      const unknown = await withDatabaseChanged("unknown-counter", (db) => {
        db.exec("INSERT INTO sqlite_sequence (name, seq) VALUES ('Nope', 5)");
      });
      await expect(restoreInto(unknown)).rejects.toThrow(
        new BackupError("The backup is refused: it has an id counter for Nope, a table haat does not have."),
      );
      untouched();
    });
    it("a database whose migration history skips one or holds another's", async () => {
      const skipped = await withDatabaseChanged("skipped-migration", (db) => {
        db.exec(
          "DELETE FROM _prisma_migrations WHERE migration_name = (SELECT migration_name FROM _prisma_migrations ORDER BY migration_name LIMIT 1 OFFSET 3)",
        );
      });
      await expect(restoreInto(skipped)).rejects.toThrow(/The backup is refused: its migration history skips \d{14}_/);
      const edited = await withDatabaseChanged("edited-migration", (db) => {
        db.exec("UPDATE _prisma_migrations SET checksum = 'abc' WHERE migration_name LIKE '%_init'");
      });
      await expect(restoreInto(edited)).rejects.toThrow(/migration \d{14}_init in it is not the one this haat has/);
      untouched();
    });

    it("an archive larger than the caps, before a byte is unpacked: a 400 MB upload of zeros, or more than the total", async () => {
      const zeros = await repacked("zeros", (folder) => {
        const file = path.join(folder, "uploads", "products", "zeros.webp");
        fs.writeFileSync(file, "");
        fs.truncateSync(file, 400 * 1024 * 1024); // sparse: no disk used to make it
      });
      // Anything made in the target folder (a staging folder, an unpacked file) is seen here.
      const made: string[] = [];
      const watcher = fs.watch(target(), (_event, name) => made.push(String(name)));
      try {
        await expect(restoreInto(zeros)).rejects.toThrow(
          new BackupError(
            "The archive is refused before unpacking anything: its upload uploads/products/zeros.webp is 400.0 MB (at most 100.0 MB per file).",
          ),
        );
        await expect(
          restoreBackup({
            archivePath: backup.archivePath,
            databasePath: path.join(target(), "haat.db"),
            uploadsPath: path.join(target(), "uploads"),
            limits: { maxTotalBytes: 50_000 },
          }),
        ).rejects.toThrow(/^The archive is refused before unpacking anything: it unpacks to more than 50000 bytes/);
        await new Promise((resolve) => setTimeout(resolve, 100)); // let the watcher report
      } finally {
        watcher.close();
      }
      expect(made).toEqual([]);
      untouched();
      // The default total: 20 GiB at most, and never more than the disk's free space.
      const disk = fs.statfsSync(target());
      expect(restoreLimits(target()).maxTotalBytes).toBeLessThanOrEqual(
        Math.min(20 * 1024 ** 3, disk.bavail * disk.bsize),
      );
      expect(restoreLimits(target(), { maxTotalBytes: 1000 }).maxTotalBytes).toBe(1000);
    }, 60_000);

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
