/**
 * The upgrade to variants (prisma/migrations/20261126145722_variants_and_bangla_catalogue,
 * docs/decisions/047-variants.md) on a shop's data from before it: this file's database is built
 * at the migration before the upgrade, filled with old-shape rows (products with their own price,
 * discount and stock, an order, stock movements, a product deleted earlier), then brought to this
 * code's migrations by the same applyMigrations the server runs at start. The app is loaded only
 * then, on that database: every product has its default variant with the same id, prices and
 * stock; past order lines and ledger entries name it; search, the id sequence and a cart cookie of
 * the old shape keep working, up to placing an order.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createCookie } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, databasePathFromUrl } from "../../scripts/db/migrate.mjs";

const VARIANTS_MIGRATION = "20261126145722_variants_and_bangla_catalogue";

// The app reads DATABASE_URL once, when its first module loads; none may have loaded yet, or it
// would hold a connection to the database this file replaces.
if ((globalThis as { __haatPrisma?: unknown }).__haatPrisma !== undefined) {
  throw new Error("The app's database client was opened before the legacy database was built");
}
const databasePath = databasePathFromUrl(process.env.DATABASE_URL!);

/** The app's modules, loaded once the upgraded database is in place. */
async function loadApp() {
  return {
    ...(await import("~/models/db/client.server")),
    ...(await import("~/models/catalogue/product-listings.server")),
    ...(await import("~/models/catalogue/cart-variants.server")),
    ...(await import("~/models/catalogue/product-writes.server")),
    ...(await import("~/server/cart/cart-cookie.server")),
    ...(await import("~/config/env.server")),
    cart: await import("~/routes/_shop.cart/route"),
    helpers: await import("./helpers"),
  };
}
let app: Awaited<ReturnType<typeof loadApp>>;

