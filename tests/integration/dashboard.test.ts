/**
 * The dashboard's numbers (app/models/orders/dashboard.server.ts): Dhaka calendar days, cancelled orders
 * left out, all five statuses, top products from line item snapshots, and the route's gate.
 */
import { describe, expect, it } from "vitest";
import { dayStarts, getDashboard } from "~/models/orders/dashboard.server";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { prisma } from "~/models/db/client.server";
import { createAdmin, createProduct, expectData, get, run, signedInJar } from "./helpers";

let token = 0;

/** Inserts an order placed at `createdAt` with one line item per entry of `items`. */
async function order(
  createdAt: string,
  items: { productId?: number | null; name: string; nameBn?: string; unitPaisa: number; quantity: number }[],
  status = "pending",
  source = "website",
) {
  const subtotal = items.reduce((n, i) => n + i.unitPaisa * i.quantity, 0);
  return prisma.order.create({
    data: {
      createdAt: new Date(createdAt),
      customerName: "Dashboard Shopper",
      customerPhone: "01712345678",
      customerAddress: "Road 1, Dhaka",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      subtotalPaisa: subtotal,
      totalPaisa: subtotal + 6000,
      status,
      source,
      itemCount: items.reduce((n, i) => n + i.quantity, 0),
      checkoutToken: `dashboard-${++token}`,
      items: {
        create: items.map((i) => ({
          productId: i.productId ?? null,
          productName: i.name,
          productNameBn: i.nameBn ?? "",
          unitPricePaisa: i.unitPaisa,
          quantity: i.quantity,
          subtotalPaisa: i.unitPaisa * i.quantity,
        })),
      },
    },
  });
}

// 21 Nov 2026, 10:00 in Dhaka (UTC+6) is 04:00 UTC.
const NOW = new Date("2026-11-21T04:00:00Z");

