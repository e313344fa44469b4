/**
 * The owner's reports (docs/decisions/068-reports.md): every figure is about the orders PLACED in
 * the range (Order.createdAt between 00:00 Dhaka on its first day and 00:00 Dhaka after its last,
 * app/rules/report-range.ts), read with grouped SQL that runs unchanged on SQLite and PostgreSQL
 * (standard SQL, quoted identifiers, timestamps through `dialect.timestamp`), so that each report
 * reads the range's orders once whatever their number (scripts/bench/bench-reports.ts times them
 * at 100,000 orders).
 *
 * An order placed in the range is exactly one of:
 * - returned: its parcel came back (deliveryState "returned", whatever its status; the courier's
 *   "returned" also cancels it, app/models/orders/courier.server.ts);
 * - cancelled: status "cancelled" and not returned (the shop or the shopper called it off);
 * - counted: every other one, delivered or still open (pending, processing, shipped).
 * "Orders" and "sales" count only counted orders: sales is the sum of their totals (items less
 * discounts plus delivery: the money the shop has or expects), so neither a cancelled order nor a
 * returned parcel adds to it. This is the dashboard's revenue, with returned parcels left out too.
 * A partly delivered parcel counts at its whole total (haat does not know which items came back).
 *
 * Best sellers and categories read the counted orders' line items (their snapshots: a deleted
 * product still counts under its last name); their sales are the lines' subtotals, before an
 * order's code discount. A product's category is its category now.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { BEST_SELLERS_SHOWN, reportBuckets, type ReportRange } from "~/rules/report-range";
import { returnRate } from "~/rules/return-rate";

/** A count or sum as the databases answer it (bigint on PostgreSQL, null for a sum of no rows). */
type Figure = number | bigint | string | null;

/** `value` as a JavaScript number (0 for null). */
const num = (value: Figure | undefined): number => Number(value ?? 0);

const RETURNED = Prisma.sql`o."deliveryState" = 'returned'`;
const NOT_RETURNED = Prisma.sql`(o."deliveryState" IS NULL OR o."deliveryState" <> 'returned')`;
const COUNTED = Prisma.sql`o."status" <> 'cancelled' AND ${NOT_RETURNED}`;
const CANCELLED = Prisma.sql`o."status" = 'cancelled' AND ${NOT_RETURNED}`;
const DELIVERED = Prisma.sql`o."status" = 'delivered' AND ${NOT_RETURNED}`;

/** The orders placed in `range`, as a condition on the order alias `o`. */
function placedIn(range: ReportRange): Prisma.Sql {
  return Prisma.sql`o."createdAt" >= ${dialect.timestamp(range.start)} AND o."createdAt" < ${dialect.timestamp(range.end)}`;
}

/** One day, week or month of the sales report, and the range's total (`day` ""). */
type SalesRow = {
  /** The bucket's first day in the range (yyyy-MM-dd, Dhaka). */
  day: string;
  /** Counted orders (delivered or open) and the sum of their totals, in paisa. */
  orders: number;
  salesPaisa: number;
  /** What codes and staff took off those orders' items, plus delivery fees waived, in paisa. */
  discountPaisa: number;
  /** The delivery fees those orders charge, in paisa. */
  deliveryFeePaisa: number;
  /** salesPaisa / orders rounded to the paisa; 0 without orders. */
  averagePaisa: number;
  /** Orders placed then cancelled (not returned), and parcels returned. */
  cancelled: number;
  returned: number;
};

/** The sales report: one row per bucket of the range (zeros included), oldest first, and the total. */
export type SalesReport = { rows: SalesRow[]; total: SalesRow };

const average = (sales: number, orders: number) => (orders === 0 ? 0 : Math.round(sales / orders));

