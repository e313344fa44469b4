/**
 * The admin products list, with JavaScript on and off: its columns (Name, Price in taka, Category,
 * Edit named after the product, no Delete), alphabetical order, and paging with ?page= in the
 * address, a search kept in the address and the search box from page to page.
 *
 * Other specs run in parallel against the same server and database. The products the search test
 * pages through are inserted directly into the database (tests/e2e/e2e-env.ts E2E_DB_PATH) under a
 * name unique to the test and project, and deleted in `finally`. They are named to sort last
 * ("zzz …"), without the search words other specs use, so the lists and searches they page through
 * stay as they expect.
 */
import type { Page } from "@playwright/test";
import { expect, rendered, signIn, taka, test, uniqueTag } from "./fixtures";
import { deleteCategory, insertCategory, sqliteDate, withDb } from "./e2e-db";
import { PAGE_SIZE, SETTLED, pager } from "./admin-lists";

/**
 * Inserts products without images or options, each with its default variant at `pricePaisa` (one
 * transaction); returns their ids in the order given.
 */
function insertProducts(products: { name: string; pricePaisa: number; categoryId: number | null }[]): number[] {
  return withDb((db) => {
    const now = sqliteDate(new Date());
    const insert = db.prepare(
      `INSERT INTO Product (name, slug, description, minPricePaisa, maxPricePaisa, categoryId, isFeatured, createdAt, updatedAt)
       VALUES (?, ?, 'Inserted by admin-product-list.spec.ts', ?, ?, ?, 0, ?, ?)`,
    );
    const insertVariant = db.prepare(
      `INSERT INTO ProductVariant (productId, combinationKey, pricePaisa, stockQuantity, isActive, position)
       VALUES (?, '', ?, 0, 1, 0)`,
    );
    return db.transaction(() =>
      products.map((p) => {
        const slug = p.name.toLowerCase().replace(/\W+/g, "-");
        const id = Number(insert.run(p.name, slug, p.pricePaisa, p.pricePaisa, p.categoryId, now, now).lastInsertRowid);
        insertVariant.run(id, p.pricePaisa);
        return id;
      }),
    )();
  });
}

function deleteProducts(ids: number[]) {
  withDb((db) => {
    const remove = db.prepare(`DELETE FROM Product WHERE id = ?`);
    db.transaction(() => ids.forEach((id) => remove.run(id)))();
  });
}

/**
 * Each product row: its cell texts and the links of its actions cell. The name is the English one
 * (the Bangla name under it left out), the price without the count of variants under it.
 */
async function productRows(page: Page) {
  return page.getByTestId("product-row").evaluateAll((rows) =>
    rows.map((row) => {
      const cells = Array.from((row as HTMLTableRowElement).cells).map((cell) => {
        const under = cell.querySelector('[data-testid="product-name-bn"], [data-testid="product-variant-count"]');
        const text = cell.innerText.trim();
        return (under ? text.replace((under as HTMLElement).innerText.trim(), "") : text).trim();
      });
      const links = Array.from(row.querySelectorAll("a")).map((a) => ({
        text: (a.textContent ?? "").trim(),
        label: a.getAttribute("aria-label"),
        href: a.getAttribute("href"),
      }));
      return { name: cells[0]!, price: cells[1]!, category: cells[2]!, links };
    }),
  );
}

/**
 * Each product row has one link, Edit, to its edit page, named after it: no Delete (a product is
 * deleted from its own page).
 */
function expectEditOnly(rows: Awaited<ReturnType<typeof productRows>>) {
  for (const row of rows) {
    const id = /^\/admin\/products\/edit\/(\d+)$/.exec(row.links[0]?.href ?? "")?.[1];
    expect(id, `Edit link of ${row.name}`).toBeDefined();
    expect(row.links, row.name).toEqual([
      { text: "Edit", label: `Edit ${row.name}`, href: `/admin/products/edit/${id}` },
    ]);
  }
}

