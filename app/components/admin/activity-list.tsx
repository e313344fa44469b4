import type { ReactNode } from "react";
import { Pagination } from "~/components/pagination";

/**
 * A paged list of trail rows (the activity list, the refused sign-ins): `empty` when there are no
 * rows, else `count` above an ordered list with one item per row (`children(row)`) and the page
 * links. `name` makes the test ids: `<name>-empty`, `<name>-list`, `<name>-row`.
 */
export function ActivityList<Row extends { id: number }>({
  name,
  rows,
  empty,
  count,
  page,
  pageCount,
  children,
}: {
  name: string;
  rows: Row[];
  empty: string;
  count: string;
  page: number;
  pageCount: number;
  children: (row: Row) => ReactNode;
}) {
  if (rows.length === 0) {
    return (
      <p
        className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center"
        data-testid={`${name}-empty`}
      >
        {empty}
      </p>
    );
  }
  return (
    <div>
      <p className="mb-2 text-sm text-stone-600">{count}</p>
      <ol
        className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white"
        data-testid={`${name}-list`}
      >
        {rows.map((row) => (
          <li key={row.id} className="px-4 py-3 text-sm" data-testid={`${name}-row`}>
            {children(row)}
          </li>
        ))}
      </ol>
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