/** Orders, sales, discounts and delivery fees per day, week or month of `range` (its `group`). */
export async function salesReport(range: ReportRange): Promise<SalesReport> {
  const buckets = reportBuckets(range);
  const values = Prisma.join(
    buckets.map(
      (bucket, index) => Prisma.sql`(${index}, ${dialect.timestamp(bucket.start)}, ${dialect.timestamp(bucket.end)})`,
    ),
  );
  const rows = await prisma.$queryRaw<
    {
      bucket: Figure;
      orders: Figure;
      sales: Figure;
      discount: Figure;
      delivery: Figure;
      cancelled: Figure;
      returned: Figure;
    }[]
  >`
    WITH "buckets"("bucket", "startAt", "endAt") AS (VALUES ${values})
    SELECT b."bucket" AS "bucket",
      SUM(CASE WHEN ${COUNTED} THEN 1 ELSE 0 END) AS "orders",
      SUM(CASE WHEN ${COUNTED} THEN o."totalPaisa" ELSE 0 END) AS "sales",
      SUM(CASE WHEN ${COUNTED} THEN o."discountPaisa" + o."shippingDiscountPaisa" ELSE 0 END) AS "discount",
      SUM(CASE WHEN ${COUNTED} THEN o."shippingFeePaisa" ELSE 0 END) AS "delivery",
      SUM(CASE WHEN ${CANCELLED} THEN 1 ELSE 0 END) AS "cancelled",
      SUM(CASE WHEN ${RETURNED} THEN 1 ELSE 0 END) AS "returned"
    FROM "buckets" b
    JOIN "Order" o ON o."createdAt" >= b."startAt" AND o."createdAt" < b."endAt"
    GROUP BY b."bucket"`;
  const byBucket = new Map(rows.map((row) => [num(row.bucket), row]));
  const result = buckets.map((bucket, index): SalesRow => {
    const row = byBucket.get(index);
    const orders = num(row?.orders);
    const salesPaisa = num(row?.sales);
    return {
      day: bucket.day,
      orders,
      salesPaisa,
      discountPaisa: num(row?.discount),
      deliveryFeePaisa: num(row?.delivery),
      averagePaisa: average(salesPaisa, orders),
      cancelled: num(row?.cancelled),
      returned: num(row?.returned),
    };
  });
  const total = (key: keyof Omit<SalesRow, "day" | "averagePaisa">) => result.reduce((n, row) => n + row[key], 0);
  const orders = total("orders");
  const salesPaisa = total("salesPaisa");
  return {
    rows: result,
    total: {
      day: "",
      orders,
      salesPaisa,
      discountPaisa: total("discountPaisa"),
      deliveryFeePaisa: total("deliveryFeePaisa"),
      averagePaisa: average(salesPaisa, orders),
      cancelled: total("cancelled"),
      returned: total("returned"),
    },
  };
}

/** A best seller: a product, or one of its variants, by units sold. */
export type SellerRow = {
  /** The product's id, or null once it has been deleted. */
  productId: number | null;
  /** Its name (and variant label, "" without options) on its latest line item, in English and Bangla. */
  name: string;
  nameBn: string;
  variantLabel: string;
  variantLabelBn: string;
  /** The variant's SKU on that line ("" for none, and for a product's row). */
  sku: string;
  units: number;
  /** Sum of its line subtotals, in paisa. */
  salesPaisa: number;
};

/**
 * The best sellers of `range` by units (then sales), per product (`by` "product": grouped by the
 * product, by name once deleted) or per variant (grouped by the variant, by product name and
 * label once deleted); each named as its latest line item names it. `limit` rows (all when null).
 */
export async function bestSellers(
  range: ReportRange,
  by: "product" | "variant",
  limit: number | null,
): Promise<SellerRow[]> {
  // The names are read only for the lines of deleted products (a CASE), so that SQLite reads the
  // others from the OrderItem index alone.
  const key =
    by === "product"
      ? Prisma.sql`i."productId", CASE WHEN i."productId" IS NULL THEN i."productName" END`
      : Prisma.sql`i."variantId", CASE WHEN i."variantId" IS NULL THEN i."productName" || '|' || i."variantLabel" END`;
  const rows = await prisma.$queryRaw<
    {
      productId: Figure;
      name: string;
      nameBn: string;
      variantLabel: string;
      variantLabelBn: string;
      sku: string;
      units: Figure;
      sales: Figure;
    }[]
  >`
    WITH "sold" AS (
      SELECT MAX(i."id") AS "lastId", SUM(i."quantity") AS "units", SUM(i."subtotalPaisa") AS "sales"
      FROM "OrderItem" i
      JOIN "Order" o ON o."id" = i."orderId"
      WHERE ${placedIn(range)} AND ${COUNTED}
      GROUP BY ${key}
    )
    SELECT last."productId" AS "productId", last."productName" AS "name", last."productNameBn" AS "nameBn",
      last."variantLabel" AS "variantLabel", last."variantLabelBn" AS "variantLabelBn", last."sku" AS "sku",
      "sold"."units" AS "units", "sold"."sales" AS "sales"
    FROM "sold" JOIN "OrderItem" last ON last."id" = "sold"."lastId"
    ORDER BY "sold"."units" DESC, "sold"."sales" DESC, "sold"."lastId" DESC
    ${limit === null ? Prisma.empty : Prisma.sql`LIMIT ${limit}`}`;
  return rows.map((row) => ({
    productId: row.productId === null ? null : num(row.productId),
    name: row.name,
    nameBn: row.nameBn,
    variantLabel: by === "product" ? "" : row.variantLabel,
    variantLabelBn: by === "product" ? "" : row.variantLabelBn,
    sku: by === "product" ? "" : row.sku,
    units: num(row.units),
    salesPaisa: num(row.sales),
  }));
}

