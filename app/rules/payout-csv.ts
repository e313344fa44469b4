/**
 * A courier's payout file (docs/decisions/067-courier-payouts.md) read from its rows of cells into
 * payout lines: which courier wrote it (recognised by its heading row), the payout's reference when
 * the file names one, and one line per parcel with its amounts in paisa. Pure: the bytes are read
 * into rows by app/server/catalogue/import/csv-read.server.ts `readCsvRecords`.
 *
 * The headings come from what is public about the two couriers' files. Neither publishes the
 * columns of its payout export; Pathao's merchant panel's payment invoice is known (from shops'
 * reconciliation code) to start with a title block ("Pathao Payment Invoice", "Invoice,INV-…")
 * above `Consignment ID, Merchant Order ID, Order Status, Collected Amount, Delivery Fee, COD Fee,
 * Payout`. Steadfast's is taken in the words of its payments API (`consignment_id, invoice,
 * tracking_code, cod_amount, delivery_charge`) with the portal's "COD Charge" and a payable
 * amount. Each column also accepts the other courier's word and a few common ones, so a file saved
 * again from a spreadsheet with slightly different headings still reads.
 */
import { toAsciiDigits } from "./phone";

/** The couriers whose payouts haat reads. */
export const PAYOUT_COURIERS = ["steadfast", "pathao"] as const;
export type PayoutCourier = (typeof PAYOUT_COURIERS)[number];

/** The largest payout file accepted, in bytes (a month of parcels is far smaller). */
export const MAX_PAYOUT_FILE_BYTES = 2 * 1024 * 1024;
/** The most parcel rows one payout file may have. */
export const MAX_PAYOUT_ROWS = 5_000;
/** The longest payout reference kept, in characters. */
export const MAX_PAYOUT_REFERENCE_LENGTH = 100;
/**
 * The largest amount one parcel's line may carry (each of collected, charges, paid), in paisa:
 * ৳10,00,000 (ten lakh taka). Far above the cash a rider collects for one parcel, so no real line
 * is refused, yet low enough that a typo of a few extra digits is caught at its row rather than
 * recorded as a payout no shop made; the payout's sums are checked apart (MAX_PAYOUT_SUM_PAISA).
 */
export const MAX_PARCEL_PAISA = 100_000_000;
/**
 * The largest sum a payout may record, in paisa (either sign): 2³¹ − 1, the largest value of the
 * INTEGER columns PostgreSQL keeps the payout's collected, charges and paid sums in (SQLite would
 * store more, PostgreSQL refuses the row). About ৳2.15 crore: a file of many dear parcels may
 * exceed it and is refused, to be imported in parts.
 */
export const MAX_PAYOUT_SUM_PAISA = 2_147_483_647;

/** One parcel a payout pays for, in paisa (what the courier says; nothing is recomputed but a missing paid amount). */
export type PayoutLine = {
  /** The spreadsheet row number (the heading row's number + 1 for the first), or the API's position. */
  row: number;
  consignmentId: string;
  /** The invoice ("merchant order id") the courier knows the parcel by; null when the file gives none. */
  invoice: string | null;
  collectedPaisa: number;
  deliveryChargePaisa: number;
  codFeePaisa: number;
  /** What the courier paid for this parcel: its own figure, or collected − charges when it gives none. */
  paidPaisa: number;
};

type Column = "consignmentId" | "invoice" | "collected" | "deliveryCharge" | "codFee" | "paid";

/** Columns a payout file must have; the others are read when present. */
const REQUIRED: readonly Column[] = ["consignmentId", "collected", "deliveryCharge"];

/**
 * Each courier's headings per column, its own word first (the one a refusal names); compared
 * lower case with spaces, underscores and dots collapsed.
 */
const HEADINGS: Record<PayoutCourier, Record<Column, readonly string[]>> = {
  steadfast: {
    consignmentId: ["Consignment ID", "consignment_id", "CID"],
    invoice: ["Invoice", "Invoice ID", "invoice_id"],
    collected: ["COD Amount", "cod_amount", "Collected Amount", "Cash Collection"],
    deliveryCharge: ["Delivery Charge", "delivery_charge", "Delivery Fee"],
    codFee: ["COD Charge", "cod_charge", "COD Fee"],
    paid: ["Payable Amount", "Paid Amount", "Net Payable", "Payout"],
  },
  pathao: {
    consignmentId: ["Consignment ID", "consignment_id"],
    invoice: ["Merchant Order ID", "merchant_order_id", "Order ID"],
    collected: ["Collected Amount", "collected_amount", "Amount Collected", "COD Amount"],
    deliveryCharge: ["Delivery Fee", "delivery_fee", "Delivery Charge"],
    codFee: ["COD Fee", "cod_fee", "COD Charge"],
    paid: ["Payout", "Payout Amount", "Net Payout", "Payable Amount"],
  },
};

/** Words in a title block's first cell that name the payout's reference in the cell after it. */
const REFERENCE_LABELS = ["invoice", "invoice id", "invoice no", "payment id", "payout id", "reference"];

