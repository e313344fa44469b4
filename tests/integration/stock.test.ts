/**
 * Stock (docs/decisions/027-stock.md) against a real SQLite database, through the routes' loaders
 * and actions: the last units under concurrent checkouts, the cart held to the stock, cancelling and
 * reinstating an order, deleting it, the product form's count (and its refusal when an order came in
 * meanwhile), the dashboard's low-stock list, the storefront's out-of-stock state, and the
 * database's own refusal of a negative count.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { listProducts } from "~/models/catalogue/product-listings.server";
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import { loader as productLoader } from "~/routes/_shop.products.$id";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { action as ordersAction } from "~/routes/admin.orders._index/route";
import { action as orderAction, loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { action as editProductAction, loader as editProductLoader } from "~/routes/admin.products.edit.$id";
import { action as createProductAction } from "~/routes/admin.products.create";
import { serverTranslator } from "~/server/i18n.server";
import {
  CookieJar,
  createAdmin,
  createCategory,
  createProduct,
  expectData,
  get,
  multipart,
  post,
  run,
  runData,
  signedInJar,
  stockOf,
} from "./helpers";

const t = serverTranslator("en");

const customer = {
  intent: "checkout",
  name: "Rahima Akter",
  phone: "01712345678",
  address: "House 4, Road 2",
  area: "Mirpur 10",
  district: "Dhaka",
  shippingMethod: "Inside Dhaka",
};

let staff: CookieJar;
let staffEmail: string;

beforeEach(async () => {
  const admin = await createAdmin();
  staffEmail = admin.email;
  staff = await signedInJar(admin.id);
});

/** A shopper's cookie jar with `quantity` of the variant `variantId` in the cart. */
async function shopperWith(variantId: number, quantity: number): Promise<CookieJar> {
  const jar = new CookieJar();
  const outcome = await run(cartAction, post("/cart", { intent: "add", variantId, quantity, redirectTo: "/" }, jar));
  jar.take(outcome.headers);
  return jar;
}

/** The cart page's lines for `jar` (variant id → quantity). */
async function cartLines(jar: CookieJar) {
  const page = await runData(cartLoader, get("/cart", jar));
  return page.lineItems.map((item) => [item.variant.variantId, item.quantity]);
}

/** Posts the checkout form `jar`'s cart page rendered. */
async function checkout(jar: CookieJar) {
  const page = await runData(cartLoader, get("/cart", jar));
  return () =>
    run(
      cartAction,
      post("/cart", { ...customer, checkoutToken: page.checkoutToken, expectedSubtotalPaisa: page.subtotalPaisa }, jar),
    );
}

/** Places an order for `quantity` of the variant `variantId` through checkout; returns its id. */
async function placeOrderFor(variantId: number, quantity: number): Promise<number> {
  const outcome = await (await checkout(await shopperWith(variantId, quantity)))();
  expect(outcome.location).toMatch(/^\/order-success\?order=\d+$/);
  return Number(new URL(outcome.location!, "http://x").searchParams.get("order"));
}

