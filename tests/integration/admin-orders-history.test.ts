/**
 * Order status history and deleting orders (docs/decisions/015-order-status-history-and-invoice.md):
 * every change records from, to, who and when in the same transaction as the update; placing an
 * order records the first 'pending'; deleting removes the line items and the order in ONE
 * transaction.
 */
import { SPEC_DELIVERY_FEES } from "~/rules/shipping";
import { describe, expect, it } from "vitest";
import { englishAdminT as t } from "~/i18n/admin";
import { changeOrderStatus, deleteOrder } from "~/models/orders/order-status.server";
import { placeOrder } from "~/models/orders/place-order.server";
import { action as listAction, loader as listLoader } from "~/routes/admin.orders._index/route";
import { action as statusAction, loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { prisma } from "~/models/db/client.server";
import { getVariantsForCart } from "~/models/catalogue/cart-variants.server";
import { priceCart } from "~/rules/pricing";
import { allowConsoleError, createAdmin, createProduct, expectData, get, post, run, signedInJar } from "./helpers";

async function makeOrder(name = "Nusrat Jahan") {
  return prisma.order.create({
    data: {
      customerName: name,
      customerPhone: "01912345678",
      customerAddress: "Uttara, Dhaka",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      subtotalPaisa: 30000,
      totalPaisa: 36000,
      itemCount: 3,
      checkoutToken: `t-${Math.random()}`,
      items: {
        create: [
          { productName: "Switch", unitPricePaisa: 10000, quantity: 1, subtotalPaisa: 10000 },
          { productName: "Socket", unitPricePaisa: 10000, quantity: 2, subtotalPaisa: 20000 },
        ],
      },
    },
  });
}

const history = (orderId: number) => prisma.orderStatusChange.findMany({ where: { orderId }, orderBy: { id: "asc" } });

describe("status history", () => {
  it("placing an order records the first 'pending', by the customer", async () => {
    const product = await createProduct({ name: "Bulb", pricePaisa: 15000 });
    const result = await placeOrder(
      {
        name: "রহিম",
        phone: "01712345678",
        email: undefined,
        address: "বাড়ি ৩, রোড ৭",
        area: "উত্তরা",
        district: "Dhaka",
        checkoutToken: "history-token-0123456789",
        expectedSubtotalPaisa: 15000,
      },
      priceCart([{ variantId: product.variantId, quantity: 1 }], await getVariantsForCart([product.variantId])),
      SPEC_DELIVERY_FEES,
    );
    if (!result.ok) throw new Error("order not placed");
    const rows = await history(result.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fromStatus: null, toStatus: "pending", changedById: null, changedByEmail: null });
  });

  it("a change through the action records from, to, who and when in the status update's transaction", async () => {
    const admin = await createAdmin("history-admin@haat.example");
    const jar = await signedInJar(admin.id);
    const order = await makeOrder();
    const before = Date.now();
    const outcome = await run(statusAction, post(`/admin/orders/view/${order.id}`, { status: "shipped" }, jar), {
      id: String(order.id),
    });
    expect(outcome).toRedirectTo(`/admin/orders/view/${order.id}`);
    await expect(outcome).toSetToast({
      kind: "success",
      message: t("admin.order.statusSaved", { status: t("status.shipped") }),
    });
    const rows = await history(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fromStatus: "pending",
      toStatus: "shipped",
      changedById: admin.id,
      changedByEmail: "history-admin@haat.example",
    });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0]!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    await run(statusAction, post(`/admin/orders/view/${order.id}`, { status: "delivered" }, jar), {
      id: String(order.id),
    });
    expect((await history(order.id)).map((r) => [r.fromStatus, r.toStatus])).toEqual([
      ["pending", "shipped"],
      ["shipped", "delivered"],
    ]);

    // The order page shows the history, oldest first.
    const page = await run(orderLoader, get(`/admin/orders/view/${order.id}`, jar), { id: String(order.id) });
    const data = expectData(page);
    expect(data.history.entries.map((e) => e.toStatus)).toEqual(["shipped", "delivered"]);
    expect(data.history.entries[0]!.changedByEmail).toBe("history-admin@haat.example");
  });

  it("choosing the status the order already has records nothing", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const order = await makeOrder();
    const outcome = await run(statusAction, post(`/admin/orders/view/${order.id}`, { status: "pending" }, jar), {
      id: String(order.id),
    });
    await expect(outcome).toSetToast({
      kind: "info",
      message: t("admin.order.statusUnchanged", { status: t("status.pending") }),
    });
    expect(await history(order.id)).toHaveLength(0);
    expect(await changeOrderStatus(order.id, "pending", admin)).toEqual({ outcome: "unchanged" });
    expect(await history(order.id)).toHaveLength(0);
  });

  it("an invalid status records nothing; a missing order is 'not-found'", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const order = await makeOrder();
    const outcome = await run(statusAction, post(`/admin/orders/view/${order.id}`, { status: "lost" }, jar), {
      id: String(order.id),
    });
    await expect(outcome).toSetToast({ kind: "error", message: t("admin.order.statusFailed") });
    expect(await history(order.id)).toHaveLength(0);
    expect(await changeOrderStatus(99_999_999, "shipped", admin)).toEqual({ outcome: "not-found" });
  });

  it("keeps the e-mail snapshot when the admin account is deleted", async () => {
    const admin = await createAdmin("gone@haat.example");
    const order = await makeOrder();
    await changeOrderStatus(order.id, "processing", admin);
    await prisma.adminUser.delete({ where: { id: admin.id } });
    const [row] = await history(order.id);
    expect(row).toMatchObject({ changedById: null, changedByEmail: "gone@haat.example", toStatus: "processing" });
  });

  it("if recording the history fails, the status is not changed either", async () => {
    allowConsoleError();
    const admin = await createAdmin();
    const order = await makeOrder();
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER fail_history BEFORE INSERT ON "OrderStatusChange" WHEN NEW."orderId" = ${order.id}
       BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
    );
    try {
      await expect(changeOrderStatus(order.id, "cancelled", admin)).rejects.toThrow();
      expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER fail_history`);
    }
  });

  it("refuses the action without a session and records nothing", async () => {
    const order = await makeOrder();
    const outcome = await run(statusAction, post(`/admin/orders/view/${order.id}`, { status: "shipped" }), {
      id: String(order.id),
    });
    expect(outcome).toRedirectTo(/^\/admin\/login\?redirectTo=/);
    expect(await history(order.id)).toHaveLength(0);
  });
});

describe("deleting an order", () => {
  it("the confirmation step (?delete=) names the order; the action deletes items, history and order", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const order = await makeOrder();
    await changeOrderStatus(order.id, "processing", admin);

    const confirm = await run(listLoader, get(`/admin/orders?status=pending&page=2&delete=${order.id}`, jar));
    expect(confirm.status).toBe(200);
    expect(expectData(confirm).toDelete).toMatchObject({ id: order.id, customerName: order.customerName });
    expect(expectData(confirm).deleteMissing).toBe(false);
    expect(await prisma.order.findUnique({ where: { id: order.id } })).not.toBeNull();
    expect(t("admin.orders.deleteConfirm")).toBe(
      "Are you sure you want to delete this order? This action cannot be undone.",
    );

    const outcome = await run(
      listAction,
      post(`/admin/orders?index`, { intent: "delete", id: order.id, back: "/admin/orders?status=pending&page=2" }, jar),
    );
    expect(outcome).toRedirectTo("/admin/orders?status=pending&page=2");
    await expect(outcome).toSetToast({ kind: "success", message: t("admin.orders.deleted", { id: order.id }) });
    expect(await prisma.order.findUnique({ where: { id: order.id } })).toBeNull();
    expect(await prisma.orderItem.count({ where: { orderId: order.id } })).toBe(0);
    expect(await prisma.orderStatusChange.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("never redirects anywhere but an orders list after deleting", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    for (const back of ["https://evil.example/", "//evil.example", "/admin/orders/view/1", "/products"]) {
      const order = await makeOrder();
      const outcome = await run(listAction, post(`/admin/orders?index`, { intent: "delete", id: order.id, back }, jar));
      expect(outcome).toRedirectTo("/admin/orders");
    }
  });

  it("is all or nothing: a failure deleting the order rolls back the deleted line items", async () => {
    allowConsoleError();
    const jar = await signedInJar((await createAdmin()).id);
    const order = await makeOrder();
    const other = await makeOrder("Someone else");
    // Fails the second statement (the order), after the line items were deleted.
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER fail_order_delete BEFORE DELETE ON "Order" WHEN OLD."id" = ${order.id}
       BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
    );
    try {
      await expect(deleteOrder(order.id)).rejects.toThrow();
      expect(await prisma.orderItem.count({ where: { orderId: order.id } })).toBe(2);

      const outcome = await run(listAction, post(`/admin/orders?index`, { intent: "delete", id: order.id }, jar));
      expect(outcome).toRedirectTo("/admin/orders");
      await expect(outcome).toSetToast({ kind: "error", message: t("admin.orders.deleteFailed") });
      expect(await prisma.order.findUnique({ where: { id: order.id } })).not.toBeNull();
      expect(await prisma.orderItem.count({ where: { orderId: order.id } })).toBe(2);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER fail_order_delete`);
    }
    // Other orders are untouched, and without the failure the delete goes through.
    expect(await prisma.orderItem.count({ where: { orderId: other.id } })).toBe(2);
    expect(await deleteOrder(order.id)).toBe(true);
    expect(await prisma.orderItem.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("a failure deleting a line item deletes nothing", async () => {
    allowConsoleError();
    const order = await makeOrder();
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER fail_item_delete BEFORE DELETE ON "OrderItem" WHEN OLD."orderId" = ${order.id} AND OLD."productName" = 'Socket'
       BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
    );
    try {
      await expect(deleteOrder(order.id)).rejects.toThrow();
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER fail_item_delete`);
    }
    expect(await prisma.orderItem.count({ where: { orderId: order.id } })).toBe(2);
    expect(await prisma.order.findUnique({ where: { id: order.id } })).not.toBeNull();
  });

  it("a missing order: the confirmation step says so, the action says it was not found", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const confirm = expectData(await run(listLoader, get(`/admin/orders?delete=999999`, jar)));
    expect(confirm.toDelete).toBeNull();
    expect(confirm.deleteMissing).toBe(true);
    const outcome = await run(listAction, post(`/admin/orders?index`, { intent: "delete", id: 999999 }, jar));
    expect(outcome).toRedirectTo("/admin/orders");
    await expect(outcome).toSetToast({ kind: "error", message: t("admin.orders.deleteMissing", { id: 999999 }) });
    expect(await deleteOrder(999999)).toBe(false);
  });

  it("reads the id as every id in a URL is read: a malformed one deletes nothing", async () => {
    allowConsoleError();
    const jar = await signedInJar((await createAdmin()).id);
    const order = await makeOrder();
    for (const id of [`0${order.id}`, `${order.id}.0`, ` ${order.id}`, "1e3", "99999999999"]) {
      const outcome = await run(listAction, post(`/admin/orders?index`, { intent: "delete", id }, jar));
      expect(outcome, id).toRedirectTo("/admin/orders");
      await expect(outcome).toSetToast({ kind: "error", message: t("admin.orders.deleteFailed") });
    }
    expect(await prisma.order.findUnique({ where: { id: order.id } })).not.toBeNull();
  });

  it("refuses the page and the action without a session", async () => {
    const order = await makeOrder();
    const page = await run(listLoader, get(`/admin/orders?delete=${order.id}`));
    expect(page).toRedirectTo(/^\/admin\/login/);
    const outcome = await run(listAction, post(`/admin/orders?index`, { intent: "delete", id: order.id }));
    expect(outcome).toRedirectTo(/^\/admin\/login/);
    expect(await prisma.order.findUnique({ where: { id: order.id } })).not.toBeNull();
  });
});
