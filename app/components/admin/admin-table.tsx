import type { ReactNode } from "react";

/** A column of an admin list: its header text, shown or for screen readers only, and alignment. */
export type AdminColumn = { label: string; srOnly?: boolean; align?: "right" };

/**
 * The back office's list table (products, categories, orders): a scrolling frame, a header row of
 * `columns` (`<th scope="col">`), and the rows as `children` (`<tr>` elements).
 */
export function AdminTable({ columns, children }: { columns: AdminColumn[]; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-stone-50 text-stone-600">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.align === "right" ? "px-4 py-3 text-right" : "px-4 py-3"}
              >
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}
