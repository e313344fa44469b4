/**
 * Order status changes on /admin/orders/view/:id (any status may follow any other; cancelling, which
 * returns stock, only with the confirmation), and the undo offered after a change.
 */
import { describe, expect, it } from "vitest";
import { englishAdminT as t } from "~/i18n/admin";
import { action, loader } from "~/routes/admin.orders.view.$id/route";
import { prisma } from "~/models/db/client.server";
import { createAdmin, createProduct, get, post, run, runData, signedInJar, stockOf } from "./helpers";
import { placeOrder } from "./place-order";

async function makeOrder() {
  return prisma.order.create({
    data: {
      customerName: "Nusrat Jahan",
      customerPhone: "01912345678",
      customerAddress: "Uttara, Dhaka",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      subtotalPaisa: 10000,
      totalPaisa: 16000,
      itemCount: 1,
      checkoutToken: `t-${Math.random()}`,
      items: {
        create: [{ productName: "Switch", unitPricePaisa: 10000, quantity: 1, subtotalPaisa: 10000 }],
      },
    },
  });
}

describe("order status", () => {
  it("changes to any of the five values and back", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const order = await makeOrder();
    for (const status of ["delivered", "pending", "cancelled", "processing", "shipped"] as const) {
      const outcome = await run(action, post(`/admin/orders/view/${order.id}`, { status, confirm: "yes" }, jar), {
        id: String(order.id),
      });
      expect(outcome).toRedirectTo(`/admin/orders/view/${order.id}`);
      await expect(outcome).toSetToast({
        kind: "success",
        message: t("admin.order.statusSaved", { status: t(`status.${status}`) }),
      });
      expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe(status);
    }
  });

  it("cancels only with the confirmation: without it nothing changes and the page asks; with it the stock returns", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const lamp = await createProduct({ name: "Confirm Lamp", pricePaisa: 10000, stockQuantity: 5 });
    const order = { id: await placeOrder([[lamp.variantId, 2]]) };
    const cancel = (fields: Record<string, string>) =>
      run(action, post(`/admin/orders/view/${order.id}`, { status: "cancelled", ...fields }, jar), {
        id: String(order.id),
      });

    for (const fields of [{}, { confirm: "no" }] as Record<string, string>[]) {
      const asked = await cancel(fields);
      expect(asked).toRedirectTo(`/admin/orders/view/${order.id}?confirm-status=cancelled`);
      expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
      expect(await stockOf(lamp.id)).toBe(3);
      expect(await prisma.orderStatusChange.count({ where: { orderId: order.id } })).toBe(1); // placed
    }

    const done = await cancel({ confirm: "yes" });
    expect(done).toRedirectTo(`/admin/orders/view/${order.id}`);
    await expect(done).toSetToast({
      kind: "success",
      message: t("admin.order.statusSaved", { status: t("status.cancelled") }),
    });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("cancelled");
    expect(await stockOf(lamp.id)).toBe(5);
  });

  it("offers its author an undo of a change that moves no stock, and none after a cancel", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const other = await signedInJar((await createAdmin()).id);
    const order = await makeOrder();
    const params = { id: String(order.id) };
    const page = (as = jar) => runData(loader, get(`/admin/orders/view/${order.id}`, as), params);
    expect((await page()).undo).toBeNull();

    await run(action, post(`/admin/orders/view/${order.id}`, { status: "processing" }, jar), params);
    expect((await page()).undo).toEqual({ from: "pending", to: "processing" });
    expect((await page(other)).undo).toBeNull(); // only for who made the change

    const undo = (as = jar) =>
      run(
        action,
        post(`/admin/orders/view/${order.id}`, { intent: "undo-status", from: "pending", to: "processing" }, as),
        params,
      );
    // Another admin's post of the same Undo is refused; the author's is done.
    await expect(await undo(other)).toSetToast({ kind: "error", message: t("admin.order.undoTooLate") });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("processing");
    await expect(await undo()).toSetToast({
      kind: "success",
      message: t("admin.order.statusSaved", { status: t("status.pending") }),
    });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");

    await run(action, post(`/admin/orders/view/${order.id}`, { status: "cancelled", confirm: "yes" }, jar), params);
    expect((await page()).undo).toBeNull();
  });

  it("refuses an Undo left open on a page once the order changed since, and after a courier hand-off", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const other = await signedInJar((await createAdmin()).id);
    const lamp = await createProduct({ name: "Undo Lamp", pricePaisa: 10000, stockQuantity: 5 });
    const order = { id: await placeOrder([[lamp.variantId, 2]]) };
    const params = { id: String(order.id) };
    const statusOf = async () => (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status;
    const undo = () =>
      run(
        action,
        post(`/admin/orders/view/${order.id}`, { intent: "undo-status", from: "pending", to: "processing" }, jar),
        params,
      );

    // A moves it to processing (A's page now offers the Undo); B then cancels it, returning its stock.
    await run(action, post(`/admin/orders/view/${order.id}`, { status: "processing" }, jar), params);
    await run(action, post(`/admin/orders/view/${order.id}`, { status: "cancelled", confirm: "yes" }, other), params);
    expect(await stockOf(lamp.id)).toBe(5);
    // A's stale Undo changes nothing: the order stays cancelled and its stock stays returned.
    await expect(await undo()).toSetToast({ kind: "error", message: t("admin.order.undoTooLate") });
    expect(await statusOf()).toBe("cancelled");
    expect(await stockOf(lamp.id)).toBe(5);

    // Handed to a courier, a status is no longer undone by hand, even the author's own latest change.
    await run(action, post(`/admin/orders/view/${order.id}`, { status: "pending" }, jar), params);
    await run(action, post(`/admin/orders/view/${order.id}`, { status: "processing" }, jar), params);
    await prisma.order.update({ where: { id: order.id }, data: { courier: "steadfast", consignmentId: "U-1" } });
    expect((await runData(loader, get(`/admin/orders/view/${order.id}`, jar), params)).undo).toBeNull();
    await expect(await undo()).toSetToast({ kind: "error", message: t("admin.order.undoTooLate") });
    expect(await statusOf()).toBe("processing");
  });

  it("rejects an unknown status and leaves the order as it was", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const order = await makeOrder();
    const outcome = await run(action, post(`/admin/orders/view/${order.id}`, { status: "lost" }, jar), {
      id: String(order.id),
    });
    expect(outcome).toRedirectTo(`/admin/orders/view/${order.id}`);
    await expect(outcome).toSetToast({ kind: "error", message: t("admin.order.statusFailed") });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
  });

  it("answers 404 'Order not found' for a missing or malformed id", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    for (const id of ["999999", "abc", "-1"]) {
      const outcome = await run(loader, get(`/admin/orders/view/${id}`, jar), { id });
      expect(outcome.status).toBe(404);
    }
  });
});

