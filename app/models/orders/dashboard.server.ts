/**
 * The admin dashboard's numbers (the specification names /admin/dashboard but leaves its
 * content open). See docs/decisions/012-admin-app-and-dashboard.md.
 *
 * - Days are calendar days in the shop's time zone (`SHOP_TIME_ZONE`, Asia/Dhaka), not UTC days:
 *   an order placed at 00:30 in Dhaka belongs to that Dhaka day although it is the previous day in UTC.
 * - "Today" is the current Dhaka day so far; "last 7 days" is today and the 6 days before it;
 *   "last 30 days" is today and the 29 days before it.
 * - Orders and revenue leave out cancelled orders (their money never arrives). Revenue is the sum of
 *   the orders' `totalPaisa` (including shipping, the order's total amount), in paisa.
 * - Counts by status cover every order of all time, all five statuses (zero when none).
 * - Orders by source (website, Facebook, phone, shop counter, other) cover the last 30 days, cancelled
 *   orders left out like the totals: every source, zero when none, then any value this version does not know.
 * - Top products: the 5 with the largest quantity sold in the last 30 days (cancelled orders left
 *   out), from the line items' snapshots, so a deleted product still counts under its last name.
 *
 * Every query aggregates in the database and returns a bounded number of rows (30 days, 5 statuses,
 * 5 sources, 5 products), whatever the number of orders.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfDay } from "date-fns";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { SHOP_TIME_ZONE } from "~/i18n/format";
import { ORDER_STATUSES, type OrderStatus } from "~/rules/order-status";
import { ORDER_SOURCES } from "~/rules/order-source";

/** Number of days of the daily chart and of the longest period. */
const DASHBOARD_DAYS = 30;

/** How many products the top products list shows. */
const TOP_PRODUCTS = 5;

/** One Dhaka calendar day of the chart. */
type DailySales = {
  /** The day as yyyy-MM-dd in the shop's time zone. */
  date: string;
  /** Orders placed that day, cancelled ones left out. */
  orders: number;
  /** Sum of those orders' totals, in paisa. */
  revenuePaisa: number;
};

/** Orders count and revenue (paisa) over a period. */
export type PeriodTotals = { orders: number; revenuePaisa: number };

/** A best-selling product over the last 30 days. */
type TopProduct = {
  /** The product's id, or null when the product has since been deleted. */
  productId: number | null;
  /** The name on its most recent line item, and its Bangla name there ("" for none). */
  name: string;
  nameBn: string;
  /** Units sold. */
  quantity: number;
  /** Sum of its line subtotals, in paisa. */
  revenuePaisa: number;
};

export type DashboardData = {
  timeZone: string;
  /** The last 30 days, oldest first; the last entry is today. */
  days: DailySales[];
  today: PeriodTotals;
  last7Days: PeriodTotals;
  last30Days: PeriodTotals;
  /** Every order status with its count of orders (all time). */
  byStatus: { status: OrderStatus; count: number }[];
  /** Orders and revenue (paisa) per source over the last 30 days, cancelled ones left out: ORDER_SOURCES' order. */
  bySource: { source: string; orders: number; revenuePaisa: number }[];
  topProducts: TopProduct[];
  /** Whether the shop has any order at all (for the empty state). */
  hasOrders: boolean;
};

/** The start of each of the last `count` days in `timeZone` (oldest first) and the end of today. */
export function dayStarts(now: Date, count = DASHBOARD_DAYS, timeZone = SHOP_TIME_ZONE): TZDate[] {
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  return Array.from({ length: count + 1 }, (_, i) => addDays(today, i - count + 1));
}

const sum = (days: DailySales[]): PeriodTotals => ({
  orders: days.reduce((n, d) => n + d.orders, 0),
  revenuePaisa: days.reduce((n, d) => n + d.revenuePaisa, 0),
});

/**
 * Everything the dashboard shows, as of `now` (default: the current time).
 * @throws database errors.
 */
