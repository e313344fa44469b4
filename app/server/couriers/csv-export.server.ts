/**
 * The courier CSV export (docs/decisions/029-courier-hand-off.md): the chosen orders as a file in
 * the chosen columns, written by the shop's one CSV writer (`spreadsheetCsv`: RFC 4180 quoting, every
 * cell spreadsheet-safe; here with CRLF line ends, UTF-8), and the
 * columns staff chose, remembered for next time.
 */
import { listOrdersForCourierCsv } from "~/models/orders/courier.server";
import { saveCourierCsvColumns } from "~/models/settings.server";
import { CSV_COLUMNS, CSV_HEADINGS, csvRow, isCsvColumn, type CsvColumn } from "~/rules/courier-csv";
import { spreadsheetCsv } from "~/server/spreadsheet-csv.server";

/**
 * The columns the picker's `form` ticked (`column` fields), ordered by their `position-<column>`
 * numbers; ties and blanks keep the picker's order. Empty when none is ticked.
 */
export function chosenCsvColumns(form: FormData): CsvColumn[] {
  const ticked = new Set(form.getAll("column").map(String).filter(isCsvColumn));
  return CSV_COLUMNS.map((column, index) => {
    const typed = Number.parseInt(String(form.get(`position-${column}`) ?? ""), 10);
    return { column, position: Number.isFinite(typed) ? typed : 1000 + index, index };
  })
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .filter((row) => ticked.has(row.column))
    .map((row) => row.column);
}

/**
 * The CSV text of the orders `orderIds` (those that exist, oldest first) with a heading row, in
 * `columns`' order. `forExcel` starts the file with a UTF-8 byte-order mark, without which Excel
 * shows Bangla text as mojibake; a courier's portal may not expect one, so it is a choice.
 */
async function courierCsv(
  orderIds: number[],
  columns: readonly CsvColumn[],
  { forExcel = false }: { forExcel?: boolean } = {},
): Promise<string> {
  const orders = await listOrdersForCourierCsv(orderIds);
  return spreadsheetCsv(
    [columns.map((column) => CSV_HEADINGS[column]), ...orders.map((order) => csvRow(order, columns))],
    { bom: forExcel, crlf: true },
  );
}

/**
 * The download of the orders `orderIds` as a CSV file in `columns` (see `courierCsv`), named
 * haat-orders-<UTC yyyymmddhhmm>.csv and never stored by a cache; `columns` become the shop's
 * remembered choice (ShopSettings.courierCsvColumns).
 */
export async function courierCsvDownload(
  orderIds: number[],
  columns: CsvColumn[],
  options: { forExcel: boolean },
): Promise<Response> {
  await saveCourierCsvColumns(columns);
  const csv = await courierCsv(orderIds, columns, options);
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, "");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="haat-orders-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
