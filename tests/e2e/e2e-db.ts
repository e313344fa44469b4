/**
 * Direct access to the end-to-end server's SQLite database (tests/e2e/e2e-env.ts E2E_DB_PATH), for
 * specs that set up rows the UI cannot make (a product without images, an unreadable one, a
 * category without an image, many orders) or check what the server stored. Every row a spec
 * inserts is its own, and it deletes it.
 */
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { E2E_DB_PATH } from "./e2e-env";

/**
 * Runs `work` on a fresh connection (closed afterwards). Waits up to 5 s for the server's writes.
 * @throws when the database file is missing (the run's folder was removed) instead of creating an
 *   empty one, and whatever `work` throws.
 */
export function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(E2E_DB_PATH, { fileMustExist: true, timeout: 5000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Prisma's SQLite DateTime text: 2026-11-21T04:00:00.000+00:00. */
export const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

/**
 * Inserts a product without images, category, featured flag or options, with its default variant
 * (no SKU, stock not tracked); returns the product's id (`variantIdOf` gives the variant's).
 * `pricePaisa` defaults to ৳100.00 and is the variant's price and the product's lowest and highest
 * price; `description` may be a Buffer, stored as a BLOB that Prisma cannot read as text (the
 * product page's 500 state).
 */
export function insertProduct(
  name: string,
  {
    pricePaisa = 10_000,
    description = "Inserted by an end-to-end test.",
  }: { pricePaisa?: number; description?: string | Buffer } = {},
): number {
  return withDb((db) =>
    db.transaction(() => {
      const now = sqliteDate(new Date());
      const result = db
        .prepare(
          `INSERT INTO Product (name, slug, description, minPricePaisa, maxPricePaisa, isFeatured, createdAt, updatedAt)
           VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
        )
        .run(name, name.toLowerCase().replace(/\W+/g, "-"), description, pricePaisa, pricePaisa, now, now);
      const id = Number(result.lastInsertRowid);
      db.prepare(
        `INSERT INTO ProductVariant (productId, combinationKey, pricePaisa, stockQuantity, isActive, position)
         VALUES (?, '', ?, 0, 1, 0)`,
      ).run(id, pricePaisa);
      return id;
    })(),
  );
}

/**
 * The id of a product's first active variant by position (its default variant when it has no
 * options), as the product page picks it.
 * @throws when the product has no active variant.
 */
export function variantIdOf(productId: number): number {
  const row = withDb(
    (db) =>
      db
        .prepare(`SELECT id FROM ProductVariant WHERE productId = ? AND isActive = 1 ORDER BY position, id LIMIT 1`)
        .get(productId) as { id: number } | undefined,
  );
  if (!row) throw new Error(`Product ${productId} has no active variant`);
  return row.id;
}

/**
 * Sets whether a product counts stock and, when `stockQuantity` is given, the units on hand of its
 * first active variant (its default variant when it has no options).
 */
export function setStock(productId: number, trackStock: boolean, stockQuantity?: number) {
  withDb((db) => {
    db.prepare(`UPDATE Product SET trackStock = ? WHERE id = ?`).run(trackStock ? 1 : 0, productId);
    if (stockQuantity !== undefined)
      db.prepare(`UPDATE ProductVariant SET stockQuantity = ? WHERE id = ?`).run(stockQuantity, variantIdOf(productId));
  });
}

/** The units on hand of a product's first active variant (its default variant when it has no options). */
export function stockOf(productId: number): number {
  const variantId = variantIdOf(productId);
  return withDb(
    (db) =>
      (db.prepare(`SELECT stockQuantity FROM ProductVariant WHERE id = ?`).get(variantId) as { stockQuantity: number })
        .stockQuantity,
  );
}

/**
 * A demo product without options (one variant, its default) as a row of what the shop charges
 * for it: the first by id that matches `where` (SQL on `p` Product and `v` ProductVariant).
 * @throws when none matches.
 */
export function singleVariantProduct(where = "1 = 1"): {
  id: number;
  name: string;
  variantId: number;
  pricePaisa: number;
  discountedPricePaisa: number | null;
} {
  const row = withDb(
    (db) =>
      db
        .prepare(
          `SELECT p.id, p.name, v.id AS variantId, v.pricePaisa, v.discountedPricePaisa
           FROM Product p JOIN ProductVariant v ON v.productId = p.id AND v.combinationKey = ''
           WHERE NOT EXISTS (SELECT 1 FROM ProductOption o WHERE o.productId = p.id) AND v.isActive = 1 AND (${where})
           ORDER BY p.id LIMIT 1`,
        )
        .get() as
        | { id: number; name: string; variantId: number; pricePaisa: number; discountedPricePaisa: number | null }
        | undefined,
  );
  if (!row) throw new Error(`No product without options matches ${where}`);
  return row;
}

/** Deletes a product (its order items keep their snapshot; the link becomes NULL). */
export function deleteProduct(id: number): void {
  withDb((db) => db.prepare("DELETE FROM Product WHERE id = ?").run(id));
}

/** Inserts a category without an image; returns its id. */
export function insertCategory(name: string): number {
  return withDb((db) => {
    const now = sqliteDate(new Date());
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    return Number(
      db
        .prepare(`INSERT INTO Category (name, slug, imageId, createdAt, updatedAt) VALUES (?, ?, NULL, ?, ?)`)
        .run(name, slug, now, now).lastInsertRowid,
    );
  });
}

export function deleteCategory(id: number): void {
  withDb((db) => db.prepare(`DELETE FROM Category WHERE id = ?`).run(id));
}

/** Inserts an admin with this e-mail and argon2id hash (app/server/auth/password.server.ts); returns its id. */
export function insertAdmin(email: string, passwordHash: string): number {
  return withDb((db) =>
    Number(
      db
        .prepare(`INSERT INTO AdminUser (email, passwordHash, createdAt) VALUES (?, ?, ?)`)
        .run(email, passwordHash, sqliteDate(new Date())).lastInsertRowid,
    ),
  );
}

/** Deletes an admin (its sessions go with it). */
export function deleteAdmin(id: number): void {
  withDb((db) => db.prepare(`DELETE FROM AdminUser WHERE id = ?`).run(id));
}

/**
 * Inserts a pending order of one line item (`quantity` × ৳100) for `phone`, as checkout would have
 * placed it, with its first history entry; returns its id.
 */
export function insertOrder({
  name,
  phone,
  productName = "Inserted Lamp",
  quantity = 1,
  item = {},
}: {
  name: string;
  phone: string;
  productName?: string;
  quantity?: number;
  /** The line's product and variant with their snapshots in both languages (none by default). */
  item?: {
    productId?: number;
    variantId?: number;
    productNameBn?: string;
    variantLabel?: string;
    variantLabelBn?: string;
    sku?: string;
  };
}): number {
  const now = sqliteDate(new Date());
  const subtotal = 10_000 * quantity;
  return withDb((db) => {
    const order = db
      .prepare(
        `INSERT INTO "Order" (createdAt, updatedAt, customerName, customerPhone, customerAddress, district, area,
           shippingMethod, shippingFeePaisa, subtotalPaisa, totalPaisa, status, paymentStatus, itemCount, checkoutToken)
         VALUES (?, ?, ?, ?, 'House 4, Road 2', 'Dhaka', 'Mirpur 10', 'Inside Dhaka', 6000, ?, ?, 'pending', 'pending', ?, ?)`,
      )
      .run(now, now, name, phone, subtotal, subtotal + 6000, quantity, `e2e-${randomUUID()}`);
    const id = Number(order.lastInsertRowid);
    db.prepare(
      `INSERT INTO "OrderItem" (orderId, productName, productId, variantId, productNameBn, variantLabel, variantLabelBn,
         sku, unitPricePaisa, quantity, subtotalPaisa) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 10000, ?, ?)`,
    ).run(
      id,
      productName,
      item.productId ?? null,
      item.variantId ?? null,
      item.productNameBn ?? "",
      item.variantLabel ?? "",
      item.variantLabelBn ?? "",
      item.sku ?? "",
      quantity,
      subtotal,
    );
    db.prepare(`INSERT INTO "OrderStatusChange" (orderId, toStatus, createdAt) VALUES (?, 'pending', ?)`).run(id, now);
    return id;
  });
}

/** Deletes an order inserted by a spec, with its rows in the other tables. */
export function deleteOrderRows(id: number): void {
  withDb((db) => {
    for (const table of ["OrderItem", "OrderStatusChange", "CourierEvent", "OrderNote", "OrderEdit"]) {
      db.prepare(`DELETE FROM "${table}" WHERE orderId = ?`).run(id);
    }
    db.prepare(`UPDATE "StockMovement" SET orderId = NULL WHERE orderId = ?`).run(id);
    db.prepare(`DELETE FROM "Order" WHERE id = ?`).run(id);
  });
}