describe("placing orders takes stock", () => {
  it("sells exactly the units on hand when 20 shoppers check out at once for 5", async () => {
    const lamp = await createProduct({ name: "Last Lamps", pricePaisa: 150000, stockQuantity: 5 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWith(lamp.variantId, 1)));
    const submits = await Promise.all(shoppers.map((jar) => checkout(jar)));
    const outcomes = await Promise.all(submits.map((submit) => submit()));

    const placed = outcomes.filter((outcome) => outcome.status === 302);
    const refused = outcomes.filter((outcome) => outcome.status === 400);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const outcome of refused) {
      const data = expectData(outcome) as { formError: string; cartChanged: boolean; values: { name: string } };
      expect(data.formError).toBe(t("checkout.outOfStock"));
      expect(data.cartChanged).toBe(true);
      expect(data.values.name).toBe(customer.name);
      // The cart is kept: no cookie replaces it.
      expect(outcome.headers.getSetCookie()).toEqual([]);
    }
    expect(await stockOf(lamp.id)).toBe(0);
    expect(await prisma.order.count({ where: { items: { some: { productId: lamp.id } } } })).toBe(5);
    const ledger = await prisma.stockMovement.findMany({ where: { productId: lamp.id }, orderBy: { id: "asc" } });
    expect(ledger.map((entry) => [entry.variantId, entry.change, entry.balance, entry.reason])).toEqual([
      [lamp.variantId, -1, 4, "order-placed"],
      [lamp.variantId, -1, 3, "order-placed"],
      [lamp.variantId, -1, 2, "order-placed"],
      [lamp.variantId, -1, 1, "order-placed"],
      [lamp.variantId, -1, 0, "order-placed"],
    ]);
    // A refused shopper still has the line, and the cart page says it is out of stock.
    const refusedShopper = shoppers[outcomes.findIndex((outcome) => outcome.status === 400)];
    const page = await runData(cartLoader, get("/cart", refusedShopper));
    expect(page.lineItems[0]).toMatchObject({ quantity: 1, variant: { variantId: lamp.variantId, available: 0 } });
  });

  it("answers a double submit of the last unit with the order it placed, not 'out of stock'", async () => {
    const lamp = await createProduct({ name: "One Last Lamp", pricePaisa: 150000, stockQuantity: 1 });
    const submit = await checkout(await shopperWith(lamp.variantId, 1));
    // The same form posted twice at once (a double tap): the second post finds the unit taken.
    const outcomes = await Promise.all([submit(), submit()]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual([302, 302]);
    expect(outcomes[1].location).toBe(outcomes[0].location);
    expect(await prisma.order.count({ where: { items: { some: { productId: lamp.id } } } })).toBe(1);
    expect(await stockOf(lamp.id)).toBe(0);
  });

  it("writes nothing of an order whose second line the stock cannot fill", async () => {
    const fan = await createProduct({ name: "Plenty Fans", pricePaisa: 500000, stockQuantity: 10 });
    const bulb = await createProduct({ name: "Two Bulbs", pricePaisa: 20000, stockQuantity: 2 });
    const jar = await shopperWith(fan.variantId, 2);
    const added = await run(cartAction, post("/cart", { intent: "add", variantId: bulb.variantId, quantity: 2 }, jar));
    jar.take(added.headers);
    const submit = await checkout(jar);
    await prisma.productVariant.update({ where: { id: bulb.variantId }, data: { stockQuantity: 1 } });
    const outcome = await submit();
    expect(outcome.status).toBe(400);
    expect(await stockOf(fan.id)).toBe(10);
    expect(await prisma.order.count({ where: { items: { some: { productId: fan.id } } } })).toBe(0);
    expect(await prisma.stockMovement.count({ where: { productId: fan.id } })).toBe(0);
  });

  it("leaves a product that does not track stock unlimited and out of the ledger", async () => {
    const switchboard = await createProduct({ name: "Untracked Switch", pricePaisa: 30000 });
    await placeOrderFor(switchboard.variantId, 40);
    expect(await prisma.stockMovement.count({ where: { productId: switchboard.id } })).toBe(0);
  });

  it("is refused by the database itself below zero", async () => {
    const lamp = await createProduct({ name: "Checked Lamp", pricePaisa: 100, stockQuantity: 1 });
    await expect(
      prisma.$executeRaw`UPDATE "ProductVariant" SET "stockQuantity" = "stockQuantity" - 2 WHERE "id" = ${lamp.variantId}`,
    ).rejects.toThrow(/CHECK constraint|violates check constraint/);
    expect(await stockOf(lamp.id)).toBe(1);
  });
});