export async function getDashboard(now: Date = new Date()): Promise<DashboardData> {
  const bounds = dayStarts(now);
  const from = new Date(bounds[0]!.getTime());
  const to = new Date(bounds[bounds.length - 1]!.getTime());

  const [daily, statusRows, sourceRows, topRows, anyOrder] = await Promise.all([
    dailySales(bounds),
    prisma.order.groupBy({ by: ["status"], _count: { _all: true } }),
    prisma.order.groupBy({
      by: ["source"],
      where: { createdAt: { gte: from, lt: to }, status: { not: "cancelled" } },
      _count: { _all: true },
      _sum: { totalPaisa: true },
    }),
    topProducts(from, to),
    prisma.order.findFirst({ select: { id: true } }),
  ]);

  const counts = new Map(statusRows.map((row) => [row.status, row._count._all]));
  const sources = new Map(
    sourceRows.map((row) => [row.source, { orders: row._count._all, revenuePaisa: row._sum.totalPaisa ?? 0 }]),
  );
  const known: readonly string[] = ORDER_SOURCES;
  return {
    timeZone: SHOP_TIME_ZONE,
    days: daily,
    today: sum(daily.slice(-1)),
    last7Days: sum(daily.slice(-7)),
    last30Days: sum(daily),
    byStatus: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    bySource: [...known, ...[...sources.keys()].filter((source) => !known.includes(source))].map((source) => ({
      source,
      ...(sources.get(source) ?? { orders: 0, revenuePaisa: 0 }),
    })),
    topProducts: topRows,
    hasOrders: anyOrder !== null,
  };
}

/** One aggregate query: orders and revenue per day between consecutive `bounds`. */
async function dailySales(bounds: TZDate[]): Promise<DailySales[]> {
  const days = bounds.slice(0, -1).map((start, i) => ({
    index: i,
    start: new Date(start.getTime()),
    end: new Date(bounds[i + 1]!.getTime()),
    date: format(start, "yyyy-MM-dd"),
  }));
  const values = Prisma.join(
    days.map((d) => Prisma.sql`(${d.index}, ${dialect.timestamp(d.start)}, ${dialect.timestamp(d.end)})`),
  );
  const rows = await prisma.$queryRaw<
    { dayIndex: number | bigint; orders: number | bigint; revenue: number | bigint }[]
  >`
    WITH "days"("dayIndex", "startAt", "endAt") AS (VALUES ${values})
    SELECT "days"."dayIndex" AS "dayIndex", COUNT(o."id") AS "orders", COALESCE(SUM(o."totalPaisa"), 0) AS "revenue"
    FROM "days"
    LEFT JOIN "Order" o
      ON o."createdAt" >= "days"."startAt" AND o."createdAt" < "days"."endAt" AND o."status" <> 'cancelled'
    GROUP BY "days"."dayIndex"`;
  const byIndex = new Map(rows.map((row) => [Number(row.dayIndex), row]));
  return days.map((d) => {
    const row = byIndex.get(d.index);
    return {
      date: d.date,
      orders: Number(row?.orders ?? 0),
      revenuePaisa: Number(row?.revenue ?? 0),
    };
  });
}

/** The best sellers by quantity between `from` and `to`, grouped by product (or by name once deleted). */
async function topProducts(from: Date, to: Date): Promise<TopProduct[]> {
  // Grouped by product (by name once deleted); each group is named as its most recent line item
  // (the highest id) names it, read back by that id.
  const rows = await prisma.$queryRaw<
    {
      productId: number | bigint | null;
      name: string;
      nameBn: string;
      quantity: number | bigint;
      revenue: number | bigint;
      lastId: number | bigint;
    }[]
  >`
    WITH "sold" AS (
      SELECT MAX(i."id") AS "lastId", SUM(i."quantity") AS "quantity", SUM(i."subtotalPaisa") AS "revenue"
      FROM "OrderItem" i
      JOIN "Order" o ON o."id" = i."orderId"
      WHERE o."createdAt" >= ${dialect.timestamp(from)} AND o."createdAt" < ${dialect.timestamp(to)} AND o."status" <> 'cancelled'
      GROUP BY COALESCE('id:' || CAST(i."productId" AS TEXT), 'name:' || i."productName")
    )
    SELECT last."productId" AS "productId", last."productName" AS "name", last."productNameBn" AS "nameBn", "sold"."lastId" AS "lastId",
           "sold"."quantity" AS "quantity", "sold"."revenue" AS "revenue"
    FROM "sold" JOIN "OrderItem" last ON last."id" = "sold"."lastId"
    ORDER BY "sold"."quantity" DESC, "sold"."revenue" DESC, "sold"."lastId" DESC
    LIMIT ${TOP_PRODUCTS}`;
  return rows.map((row) => ({
    productId: row.productId === null ? null : Number(row.productId),
    name: row.name,
    nameBn: row.nameBn,
    quantity: Number(row.quantity),
    revenuePaisa: Number(row.revenue),
  }));
}
