/**
 * A product CSV file's bytes read into a table: its encoding checked (UTF-8, with or without a
 * byte-order mark), its control characters dropped (tabs and line breaks kept), its separator
 * found (comma, semicolon or tab, as spreadsheets save), its quoting read by csv-parse (RFC 4180
 * and Excel's doubled quotes, line breaks inside quotes), and its format recognised from the
 * heading row (app/rules/product-csv.ts `detectCsvFormat`).
 */
import { parse } from "csv-parse/sync";
import { withoutControlCharacters } from "~/rules/control-characters";
import { detectCsvFormat, MAX_CSV_BYTES, MAX_CSV_ROWS, type CsvFormat } from "~/rules/product-csv";

/** Why a CSV file's bytes cannot be read into rows at all (any CSV import: products, courier payouts). */
export type CsvTextProblem =
  | { code: "empty" }
  | { code: "tooBig"; maxBytes: number }
  | { code: "spreadsheet" }
  | { code: "notText" }
  | { code: "notUtf8" }
  | { code: "malformed"; row: number }
  | { code: "tooManyRows"; max: number };

/** Why a file cannot be read at all (then nothing of it is previewed). */
export type FileProblem = CsvTextProblem | { code: "unknownFormat"; headings: string[] };

/**
 * A read file: its format, its headings as written, and each data row as a lookup by heading
 * (trimmed, case-insensitive; a heading written twice keeps its first column). `row` is the
 * spreadsheet row number (the heading row is 1).
 */
export type CsvTable = {
  format: CsvFormat;
  headings: string[];
  rows: CsvRow[];
  /** Whether the heading row has `heading` (case-insensitive). */
  has(heading: string): boolean;
};

/** One data row; `cell` returns the trimmed text under a heading, "" when the file lacks it. */
export type CsvRow = { row: number; cell(heading: string): string };

/**
 * Reads a product CSV.
 *
 * @param bytes the uploaded file, at most MAX_CSV_BYTES (15 MB).
 * @returns the table, or the problem that stops it being read: too big, an Excel workbook
 *   (.xlsx: "save as CSV UTF-8"), binary (a NUL character anywhere), not UTF-8 (an old "CSV" save in Windows-1252), quoting
 *   csv-parse cannot read (with the row), more than MAX_CSV_ROWS rows, or headings of no known
 *   format (the preview lists the headings it expected).
 */
export function readProductCsv(bytes: Uint8Array): { ok: true; table: CsvTable } | { ok: false; problem: FileProblem } {
  const read = readCsvRecords(bytes, { maxBytes: MAX_CSV_BYTES, maxRows: MAX_CSV_ROWS });
  if (!read.ok) return read;
  const { records } = read;
  const headings = records[0]!.map((heading) => heading.trim());
  const format = detectCsvFormat(headings);
  if (!format) return { ok: false, problem: { code: "unknownFormat", headings } };
  const index = new Map<string, number>();
  headings.forEach((heading, column) => {
    const key = heading.toLowerCase();
    if (!index.has(key)) index.set(key, column);
  });
  // Blank rows are kept until here so that every row keeps the number a spreadsheet shows.
  const rows = records.slice(1).flatMap((record, offset): CsvRow[] =>
    record.every((value) => value.trim() === "")
      ? []
      : [
          {
            row: offset + 2,
            cell(heading: string) {
              const column = index.get(heading.toLowerCase());
              return column === undefined ? "" : (record[column] ?? "").trim();
            },
          },
        ],
  );
  return { ok: true, table: { format, headings, rows, has: (heading) => index.has(heading.toLowerCase()) } };
}

/**
 * A CSV file's bytes as rows of cells, before any format is recognised: the checks and the reading
 * `readProductCsv` describes (UTF-8 with or without a byte-order mark, no workbook, no binary, the
 * separator guessed, csv-parse's quoting), within the caller's limits.
 *
 * @param limits `maxBytes`: the largest file accepted; `maxRows`: the most rows after the first.
 * @returns every row as written (blank ones too, so that row numbers match a spreadsheet's), or the problem.
 */
export function readCsvRecords(
  bytes: Uint8Array,
  limits: { maxBytes: number; maxRows: number },
): { ok: true; records: string[][] } | { ok: false; problem: CsvTextProblem } {
  if (bytes.byteLength === 0) return { ok: false, problem: { code: "empty" } };
  if (bytes.byteLength > limits.maxBytes) return { ok: false, problem: { code: "tooBig", maxBytes: limits.maxBytes } };
  // An .xlsx or .ods workbook is a zip file; an old .xls starts with the OLE signature.
  if ((bytes[0] === 0x50 && bytes[1] === 0x4b) || (bytes[0] === 0xd0 && bytes[1] === 0xcf)) {
    return { ok: false, problem: { code: "spreadsheet" } };
  }
  // A NUL anywhere makes it binary, not only in the first 8 KB: csv-parse would end a cell at a
  // later one, and a name would be stored cut short. Buffer's indexOf is a memchr over 15 MB.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(0) !== -1) {
    return { ok: false, problem: { code: "notText" } };
  }
  let text: string;
  try {
    // Control characters (U+0001, an escape…) are dropped here, once for every cell: no name or
    // description stores them; tabs and line breaks stay (rules/control-characters.ts).
    text = withoutControlCharacters(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    return { ok: false, problem: { code: "notUtf8" } };
  }
  const delimiter = guessDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      to: limits.maxRows + 2,
    }) as string[][];
  } catch (error) {
    const record = (error as { records?: number }).records;
    return { ok: false, problem: { code: "malformed", row: (typeof record === "number" ? record : 0) + 1 } };
  }
  if (records.length === 0) return { ok: false, problem: { code: "empty" } };
  if (records.length > limits.maxRows + 1) return { ok: false, problem: { code: "tooManyRows", max: limits.maxRows } };
  return { ok: true, records };
}

/**
 * The separator of the heading row: the most frequent of comma, semicolon and tab outside quotes
 * (a spreadsheet set to a European locale saves with semicolons); comma when none is found.
 */
function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, 65_536).split(/\r?\n/, 1)[0] ?? "";
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((sign) => ({ sign, count: outsideQuotes.split(sign).length - 1 }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0]!.count > 0 ? counts[0]!.sign : ",";
}