describe("dashboard", () => {
  it("starts days at midnight in Dhaka", () => {
    const starts = dayStarts(NOW).map((d) => new Date(d.getTime()));
    expect(starts).toHaveLength(31);
    // Today (21 Nov in Dhaka) began at 20 Nov 18:00 UTC; the window began 29 days earlier.
    expect(starts.at(-2)!.toISOString()).toBe("2026-11-20T18:00:00.000Z");
    expect(starts.at(-1)!.toISOString()).toBe("2026-11-21T18:00:00.000Z");
    expect(starts[0]!.toISOString()).toBe("2026-10-22T18:00:00.000Z");
  });

  it("shows zeros and the empty state for a shop without orders", async () => {
    const data = await getDashboard(NOW);
    expect(data.hasOrders).toBe(false);
    expect(data.days).toHaveLength(30);
    expect(data.days.every((d) => d.orders === 0 && d.revenuePaisa === 0)).toBe(true);
    expect(data.today).toEqual({ orders: 0, revenuePaisa: 0 });
    expect(data.byStatus).toEqual([
      { status: "pending", count: 0 },
      { status: "processing", count: 0 },
      { status: "shipped", count: 0 },
      { status: "delivered", count: 0 },
      { status: "cancelled", count: 0 },
    ]);
    expect(data.topProducts).toEqual([]);
    expect(data.bySource).toEqual(
      ["website", "facebook", "phone", "counter", "other"].map((source) => ({ source, orders: 0, revenuePaisa: 0 })),
    );
  });

  it("counts orders by Dhaka day at the day boundaries, leaving out cancelled orders", async () => {
    const lamp = await createProduct({ name: "Dash Lamp", pricePaisa: 100_000 });
    const fan = await createProduct({ name: "Dash Fan", pricePaisa: 250_000 });
    // 23:59 on 20 Nov in Dhaka (17:59 UTC): yesterday.
    await order("2026-11-20T17:59:00Z", [{ productId: lamp.id, name: "Dash Lamp", unitPaisa: 100_000, quantity: 1 }]);
    // 00:01 on 21 Nov in Dhaka (18:01 UTC on 20 Nov): today, although it is still 20 Nov in UTC.
    await order("2026-11-20T18:01:00Z", [{ productId: fan.id, name: "Dash Fan", unitPaisa: 250_000, quantity: 2 }]);
    // Today, cancelled: counted by status only.
    await order(
      "2026-11-21T03:00:00Z",
      [{ productId: fan.id, name: "Dash Fan", unitPaisa: 250_000, quantity: 9 }],
      "cancelled",
    );
    // 6 days before today (15 Nov, 00:00 in Dhaka): inside the last 7 days.
    await order("2026-11-14T18:00:00Z", [{ productId: lamp.id, name: "Dash Lamp", unitPaisa: 100_000, quantity: 3 }]);
    // 23:59 on 14 Nov in Dhaka: 7 days before today, outside the last 7 days, inside 30.
    await order("2026-11-14T17:59:00Z", [{ productId: null, name: "Old Switch", unitPaisa: 5_000, quantity: 4 }]);
    // 23:59 on 22 Oct in Dhaka: 30 days before today, outside the window.
    await order("2026-10-22T17:59:00Z", [{ productId: lamp.id, name: "Dash Lamp", unitPaisa: 100_000, quantity: 50 }]);
    // 00:00 on 23 Oct in Dhaka: the first day of the window.
    await order(
      "2026-10-22T18:00:00Z",
      [{ productId: null, name: "Old Switch", unitPaisa: 5_000, quantity: 1 }],
      "delivered",
    );
    // Tomorrow in Dhaka (clock skew or a test placed later): not today.
    await order("2026-11-21T18:00:00Z", [{ productId: lamp.id, name: "Dash Lamp", unitPaisa: 100_000, quantity: 1 }]);

    const data = await getDashboard(NOW);
    expect(data.hasOrders).toBe(true);
    expect(data.days.at(-1)).toEqual({ date: "2026-11-21", orders: 1, revenuePaisa: 506_000 });
    expect(data.days.at(-2)).toEqual({ date: "2026-11-20", orders: 1, revenuePaisa: 106_000 });
    expect(data.days[0]).toEqual({ date: "2026-10-23", orders: 1, revenuePaisa: 11_000 });
    expect(data.days.find((d) => d.date === "2026-11-15")).toMatchObject({ orders: 1, revenuePaisa: 306_000 });
    expect(data.days.find((d) => d.date === "2026-11-14")).toMatchObject({ orders: 1, revenuePaisa: 26_000 });

    expect(data.today).toEqual({ orders: 1, revenuePaisa: 506_000 });
    expect(data.last7Days).toEqual({ orders: 3, revenuePaisa: 506_000 + 106_000 + 306_000 });
    expect(data.last30Days).toEqual({ orders: 5, revenuePaisa: 506_000 + 106_000 + 306_000 + 26_000 + 11_000 });

    expect(data.byStatus).toEqual([
      { status: "pending", count: 6 },
      { status: "processing", count: 0 },
      { status: "shipped", count: 0 },
      { status: "delivered", count: 1 },
      { status: "cancelled", count: 1 },
    ]);

    // Quantities over the window, cancelled left out: Old Switch 5, Dash Lamp 4, Dash Fan 2.
    expect(data.topProducts).toEqual([
      { productId: null, name: "Old Switch", nameBn: "", quantity: 5, revenuePaisa: 25_000 },
      { productId: lamp.id, name: "Dash Lamp", nameBn: "", quantity: 4, revenuePaisa: 400_000 },
      { productId: fan.id, name: "Dash Fan", nameBn: "", quantity: 2, revenuePaisa: 500_000 },
    ]);
  });

  it("groups a renamed product under its id with its latest names, and lists at most 5", async () => {
    // A year later than the orders above, so only this test's orders are in the window.
    const later = new Date("2027-11-21T04:00:00Z");
    const renamed = await createProduct({ name: "Renamed Lamp", pricePaisa: 1000 });
    await order("2027-11-21T01:00:00Z", [{ productId: renamed.id, name: "First Name", unitPaisa: 1000, quantity: 10 }]);
    await order("2027-11-21T02:00:00Z", [
      { productId: renamed.id, name: "Second Name", nameBn: "দ্বিতীয় নাম", unitPaisa: 1000, quantity: 10 },
    ]);
    for (let i = 1; i <= 6; i++) {
      await order("2027-11-21T02:30:00Z", [{ productId: null, name: `Gone ${i}`, unitPaisa: 100, quantity: i }]);
    }
    const data = await getDashboard(later);
    expect(data.topProducts).toHaveLength(5);
    expect(data.topProducts[0]).toMatchObject({
      productId: renamed.id,
      name: "Second Name",
      nameBn: "দ্বিতীয় নাম",
      quantity: 20,
    });
    expect(data.topProducts.slice(1).map((p) => p.name)).toEqual(["Gone 6", "Gone 5", "Gone 4", "Gone 3"]);
  });

  it("counts the last 30 days' orders by source, leaving out cancelled ones", async () => {
    // Two years later than the orders above, so only this test's orders are in the window.
    const later = new Date("2028-11-21T04:00:00Z");
    const line = [{ name: "Source Item", unitPaisa: 10_000, quantity: 1 }];
    await order("2028-11-21T01:00:00Z", line, "pending", "facebook");
    await order("2028-11-01T01:00:00Z", line, "delivered", "facebook");
    await order("2028-11-21T02:00:00Z", line, "cancelled", "facebook");
    await order("2028-11-20T02:00:00Z", line, "pending", "counter");
    await order("2028-11-20T03:00:00Z", line, "pending", "website");
    // 31 days before: outside the window.
    await order("2028-10-21T01:00:00Z", line, "pending", "phone");
    const data = await getDashboard(later);
    expect(data.bySource).toEqual([
      { source: "website", orders: 1, revenuePaisa: 16_000 },
      { source: "facebook", orders: 2, revenuePaisa: 32_000 },
      { source: "phone", orders: 0, revenuePaisa: 0 },
      { source: "counter", orders: 1, revenuePaisa: 16_000 },
      { source: "other", orders: 0, revenuePaisa: 0 },
    ]);
  });

  it("the route needs a signed-in admin and returns the numbers", async () => {
    expect(await run(dashboardLoader, get("/admin/dashboard"))).toRedirectTo(
      "/admin/login?redirectTo=%2Fadmin%2Fdashboard",
    );
    const admin = await createAdmin();
    const outcome = await run(dashboardLoader, get("/admin/dashboard", await signedInJar(admin.id)));
    expect(outcome.status).toBe(200);
    expect(expectData(outcome).dashboard.days).toHaveLength(30);
    // The way to the reports is offered to owners only (the reports refuse staff).
    expect(expectData(outcome).owner).toBe(admin.role === "owner");
    const member = await prisma.adminUser.create({
      data: { email: `dashboard.staff${Date.now()}@haat.example`, role: "staff", passwordHash: "x" },
    });
    const staffPage = await run(dashboardLoader, get("/admin/dashboard", await signedInJar(member.id)));
    expect(expectData(staffPage).owner).toBe(false);
  });
});