describe("the cart is held to the stock", () => {
  it("refuses to add a product that is out of stock, with and without JavaScript", async () => {
    const lamp = await createProduct({ name: "Gone Lamp", pricePaisa: 100, stockQuantity: 0 });
    const jar = new CookieJar();
    const plain = await run(
      cartAction,
      post("/cart", { intent: "add", variantId: lamp.variantId, quantity: 1, redirectTo: "/products" }, jar),
    );
    expect(plain).toRedirectTo("/products");
    await expect(plain).toSetToast({ kind: "error", message: t("cart.outOfStock", { name: "Gone Lamp" }) });
    jar.take(plain.headers);
    expect(await cartLines(jar)).toEqual([]);

    const fetched = await run(
      cartAction,
      post("/cart", { intent: "buy-now", variantId: lamp.variantId, quantity: 1, _fetcher: "1" }, jar),
    );
    expect(fetched.status).toBe(409);
    expect(expectData(fetched)).toEqual({ ok: false, message: t("cart.outOfStock", { name: "Gone Lamp" }) });
  });

  it("cuts a quantity above the stock to what is left, and says so", async () => {
    const lamp = await createProduct({ name: "Three Lamps", pricePaisa: 100, stockQuantity: 3 });
    const jar = new CookieJar();
    const added = await run(cartAction, post("/cart", { intent: "add", variantId: lamp.variantId, quantity: 5 }, jar));
    await expect(added).toSetToast({
      kind: "error",
      message: t("cart.stockLimited", { name: "Three Lamps", count: 3 }),
    });
    jar.take(added.headers);
    expect(await cartLines(jar)).toEqual([[lamp.variantId, 3]]);

    const more = await run(
      cartAction,
      post("/cart", { intent: "update", variantId: lamp.variantId, quantity: 9, _fetcher: "1" }, jar),
    );
    expect(expectData(more)).toEqual({
      ok: false,
      limited: true,
      message: t("cart.stockLimited", { name: "Three Lamps", count: 3 }),
    });
    jar.take(more.headers);
    expect(await cartLines(jar)).toEqual([[lamp.variantId, 3]]);
  });
});

describe("order status moves the stock", () => {
  it("returns the stock on cancel, takes it again on reinstating, and shows both in the history", async () => {
    const lamp = await createProduct({ name: "Returning Lamp", pricePaisa: 100, stockQuantity: 4 });
    const orderId = await placeOrderFor(lamp.variantId, 3);
    expect(await stockOf(lamp.id)).toBe(1);

    const setStatus = (status: string) =>
      run(orderAction, post(`/admin/orders/view/${orderId}`, { status, confirm: "yes" }, staff), {
        id: String(orderId),
      });
    await setStatus("cancelled");
    expect(await stockOf(lamp.id)).toBe(4);
    await setStatus("cancelled"); // the same status again moves nothing
    expect(await stockOf(lamp.id)).toBe(4);
    await setStatus("processing");
    expect(await stockOf(lamp.id)).toBe(1);

    const page = await runData(orderLoader, get(`/admin/orders/view/${orderId}`, staff), { id: String(orderId) });
    expect(page.stock.map((entry) => [entry.reason, entry.change, entry.balance, entry.changedByEmail])).toEqual([
      ["order-placed", -3, 1, null],
      ["order-cancelled", 3, 4, staffEmail],
      ["order-reinstated", -3, 1, staffEmail],
    ]);
  });

  it("refuses to reinstate a cancelled order the stock can no longer fill, and changes nothing", async () => {
    const lamp = await createProduct({ name: "Contested Lamp", pricePaisa: 100, stockQuantity: 2 });
    const orderId = await placeOrderFor(lamp.variantId, 2);
    const setStatus = (status: string) =>
      run(orderAction, post(`/admin/orders/view/${orderId}`, { status, confirm: "yes" }, staff), {
        id: String(orderId),
      });
    await setStatus("cancelled");
    await placeOrderFor(lamp.variantId, 1); // another shopper takes one of the returned units

    const refused = await setStatus("pending");
    await expect(refused).toSetToast({
      kind: "error",
      message: enAdmin["admin.order.outOfStock"].replace(
        "{items}",
        enAdmin["admin.stock.shortageItem"]
          .replace("{name}", "Contested Lamp")
          .replace("{available}", "1")
          .replace("{requested}", "2"),
      ),
    });
    const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } });
    expect(order.status).toBe("cancelled");
    expect(await stockOf(lamp.id)).toBe(1);
    expect(
      await prisma.orderStatusChange.count({ where: { orderId, toStatus: "pending", fromStatus: "cancelled" } }),
    ).toBe(0);
  });

  it("returns what an order still holds when it is deleted, and keeps the ledger", async () => {
    const lamp = await createProduct({ name: "Deleted Order Lamp", pricePaisa: 100, stockQuantity: 5 });
    const orderId = await placeOrderFor(lamp.variantId, 2);
    const outcome = await run(ordersAction, post("/admin/orders?index", { intent: "delete", id: orderId }, staff));
    expect(outcome.status).toBe(302);
    expect(await prisma.order.count({ where: { id: orderId } })).toBe(0);
    expect(await stockOf(lamp.id)).toBe(5);
    const ledger = await prisma.stockMovement.findMany({ where: { productId: lamp.id }, orderBy: { id: "asc" } });
    expect(ledger.map((entry) => [entry.reason, entry.change, entry.orderId])).toEqual([
      ["order-placed", -2, null],
      ["order-deleted", 2, null],
    ]);
  });
});

