/**
 * A fixed set of orders of known outcomes for the reports' tests (tests/integration/reports.test.ts
 * on SQLite, tests/postgresql/reports.test.ts on PostgreSQL), written straight to the database: two
 * products in two categories (one with two variants) and a deleted one, orders in November 2026
 * (Dhaka days) delivered, on the way, returned, cancelled, with codes and advances, one whose cash
 * a payout brought back (and a duplicate payout line naming it, which pays nothing), one of three
 * lines (a join that multiplied rows would count it thrice), a counter sale, one delivered by hand,
 * one staff cancelled after the courier had it (which the courier then delivered), and one each
 * just before and just after the month, at the Dhaka day boundaries. `REPORT_FIGURES` are what the
 * reports must say of November 2026.
 */
import { prisma } from "~/models/db/client.server";
import {
  advanceReport,
  cashReport,
  categoryReport,
  codeReport,
  courierReport,
  districtReport,
  type SalesReport,
} from "~/models/reports/reports.server";
import { parseReportQuery, type ReportRange } from "~/rules/report-range";

let counter = 0;

/** One order: its Dhaka-independent instant, lines and the fields the reports read. */
type Spec = {
  /** The instant, in UTC (Dhaka is UTC+6). */
  at: string;
  district: string | null;
  lines: {
    productId: number | null;
    variantId: number | null;
    name: string;
    label?: string;
    unit: number;
    qty: number;
  }[];
  shipping: number;
  status: string;
  /** Order.source; "website" when not given. */
  source?: string;
  courier?: string;
  deliveryState?: string;
  code?: string;
  discount?: number;
  shippingDiscount?: number;
  advance?: { status: string; asked: number; paid: number; refunded: number };
};

async function createOrder(spec: Spec): Promise<number> {
  counter += 1;
  const subtotal = spec.lines.reduce((n, line) => n + line.unit * line.qty, 0);
  const order = await prisma.order.create({
    data: {
      createdAt: new Date(spec.at),
      customerName: `Report Shopper ${counter}`,
      customerPhone: "01712345678",
      customerAddress: "Road 1",
      district: spec.district,
      shippingMethod: spec.district === "Dhaka" ? "Inside Dhaka" : "Outside Dhaka",
      shippingFeePaisa: spec.shipping,
      subtotalPaisa: subtotal,
      discountPaisa: spec.discount ?? 0,
      shippingDiscountPaisa: spec.shippingDiscount ?? 0,
      totalPaisa: subtotal - (spec.discount ?? 0) + spec.shipping,
      discountCode: spec.code ?? null,
      status: spec.status,
      source: spec.source ?? "website",
      courier: spec.courier ?? null,
      consignmentId: spec.courier ? `C-${process.pid}-${counter}` : null,
      deliveryState: spec.deliveryState ?? null,
      deliveredAt: spec.status === "delivered" ? new Date(spec.at) : null,
      advancePaisa: spec.advance?.asked ?? 0,
      advanceStatus: spec.advance?.status ?? null,
      advancePaidPaisa: spec.advance?.paid ?? 0,
      advanceRefundedPaisa: spec.advance?.refunded ?? 0,
      itemCount: spec.lines.reduce((n, line) => n + line.qty, 0),
      checkoutToken: `report-order-${process.pid}-${counter}`,
      items: {
        create: spec.lines.map((line) => ({
          productId: line.productId,
          variantId: line.variantId,
          productName: line.name,
          variantLabel: line.label ?? "",
          unitPricePaisa: line.unit,
          quantity: line.qty,
          subtotalPaisa: line.unit * line.qty,
        })),
      },
    },
  });
  return order.id;
}

/**
 * Writes the products and orders (see the module's comment), and a Steadfast payout that brought
 * back the first delivered order's cash. Run on an empty shop (no orders).
 */
