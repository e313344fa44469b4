/** Order status changes on /admin/orders/view/:id (any status may follow any other). */
import { describe, expect, it } from "vitest";
import { englishAdminT as t } from "~/i18n/admin";
import { action, loader } from "~/routes/admin.orders.view.$id/route";
import { prisma } from "~/models/db.server";
import { createAdmin, get, post, run, signedInJar } from "./helpers";

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
      items: { create: [{ productName: "Switch", unitPricePaisa: 10000, quantity: 1, subtotalPaisa: 10000 }] },
    },
  });
}

describe("order status", () => {
  it("changes to any of the five values and back", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const order = await makeOrder();
    for (const status of ["delivered", "pending", "cancelled", "processing", "shipped"] as const) {
      const outcome = await run(action, post(`/admin/orders/view/${order.id}`, { status }, jar), {
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
