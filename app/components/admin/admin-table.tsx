import type { ReactNode } from "react";

/** A column of an admin list: its header text, shown or for screen readers only, and alignment. */
export type AdminColumn = { label: string; srOnly?: boolean; align?: "right" };

/**
 * Classes that turn the table's rows into cards below the `sm` breakpoint (640 px), so that a list
 * fits a 360 px phone without sideways scrolling: each row wraps its cells like words, a cell with
 * `data-label` shows that label before its value, and a cell with `data-wide` takes a whole line.
 * CSS only: it works without JavaScript. The header row stays for screen readers.
 */
const CARD_ROWS = [
  "max-sm:block",
  "max-sm:[&>tr]:flex max-sm:[&>tr]:flex-wrap max-sm:[&>tr]:items-baseline",
  "max-sm:[&>tr]:gap-x-4 max-sm:[&>tr]:gap-y-1 max-sm:[&>tr]:px-4 max-sm:[&>tr]:py-3",
  "max-sm:[&>tr>td]:p-0 max-sm:[&>tr>td]:text-left",
  "max-sm:[&>tr>td[data-wide]]:basis-full",
  "max-sm:[&>tr>td[data-label]]:before:text-stone-600 max-sm:[&>tr>td[data-label]]:before:content-[attr(data-label)_':_']",
].join(" ");

/**
 * The back office's list table (products, categories, orders): a header row of `columns`
 * (`<th scope="col">`) and the rows as `children` (`<tr>` elements); from 640 px a table in a frame
 * that scrolls if it must, below that one card per row (see CARD_ROWS).
 */
export function AdminTable({ columns, children }: { columns: AdminColumn[]; children: ReactNode }) {
  return (
    <div className="relative rounded-lg border border-stone-200 bg-white sm:overflow-x-auto">
      <table className="w-full text-left text-sm max-sm:block">
        <thead className="bg-stone-50 text-stone-600 max-sm:sr-only">
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
        <tbody className={`divide-y divide-stone-100 ${CARD_ROWS}`}>{children}</tbody>
      </table>
    </div>
  );
}
