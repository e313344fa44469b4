import { describe, expect, it } from "vitest";
import { csvRow, DEFAULT_CSV_COLUMNS, parseCsvColumns, type CsvOrder } from "./courier-csv";
import { codAmountPaisa, courierInvoice, parcelAddress } from "./courier-parcel";
import { spreadsheetCsv } from "~/server/spreadsheet-csv.server";

const order: CsvOrder = {
  id: 42,
  createdAt: new Date("2026-11-24T19:30:00Z"), // 25 Nov, 01:30 in Dhaka
  customerName: "@Rahima",
  customerPhone: "01712345678",
  customerAddress: "  House 4,\n Road 2 ",
  area: "Mirpur 10",
  district: "Dhaka",
  totalPaisa: 125_050,
  paymentStatus: "pending",
  advancePaidPaisa: 0,
  advanceRefundedPaisa: 0,
  itemCount: 3,
  shippingMethod: "Inside Dhaka",
  discountCode: null,
  discountPaisa: 0,
  shippingDiscountPaisa: 0,
  items: [
    { productName: "Lamp", variantLabel: "", sku: "", quantity: 2 },
    { productName: "Fan", variantLabel: "56″ / Brown", sku: "FAN-56-BR", quantity: 1 },
  ],
};

describe("the courier CSV", () => {
  it("writes every column as the courier's file expects", () => {
    expect(
      csvRow(order, [
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
      ]),
    ).toEqual([
      "haat-42",
      "@Rahima",
      "House 4, Road 2, Mirpur 10, Dhaka",
      "01712345678",
      "1250.50",
      "Lamp × 2, Fan — 56″ / Brown × 1",
      "42",
      "2026-11-25",
      "  House 4,\n Road 2 ",
      "Mirpur 10",
      "Dhaka",
      "3",
      "Inside Dhaka",
      "FAN-56-BR × 1",
    ]);
  });

  it("collects nothing for a paid order and writes whole taka without decimals", () => {
    expect(csvRow({ ...order, paymentStatus: "paid" }, ["amount"])).toEqual(["0"]);
    expect(csvRow({ ...order, totalPaisa: 16_000 }, ["amount"])).toEqual(["160"]);
    const unpaid = { totalPaisa: 500, paymentStatus: "pending", advancePaidPaisa: 0, advanceRefundedPaisa: 0 };
    expect(codAmountPaisa(unpaid)).toBe(500);
  });

  it("collects the total less the advance the shop kept, never below 0", () => {
    const advance = {
      totalPaisa: 130_000,
      paymentStatus: "pending",
      advancePaidPaisa: 12_000,
      advanceRefundedPaisa: 0,
    };
    expect(codAmountPaisa(advance)).toBe(118_000);
    expect(codAmountPaisa({ ...advance, advanceRefundedPaisa: 2_000 })).toBe(120_000);
    expect(codAmountPaisa({ ...advance, advancePaidPaisa: 140_000 })).toBe(0);
    expect(csvRow({ ...order, advancePaidPaisa: 12_000, totalPaisa: 125_050 }, ["amount"])).toEqual(["1130.50"]);
  });

  it("reads a saved choice, dropping unknown and repeated keys, and falls back to Steadfast's file", () => {
    expect(parseCsvColumns("phone, amount,phone,bogus")).toEqual(["phone", "amount"]);
    expect(parseCsvColumns("")).toEqual(DEFAULT_CSV_COLUMNS);
    expect(parseCsvColumns("bogus")).toEqual(DEFAULT_CSV_COLUMNS);
  });

  it("writes a SKU that looks like a formula through the shop's one CSV writer, behind an apostrophe", () => {
    const risky = { ...order, items: [{ productName: "Cable", variantLabel: "", sku: "-5M", quantity: 1 }] };
    expect(csvRow(risky, ["sku"])).toEqual(["-5M × 1"]);
    expect(spreadsheetCsv([csvRow(risky, ["sku"])])).toBe("'-5M × 1\n");
    expect(csvRow({ ...order, items: [order.items[0]!] }, ["sku"])).toEqual([""]);
  });

  it("leaves empty parts out of the one-line address", () => {
    expect(parcelAddress({ customerAddress: "Shop 14", area: null, district: "Sylhet" })).toBe("Shop 14, Sylhet");
  });

  it("makes an invoice Steadfast accepts", () => {
    expect(courierInvoice(7)).toBe("haat-7");
    expect(courierInvoice(7)).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe("the campaign code columns", () => {
  it("give the code and its saving in taka; the amount is the discounted total", () => {
    const discounted = {
      ...order,
      discountCode: "EID10",
      discountPaisa: 12_000,
      shippingDiscountPaisa: 6000,
      totalPaisa: 108_000,
    };
    expect(csvRow(discounted, ["discountCode", "discount", "amount"])).toEqual(["EID10", "180", "1080"]);
    expect(csvRow(order, ["discountCode", "discount"])).toEqual(["", "0"]);
  });
});
