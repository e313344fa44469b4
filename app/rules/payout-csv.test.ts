import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { parsePayoutAmount, readPayoutRecords } from "./payout-csv";

const rows = (text: string) => parse(text, { relax_column_count: true, bom: true }) as string[][];

describe("parsePayoutAmount", () => {
  it("reads the amounts couriers write, in paisa", () => {
    expect(parsePayoutAmount("1,250.00")).toBe(125_000);
    expect(parsePayoutAmount("৳1,250")).toBe(125_000);
    expect(parsePayoutAmount("Tk 80.50")).toBe(8_050);
    expect(parsePayoutAmount("BDT 70")).toBe(7_000);
    expect(parsePayoutAmount("১২৫০.৫০")).toBe(125_050);
    expect(parsePayoutAmount("-70")).toBe(-7_000);
    expect(parsePayoutAmount("(50)")).toBe(-5_000);
    expect(parsePayoutAmount("12.345")).toBe(1_235);
    expect(parsePayoutAmount("")).toBe(0);
    expect(parsePayoutAmount("-")).toBe(0);
  });

  it("refuses what is not an amount", () => {
    expect(parsePayoutAmount("free")).toBeNull();
    expect(parsePayoutAmount("12,5,0.0.1")).toBeNull();
    expect(parsePayoutAmount("1e5")).toBeNull();
  });
});

describe("readPayoutRecords", () => {
  it("reads Pathao's payment invoice: its title block's reference, its lines, the totals row left out", () => {
    const read = readPayoutRecords(
      rows(
        [
          "Pathao Payment Invoice,,,,,,",
          "Invoice,INV-2210,,,,,",
          "Consignment ID,Merchant Order ID,Order Status,Collected Amount,Delivery Fee,COD Fee,Payout",
          'DL811,haat-7,Delivered,"1,250.00",80,12.5,"1,157.50"',
          "DL812,haat-8,Return,0,70,0,-70",
          ',,,Total,150,12.5,"1,087.50"',
        ].join("\n"),
      ),
    );
    expect(read).toEqual({
      ok: true,
      file: {
        courier: "pathao",
        reference: "INV-2210",
        lines: [
          {
            row: 4,
            consignmentId: "DL811",
            invoice: "haat-7",
            collectedPaisa: 125_000,
            deliveryChargePaisa: 8_000,
            codFeePaisa: 1_250,
            paidPaisa: 115_750,
          },
          {
            row: 5,
            consignmentId: "DL812",
            invoice: "haat-8",
            collectedPaisa: 0,
            deliveryChargePaisa: 7_000,
            codFeePaisa: 0,
            paidPaisa: -7_000,
          },
        ],
      },
    });
  });

  it("reads Steadfast's file in its API's words, with a byte-order mark and Bengali digits, the paid amount worked out when absent", () => {
    const read = readPayoutRecords(
      rows(
        "\uFEFFconsignment_id,invoice,tracking_code,cod_amount,delivery_charge,cod_charge\n1424107,haat-42,B0X,১১৬০,60,১১.৬০\n",
      ),
    );
    expect(read).toEqual({
      ok: true,
      file: {
        courier: "steadfast",
        reference: null,
        lines: [
          {
            row: 2,
            consignmentId: "1424107",
            invoice: "haat-42",
            collectedPaisa: 116_000,
            deliveryChargePaisa: 6_000,
            codFeePaisa: 1_160,
            paidPaisa: 108_840,
          },
        ],
      },
    });
  });

  it("refuses a file that is not a payout, naming what it lacks in the courier's words", () => {
    expect(readPayoutRecords(rows("Name,Price\nFan,100\n"))).toEqual({ ok: false, problem: { code: "noHeading" } });
    expect(readPayoutRecords(rows("Consignment ID,Invoice,Amount\n1,haat-1,100\n"))).toEqual({
      ok: false,
      problem: { code: "missingColumns", courier: "steadfast", headings: ["COD Amount", "Delivery Charge"] },
    });
    expect(readPayoutRecords(rows("Consignment ID,Merchant Order ID,Payout\nDL1,haat-1,100\n"))).toEqual({
      ok: false,
      problem: { code: "missingColumns", courier: "pathao", headings: ["Collected Amount", "Delivery Fee"] },
    });
  });

  it("refuses an amount that is not one, a parcel listed twice, and a file without parcels, with their rows", () => {
    const header = "Consignment ID,Invoice,COD Amount,Delivery Charge\n";
    expect(readPayoutRecords(rows(`${header}1,haat-1,100,60\n2,haat-2,lots,60\n`))).toEqual({
      ok: false,
      problem: { code: "badAmount", row: 3, heading: "COD Amount", value: "lots" },
    });
    expect(readPayoutRecords(rows(`${header}1,haat-1,100,60\n2,haat-2,100,60\n1,haat-1,100,60\n`))).toEqual({
      ok: false,
      problem: { code: "repeated", consignmentId: "1", rows: [2, 4] },
    });
    expect(readPayoutRecords(rows(`${header},,,\n`))).toEqual({ ok: false, problem: { code: "noLines" } });
  });
});
