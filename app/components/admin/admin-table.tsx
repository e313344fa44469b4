import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

/**
 * A column of an admin list: its header text, shown or for screen readers only, its alignment, and
 * its part in a phone's card (`card`): the card's heading (`title`, no label), its row of controls
 * at the bottom (`actions`, no label) or a labelled value (`value`). Left out, the first column is
 * the title, the last the actions, the others values.
 */
export type AdminColumn = {
  label: string;
  srOnly?: boolean;
  align?: "right";
  card?: "title" | "actions" | "value";
};

/**
 * Classes that turn the table's rows into cards below the `sm` breakpoint (640 px), so that a list
 * fits a 360 px phone without sideways scrolling, with everything in the same place on every card:
 * the title cell first (`data-card="title"`), then one line per value with its column's label at
 * the left and the value beside it (`data-label`, the label in a 7.5 rem column, the value wrapping
 * in the rest), then the actions (`data-card="actions"`) as a row at the bottom: their links and
 * buttons at least 44 px tall, the first at the left and the last (Delete) at the right end.
 * CSS only: it works without JavaScript. The header row stays for screen readers.
 */
const CARD_ROWS = [
  "max-sm:block",
  "max-sm:[&>tr]:flex max-sm:[&>tr]:flex-col max-sm:[&>tr]:gap-1.5 max-sm:[&>tr]:px-4 max-sm:[&>tr]:py-3",
  "max-sm:[&>tr>td]:block max-sm:[&>tr>td]:p-0 max-sm:[&>tr>td]:text-left max-sm:[&>tr>td]:break-words",
  "max-sm:[&>tr>td[data-card=title]]:text-base max-sm:[&>tr>td[data-card=title]]:font-semibold",
  // A value beside its label: the label floats in the cell's left padding, the cell contains it.
  "max-sm:[&>tr>td[data-label]]:flow-root max-sm:[&>tr>td[data-label]]:pl-[7.5rem]",
  "max-sm:[&>tr>td[data-label]]:before:float-left max-sm:[&>tr>td[data-label]]:before:-ml-[7.5rem]",
  "max-sm:[&>tr>td[data-label]]:before:w-[7rem] max-sm:[&>tr>td[data-label]]:before:text-stone-600",
  "max-sm:[&>tr>td[data-label]]:before:font-sans max-sm:[&>tr>td[data-label]]:before:text-sm",
  "max-sm:[&>tr>td[data-label]]:before:font-normal",
  "max-sm:[&>tr>td[data-label]]:before:content-[attr(data-label)]",
  // The actions: a row at the bottom, first control at the left, the last at the right end.
  "max-sm:[&>tr>td[data-card=actions]]:mt-1 max-sm:[&>tr>td[data-card=actions]]:flex",
  "max-sm:[&>tr>td[data-card=actions]]:flex-wrap max-sm:[&>tr>td[data-card=actions]]:items-center",
  "max-sm:[&>tr>td[data-card=actions]]:justify-between max-sm:[&>tr>td[data-card=actions]]:gap-x-6",
  "max-sm:[&>tr>td[data-card=actions]]:gap-y-2",
  "max-sm:[&>tr>td[data-card=actions]>a]:inline-flex max-sm:[&>tr>td[data-card=actions]>a]:min-h-11",
  "max-sm:[&>tr>td[data-card=actions]>a]:items-center max-sm:[&>tr>td[data-card=actions]>a]:ml-0",
].join(" ");

/**
 * Below `sm`, for a list that lays out its own phone card (`cards={false}`): the table and its body
 * are blocks; the rows and their cells are left to the rows' own classes.
 */
const OWN_ROWS = "max-sm:block";

/** The cells of a row element, fragments unwrapped (a row's cells may come as a fragment). */
function cellsOf(children: ReactNode): ReactNode[] {
  return Children.toArray(children).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment
      ? cellsOf(child.props.children)
      : [child],
  );
}

type CellProps = { "data-label"?: string; "data-card"?: string; children?: ReactNode };

/**
 * `row` with its cells marked for the phone's card from `columns`: the `i`th `<td>` gets
 * `data-card` (title or actions) or, as a value, `data-label` (its column's label) unless it has
 * one already. Anything else (not a `<tr>`, or a row of other cells) is returned as it is.
 */
function markRow(row: ReactNode, columns: AdminColumn[]): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(row) || row.type !== "tr") return row;
  let index = 0;
  const cells = cellsOf(row.props.children).map((cell) => {
    if (!isValidElement<CellProps>(cell) || cell.type !== "td") return cell;
    const column = columns[index];
    const part = column?.card ?? (index === 0 ? "title" : index === columns.length - 1 ? "actions" : "value");
    index += 1;
    if (!column) return cell;
    if (part !== "value") return cloneElement(cell as ReactElement<CellProps>, { "data-card": part });
    return cloneElement(cell as ReactElement<CellProps>, { "data-label": cell.props["data-label"] ?? column.label });
  });
  return cloneElement(row, {}, ...cells);
}

/**
 * The back office's list table (products, categories, orders, staff, blocklist, activity): a header
 * row of `columns` (`<th scope="col">`) and the rows as `children` (`<tr>` elements, their cells
 * `<td>` in the columns' order); from 640 px a table in a frame that scrolls if it must, below that
 * one card per row (see CARD_ROWS), its cells marked from `columns` (see `AdminColumn.card`), or,
 * with `cards={false}`, rows that make their own compact card (see OWN_ROWS).
 */
export function AdminTable({
  columns,
  children,
  testId,
  cards = true,
}: {
  columns: AdminColumn[];
  children: ReactNode;
  /** The table's `data-testid`. */
  testId?: string;
  /** False: below 640 px each row lays out its own card (the orders list's one-link cards). */
  cards?: boolean;
}) {
  return (
    <div className="relative rounded-lg border border-stone-200 bg-white sm:overflow-x-auto">
      <table className="w-full text-left text-sm max-sm:block" data-testid={testId}>
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
        <tbody className={`divide-y divide-stone-100 ${cards ? CARD_ROWS : OWN_ROWS}`}>
          {cards ? Children.map(children, (row) => markRow(row, columns)) : children}
        </tbody>
      </table>
    </div>
  );
}
