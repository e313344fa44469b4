/**
 * The courier CSV export (docs/decisions/029-courier-hand-off.md): the chosen orders as a file in
 * the chosen columns, written by csv-stringify (RFC 4180 quoting, CRLF line ends, UTF-8).
 */
import { stringify } from "csv-stringify/sync";
import { listOrdersForCourierCsv } from "~/models/courier.server";
import { CSV_HEADINGS, csvRow, type CsvColumn } from "~/rules/courier-csv";

/**
 * The CSV text of the orders `orderIds` (those that exist, oldest first) with a heading row, in
 * `columns`' order. `forExcel` starts the file with a UTF-8 byte-order mark, without which Excel
 * shows Bangla text as mojibake; a courier's portal may not expect one, so it is a choice.
 */
export async function courierCsv(
  orderIds: number[],
  columns: readonly CsvColumn[],
  { forExcel = false }: { forExcel?: boolean } = {},
): Promise<{ csv: string; rows: number }> {
  const orders = await listOrdersForCourierCsv(orderIds);
  const csv = stringify(
    [columns.map((column) => CSV_HEADINGS[column]), ...orders.map((order) => csvRow(order, columns))],
    {
      bom: forExcel,
      record_delimiter: "windows",
    },
  );
  return { csv, rows: orders.length };
}