/** Old-shape rows, written with the columns the migration before the upgrade has. */
function fillLegacyShop(file: string): void {
  const db = new Database(file);
  db.pragma("foreign_keys = ON");
  const now = new Date().toISOString();
  db.prepare(`INSERT INTO Category (id, name, slug, updatedAt) VALUES (1, 'Lighting', 'lighting', ?)`).run(now);
  const product = db.prepare(
    `INSERT INTO Product (id, name, slug, description, pricePaisa, discountedPricePaisa, categoryId, trackStock, stockQuantity, updatedAt)
     VALUES (?, ?, ?, 'x', ?, ?, 1, ?, ?, ?)`,
  );
  product.run(1, "Brass Table Lamp", "brass-table-lamp", 250_000, 199_900, 1, 7, now);
  product.run(2, "Ceiling Fan", "ceiling-fan", 520_000, null, 0, 0, now);
  // A "discount" above the price is not charged.
  product.run(3, "Wall Switch", "wall-switch", 12_000, 15_000, 1, 3, now);
  product.run(4, "Gone Bulb", "gone-bulb", 9_000, null, 0, 0, now);
  db.prepare(
    `INSERT INTO "Order" (id, updatedAt, customerName, customerPhone, customerAddress, shippingMethod, shippingFeePaisa,
       subtotalPaisa, totalPaisa, itemCount, productId, checkoutToken)
     VALUES (1, ?, 'Rahima Akter', '01712345678', 'House 4', 'Inside Dhaka', 6000, 928800, 934800, 4, 1, 'legacy-order')`,
  ).run(now);
  const item = db.prepare(
    `INSERT INTO OrderItem (orderId, productId, productName, unitPricePaisa, quantity, subtotalPaisa) VALUES (1, ?, ?, ?, ?, ?)`,
  );
  item.run(1, "Brass Table Lamp", 199_900, 2, 399_800);
  item.run(2, "Ceiling Fan", 520_000, 1, 520_000);
  item.run(4, "Gone Bulb", 9_000, 1, 9_000);
  const movement = db.prepare(
    `INSERT INTO StockMovement (productId, productName, orderId, change, balance, reason) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  movement.run(1, "Brass Table Lamp", null, 9, 9, "adjusted");
  movement.run(1, "Brass Table Lamp", 1, -2, 7, "order-placed");
  movement.run(3, "Wall Switch", null, 3, 3, "adjusted");
  // Deleted before the upgrade: its id is taken in the sequence and its order line keeps the name only.
  db.prepare(`DELETE FROM Product WHERE id = 4`).run();
  db.close();
}

beforeAll(async () => {
  const migrations = path.resolve("prisma/migrations");
  const older = fs.mkdtempSync(path.join(path.dirname(databasePath), "before-variants-"));
  for (const name of fs.readdirSync(migrations)) {
    if (name === "migration_lock.toml" || name < VARIANTS_MIGRATION) {
      fs.cpSync(path.join(migrations, name), path.join(older, name), { recursive: true });
    }
  }
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(databasePath + suffix, { force: true });
  await applyMigrations({ databasePath, migrationsDir: older });
  fillLegacyShop(databasePath);
  const applied = await applyMigrations({ databasePath });
  expect(applied[0]).toBe(VARIANTS_MIGRATION);
  fs.rmSync(older, { recursive: true, force: true });
  app = await loadApp();
});

describe("the upgrade to variants", () => {
  it("gives every product one default variant with its own id, price, discount and stock", async () => {
    const variants = await app.prisma.productVariant.findMany({ orderBy: { id: "asc" } });
    expect(
      variants.map((v) => [
        v.id,
        v.productId,
        v.combinationKey,
        v.pricePaisa,
        v.discountedPricePaisa,
        v.stockQuantity,
        v.isActive,
        v.sku,
      ]),
    ).toEqual([
      [1, 1, "", 250_000, 199_900, 7, true, null],
      [2, 2, "", 520_000, null, 0, true, null],
      [3, 3, "", 12_000, 15_000, 3, true, null],
    ]);
    const products = await app.prisma.product.findMany({ orderBy: { id: "asc" } });
    expect(products.map((p) => [p.id, p.trackStock, p.minPricePaisa, p.maxPricePaisa, p.nameBn])).toEqual([
      [1, true, 199_900, 199_900, ""],
      [2, false, 520_000, 520_000, ""],
      [3, true, 12_000, 12_000, ""],
    ]);
    expect(await app.prisma.productOption.count()).toBe(0);
  });

  it("points past order lines and stock movements at the default variant", async () => {
    const items = await app.prisma.orderItem.findMany({ orderBy: { id: "asc" } });
    expect(items.map((i) => [i.productId, i.variantId, i.productName, i.variantLabel, i.sku])).toEqual([
      [1, 1, "Brass Table Lamp", "", ""],
      [2, 2, "Ceiling Fan", "", ""],
      [null, null, "Gone Bulb", "", ""],
    ]);
    const ledger = await app.prisma.stockMovement.findMany({ orderBy: { id: "asc" } });
    expect(ledger.map((m) => [m.productId, m.variantId, m.change, m.balance, m.variantLabel])).toEqual([
      [1, 1, 9, 9, ""],
      [1, 1, -2, 7, ""],
      [3, 3, 3, 3, ""],
    ]);
  });

  it("finds the old products by name, and by a Bangla name given after the upgrade", async () => {
    const ids = async (query: string) => (await app.listProducts({ query })).items.map((card) => card.id);
    expect(await ids("brass")).toEqual([1]);
    expect(await ids("EILING")).toEqual([2]);
    expect(await ids("La")).toEqual([1]); // under three characters: matched without the index
    expect(await ids("bulb")).toEqual([]);
    await app.prisma.product.update({ where: { id: 1 }, data: { nameBn: "পিতলের টেবিল বাতি" } });
    expect(await ids("বাতি")).toEqual([1]);
    const cheapestFirst = await app.listProducts({ sort: "price-asc" });
    expect(cheapestFirst.items.map((card) => [card.id, card.pricePaisa, card.discountedPricePaisa])).toEqual([
      [3, 12_000, 15_000],
      [1, 250_000, 199_900],
      [2, 520_000, null],
    ]);
  });

  it("never gives a new variant or product an id a product had before the upgrade", async () => {
    const added = await app.helpers.createProduct({ name: "New Socket", pricePaisa: 5_000 });
    expect(added.id).toBeGreaterThan(4);
    expect(added.variantId).toBeGreaterThan(4);
    // A cart line naming the deleted product's id finds nothing to sell.
    expect(await app.getVariantsForCart([4])).toEqual([]);
  });
});

describe("a cart cookie written before the upgrade", () => {
  /** The cart cookie as the code before the upgrade wrote it: bare [productId, quantity] pairs, signed. */
  function legacyCartCookie() {
    return createCookie("haat_cart", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: app.getEnv().COOKIE_SECURE,
      secrets: [app.getEnv().SESSION_SECRET],
      maxAge: 60 * 60 * 24 * 30,
    });
  }

  /** A jar holding an old-shape cart of `pairs`. */
  async function legacyJar(pairs: [number, number][]) {
    const jar = new app.helpers.CookieJar();
    jar.take(new Headers({ "Set-Cookie": await legacyCartCookie().serialize(pairs) }));
    return jar;
  }

  it("reads each product as its default variant and leaves out a product that is gone", async () => {
    const jar = await legacyJar([
      [1, 2],
      [4, 1],
      [3, 1],
    ]);
    expect(await app.getCart(app.helpers.get("/cart", jar))).toEqual([
      { variantId: 1, quantity: 2 },
      { variantId: 3, quantity: 1 },
    ]);
  });

  it("checks out: the order names the default variant and takes its stock", async () => {
    const { run, runData, post, get, stockOf } = app.helpers;
    const jar = await legacyJar([[1, 2]]);
    const page = await runData(app.cart.loader, get("/cart", jar));
    expect(page.lineItems.map((item) => [item.variant.variantId, item.quantity, item.subtotalPaisa])).toEqual([
      [1, 2, 399_800],
    ]);
    const placed = await run(
      app.cart.action,
      post(
        "/cart",
        {
          intent: "checkout",
          name: "Karim Mia",
          phone: "01812345678",
          address: "House 9, Road 3",
          area: "Mirpur 10",
          district: "Dhaka",
          shippingMethod: "Inside Dhaka",
          checkoutToken: page.checkoutToken,
          expectedSubtotalPaisa: page.subtotalPaisa,
        },
        jar,
      ),
    );
    expect(placed).toRedirectTo(/^\/order-success\?order=\d+$/);
    const order = await app.prisma.order.findFirstOrThrow({
      where: { checkoutToken: page.checkoutToken },
      include: { items: true },
    });
    expect(order.items.map((i) => [i.productId, i.variantId, i.productName, i.quantity, i.subtotalPaisa])).toEqual([
      [1, 1, "Brass Table Lamp", 2, 399_800],
    ]);
    expect(await stockOf(1)).toBe(5);
    const ledger = await app.prisma.stockMovement.findFirstOrThrow({ where: { orderId: order.id } });
    expect(ledger).toMatchObject({ variantId: 1, change: -2, balance: 5, reason: "order-placed" });
  });

  it("takes a cart form from a page rendered before the upgrade (it names the product) as its default variant", async () => {
    const { run, post } = app.helpers;
    const jar = new app.helpers.CookieJar();
    // The product page's Add to Cart, then the cart page's quantity form, as the old pages wrote them.
    const added = await run(
      app.cart.action,
      post("/cart", { intent: "add", productId: 3, quantity: 2, redirectTo: "/products/3" }, jar),
    );
    expect(added).toRedirectTo("/products/3");
    jar.take(added.headers);
    expect(await app.getCart(app.helpers.get("/cart", jar))).toEqual([{ variantId: 3, quantity: 2 }]);
    const updated = await run(app.cart.action, post("/cart", { intent: "update", productId: 3, quantity: 1 }, jar));
    jar.take(updated.headers);
    expect(await app.getCart(app.helpers.get("/cart", jar))).toEqual([{ variantId: 3, quantity: 1 }]);
  });

  it("reads a product that has since gained options as its first active variant", async () => {
    // The fan gets a size option after the upgrade; its default variant is switched off.
    const sized = await app.prisma.$transaction(async (tx) => {
      const option = await tx.productOption.create({
        data: { productId: 2, name: "Size", position: 0, values: { create: { value: "56″", position: 0 } } },
        include: { values: true },
      });
      const valueId = option.values[0]!.id;
      await tx.productVariant.update({ where: { id: 2 }, data: { isActive: false } });
      const variant = await tx.productVariant.create({
        data: { productId: 2, option1ValueId: valueId, combinationKey: String(valueId), pricePaisa: 480_000 },
      });
      await app.refreshPriceRange(tx, 2);
      return variant;
    });
    const jar = await legacyJar([[2, 1]]);
    expect(await app.getCart(app.helpers.get("/cart", jar))).toEqual([{ variantId: sized.id, quantity: 1 }]);
    const page = await app.helpers.runData(app.cart.loader, app.helpers.get("/cart", jar));
    expect(page.lineItems).toMatchObject([{ variant: { variantId: sized.id, label: "56″" }, unitPricePaisa: 480_000 }]);
  });
});
