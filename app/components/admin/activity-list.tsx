import type { ReactNode } from "react";
import { Pagination } from "~/components/pagination";
import { useAdminT } from "~/hooks/use-admin-t";
import { AdminTable, type AdminColumn } from "./admin-table";

/**
 * A paged list of trail rows (the activity list, the refused sign-ins): `empty` when there are no
 * rows, else `count` above the admin table of `columns` (cards on a phone) with one row per row
 * (`children(row)`: its `<td>` cells) and the page links. `name` makes the test ids:
 * `<name>-empty`, `<name>-list`, `<name>-row`.
 */
export function ActivityList<Row extends { id: number }>({
  name,
  rows,
  empty,
  count,
  page,
  pageCount,
  columns,
  children,
}: {
  name: string;
  columns: AdminColumn[];
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
      <AdminTable columns={columns} testId={`${name}-list`}>
        {rows.map((row) => (
          <tr key={row.id} className="align-top" data-testid={`${name}-row`}>
            {children(row)}
          </tr>
        ))}
      </AdminTable>
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}

/**
 * Where a trail row came from, under its time: "from 203.0.113.5" (the address as the loader's
 * `readableAddress` gave it, never translated by the browser), or "from this computer" for the server's own machine.
 */
export function FromAddress({ address }: { address: { loopback: boolean; text: string } }) {
  const t = useAdminT();
  if (address.loopback) return <span className="block">{t("admin.activity.from.thisComputer")}</span>;
  return (
    <span className="block" translate="no">
      {t("admin.activity.from.address", { address: address.text })}
    </span>
  );
}