/** How many rows above the heading row a title block may take. */
const MAX_TITLE_ROWS = 10;

/** Why a payout file's rows cannot become a payout. Row numbers are a spreadsheet's (the first row is 1). */
export type PayoutFileProblem =
  | { code: "noHeading" }
  /** `chosen`: the courier was the one staff chose, not told from the headings. */
  | { code: "missingColumns"; courier: PayoutCourier; headings: string[]; chosen: boolean }
  | { code: "badAmount"; row: number; heading: string; value: string }
  | { code: "amountTooLarge"; row: number; heading: string; value: string }
  | { code: "sumTooLarge" }
  | { code: "repeated"; consignmentId: string; rows: [number, number] }
  | { code: "noLines" };

/** A payout file read: its courier, the reference its title block gives (null: none), its lines. */
export type PayoutFile = { courier: PayoutCourier; reference: string | null; lines: PayoutLine[] };

function key(heading: string): string {
  return heading
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_.]+/g, " ");
}

/**
 * An amount as a courier's file writes it, in paisa: "1,250.00", "৳1,250", "Tk 80.50", "BDT 70",
 * "১২৫০" (Bengali digits), "-70" or "(70)" (negative: a return's charge), "12.345" (rounded to the
 * paisa). A blank cell or "-" is 0. Null for anything else.
 */
export function parsePayoutAmount(text: string): number | null {
  let cleaned = toAsciiDigits(text)
    .replace(/৳|tk\.?|bdt/gi, "")
    .replace(/[,\s]/g, "");
  if (cleaned === "" || cleaned === "-") return 0;
  let sign = 1;
  const bracketed = /^\((.*)\)$/.exec(cleaned);
  if (bracketed) {
    sign = -1;
    cleaned = bracketed[1]!;
  }
  if (!/^[-+]?\d{1,9}(\.\d+)?$/.test(cleaned)) return null;
  return sign * Math.round(Number(cleaned) * 100) || 0;
}

/** The column index of each of `courier`'s columns in `headings` (the first match), or undefined. */
function columnsOf(courier: PayoutCourier, headings: readonly string[]): Partial<Record<Column, number>> {
  const keys = headings.map(key);
  const found: Partial<Record<Column, number>> = {};
  for (const column of Object.keys(HEADINGS[courier]) as Column[]) {
    const index = keys.findIndex((heading) => HEADINGS[courier][column].some((name) => key(name) === heading));
    if (index !== -1) found[column] = index;
  }
  return found;
}

/** How many of `courier`'s own first words the headings use: the courier whose file it most looks like. */
function likeness(courier: PayoutCourier, headings: readonly string[]): number {
  const keys = new Set(headings.map(key));
  return (Object.values(HEADINGS[courier]) as (readonly string[])[]).filter((names) => keys.has(key(names[0]!))).length;
}

/** The row of headings: the first of the first rows with a consignment id column. */
function headingRow(records: readonly string[][]): number {
  const names = new Set(PAYOUT_COURIERS.flatMap((courier) => HEADINGS[courier].consignmentId.map(key)));
  return records.slice(0, MAX_TITLE_ROWS + 1).findIndex((record) => record.some((cell) => names.has(key(cell))));
}

