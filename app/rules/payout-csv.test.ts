import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { mergeRepeatedLines, parsePayoutAmount, payoutFits, readPayoutRecords } from "./payout-csv";

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
      problem: {
        code: "missingColumns",
        courier: "steadfast",
        headings: ["COD Amount", "Delivery Charge"],
        chosen: false,
      },
    });
    expect(readPayoutRecords(rows("Consignment ID,Merchant Order ID,Payout\nDL1,haat-1,100\n"))).toEqual({
      ok: false,
      problem: {
        code: "missingColumns",
        courier: "pathao",
        headings: ["Collected Amount", "Delivery Fee"],
        chosen: false,
      },
    });
  });

  it("reads the file with the headings of the courier staff chose, whichever the headings look like", () => {
    // As many of Steadfast's own words as of Pathao's: told from the headings, Steadfast's.
    const tied = rows("Consignment ID,Invoice,COD Amount,Delivery Fee,COD Fee\nDL9,haat-9,1160,60,11.6\n");
    expect(readPayoutRecords(tied)).toMatchObject({ ok: true, file: { courier: "steadfast" } });
    expect(readPayoutRecords(tied, "pathao")).toEqual({
      ok: true,
      file: {
        courier: "pathao",
        reference: null,
        // Pathao's file names the invoice "Merchant Order ID": "Invoice" is not one of its columns.
        lines: [
          {
            row: 2,
            consignmentId: "DL9",
            invoice: null,
            collectedPaisa: 116_000,
            deliveryChargePaisa: 6_000,
            codFeePaisa: 1_160,
            paidPaisa: 108_840,
          },
        ],
      },
    });
    expect(readPayoutRecords(tied, "steadfast")).toMatchObject({
      ok: true,
      file: { courier: "steadfast", lines: [{ invoice: "haat-9" }] },
    });
  });

  it("refuses a file lacking the chosen courier's columns, naming them in its words", () => {
    // Steadfast's file, read fine as Steadfast's, has no column Pathao calls the collected amount.
    const steadfast = rows("consignment_id,invoice,Cash Collection,delivery_charge\n1424107,haat-42,1160,60\n");
    expect(readPayoutRecords(steadfast)).toMatchObject({ ok: true, file: { courier: "steadfast" } });
    expect(readPayoutRecords(steadfast, "pathao")).toEqual({
      ok: false,
      problem: {
        code: "missingColumns",
        courier: "pathao",
        headings: ["Collected Amount"],
        chosen: true,
      },
    });
    // Pathao's, read as Steadfast's: Steadfast knows no "Amount Collected".
    expect(
      readPayoutRecords(
        rows("Consignment ID,Merchant Order ID,Amount Collected,Delivery Fee\nDL1,haat-1,100,60\n"),
        "steadfast",
      ),
    ).toEqual({
      ok: false,
      problem: { code: "missingColumns", courier: "steadfast", headings: ["COD Amount"], chosen: true },
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

describe("amounts a payout can hold", () => {
  const file = (amounts: string[]) =>
    rows(
      ["Consignment ID,COD Amount,Delivery Charge", ...amounts.map((amount, index) => `C${index},${amount},60`)].join(
        "\n",
      ),
    );

  it("refuses a parcel's amount over ৳10,00,000 at its row, not as a database error later", () => {
    expect(readPayoutRecords(file(["1000000"]))).toMatchObject({ ok: true });
    expect(readPayoutRecords(file(["1160", "30000000"]))).toEqual({
      ok: false,
      problem: { code: "amountTooLarge", row: 3, heading: "COD Amount", value: "30000000" },
    });
    expect(readPayoutRecords(file(["(1000000.01)"]))).toMatchObject({ ok: false, problem: { code: "amountTooLarge" } });
  });

  it("refuses a file whose parcels add up to more than PostgreSQL's INTEGER holds (5,000 parcels at ৳4,300)", () => {
    const read = readPayoutRecords(file(Array.from({ length: 5_000 }, () => "4300")));
    expect(read).toEqual({ ok: false, problem: { code: "sumTooLarge" } });
    expect(payoutFits(Array.from({ length: 4_000 }, (_, row) => line(row, 430_000)))).toBe(true);
  });
});

describe("mergeRepeatedLines", () => {
  it("folds a consignment listed again into its first line, adding its amounts", () => {
    expect(
      mergeRepeatedLines([
        { ...line(1, 100_00), invoice: null },
        line(2, 50_00, "C2"),
        { ...line(3, 0), invoice: "haat-7", collectedPaisa: 0, paidPaisa: -10_00 },
      ]),
    ).toEqual([
      { ...line(1, 100_00), invoice: "haat-7", deliveryChargePaisa: 12_000, paidPaisa: 30_00 },
      line(2, 50_00, "C2"),
    ]);
  });
});

/** A line of consignment `consignmentId` collecting `collectedPaisa`, charged ৳60, paid the rest. */
function line(row: number, collectedPaisa: number, consignmentId = "C1") {
  return {
    row,
    consignmentId,
    invoice: null as string | null,
    collectedPaisa,
    deliveryChargePaisa: 6_000,
    codFeePaisa: 0,
    paidPaisa: collectedPaisa - 6_000,
  };
}
