/**
 * The courier CSV export (docs/decisions/029-courier-hand-off.md): the columns an owner can choose
 * and order for a courier whose portal takes a file, and each order's values in them. Pure: the
 * file itself is written by the shop's one CSV writer (app/server/spreadsheet-csv.server.ts), which
 * puts a cell that would run as a formula (a name, an address, a SKU) behind an apostrophe.
 *
 * Amounts are what the courier collects, in taka as a plain number ("1250" or "1250.50": no
 * symbol, no thousands separator), the way Steadfast's and Pathao's bulk files take them.
 */
import { SHOP_TIME_ZONE } from "~/i18n/format";
import {
  courierInvoice,
  codAmountPaisa,
  type HandOffOrder,
  parcelAddress,
  parcelItems,
  parcelSkus,
} from "./courier-parcel";

/**
 * The columns, in the default order of the picker. "note" names each line's product and variant
 * ("Fan — 56″ / Brown × 1"), "sku" lists the lines' SKUs with their quantities.
 */
export const CSV_COLUMNS = [
  "invoice",
  "name",
  "address",
  "phone",
  "amount",
  "note",
  "order",
  "date",
  "street",
  "area",
  "district",
  "itemCount",
  "shippingMethod",
  "sku",
  "discountCode",
  "discount",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Steadfast's bulk upload file: Invoice, Name, Address, Phone, Amount, Note. */
export const DEFAULT_CSV_COLUMNS: CsvColumn[] = ["invoice", "name", "address", "phone", "amount", "note"];

/** Each column's heading in the file: English, as the couriers' templates name them. */
export const CSV_HEADINGS: Record<CsvColumn, string> = {
  invoice: "Invoice",
  name: "Name",
  address: "Address",
  phone: "Phone",
  amount: "Amount",
  note: "Note",
  order: "Order",
  date: "Date",
  street: "Street address",
  area: "Area",
  district: "District",
  itemCount: "Quantity",
  shippingMethod: "Shipping method",
  sku: "SKU",
  discountCode: "Discount code",
  discount: "Discount",
};

/** True when `value` is a column key. */
export function isCsvColumn(value: string): value is CsvColumn {
  return (CSV_COLUMNS as readonly string[]).includes(value);
}

/**
 * The saved choice (comma-separated keys, ShopSettings.courierCsvColumns) as columns; unknown keys
 * and repeats are dropped, and an empty choice is DEFAULT_CSV_COLUMNS.
 */
export function parseCsvColumns(saved: string): CsvColumn[] {
  const columns = [...new Set(saved.split(",").map((key) => key.trim()))].filter(isCsvColumn);
  return columns.length > 0 ? columns : [...DEFAULT_CSV_COLUMNS];
}

/**
 * An order as the export reads it; its campaign code and saving in paisa (off the items, and the
 * delivery charge waived; docs/decisions/060-campaign-codes.md).
 */
export type CsvOrder = HandOffOrder & {
  id: number;
  createdAt: Date;
  itemCount: number;
  shippingMethod: string;
  discountCode: string | null;
  discountPaisa: number;
  shippingDiscountPaisa: number;
};

/** Paisa as the taka a courier's file expects: "1250", or "1250.50" when there are paisa. */
function takaNumber(paisa: number): string {
  return paisa % 100 === 0 ? String(paisa / 100) : (paisa / 100).toFixed(2);
}

/** YYYY-MM-DD (the Canadian English format) in the shop's time zone. */
const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** One order's cells, in the order of `columns`. */
export function csvRow(order: CsvOrder, columns: readonly CsvColumn[]): string[] {
  const value = (column: CsvColumn): string => {
    switch (column) {
      case "invoice":
        return courierInvoice(order.id);
      case "name":
        return order.customerName;
      case "address":
        return parcelAddress(order);
      case "phone":
        return order.customerPhone;
      case "amount":
        return takaNumber(codAmountPaisa(order));
      case "note":
        return parcelItems(order);
      case "order":
        return String(order.id);
      case "date":
        return isoDay.format(order.createdAt);
      case "street":
        return order.customerAddress;
      case "area":
        return order.area ?? "";
      case "district":
        return order.district ?? "";
      case "itemCount":
        return String(order.itemCount);
      case "shippingMethod":
        return order.shippingMethod;
      case "sku":
        return parcelSkus(order);
      case "discountCode":
        return order.discountCode ?? "";
      case "discount":
        return takaNumber(order.discountPaisa + order.shippingDiscountPaisa);
    }
  };
  return columns.map(value);
}