export async function createReportOrders() {
  const lighting = await prisma.category.create({
    data: { name: "Lighting", nameBn: "আলো", slug: `lighting-${process.pid}` },
  });
  const clothes = await prisma.category.create({ data: { name: "Clothes", slug: `clothes-${process.pid}` } });
  const lamp = await prisma.product.create({
    data: {
      name: "Lamp",
      slug: "lamp",
      description: "",
      categoryId: lighting.id,
      variants: { create: { combinationKey: "", pricePaisa: 100_000 } },
    },
    include: { variants: true },
  });
  const shirt = await prisma.product.create({
    data: {
      name: "Shirt",
      slug: "shirt",
      description: "",
      categoryId: clothes.id,
      variants: {
        create: [
          { combinationKey: "red", pricePaisa: 50_000 },
          { combinationKey: "blue", pricePaisa: 50_000, position: 1 },
        ],
      },
    },
    include: { variants: { orderBy: { position: "asc" } } },
  });
  const lampLine = (qty: number) => ({
    productId: lamp.id,
    variantId: lamp.variants[0]!.id,
    name: "Lamp",
    unit: 100_000,
    qty,
  });
  const red = { productId: shirt.id, variantId: shirt.variants[0]!.id, name: "Shirt", label: "Red", unit: 50_000 };
  const blue = { productId: shirt.id, variantId: shirt.variants[1]!.id, name: "Shirt", label: "Blue", unit: 50_000 };

  // 23:30 on 10 Nov in Dhaka (17:30 UTC): 10 Nov, delivered by Steadfast, its cash came back.
  const delivered = await createOrder({
    at: "2026-11-10T17:30:00Z",
    district: "Dhaka",
    lines: [lampLine(2)],
    shipping: 6_000,
    status: "delivered",
    courier: "steadfast",
    deliveryState: "delivered",
  });
  // 00:10 on 11 Nov in Dhaka (18:10 UTC on 10 Nov): 11 Nov, with Pathao, a code's discount.
  await createOrder({
    at: "2026-11-10T18:10:00Z",
    district: "Chattogram",
    lines: [{ ...red, qty: 1 }],
    shipping: 12_000,
    status: "shipped",
    courier: "pathao",
    deliveryState: "with-courier",
    code: "EID10",
    discount: 5_000,
  });
  // 11 Nov: returned by Pathao (which cancels the order).
  await createOrder({
    at: "2026-11-11T04:00:00Z",
    district: "Chattogram",
    lines: [{ ...blue, qty: 3 }],
    shipping: 12_000,
    status: "cancelled",
    courier: "pathao",
    deliveryState: "returned",
  });
  // 12 Nov: cancelled by the shop, its advance given back.
  await createOrder({
    at: "2026-11-12T06:00:00Z",
    district: "Dhaka",
    lines: [lampLine(5)],
    shipping: 6_000,
    status: "cancelled",
    advance: { status: "refunded", asked: 20_000, paid: 20_000, refunded: 20_000 },
  });
  // 20 Nov: open, no district, a product since deleted, free delivery by code, an advance paid.
  await createOrder({
    at: "2026-11-20T08:00:00Z",
    district: null,
    lines: [{ productId: null, variantId: null, name: "Old Switch", unit: 5_000, qty: 4 }],
    shipping: 0,
    status: "pending",
    code: "FREESHIP",
    shippingDiscount: 6_000,
    advance: { status: "paid", asked: 10_000, paid: 10_000, refunded: 0 },
  });
  // 25 Nov: delivered by Steadfast, cash not back yet.
  await createOrder({
    at: "2026-11-25T08:00:00Z",
    district: "Chattogram",
    lines: [lampLine(1)],
    shipping: 6_000,
    status: "delivered",
    courier: "steadfast",
    deliveryState: "delivered",
  });
  // 26 Nov: open, three lines (two products, both of the shirt's variants).
  await createOrder({
    at: "2026-11-26T04:00:00Z",
    district: "Dhaka",
    lines: [lampLine(1), { ...red, qty: 2 }, { ...blue, qty: 1 }],
    shipping: 6_000,
    status: "processing",
  });
  // 26 Nov: sold at the counter (৳500, paid there): no courier owes its cash.
  await createOrder({
    at: "2026-11-26T05:00:00Z",
    district: null,
    lines: [{ productId: null, variantId: null, name: "Old Switch", unit: 5_000, qty: 10 }],
    shipping: 0,
    status: "delivered",
    source: "counter",
  });
  // 27 Nov: taken on the phone and delivered by hand (no courier).
  await createOrder({
    at: "2026-11-27T04:00:00Z",
    district: "Chattogram",
    lines: [lampLine(1)],
    shipping: 12_000,
    status: "delivered",
    source: "phone",
  });
  // 27 Nov: handed to Steadfast, cancelled by staff, then delivered by the courier all the same.
  await createOrder({
    at: "2026-11-27T05:00:00Z",
    district: "Dhaka",
    lines: [{ ...red, qty: 1 }],
    shipping: 6_000,
    status: "cancelled",
    courier: "steadfast",
    deliveryState: "delivered",
  });
  // 23:59 on 31 Oct and 00:00 on 1 Dec in Dhaka: outside November.
  await createOrder({
    at: "2026-10-31T17:59:00Z",
    district: "Dhaka",
    lines: [lampLine(7)],
    shipping: 6_000,
    status: "delivered",
  });
  await createOrder({
    at: "2026-11-30T18:00:00Z",
    district: "Dhaka",
    lines: [lampLine(9)],
    shipping: 6_000,
    status: "pending",
  });

  const payout = await prisma.courierPayout.create({
    data: {
      courier: "steadfast",
      reference: `P-${process.pid}`,
      source: "csv",
      collectedPaisa: 206_000,
      chargesPaisa: 8_000,
      paidPaisa: 198_000,
      items: {
        create: [
          {
            consignmentId: "C-paid",
            orderId: delivered,
            matchState: "matched",
            expectedPaisa: 206_000,
            collectedPaisa: 206_000,
            deliveryChargePaisa: 6_000,
            codFeePaisa: 2_000,
            paidPaisa: 198_000,
          },
          // The same parcel in the courier's file again: it names the order but did not pay it.
          {
            consignmentId: "C-again",
            orderId: delivered,
            matchState: "duplicate",
            expectedPaisa: 206_000,
            collectedPaisa: 206_000,
            deliveryChargePaisa: 6_000,
            codFeePaisa: 2_000,
            paidPaisa: 198_000,
          },
        ],
      },
    },
    include: { items: { orderBy: { id: "asc" } } },
  });
  await prisma.order.update({
    where: { id: delivered },
    data: { cashReceivedAt: new Date("2026-11-15T06:00:00Z"), cashPayoutItemId: payout.items[0]!.id },
  });
  return { lamp, shirt, lighting, clothes };
}

