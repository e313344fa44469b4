/**
 * The shop's one CSV writer: every file haat writes (the product export, the courier export, the
 * Meta feed) is written here, each cell through `spreadsheetSafe` (app/rules/spreadsheet.ts), so
 * no cell of any of them opens as a formula in Excel or LibreOffice, whichever module made the row.
 * Quoting is csv-stringify's (RFC 4180: a cell with a comma, a quote or a line break is quoted, its
 * quotes doubled), and a cell with a carriage return is quoted too, which csv-stringify leaves
 * bare when records end with LF alone: Excel reads a bare one as the end of a row. No other module imports csv-stringify (spreadsheet-csv.server.test.ts checks).
 */
import { stringify } from "csv-stringify/sync";
import { spreadsheetSafe } from "~/rules/spreadsheet";

/**
 * How a file is laid out: `bom` starts it with a UTF-8 byte-order mark (without one Excel shows
 * Bangla as mojibake); `crlf` ends each record with CRLF, as Windows does, instead of LF.
 */
export type SpreadsheetCsvOptions = { bom?: boolean; crlf?: boolean };

/**
 * `rows` as CSV text, a record per row (each ended by its line break), every cell spreadsheet-safe:
 * one that starts with = + - @, a tab or a carriage return gets a leading apostrophe, which the
 * product import removes again (`unescapeCell`).
 */
export function spreadsheetCsv(
  rows: readonly (readonly string[])[],
  { bom = false, crlf = false }: SpreadsheetCsvOptions = {},
): string {
  return stringify(
    rows.map((row) => row.map(spreadsheetSafe)),
    { bom, record_delimiter: crlf ? "windows" : "unix", quoted_match: /\r/ },
  );
}