/** A category's units and sales; `categoryId` null: products without a category, or deleted. */
export type CategoryRow = {
  categoryId: number | null;
  name: string;
  nameBn: string;
  units: number;
  salesPaisa: number;
};

/** Units and line sales per product category (its category now), the best first; "No category" last among equals. */
export async function categoryReport(range: ReportRange): Promise<CategoryRow[]> {
  const rows = await prisma.$queryRaw<
    { categoryId: Figure; name: string | null; nameBn: string | null; units: Figure; sales: Figure }[]
  >`
    SELECT c."id" AS "categoryId", c."name" AS "name", c."nameBn" AS "nameBn",
      SUM(i."quantity") AS "units", SUM(i."subtotalPaisa") AS "sales"
    FROM "OrderItem" i
    JOIN "Order" o ON o."id" = i."orderId"
    LEFT JOIN "Product" p ON p."id" = i."productId"
    LEFT JOIN "Category" c ON c."id" = p."categoryId"
    WHERE ${placedIn(range)} AND ${COUNTED}
    GROUP BY c."id", c."name", c."nameBn"
    ORDER BY "sales" DESC, "units" DESC, CASE WHEN c."id" IS NULL THEN 1 ELSE 0 END, c."name"`;
  return rows.map((row) => ({
    categoryId: row.categoryId === null ? null : num(row.categoryId),
    name: row.name ?? "",
    nameBn: row.nameBn ?? "",
    units: num(row.units),
    salesPaisa: num(row.sales),
  }));
}

/** A district's orders: `district` its English name (app/rules/districts.ts), null when the order has none. */
export type DistrictRow = {
  district: string | null;
  /** Counted orders and their totals, in paisa. */
  orders: number;
  salesPaisa: number;
  /** Delivered (status delivered, not returned) and returned parcels. */
  delivered: number;
  returned: number;
  /**
   * returned / (delivered + returned); null before any parcel finished. The page marks a rate of
   * fewer than MIN_FINISHED_PARCELS parcels as too few to compare (app/rules/return-rate.ts).
   */
  returnRate: number | null;
};

/** Orders, sales, deliveries and returns per delivery district, the most orders first. */
export async function districtReport(range: ReportRange): Promise<DistrictRow[]> {
  const rows = await prisma.$queryRaw<
    { district: string | null; orders: Figure; sales: Figure; delivered: Figure; returned: Figure }[]
  >`
    SELECT o."district" AS "district",
      SUM(CASE WHEN ${COUNTED} THEN 1 ELSE 0 END) AS "orders",
      SUM(CASE WHEN ${COUNTED} THEN o."totalPaisa" ELSE 0 END) AS "sales",
      SUM(CASE WHEN ${DELIVERED} THEN 1 ELSE 0 END) AS "delivered",
      SUM(CASE WHEN ${RETURNED} THEN 1 ELSE 0 END) AS "returned"
    FROM "Order" o
    WHERE ${placedIn(range)} AND (o."status" <> 'cancelled' OR ${RETURNED})
    GROUP BY o."district"`;
  return rows
    .map((row) => {
      const delivered = num(row.delivered);
      const returned = num(row.returned);
      return {
        district: row.district,
        orders: num(row.orders),
        salesPaisa: num(row.sales),
        delivered,
        returned,
        returnRate: returnRate(delivered, returned),
      };
    })
    .sort(
      (a, b) =>
        b.orders - a.orders ||
        b.returned - a.returned ||
        // No district after the named ones, which go A to Z.
        Number(a.district === null) - Number(b.district === null) ||
        (a.district ?? "").localeCompare(b.district ?? ""),
    );
}

/**
 * A courier's parcels of the orders placed in the range that haat handed to it. An order staff
 * cancelled (status "cancelled", not returned) is not among them even if the courier delivered it
 * afterwards: it is counted as cancelled in the sales, as the districts and the cash leave it out,
 * so that no order is a success here and nothing elsewhere.
 */