/** What the reports say of November 2026 (1–30 Nov, Dhaka days) for `createReportOrders`' orders. */
export const REPORT_FIGURES = {
  total: {
    day: "",
    orders: 7,
    salesPaisa: 206_000 + 57_000 + 20_000 + 106_000 + 256_000 + 50_000 + 112_000,
    discountPaisa: 11_000,
    deliveryFeePaisa: 42_000,
    averagePaisa: 115_286,
    cancelled: 2,
    returned: 1,
  },
  weeks: [
    { day: "2026-11-01", orders: 0, salesPaisa: 0, cancelled: 0, returned: 0 },
    { day: "2026-11-07", orders: 2, salesPaisa: 263_000, cancelled: 1, returned: 1 },
    { day: "2026-11-14", orders: 1, salesPaisa: 20_000, cancelled: 0, returned: 0 },
    { day: "2026-11-21", orders: 4, salesPaisa: 524_000, cancelled: 1, returned: 0 },
    { day: "2026-11-28", orders: 0, salesPaisa: 0, cancelled: 0, returned: 0 },
  ],
  products: [
    { name: "Old Switch", productId: null, units: 14, salesPaisa: 70_000 },
    { name: "Lamp", units: 5, salesPaisa: 500_000 },
    { name: "Shirt", units: 4, salesPaisa: 200_000 },
  ],
  variants: [
    { name: "Old Switch", variantLabel: "", units: 14, salesPaisa: 70_000 },
    { name: "Lamp", variantLabel: "", units: 5, salesPaisa: 500_000 },
    { name: "Shirt", variantLabel: "Red", units: 3, salesPaisa: 150_000 },
    { name: "Shirt", variantLabel: "Blue", units: 1, salesPaisa: 50_000 },
  ],
  categories: [
    { name: "Lighting", units: 5, salesPaisa: 500_000 },
    { name: "Clothes", units: 4, salesPaisa: 200_000 },
    { categoryId: null, units: 14, salesPaisa: 70_000 },
  ],
  /** The tables `novemberTables` reads, exactly. */
  tables: {
    districts: [
      { district: "Chattogram", orders: 3, salesPaisa: 275_000, delivered: 2, returned: 1, returnRate: 1 / 3 },
      { district: "Dhaka", orders: 2, salesPaisa: 462_000, delivered: 1, returned: 0, returnRate: 0 },
      { district: null, orders: 2, salesPaisa: 70_000, delivered: 1, returned: 0, returnRate: 0 },
    ],
    // The order staff cancelled is not Steadfast's delivery.
    couriers: [
      { courier: "pathao", sent: 2, delivered: 0, returned: 1, onTheWay: 1, successRate: 0, returnRate: 1 },
      { courier: "steadfast", sent: 2, delivered: 2, returned: 0, onTheWay: 0, successRate: 1, returnRate: 0 },
    ],
    codes: [
      { code: "FREESHIP", uses: 1, discountPaisa: 6_000, salesPaisa: 20_000 },
      { code: "EID10", uses: 1, discountPaisa: 5_000, salesPaisa: 57_000 },
    ],
    advances: [
      { status: "paid", orders: 1, askedPaisa: 10_000, paidPaisa: 10_000, refundedPaisa: 0 },
      { status: "refunded", orders: 1, askedPaisa: 20_000, paidPaisa: 20_000, refundedPaisa: 20_000 },
    ],
    // The payout line collected ৳2,060, kept ৳80 and paid the shop ৳1,980; the counter sale is not
    // here, and the order delivered by hand awaits nothing from a courier.
    cash: [
      {
        courier: "steadfast",
        delivered: 2,
        toCollectPaisa: 312_000,
        received: 1,
        collectedPaisa: 206_000,
        chargesPaisa: 8_000,
        paidPaisa: 198_000,
        awaiting: 1,
        awaitingPaisa: 106_000,
      },
      {
        courier: "",
        delivered: 1,
        toCollectPaisa: 112_000,
        received: 0,
        collectedPaisa: 0,
        chargesPaisa: 0,
        paidPaisa: 0,
        awaiting: null,
        awaitingPaisa: null,
      },
    ],
  },
} as const;