/** The reference a title block above the headings names ("Invoice,INV-2210"); null when none. */
function titleReference(records: readonly string[][]): string | null {
  for (const record of records) {
    const cells = record.map((cell) => cell.trim()).filter(Boolean);
    if (cells.length >= 2 && REFERENCE_LABELS.includes(key(cells[0]!.replace(/[:#]+$/, "")))) {
      return cells[1]!.slice(0, MAX_PAYOUT_REFERENCE_LENGTH);
    }
  }
  return null;
}

/**
 * Reads a payout file's rows (as `readCsvRecords` gives them) into a payout.
 *
 * - The heading row is the first of the first 11 rows with a consignment id column; rows above it
 *   are a title block, where a row "Invoice | INV-2210" (or Payment ID, Payout ID, Reference) gives
 *   the payout's reference.
 * - The courier is `courier` when given (staff chose it), else the one whose headings the row uses
 *   most; its headings are the ones read. A file without the consignment id, the cash collected or
 *   the delivery charge is refused naming what it lacks, in that courier's words.
 * - Each row with a consignment id is a line (blank rows and totals rows, which have none, are
 *   skipped); an amount that is not one, or is over MAX_PARCEL_PAISA, refuses the file with its
 *   row; a consignment twice too; and so do sums over MAX_PAYOUT_SUM_PAISA (`payoutFits`).
 *
 * @param courier the courier whose file it is, when staff chose it; null: told from the headings.
 * @returns the payout file, or the first problem found.
 */
export function readPayoutRecords(
  records: readonly string[][],
  courier: PayoutCourier | null = null,
): { ok: true; file: PayoutFile } | { ok: false; problem: PayoutFileProblem } {
  const at = headingRow(records);
  if (at === -1) return { ok: false, problem: { code: "noHeading" } };
  const headings = records[at]!;
  const chosen = courier !== null;
  courier ??= [...PAYOUT_COURIERS].sort((a, b) => likeness(b, headings) - likeness(a, headings))[0]!;
  const columns = columnsOf(courier, headings);
  const missing = REQUIRED.filter((column) => columns[column] === undefined);
  if (missing.length > 0) {
    const names = missing.map((column) => HEADINGS[courier][column][0]!);
    return { ok: false, problem: { code: "missingColumns", courier, headings: names, chosen } };
  }
  const lines: PayoutLine[] = [];
  const seen = new Map<string, number>();
  for (let index = at + 1; index < records.length; index++) {
    const record = records[index]!;
    const row = index + 1;
    const cell = (column: Column) => {
      const position = columns[column];
      return position === undefined ? "" : (record[position] ?? "").trim();
    };
    const consignmentId = cell("consignmentId");
    if (consignmentId === "") continue;
    const amounts = {} as Record<"collected" | "deliveryCharge" | "codFee" | "paid", number>;
    for (const column of ["collected", "deliveryCharge", "codFee", "paid"] as const) {
      const amount = parsePayoutAmount(cell(column));
      if (amount === null || Math.abs(amount) > MAX_PARCEL_PAISA) {
        return {
          ok: false,
          problem: {
            code: amount === null ? "badAmount" : "amountTooLarge",
            row,
            heading: (headings[columns[column]!] ?? "").trim(),
            value: cell(column),
          },
        };
      }
      amounts[column] = amount;
    }
    const first = seen.get(consignmentId);
    if (first !== undefined) return { ok: false, problem: { code: "repeated", consignmentId, rows: [first, row] } };
    seen.set(consignmentId, row);
    const charges = amounts.deliveryCharge + amounts.codFee;
    lines.push({
      row,
      consignmentId,
      invoice: cell("invoice") || null,
      collectedPaisa: amounts.collected,
      deliveryChargePaisa: amounts.deliveryCharge,
      codFeePaisa: amounts.codFee,
      paidPaisa: columns.paid !== undefined && cell("paid") !== "" ? amounts.paid : amounts.collected - charges,
    });
  }
  if (lines.length === 0) return { ok: false, problem: { code: "noLines" } };
  if (!payoutFits(lines)) return { ok: false, problem: { code: "sumTooLarge" } };
  return { ok: true, file: { courier, reference: titleReference(records.slice(0, at)), lines } };
}

/** A payout's sums in paisa: the cash collected, the charges (delivery + COD fee) and what was paid. */
export function payoutSums(lines: readonly PayoutLine[]): {
  collectedPaisa: number;
  chargesPaisa: number;
  paidPaisa: number;
} {
  const sums = { collectedPaisa: 0, chargesPaisa: 0, paidPaisa: 0 };
  for (const line of lines) {
    sums.collectedPaisa += line.collectedPaisa;
    sums.chargesPaisa += line.deliveryChargePaisa + line.codFeePaisa;
    sums.paidPaisa += line.paidPaisa;
  }
  return sums;
}

/**
 * Whether a payout can be recorded as it is: every line's amounts whole paisa of at most
 * MAX_PARCEL_PAISA either way, and its sums (`payoutSums`) at most MAX_PAYOUT_SUM_PAISA either
 * way, which both databases' columns hold.
 */
export function payoutFits(lines: readonly PayoutLine[]): boolean {
  const fits = (paisa: number, max: number) => Number.isSafeInteger(paisa) && Math.abs(paisa) <= max;
  const amountsFit = lines.every((line) =>
    [line.collectedPaisa, line.deliveryChargePaisa, line.codFeePaisa, line.paidPaisa].every((paisa) =>
      fits(paisa, MAX_PARCEL_PAISA),
    ),
  );
  return amountsFit && Object.values(payoutSums(lines)).every((paisa) => fits(paisa, MAX_PAYOUT_SUM_PAISA));
}

/**
 * A payout's lines with each consignment once: a consignment listed again (Steadfast's payments
 * API may name a parcel twice, e.g. its delivery and a later adjustment) is folded into its first
 * line, its amounts added, so the payout's sums stay what the courier paid; the first line's row
 * and the first invoice given are kept. Lines are otherwise kept in order.
 */
export function mergeRepeatedLines(lines: readonly PayoutLine[]): PayoutLine[] {
  const merged = new Map<string, PayoutLine>();
  for (const line of lines) {
    const first = merged.get(line.consignmentId);
    if (!first) {
      merged.set(line.consignmentId, { ...line });
      continue;
    }
    first.invoice ??= line.invoice;
    first.collectedPaisa += line.collectedPaisa;
    first.deliveryChargePaisa += line.deliveryChargePaisa;
    first.codFeePaisa += line.codFeePaisa;
    first.paidPaisa += line.paidPaisa;
  }
  return [...merged.values()];
}
