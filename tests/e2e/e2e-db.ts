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
 * Inserts a product without images, category or featured flag; returns its id. `pricePaisa`
 * defaults to ৳100.00; `description` may be a Buffer, stored as a BLOB that Prisma cannot read as
 * text (the product page's 500 state).
 */
export function insertProduct(
  name: string,
  {
    pricePaisa = 10_000,
    description = "Inserted by an end-to-end test.",
  }: { pricePaisa?: number; description?: string | Buffer } = {},
): number {
  return withDb((db) => {
    const result = db
      .prepare(
        `INSERT INTO Product (name, slug, description, pricePaisa, isFeatured, createdAt, updatedAt)
         VALUES (?, ?, ?, ?, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
      )
      .run(name, name.toLowerCase().replace(/\W+/g, "-"), description, pricePaisa);
    return Number(result.lastInsertRowid);
  });
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
}: {
  name: string;
  phone: string;
  productName?: string;
  quantity?: number;
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
      `INSERT INTO "OrderItem" (orderId, productName, unitPricePaisa, quantity, subtotalPaisa) VALUES (?, ?, 10000, ?, ?)`,
    ).run(id, productName, quantity, subtotal);
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
