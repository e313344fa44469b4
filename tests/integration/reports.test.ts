/**
 * The owner's reports (app/models/reports/reports.server.ts, app/rules/report-range.ts): each
 * report's figures checked against orders made in the test (tests/support/report-orders.ts:
 * returns, cancelled orders, codes, advances, a payout, Dhaka day boundaries), the range's
 * refusals, the page's gate and the CSV downloads.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { bestSellers, cashReport, courierReport, districtReport, salesReport } from "~/models/reports/reports.server";
import { parseReportQuery } from "~/rules/report-range";
import { loader as reportsLoader } from "~/routes/admin.reports._index/route";
import { loader as csvLoader } from "~/routes/admin.reports.$file";
import {
  createReportOrders,
  deleteReportOrders,
  november,
  novemberTables,
  REPORT_FIGURES,
  weekFigures,
} from "../support/report-orders";
import { createAdmin, expectData, get, run, signedInJar } from "./helpers";

// 29 Nov 2026, 12:00 in Dhaka.
const NOW = new Date("2026-11-29T06:00:00Z");

beforeEach(deleteReportOrders);

describe("the reports' figures", () => {
  it("counts orders and sales per Dhaka day, leaving out cancelled orders and returned parcels", async () => {
    await createReportOrders();
    const sales = await salesReport(november());
    expect(sales.rows).toHaveLength(30);
    expect(sales.total).toEqual(REPORT_FIGURES.total);
    // 23:30 on 10 Nov in Dhaka is 10 Nov; 00:10 on 11 Nov in Dhaka (still 10 Nov in UTC) is 11 Nov.
    expect(sales.rows.find((row) => row.day === "2026-11-10")).toEqual({
      day: "2026-11-10",
      orders: 1,
      salesPaisa: 206_000,
      discountPaisa: 0,
      deliveryFeePaisa: 6_000,
      averagePaisa: 206_000,
      cancelled: 0,
      returned: 0,
    });
    expect(sales.rows.find((row) => row.day === "2026-11-11")).toMatchObject({
      orders: 1,
      salesPaisa: 57_000,
      discountPaisa: 5_000,
      returned: 1,
    });
    expect(sales.rows.find((row) => row.day === "2026-11-12")).toMatchObject({
      orders: 0,
      salesPaisa: 0,
      cancelled: 1,
    });
    expect(sales.rows[0]).toMatchObject({ day: "2026-11-01", orders: 0 });
    expect(sales.rows.at(-1)).toMatchObject({ day: "2026-11-30", orders: 0 });
  });

  it("groups by weeks from Saturday and by months, cut to the range", async () => {
    await createReportOrders();
    const weeks = await salesReport(november("week"));
    expect(weekFigures(weeks.rows)).toEqual(REPORT_FIGURES.weeks);
    const months = await salesReport(november("month"));
    expect(months.rows).toEqual([{ ...REPORT_FIGURES.total, day: "2026-11-01" }]);
  });

  it("ranks best sellers by product and by variant, a deleted product under its name", async () => {
    await createReportOrders();
    expect(await bestSellers(november(), "product", null)).toMatchObject(REPORT_FIGURES.products);
    expect(await bestSellers(november(), "variant", null)).toMatchObject(REPORT_FIGURES.variants);
    expect(await bestSellers(november(), "product", 1)).toHaveLength(1);
  });

  it("sums categories, districts with their return rate, couriers, codes, advances and cash", async () => {
    await createReportOrders();
    const { categories, tables } = await novemberTables();
    expect(categories).toMatchObject(REPORT_FIGURES.categories);
    expect(tables).toEqual(REPORT_FIGURES.tables);
  });

  it("says what reached the shop of a payout: collected by the courier, its charges, paid to the shop", async () => {
    await createReportOrders();
    const steadfast = (await cashReport(november())).find((row) => row.courier === "steadfast");
    // One line collected ৳2,060, kept ৳80 and paid ৳1,980; its duplicate line pays nothing.
    expect(steadfast).toMatchObject({ received: 1, collectedPaisa: 206_000, chargesPaisa: 8_000, paidPaisa: 198_000 });
  });

  it("awaits no cash from couriers for a counter sale or an order delivered by hand", async () => {
    await createReportOrders();
    const cash = await cashReport(november());
    // The counter sale (৳500) is in no row; the order delivered by hand is, with nothing awaited.
    expect(cash.map((row) => row.courier)).toEqual(["steadfast", ""]);
    expect(cash[1]).toMatchObject({ delivered: 1, toCollectPaisa: 112_000, awaiting: null, awaitingPaisa: null });
  });

  it("does not count an order staff cancelled as the courier's delivery", async () => {
    await createReportOrders();
    const steadfast = (await courierReport(november())).find((row) => row.courier === "steadfast");
    expect(steadfast).toMatchObject({ sent: 2, delivered: 2, onTheWay: 0 });
  });

  it("says nothing of a range without orders", async () => {
    await createReportOrders();
    const parsed = parseReportQuery(new URLSearchParams({ from: "2025-01-01", to: "2025-01-31" }), NOW);
    if (!parsed.ok) throw new Error(parsed.error);
    const sales = await salesReport(parsed.range);
    expect(sales.rows).toHaveLength(31);
    expect(sales.total.orders).toBe(0);
    expect(await districtReport(parsed.range)).toEqual([]);
    expect(await bestSellers(parsed.range, "product", null)).toEqual([]);
  });
});

describe("the reports page", () => {
  it("is the owner's: a staff member is refused", async () => {
    const staff = await createAdmin();
    await prisma.adminUser.update({ where: { id: staff.id }, data: { role: "staff" } });
    const outcome = await run(reportsLoader, get("/admin/reports", await signedInJar(staff.id)));
    expect(outcome.status).toBe(403);
  });

  it("refuses a staff member the CSV downloads too", async () => {
    await createReportOrders();
    const staff = await createAdmin();
    await prisma.adminUser.update({ where: { id: staff.id }, data: { role: "staff" } });
    const jar = await signedInJar(staff.id);
    const outcome = await run(csvLoader, get("/admin/reports/sales.csv?from=2026-11-01&to=2026-11-30", jar), {
      file: "sales.csv",
    });
    expect(outcome.status).toBe(403);
  });

  it("shows the range's reports, and refuses a range of ten years without reading it", async () => {
    await createReportOrders();
    const owner = await createAdmin();
    const jar = await signedInJar(owner.id);
    const data = expectData(
      await run(reportsLoader, get("/admin/reports?from=2026-11-01&to=2026-11-30&group=week", jar)),
    );
    expect(data.error).toBeNull();
    expect(data.reports!.sales.total.orders).toBe(7);
    const refused = expectData(await run(reportsLoader, get("/admin/reports?from=2016-01-01&to=2026-01-01", jar)));
    expect(refused).toMatchObject({
      error: "too-long",
      reports: null,
      query: { from: "2016-01-01", to: "2026-01-01" },
    });
    const reversed = expectData(await run(reportsLoader, get("/admin/reports?from=2026-11-30&to=2026-11-01", jar)));
    expect(reversed).toMatchObject({ error: "reversed", reports: null });
  });

  it("downloads each table as a CSV of the same range", async () => {
    await createReportOrders();
    const owner = await createAdmin();
    const jar = await signedInJar(owner.id);
    const response = await csvLoader({
      request: get("/admin/reports/districts.csv?from=2026-11-01&to=2026-11-30", jar),
      params: { file: "districts.csv" },
      context: {},
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain("haat-districts-2026-11-01-2026-11-30.csv");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toEqual([
      "district,orders,sales_taka,delivered,returned,return_rate_percent",
      "Chattogram,3,2750.00,2,1,33.3",
      "Dhaka,2,4620.00,1,0,0.0",
      ",2,700.00,1,0,0.0",
    ]);
    const cash = await csvLoader({
      request: get("/admin/reports/cash.csv?from=2026-11-01&to=2026-11-30", jar),
      params: { file: "cash.csv" },
      context: {},
    });
    expect(
      (await cash.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toEqual([
      "courier,delivered,to_collect_taka,received,collected_by_courier_taka,courier_charges_taka,paid_to_shop_taka,awaiting,awaiting_taka",
      "steadfast,2,3120.00,1,2060.00,80.00,1980.00,1,1060.00",
      ",1,1120.00,0,0.00,0.00,0.00,,",
    ]);
    const products = await csvLoader({
      request: get("/admin/reports/products.csv?from=2026-11-01&to=2026-11-30", jar),
      params: { file: "products.csv" },
      context: {},
    });
    expect((await products.text()).trim().split("\r\n")).toHaveLength(4);
    const unknown = await run(csvLoader, get("/admin/reports/secrets.csv", jar), { file: "secrets.csv" });
    expect(unknown.status).toBe(404);
    const tooLong = await run(csvLoader, get("/admin/reports/sales.csv?from=2016-01-01&to=2026-01-01", jar), {
      file: "sales.csv",
    });
    expect(tooLong.status).toBe(400);
  });
});