/** November 2026 in Dhaka days (1–30 Nov), grouped by `group`, as of 29 Nov 2026. */
export function november(group: "day" | "week" | "month" = "day"): ReportRange {
  const parsed = parseReportQuery(
    new URLSearchParams({ from: "2026-11-01", to: "2026-11-30", group }),
    new Date("2026-11-29T06:00:00Z"),
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.range;
}

/** Empties the tables the reports' orders are written to, for a test to start from none. */
export async function deleteReportOrders(): Promise<void> {
  await prisma.order.deleteMany();
  await prisma.courierPayout.deleteMany();
  await prisma.product.deleteMany();
  await prisma.category.deleteMany();
}

/** The figures of sales rows the tests compare by week: the day, orders, sales, cancelled and returned. */
export function weekFigures(rows: SalesReport["rows"]) {
  return rows.map(({ day, orders, salesPaisa, cancelled, returned }) => ({
    day,
    orders,
    salesPaisa,
    cancelled,
    returned,
  }));
}

/** November's categories, and its tables of REPORT_FIGURES.tables (districts to cash), read at once. */
export async function novemberTables() {
  const range = november();
  const [categories, districts, couriers, codes, advances, cash] = await Promise.all([
    categoryReport(range),
    districtReport(range),
    courierReport(range),
    codeReport(range),
    advanceReport(range),
    cashReport(range),
  ]);
  return { categories, tables: { districts, couriers, codes, advances, cash } };
}
