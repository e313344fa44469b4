/**
 * Importing a courier's payout file (docs/decisions/067-courier-payouts.md): the upload read from
 * the owner's form, its bytes read as CSV (the product import's reader: UTF-8 with or without a
 * byte-order mark, Bangla safe, no workbooks), its rows as a Steadfast or Pathao payout
 * (app/rules/payout-csv.ts), and the payout recorded and matched to orders in one transaction.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { PayoutTooLargeError, recordPayout, type RecordPayoutOutcome } from "~/models/payouts/payouts.server";
import {
  MAX_PAYOUT_FILE_BYTES,
  MAX_PAYOUT_REFERENCE_LENGTH,
  MAX_PAYOUT_ROWS,
  readPayoutRecords,
  type PayoutCourier,
  type PayoutFileProblem,
} from "~/rules/payout-csv";
import { audit } from "../audit.server";
import { readCsvRecords, type CsvTextProblem } from "../catalogue/import/csv-read.server";

/**
 * The upload form's fields as sent: the file (its first MAX_PAYOUT_FILE_BYTES + 1 bytes kept; null
 * when none was chosen), the reference typed (trimmed) and the courier chosen, unchecked (null when
 * the form sent none).
 */
export type PayoutUploadForm = {
  file: { bytes: Buffer; size: number } | null;
  reference: string;
  courier: string | null;
};

/** A payout file to import: its bytes, the reference typed, and the courier chosen (null: told from the file's headings). */
export type PayoutUpload = { bytes: Buffer; size: number; reference: string; courier: PayoutCourier | null };

/**
 * Reads the payout upload form (multipart): the file of field `file` and the text fields
 * `reference` and `courier`. Bytes past MAX_PAYOUT_FILE_BYTES + 1 are read and dropped, so a huge
 * file is refused as too big without being held.
 * @throws when the body is not a multipart form.
 */
export async function readPayoutUpload(request: Request): Promise<PayoutUploadForm> {
  let file = null as { bytes: Buffer; size: number } | null;
  let reference = "";
  let courier = null as string | null;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= MAX_PAYOUT_FILE_BYTES + 1) chunks.push(Buffer.from(chunk));
    }
    if (name === "file" && typeof filename === "string" && filename !== "" && file === null) {
      file = { bytes: Buffer.concat(chunks), size };
    }
    if (name === "reference" && filename === undefined) reference = Buffer.concat(chunks).toString("utf8");
    if (name === "courier" && filename === undefined) courier = Buffer.concat(chunks).toString("utf8");
    return undefined;
  };
  await unstable_parseMultipartFormData(request, handler);
  return { file, reference: reference.trim(), courier };
}

/** Why an uploaded payout file adds nothing (each with what its message needs). */
export type PayoutImportProblem =
  CsvTextProblem | PayoutFileProblem | { code: "noReference" } | { code: "referenceTooLong" };

/** What an import did: a payout recorded (or found recorded already), or the problem that stopped it. */
export type PayoutImportOutcome =
  | { ok: true; courier: PayoutCourier; reference: string; result: RecordPayoutOutcome }
  | { ok: false; problem: PayoutImportProblem };

/**
 * Imports a payout file: reads it (with the chosen courier's headings, else the courier's its
 * headings look like), takes the reference typed (else the one the file's title block gives;
 * neither: refused), and records the payout with its lines matched (`recordPayout`). The same
 * reference of the same courier a second time adds nothing (`result.outcome` "exists").
 *
 * @param upload the form's file, reference and courier.
 * @param actor the owner importing it.
 * @throws the database's error when recording fails (nothing is written then).
 */
export async function importPayoutFile(
  upload: PayoutUpload,
  actor: { id: number; email: string },
): Promise<PayoutImportOutcome> {
  if (upload.size > MAX_PAYOUT_FILE_BYTES) {
    return { ok: false, problem: { code: "tooBig", maxBytes: MAX_PAYOUT_FILE_BYTES } };
  }
  const read = readCsvRecords(upload.bytes, { maxBytes: MAX_PAYOUT_FILE_BYTES, maxRows: MAX_PAYOUT_ROWS });
  if (!read.ok) return read;
  const payout = readPayoutRecords(read.records, upload.courier);
  if (!payout.ok) return payout;
  const reference = upload.reference || payout.file.reference || "";
  if (reference === "") return { ok: false, problem: { code: "noReference" } };
  if (reference.length > MAX_PAYOUT_REFERENCE_LENGTH) return { ok: false, problem: { code: "referenceTooLong" } };
  try {
    const result = await recordPayout(
      { courier: payout.file.courier, reference, paidAt: null, source: "csv", lines: payout.file.lines },
      actor,
    );
    return { ok: true, courier: payout.file.courier, reference, result };
  } catch (error) {
    // The reader checks the same limits; a worked-out paid amount may still pass one.
    if (error instanceof PayoutTooLargeError) return { ok: false, problem: { code: "sumTooLarge" } };
    throw error;
  }
}

/**
 * Records a payout just recorded in the audit trail, as `actor` from the request whose load context
 * is `context`: its courier and reference, and how its parcels matched (the summary "steadfast
 * SF-12: 3 matched, 1 unmatched, 0 duplicate", then ", 1 charged again" when a returned parcel was
 * charged again; app/components/admin/activity-summary.tsx words it for the reader).
 */
export async function auditPayout(
  context: unknown,
  actor: { id: number; email: string },
  payout: { courier: PayoutCourier; reference: string } & Extract<RecordPayoutOutcome, { outcome: "recorded" }>,
): Promise<void> {
  await audit(context, actor, {
    action: "payout.recorded",
    subjectType: "payout",
    subjectId: payout.payoutId,
    summary:
      `${payout.courier} ${payout.reference}: ${payout.matched} matched, ${payout.unmatched} unmatched, ${payout.duplicate} duplicate` +
      (payout.chargedAgain > 0 ? `, ${payout.chargedAgain} charged again` : ""),
    details: {
      matched: payout.matched,
      unmatched: payout.unmatched,
      duplicate: payout.duplicate,
      charge: payout.charge,
      chargedAgain: payout.chargedAgain,
      differing: payout.differing,
    },
  });
}