describe("the product form counts the stock", () => {
  const fields = (categoryId: number, overrides: Record<string, string> = {}) => ({
    name: "Counted Lamp",
    price: "1500",
    discountedPrice: "",
    categoryId: String(categoryId),
    description: "A lamp we count.",
    ...overrides,
  });

  it("starts tracking with the typed count and records who counted", async () => {
    const category = await createCategory();
    const outcome = await run(
      createProductAction,
      multipart("/admin/products/create", fields(category.id, { trackStock: "on", stockQuantity: "১২" }), [], staff),
    );
    expect(outcome).toRedirectTo("/admin/products");
    const product = await prisma.product.findFirstOrThrow({ where: { name: "Counted Lamp" } });
    expect(product.trackStock).toBe(true);
    expect(await stockOf(product.id)).toBe(12);
    const ledger = await prisma.stockMovement.findMany({ where: { productId: product.id } });
    expect(ledger.map((entry) => [entry.reason, entry.change, entry.balance, entry.changedByEmail])).toEqual([
      ["adjusted", 12, 12, staffEmail],
    ]);
  });

  it("refuses a count that is not a whole number of units, keeping what was typed", async () => {
    const category = await createCategory();
    for (const typed of ["-1", "2.5", "lots", "1000001"]) {
      const sent = fields(category.id, { name: "Miscounted Lamp", trackStock: "on", stockQuantity: typed });
      const outcome = await run(createProductAction, multipart("/admin/products/create", sent, [], staff));
      expect(outcome.status, typed).toBe(400);
      const problem = expectData(outcome);
      expect(problem.fieldErrors.stockQuantity).toBe(enAdmin["admin.productForm.stockInvalid"]);
      expect(problem.values).toMatchObject(sent);
    }
    expect(await prisma.product.count({ where: { name: "Miscounted Lamp" } })).toBe(0);
  });

  it("refuses a count typed over one an order changed meanwhile, then saves once checked", async () => {
    const category = await createCategory();
    const lamp = await createProduct({
      name: "Busy Lamp",
      pricePaisa: 150000,
      categoryId: category.id,
      stockQuantity: 5,
    });
    await placeOrderFor(lamp.variantId, 1); // the form was shown with 5; now 4

    const edit = (overrides: Record<string, string>) =>
      run(
        editProductAction,
        multipart(
          `/admin/products/edit/${lamp.id}`,
          fields(category.id, { name: "Busy Lamp", trackStock: "on", ...overrides }),
          [],
          staff,
        ),
        { id: String(lamp.id) },
      );
    const refused = await edit({ stockQuantity: "20", stockSeen: "5" });
    expect(refused.status).toBe(400);
    const problem = expectData(refused);
    expect(problem.fieldErrors.stockQuantity).toBe(enAdmin["admin.productForm.stockChanged"].replace("{count}", "4"));
    expect(problem.values).toMatchObject({ stockQuantity: "20", stockSeen: "4" });
    expect(await stockOf(lamp.id)).toBe(4);

    // Saving the form again (now showing 4) goes through.
    expect(await edit({ stockQuantity: "20", stockSeen: "4" })).toRedirectTo("/admin/products");
    expect(await stockOf(lamp.id)).toBe(20);
    // A form that left the count as shown keeps the order's decrement.
    await placeOrderFor(lamp.variantId, 2);
    expect(await edit({ stockQuantity: "20", stockSeen: "20", name: "Busy Lamp" })).toRedirectTo("/admin/products");
    expect(await stockOf(lamp.id)).toBe(18);

    // The edit page lists the product's stock history, newest first, with the orders linked.
    const { stockHistory } = await runData(editProductLoader, get(`/admin/products/edit/${lamp.id}`, staff), {
      id: String(lamp.id),
    });
    expect(stockHistory.total).toBe(3);
    expect(stockHistory.movements.map((entry) => [entry.reason, entry.change, entry.balance])).toEqual([
      ["order-placed", -2, 18],
      ["adjusted", 16, 20],
      ["order-placed", -1, 4],
    ]);
    expect(stockHistory.movements[0]!.orderId).not.toBeNull();
    expect(stockHistory.movements[1]).toMatchObject({ orderId: null, changedByEmail: staffEmail });
  });
});

