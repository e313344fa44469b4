import type { ReactNode } from "react";
import { useAdminT } from "~/hooks/use-admin-t";

/** A column of a report table: its header and whether its figures align right. */
export type ReportColumn = { label: string; numeric?: boolean };

/**
 * One of the reports' tables: a header row, the `rows` (each an array of cells in the columns'
 * order; the first cell names the row, as its `<th scope="row">`) and an optional `total` row in
 * the footer. It keeps its columns on a phone and scrolls sideways inside its frame (a labelled,
 * focusable region, so a keyboard can scroll it), the first column staying in view; the figures
 * use tabular digits.
 */
export function ReportTable({
  label,
  columns,
  rows,
  total,
  testId,
}: {
  /** The table's name for screen readers (its section's heading). */
  label: string;
  columns: ReportColumn[];
  rows: { key: string; cells: ReactNode[] }[];
  total?: ReactNode[];
  testId: string;
}) {
  const t = useAdminT();
  const align = (index: number) =>
    columns[index]?.numeric ? "text-right tabular-nums whitespace-nowrap" : "text-left";
  // The first column stays in view as the others scroll under it, so its cells are opaque: their
  // own background (the rows are transparent, "bg-inherit" would let the scrolled cells show
  // through), white in the body, stone in the header and footer as theirs.
  const first = "sticky left-0 min-w-32";
  // A row's cells: the first names the row (its header cell), the others in their column's alignment.
  const cellsOf = (cells: ReactNode[], weight: string, background: string) =>
    cells.map((cell, index) =>
      index === 0 ? (
        <th key={index} scope="row" className={`px-3 py-2 text-left ${weight} ${first} ${background}`}>
          {cell}
        </th>
      ) : (
        <td key={index} className={`px-3 py-2 ${align(index)}`}>
          {cell}
        </td>
      ),
    );
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-stone-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
    >
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">
          {label}. {t("admin.reports.scrollHint")}
        </caption>
        <thead className="bg-stone-50 text-stone-600">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.label}
                scope="col"
                className={`px-3 py-2 font-medium ${align(index)} ${index === 0 ? `${first} bg-stone-50` : ""}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 bg-white">
          {rows.map((row) => (
            <tr key={row.key}>{cellsOf(row.cells, "font-normal", "bg-white")}</tr>
          ))}
        </tbody>
        {total ? (
          <tfoot className="border-t-2 border-stone-200 bg-stone-50 font-semibold">
            <tr>{cellsOf(total, "", "bg-stone-50")}</tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
