/**
 * The reports' tables as CSV files (/admin/reports/<name>.csv, docs/decisions/068-reports.md): each
 * file holds every row of its table (the best sellers' page shows the first BEST_SELLERS_SHOWN,
 * the file them all), with English column names (a file is read by other programs as much as by
 * people), amounts in taka with two decimals, rates in percent with one, and days as yyyy-MM-dd
 * in Dhaka. "" stands for no value (no district, no category, a rate before any parcel finished).
 */
import { formatTakaInput } from "~/rules/money";
import type { ReportRange } from "~/rules/report-range";
import {
  advanceReport,
  bestSellers,
  cashReport,
  categoryReport,
  codeReport,
  courierReport,
  districtReport,
  salesReport,
} from "./reports.server";

/** A rate (0 to 1, or null) as a percent with one decimal ("" for null). */
const percent = (rate: number | null) => (rate === null ? "" : (rate * 100).toFixed(1));
const taka = (paisa: number) => formatTakaInput(paisa);

/** Each file's header and rows for a range. */
const FILES: Record<string, (range: ReportRange) => Promise<string[][]>> = {
  sales: async (range) => {
    const { rows } = await salesReport(range);
    return [
      [
        "period_start",
        "orders",
        "sales_taka",
        "discounts_taka",
        "delivery_fees_taka",
        "average_order_taka",
        "cancelled",
        "returned",
      ],
      ...rows.map((row) => [
        row.day,
        String(row.orders),
        taka(row.salesPaisa),
        taka(row.discountPaisa),
        taka(row.deliveryFeePaisa),
        taka(row.averagePaisa),
        String(row.cancelled),
        String(row.returned),
      ]),
    ];
  },
  products: async (range) => [
    ["product", "product_bn", "units", "sales_taka"],
    ...(await bestSellers(range, "product", null)).map((row) => [
      row.name,
      row.nameBn,
      String(row.units),
      taka(row.salesPaisa),
    ]),
  ],
  variants: async (range) => [
    ["product", "variant", "sku", "units", "sales_taka"],
    ...(await bestSellers(range, "variant", null)).map((row) => [
      row.name,
      row.variantLabel,
      row.sku,
      String(row.units),
      taka(row.salesPaisa),
    ]),
  ],
  categories: async (range) => [
    ["category", "category_bn", "units", "sales_taka"],
    ...(await categoryReport(range)).map((row) => [row.name, row.nameBn, String(row.units), taka(row.salesPaisa)]),
  ],
  districts: async (range) => [
    ["district", "orders", "sales_taka", "delivered", "returned", "return_rate_percent"],
    ...(await districtReport(range)).map((row) => [
      row.district ?? "",
      String(row.orders),
      taka(row.salesPaisa),
      String(row.delivered),
      String(row.returned),
      percent(row.returnRate),
    ]),
  ],
  couriers: async (range) => [
    ["courier", "sent", "delivered", "returned", "on_the_way", "success_rate_percent", "return_rate_percent"],
    ...(await courierReport(range)).map((row) => [
      row.courier,
      String(row.sent),
      String(row.delivered),
      String(row.returned),
      String(row.onTheWay),
      percent(row.successRate),
      percent(row.returnRate),
    ]),
  ],
  codes: async (range) => [
    ["code", "uses", "discount_taka", "sales_taka"],
    ...(await codeReport(range)).map((row) => [
      row.code,
      String(row.uses),
      taka(row.discountPaisa),
      taka(row.salesPaisa),
    ]),
  ],
  advances: async (range) => [
    ["advance_status", "orders", "asked_taka", "paid_taka", "refunded_taka"],
    ...(await advanceReport(range)).map((row) => [
      row.status,
      String(row.orders),
      taka(row.askedPaisa),
      taka(row.paidPaisa),
      taka(row.refundedPaisa),
    ]),
  ],
  cash: async (range) => [
    [
      "courier",
      "delivered",
      "to_collect_taka",
      "received",
      "collected_by_courier_taka",
      "courier_charges_taka",
      "paid_to_shop_taka",
      "awaiting",
      "awaiting_taka",
    ],
    ...(await cashReport(range)).map((row) => [
      row.courier,
      String(row.delivered),
      taka(row.toCollectPaisa),
      String(row.received),
      taka(row.collectedPaisa),
      taka(row.chargesPaisa),
      taka(row.paidPaisa),
      row.awaiting === null ? "" : String(row.awaiting),
      row.awaitingPaisa === null ? "" : taka(row.awaitingPaisa),
    ]),
  ],
};

/** The rows (header first) of report file `name` for `range`; null for a name that is not one. */
export async function reportFileRows(name: string, range: ReportRange): Promise<string[][] | null> {
  const build = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  return build ? build(range) : null;
}