describe("what shoppers and staff see", () => {
  it("marks a product at 0 out of stock on its page and in its JSON-LD", async () => {
    const lamp = await createProduct({ name: "Sold Out Lamp", pricePaisa: 100, stockQuantity: 0 });
    const data = await runData(productLoader, get(`/products/${lamp.id}`), { id: String(lamp.id) });
    expect(data.stock).toBe("out");
    expect(JSON.stringify(data.meta)).toContain("https://schema.org/OutOfStock");
    const few = await createProduct({ name: "Few Lamps", pricePaisa: 100, stockQuantity: 2 });
    expect((await runData(productLoader, get(`/products/${few.id}`), { id: String(few.id) })).stock).toBe("low");
  });

  it("gives the product page and the cards the words of the stock, never the count on hand above the threshold", async () => {
    const fan = await createProduct({ name: "Counted Fan", pricePaisa: 100, stockQuantity: 57 });
    const pageOf = () => runData(productLoader, get(`/products/${fan.id}`), { id: String(fan.id) });
    const at57 = await pageOf();
    expect(at57.product.variants[0]).toMatchObject({ available: null, stock: "in-stock" });
    expect(at57.variant).toMatchObject({ available: null });
    await prisma.productVariant.update({ where: { id: fan.variantId }, data: { stockQuantity: 56 } });
    // What the page is made of did not change with the order: the page cache may keep it.
    expect(JSON.stringify(await pageOf())).toBe(JSON.stringify(at57));
    await prisma.productVariant.update({ where: { id: fan.variantId }, data: { stockQuantity: 3 } });
    expect((await pageOf()).product.variants[0]).toMatchObject({ available: 3, stock: "low" });
    const [card] = (await listProducts({ query: "Counted Fan", categoryId: null, sort: "name", page: 1 })).items;
    expect(card).toMatchObject({ id: fan.id, soldOut: false });
    expect(card).not.toHaveProperty("available");
  });

  it("lists the variants at or below the threshold on the dashboard, fewest first", async () => {
    await prisma.product.updateMany({ data: { trackStock: false } });
    const dashboard = () => runData(dashboardLoader, get("/admin/dashboard", staff));
    expect((await dashboard()).lowStock).toEqual({ variants: [], total: 0, anyTracked: false });
    const two = await createProduct({ name: "Low Two", pricePaisa: 100, stockQuantity: 2 });
    const none = await createProduct({ name: "Low None", pricePaisa: 100, stockQuantity: 0 });
    await createProduct({ name: "Plenty", pricePaisa: 100, stockQuantity: 50 });
    const { lowStock } = await dashboard();
    expect(lowStock.variants.map((variant) => [variant.id, variant.productId, variant.stockQuantity])).toEqual([
      [none.variantId, none.id, 0],
      [two.variantId, two.id, 2],
    ]);
    expect(lowStock).toMatchObject({ total: 2, anyTracked: true });
  });
});