export type CourierRow = {
  /** The courier's id ("steadfast", "pathao"). */
  courier: string;
  /** Parcels handed over; of them delivered (also partly), returned, and the rest still on the way. */
  sent: number;
  delivered: number;
  returned: number;
  onTheWay: number;
  /** delivered / (delivered + returned), and returned / (delivered + returned); null before any finished. */
  successRate: number | null;
  returnRate: number | null;
};

/** Parcels per courier (Order.courier, by its delivery state), staff-cancelled orders left out, the most sent first. */
export async function courierReport(range: ReportRange): Promise<CourierRow[]> {
  const rows = await prisma.$queryRaw<{ courier: string; sent: Figure; delivered: Figure; returned: Figure }[]>`
    SELECT o."courier" AS "courier", COUNT(*) AS "sent",
      SUM(CASE WHEN o."deliveryState" IN ('delivered', 'partly-delivered') THEN 1 ELSE 0 END) AS "delivered",
      SUM(CASE WHEN ${RETURNED} THEN 1 ELSE 0 END) AS "returned"
    FROM "Order" o
    WHERE ${placedIn(range)} AND o."courier" IS NOT NULL AND (o."status" <> 'cancelled' OR ${RETURNED})
    GROUP BY o."courier"
    ORDER BY "sent" DESC, o."courier"`;
  return rows.map((row) => {
    const delivered = num(row.delivered);
    const returned = num(row.returned);
    const rate = returnRate(delivered, returned);
    return {
      courier: row.courier,
      sent: num(row.sent),
      delivered,
      returned,
      onTheWay: num(row.sent) - delivered - returned,
      successRate: rate === null ? null : 1 - rate,
      returnRate: rate,
    };
  });
}

/** A campaign code's counted orders: uses, what it took off (items and delivery), their sales. */
export type CodeRow = { code: string; uses: number; discountPaisa: number; salesPaisa: number };

/** The campaign codes used on counted orders (Order.discountCode as spelled then), the most used first. */
export async function codeReport(range: ReportRange): Promise<CodeRow[]> {
  const rows = await prisma.$queryRaw<{ code: string; uses: Figure; discount: Figure; sales: Figure }[]>`
    SELECT o."discountCode" AS "code", COUNT(*) AS "uses",
      SUM(o."discountPaisa" + o."shippingDiscountPaisa") AS "discount", SUM(o."totalPaisa") AS "sales"
    FROM "Order" o
    WHERE ${placedIn(range)} AND o."discountCode" IS NOT NULL AND ${COUNTED}
    GROUP BY o."discountCode"
    ORDER BY "uses" DESC, "discount" DESC, o."discountCode"`;
  return rows.map((row) => ({
    code: row.code,
    uses: num(row.uses),
    discountPaisa: num(row.discount),
    salesPaisa: num(row.sales),
  }));
}

/** Advances by their state (due, to-verify, paid, refunded): orders, asked, received and given back, in paisa. */
export type AdvanceRow = {
  status: string;
  orders: number;
  askedPaisa: number;
  paidPaisa: number;
  refundedPaisa: number;
};

/** The states an advance goes through, in the order the report lists them. */
const ADVANCE_ORDER = ["due", "to-verify", "paid", "refunded"];

/** The advances asked on the orders placed in the range, cancelled and returned ones too, per state. */
export async function advanceReport(range: ReportRange): Promise<AdvanceRow[]> {
  const rows = await prisma.$queryRaw<
    { status: string; orders: Figure; asked: Figure; paid: Figure; refunded: Figure }[]
  >`
    SELECT o."advanceStatus" AS "status", COUNT(*) AS "orders", SUM(o."advancePaisa") AS "asked",
      SUM(o."advancePaidPaisa") AS "paid", SUM(o."advanceRefundedPaisa") AS "refunded"
    FROM "Order" o
    WHERE ${placedIn(range)} AND o."advanceStatus" IS NOT NULL
    GROUP BY o."advanceStatus"`;
  const rank = (status: string) =>
    ADVANCE_ORDER.includes(status) ? ADVANCE_ORDER.indexOf(status) : ADVANCE_ORDER.length;
  return rows
    .map((row) => ({
      status: row.status,
      orders: num(row.orders),
      askedPaisa: num(row.asked),
      paidPaisa: num(row.paid),
      refundedPaisa: num(row.refunded),
    }))
    .sort((a, b) => rank(a.status) - rank(b.status) || a.status.localeCompare(b.status));
}