test.describe("products list", () => {
  test("shows Name, Price, Category, Stock and Edit (no Delete) with ৳ prices, and pages the demo catalogue with ?page= in the address", async ({
    page,
  }) => {
    test.slow(); // many rows and navigations, on a machine shared with other test runs
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText([
      "Name",
      "Price",
      "Category",
      "Featured",
      "Stock",
      "Actions",
    ]);

    // More products than one page holds: a full first page and a way to the next.
    const rows = page.getByTestId("product-row");
    await expect(rows).toHaveCount(PAGE_SIZE);
    const status = page.getByTestId("pagination-status");
    await expect(status).toHaveText(/^Page 1 of [2-9]$/);
    await expect(pager(page).getByRole("link", { name: "Previous page" })).toHaveCount(0);
    const first = await productRows(page);
    expectEditOnly(first);
    // One price (a sale price beside it), or the range of a product's variants' prices.
    for (const row of first) expect(row.price, row.name).toMatch(/^৳[\d,]+\.\d{2}((\s*|\s+–\s+)৳[\d,]+\.\d{2})?$/);
    // The demo products show their category's name; the names come in alphabetical order.
    const demoCategories = withDb((db) =>
      (db.prepare(`SELECT name FROM Category`).all() as { name: string }[]).map((c) => c.name),
    );
    expect(first.filter((row) => demoCategories.includes(row.category)).length).toBeGreaterThan(PAGE_SIZE / 2);
    const firstNames = first.map((row) => row.name);
    expect([...firstNames].sort(byCodeUnits)).toEqual(firstNames);

    // One product in a category and without options, checked against the database: its price in
    // taka (its one variant's, with the sale price beside it) and its category.
    const known = withDb(
      (db) =>
        db
          .prepare(
            `SELECT p.name, v.pricePaisa, v.discountedPricePaisa, c.name AS category
             FROM Product p JOIN Category c ON c.id = p.categoryId
               JOIN ProductVariant v ON v.productId = p.id AND v.combinationKey = ''
             WHERE p.name IN (SELECT value FROM json_each(?))
               AND NOT EXISTS (SELECT 1 FROM ProductOption o WHERE o.productId = p.id)
             ORDER BY p.name LIMIT 1`,
          )
          .get(JSON.stringify(firstNames)) as
          { name: string; pricePaisa: number; discountedPricePaisa: number | null; category: string } | undefined,
    );
    if (!known) throw new Error("No product of the first page without options is in a category");
    const knownRow = first.find((row) => row.name === known.name)!;
    expect(knownRow.price.replace(/\s+/g, "")).toBe(
      taka(known.pricePaisa) + (known.discountedPricePaisa === null ? "" : taka(known.discountedPricePaisa)),
    );
    expect(knownRow.category).toBe(known.category);

    await pager(page).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/admin\/products\?page=2$/);
    await rendered(page);
    await expect(status).toHaveText(/^Page 2 of [2-9]$/, SETTLED);
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText("Page 2");
    const second = await productRows(page);
    expect(second.length).toBeGreaterThan(0);
    expectEditOnly(second);
    // Different products, further on in the alphabet (a product added or removed meanwhile by
    // another spec can move one row across the page boundary: those are left out).
    const newOnSecond = second.map((row) => row.name).filter((name) => !firstNames.includes(name));
    expect(newOnSecond.length).toBeGreaterThan(0);
    for (const name of newOnSecond) expect(byCodeUnits(name, firstNames.at(-1)!), name).toBeGreaterThanOrEqual(0);

    await pager(page).getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await rendered(page);
    await expect(status).toHaveText(/^Page 1 of [2-9]$/, SETTLED);
  });

  test("a search is kept in the address, the search box and the delete links when paging", async ({
    page,
  }, testInfo) => {
    test.slow(); // many rows and navigations, on a machine shared with other test runs
    const tag = uniqueTag(testInfo);
    const term = `E2E Pg ${tag}`;
    const categoryName = `zzz E2E Pg Cat ${tag}`;
    const categoryId = insertCategory(categoryName);
    // 53 products: 50 on the first page, 3 on the second; names sort by their number.
    const products = Array.from({ length: PAGE_SIZE + 3 }, (_, i) => ({
      name: `zzz ${term} ${String(i + 1).padStart(3, "0")}`,
      pricePaisa: (i + 1) * 100_000 + 50,
      categoryId,
    }));
    const ids = insertProducts(products);
    try {
      await signIn(page);
      await page.getByLabel("Search products by name").fill(term);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/admin/products" && url.search === `?q=${q(term)}`);
      await rendered(page);
      const status = page.getByTestId("pagination-status");
      // The unfiltered list may also have two pages: wait for this search's first product.
      const rows = page.getByTestId("product-row");
      await expect(rows.first().getByRole("cell").first()).toHaveText(products[0]!.name, SETTLED);
      await expect(status).toHaveText("Page 1 of 2");
      await expect(rows).toHaveCount(PAGE_SIZE);
      const first = await productRows(page);
      expect(first.map((row) => row.name)).toEqual(products.slice(0, PAGE_SIZE).map((p) => p.name));
      expect(first[0]!.price).toBe("৳1,000.50");
      expect(first[0]!.category).toBe(categoryName);
      expectEditOnly(first);

      await pager(page).getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL(
        (url) => url.pathname === "/admin/products" && url.search === `?q=${q(term)}&page=2`,
      );
      await rendered(page);
      await expect(status).toHaveText("Page 2 of 2", SETTLED);
      await expect(rows).toHaveCount(3);
      await expect(pager(page).getByRole("link", { name: "Next page" })).toHaveCount(0);
      await expect(page.getByLabel("Search products by name")).toHaveValue(term);
      await expect(page.getByRole("link", { name: "Clear search" })).toBeVisible();
      const second = await productRows(page);
      expect(second.map(({ name, price, category }) => ({ name, price, category }))).toEqual(
        products.slice(PAGE_SIZE).map((p) => ({ name: p.name, price: taka(p.pricePaisa), category: categoryName })),
      );
      expect(second[2]!.price).toBe("৳53,000.50");
      expectEditOnly(second);

      await pager(page).getByRole("link", { name: "Previous page" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/admin/products" && url.search === `?q=${q(term)}`);
      await rendered(page);
      await expect(status).toHaveText("Page 1 of 2", SETTLED);
      await expect(page.getByLabel("Search products by name")).toHaveValue(term);
    } finally {
      deleteProducts(ids);
      deleteCategory(categoryId);
    }
  });
});

/** A query value as URLSearchParams writes it (spaces as +). */
const q = (value: string) => new URLSearchParams({ q: value }).toString().slice(2);

/** Compares as SQLite's default BINARY collation orders the (BMP-only) names: by code point. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