describe("the shopper's message and the source", () => {
  it("writes the message in the order's language, or the one asked, with the tracking link on the request's origin", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const made = await makeOrder();
    const order = await prisma.order.update({
      where: { id: made.id },
      data: { language: "bn", source: "facebook", createdByEmail: "taker@haat.example" },
    });
    const params = { id: String(order.id) };
    const bengaliId = String(order.id).replace(/[0-9]/g, (digit) => "০১২৩৪৫৬৭৮৯"[Number(digit)]!);

    const bangla = await runData(loader, get(`/admin/orders/view/${order.id}`, jar), params);
    expect(bangla.order).toMatchObject({ source: "facebook", createdByEmail: "taker@haat.example" });
    expect(bangla.message.lang).toBe("bn");
    expect(bangla.message.text).toContain(`আপনার অর্ডার #${bengaliId} এর জন্য ধন্যবাদ।`);
    expect(bangla.message.text).toContain("ডেলিভারির সময় নগদ রাখুন: ৳১৬০.০০");
    expect(bangla.message.text).toContain(`http://localhost:3000/bn/orders/track?order=${order.id}`);

    const english = await runData(loader, get(`/admin/orders/view/${order.id}?message=en`, jar), params);
    expect(english.message.lang).toBe("en");
    expect(english.message.text).toContain(`Thank you for your order #${order.id}.`);
    expect(english.message.text).toContain("- Switch × 1");
    expect(english.message.text).toContain(`Follow your order: http://localhost:3000/orders/track?order=${order.id}`);

    // A language the shop does not have: the order's.
    const unknown = await runData(loader, get(`/admin/orders/view/${order.id}?message=fr`, jar), params);
    expect(unknown.message.lang).toBe("bn");
  });
});