/**
 * The cash of delivered orders per courier: `courier` "" for orders haat did not hand to a courier
 * (delivered by hand or through a courier's CSV file). Counter sales (Order.source "counter") are
 * left out: their cash was taken at the counter, no courier owes it.
 */
export type CashRow = {
  courier: string;
  /** Delivered orders, and the cash their riders were to collect (app/rules/courier-parcel.ts `codAmountPaisa`). */
  delivered: number;
  toCollectPaisa: number;
  /**
   * Of them, the orders whose cash a payout brought back (Order.cashReceivedAt), and what the
   * payout lines that paid them (Order.cashPayoutItemId) say: collected at the door, the courier's
   * charges (delivery charge and cash-on-delivery fee) and paid to the shop (collected - charges).
   */
  received: number;
  collectedPaisa: number;
  chargesPaisa: number;
  paidPaisa: number;
  /**
   * The others: orders and their cash to collect still out; null for the orders haat did not hand
   * to a courier (`courier` ""), as haat cannot know that a courier owes their cash.
   */
  awaiting: number | null;
  awaitingPaisa: number | null;
};

/** Cash to collect on delivered orders against the cash the couriers' payouts brought back, per courier. */
export async function cashReport(range: ReportRange): Promise<CashRow[]> {
  // codAmountPaisa in SQL: 0 once paid, else the total less the advance kept, never below 0.
  const cod = Prisma.sql`CASE WHEN o."paymentStatus" = 'paid' THEN 0
    WHEN o."totalPaisa" - o."advancePaidPaisa" + o."advanceRefundedPaisa" > 0
      THEN o."totalPaisa" - o."advancePaidPaisa" + o."advanceRefundedPaisa" ELSE 0 END`;
  // Joined through the line that paid the order (Order.cashPayoutItemId), one per order: not
  // through every line naming the order (a returned parcel's line names it too, and pays nothing).
  const rows = await prisma.$queryRaw<
    {
      courier: string;
      delivered: Figure;
      toCollect: Figure;
      received: Figure;
      collected: Figure;
      charges: Figure;
      paid: Figure;
      awaitingPaisa: Figure;
    }[]
  >`
    SELECT COALESCE(o."courier", '') AS "courier", COUNT(*) AS "delivered", SUM(${cod}) AS "toCollect",
      SUM(CASE WHEN o."cashReceivedAt" IS NOT NULL THEN 1 ELSE 0 END) AS "received",
      SUM(COALESCE(p."collectedPaisa", 0)) AS "collected",
      SUM(COALESCE(p."deliveryChargePaisa" + p."codFeePaisa", 0)) AS "charges",
      SUM(COALESCE(p."paidPaisa", 0)) AS "paid",
      SUM(CASE WHEN o."cashReceivedAt" IS NULL THEN ${cod} ELSE 0 END) AS "awaitingPaisa"
    FROM "Order" o
    LEFT JOIN "CourierPayoutItem" p ON p."id" = o."cashPayoutItemId"
    WHERE ${placedIn(range)} AND ${DELIVERED} AND o."source" <> 'counter'
    GROUP BY COALESCE(o."courier", '')
    ORDER BY "delivered" DESC, COALESCE(o."courier", '')`;
  return rows.map((row) => {
    const handedOver = row.courier !== "";
    return {
      courier: row.courier,
      delivered: num(row.delivered),
      toCollectPaisa: num(row.toCollect),
      received: num(row.received),
      collectedPaisa: num(row.collected),
      chargesPaisa: num(row.charges),
      paidPaisa: num(row.paid),
      awaiting: handedOver ? num(row.delivered) - num(row.received) : null,
      awaitingPaisa: handedOver ? num(row.awaitingPaisa) : null,
    };
  });
}

/** Every report of `range`, as the reports page shows them. */
export async function getReports(range: ReportRange) {
  const [sales, products, variants, categories, districts, couriers, codes, advances, cash] = await Promise.all([
    salesReport(range),
    bestSellers(range, "product", BEST_SELLERS_SHOWN),
    bestSellers(range, "variant", BEST_SELLERS_SHOWN),
    categoryReport(range),
    districtReport(range),
    courierReport(range),
    codeReport(range),
    advanceReport(range),
    cashReport(range),
  ]);
  return { sales, products, variants, categories, districts, couriers, codes, advances, cash };
}

export type Reports = Awaited<ReturnType<typeof getReports>>;
