/**
 * The product grids' columns by screen width: /products has 1, 2 and 3 columns,
 * the home page's 'Featured Products' 1, 2 and 4, at 360, 768 and 1280 px. Measured from the
 * rendered layout; the columns are CSS on server-rendered markup, so they are checked without
 * JavaScript.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, serverMarkupOnly, test } from "./fixtures";

/**
 * The columns of the grid holding `card` and its sibling cards, measured two ways from the
 * rendered layout: the tracks of the computed grid-template-columns, and the distinct left edges
 * of the cards in the first row.
 */
async function gridColumns(card: Locator) {
  return card.evaluate((article) => {
    const grid = article.parentElement!;
    const tracks = getComputedStyle(grid).gridTemplateColumns.trim().split(/\s+/).length;
    const boxes = [...grid.children].map((child) => child.getBoundingClientRect());
    const firstRowTop = Math.min(...boxes.map((box) => Math.round(box.top)));
    const firstRow = boxes.filter((box) => Math.round(box.top) === firstRowTop);
    const lefts = new Set(firstRow.map((box) => Math.round(box.left)));
    return { tracks, firstRowCards: lefts.size, cards: boxes.length };
  });
}

const GRIDS = [
  {
    name: "the /products grid",
    path: "/products",
    card: (page: Page) => page.getByRole("main").getByRole("article").first(),
    columns: { 360: 1, 768: 2, 1280: 3 },
  },
  {
    name: "the home page's 'Featured Products' grid",
    path: "/",
    card: (page: Page) => page.getByRole("region", { name: "Featured Products" }).getByRole("article").first(),
    columns: { 360: 1, 768: 2, 1280: 4 },
  },
] as const;

for (const grid of GRIDS) {
  const widths = Object.entries(grid.columns).map(([width, columns]) => [Number(width), columns] as const);
  test(`${grid.name} has ${widths.map(([w, c]) => `${c} column${c > 1 ? "s" : ""} at ${w} px`).join(", ")}`, async ({
    page,
  }) => {
    serverMarkupOnly("grid columns are CSS on server-rendered markup");
    await page.setViewportSize({ width: widths[0]![0], height: 900 });
    await page.goto(grid.path);
    const card = grid.card(page);
    await expect(card).toBeVisible();
    for (const [width, columns] of widths) {
      await page.setViewportSize({ width, height: 900 });
      // Enough cards to fill a row, or a missing column could not show.
      expect((await gridColumns(card)).cards, `cards in ${grid.name}`).toBeGreaterThanOrEqual(columns);
      await expect
        .poll(() => gridColumns(card), { message: `${grid.name} at ${width} px` })
        .toMatchObject({ tracks: columns, firstRowCards: columns });
    }
  });
}
