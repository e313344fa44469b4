/**
 * The owner's reports on PostgreSQL (docs/decisions/068-reports.md): the same hand-written SQL as
 * on SQLite (tests/integration/reports.test.ts), whose answers differ here (counts and sums as
 * bigint, timestamps typed in the buckets' VALUES, NULL ordering): every report's figures for the
 * fixed orders of tests/support/report-orders.ts, Dhaka day boundaries included.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { bestSellers, salesReport } from "~/models/reports/reports.server";
import {
  createReportOrders,
  deleteReportOrders,
  november,
  novemberTables,
  REPORT_FIGURES,
  weekFigures,
} from "../support/report-orders";

beforeEach(deleteReportOrders);

describe("the reports on PostgreSQL", () => {
  it("gives the same figures as on SQLite", async () => {
    await createReportOrders();
    const days = await salesReport(november("day"));
    expect(days.total).toEqual(REPORT_FIGURES.total);
    expect(days.rows.find((row) => row.day === "2026-11-10")).toMatchObject({ orders: 1, salesPaisa: 206_000 });
    expect(days.rows.find((row) => row.day === "2026-11-11")).toMatchObject({ orders: 1, returned: 1 });
    const weeks = await salesReport(november("week"));
    expect(weekFigures(weeks.rows)).toEqual(REPORT_FIGURES.weeks);
    const range = november("day");
    expect(await bestSellers(range, "product", null)).toMatchObject(REPORT_FIGURES.products);
    expect(await bestSellers(range, "variant", 2)).toMatchObject(REPORT_FIGURES.variants.slice(0, 2));
    const { categories, tables } = await novemberTables();
    expect(categories).toMatchObject(REPORT_FIGURES.categories);
    expect(tables).toEqual(REPORT_FIGURES.tables);
  });
});
