/**
 * AdminTable marks each row's cells for the phone's card from its columns: the first cell is the
 * card's title, the last its actions, the others values labelled with their column's header (a
 * label a cell brings is kept, a column can say its part), also when a row's cells come in a
 * fragment; a list with its own phone cards (`cards={false}`) keeps its rows as they are. Rendered
 * with react-dom/server: the attributes are read in the markup.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AdminTable, type AdminColumn } from "./admin-table";

const columns: AdminColumn[] = [{ label: "Name" }, { label: "Price" }, { label: "Stock" }, { label: "Actions" }];

/** The opening `<td …>` tags of the table's body, in order. */
function cellTags(markup: string): string[] {
  return (markup.split("<tbody")[1] ?? "").match(/<td[^>]*>/g) ?? [];
}

describe("AdminTable", () => {
  it("marks the title, the labelled values and the actions of a row, its cells in a fragment or not", () => {
    const markup = renderToStaticMarkup(
      <AdminTable columns={columns}>
        <tr>
          <td>Lamp</td>
          <td>৳10.00</td>
          <td data-label="Units">3</td>
          <td>Edit</td>
        </tr>
        <tr>
          <>
            <td>Fan</td>
            <td>৳20.00</td>
            <td>4</td>
          </>
          <td>Edit</td>
        </tr>
      </AdminTable>,
    );
    const expected = [
      '<td data-card="title">',
      '<td data-label="Price">',
      '<td data-label="Units">',
      '<td data-card="actions">',
    ];
    expect(cellTags(markup)).toEqual([...expected, ...expected.map((tag) => tag.replace("Units", "Stock"))]);
  });

  it("lets a column say its part: a table whose last column is a value has no actions", () => {
    const markup = renderToStaticMarkup(
      <AdminTable columns={[{ label: "What" }, { label: "Details", card: "value" }]}>
        <tr>
          <td>Signed in</td>
          <td>—</td>
        </tr>
      </AdminTable>,
    );
    expect(cellTags(markup)).toEqual(['<td data-card="title">', '<td data-label="Details">']);
  });

  it("leaves the rows of a list with its own phone cards as they are: no marks, no card classes", () => {
    const markup = renderToStaticMarkup(
      <AdminTable columns={columns} cards={false}>
        <tr className="max-sm:flex">
          <td>Lamp</td>
          <td>৳10.00</td>
          <td>3</td>
          <td>View</td>
        </tr>
      </AdminTable>,
    );
    expect(cellTags(markup)).toEqual(["<td>", "<td>", "<td>", "<td>"]);
    expect(markup).not.toContain("[&amp;&gt;tr]");
  });
});
