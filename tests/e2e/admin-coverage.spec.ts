/**
 * Back-office gaps the other admin specs leave (spec sections 2 and 8), with JavaScript on and off:
 * paging the products and orders lists (the page, the search and the status filter kept in the
 * address), the lists' columns and taka amounts, a missing order, a category without an image, the
 * category delete question, and the product form's 'Saving...' state.
 *
 * Other specs run in parallel against the same server and database. Rows this spec needs in bulk
 * (products, orders, categories) are inserted directly into the database (tests/e2e/e2e-env.ts
 * E2E_DB_PATH) under a name unique to the test and project, and deleted in `finally`. Products are
 * named to sort last ("zzz …"), without the search words other specs use, so the lists and
 * searches they page through stay as they expect.
 */
import type { Page, TestInfo } from "@playwright/test";
import { expect, filterOrders, jsEnabled, rendered, signIn, test } from "./fixtures";
import { withDb } from "./e2e-db";

/** Rows per admin list page (app/rules/pagination.ts ADMIN_PAGE_SIZE). */
const PAGE_SIZE = 50;

/**
 * For the first check after a list navigation. With JavaScript the address changes before React
 * commits the new page (Remix renders navigations in a transition); on the shared 2-core machine
 * under load that render of 50 rows has been seen to take more than the default 5 s.
 */
const SETTLED = { timeout: 15_000 };

/** Prisma's SQLite DateTime text: 2026-11-21T04:00:00.000+00:00. */
const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00");

/**
 * A tag unique to this test and project, in digits only: the names built from it contain none of
 * the words other specs search the catalogue for ("a", "fan", "lamp", "light"…).
 */
function uniqueTag(testInfo: TestInfo): string {
  return `${testInfo.project.name} ${Date.now() % 1e9}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
}

/** "৳1,23,456.78" from paisa, as the app formats money (en-IN grouping, two decimals). */
const taka = (paisa: number) =>
  `৳${(paisa / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The same amount with the sign after it, as the orders list shows totals: "1,234.50 ৳". */
const takaAfter = (paisa: number) => `${taka(paisa).slice(1)} ৳`;

/** Inserts a category without an image; returns its id. */
function insertCategory(name: string): number {
  return withDb((db) => {
    const now = sqliteDate(new Date());
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    return Number(
      db
        .prepare(`INSERT INTO Category (name, slug, imageId, createdAt, updatedAt) VALUES (?, ?, NULL, ?, ?)`)
        .run(name, slug, now, now).lastInsertRowid,
    );
  });
}

function deleteCategory(id: number) {
  withDb((db) => db.prepare(`DELETE FROM Category WHERE id = ?`).run(id));
}

/** Inserts products without images (one transaction); returns their ids in the order given. */
function insertProducts(products: { name: string; pricePaisa: number; categoryId: number | null }[]): number[] {
  return withDb((db) => {
    const now = sqliteDate(new Date());
    const insert = db.prepare(
      `INSERT INTO Product (name, slug, description, pricePaisa, discountedPricePaisa, categoryId, isFeatured, createdAt, updatedAt)
       VALUES (?, ?, 'Inserted by admin-coverage.spec.ts', ?, NULL, ?, 0, ?, ?)`,
    );
    return db.transaction(() =>
      products.map((p) =>
        Number(
          insert.run(p.name, p.name.toLowerCase().replace(/\W+/g, "-"), p.pricePaisa, p.categoryId, now, now)
            .lastInsertRowid,
        ),
      ),
    )();
  });
}

function deleteProducts(ids: number[]) {
  withDb((db) => {
    const remove = db.prepare(`DELETE FROM Product WHERE id = ?`);
    db.transaction(() => ids.forEach((id) => remove.run(id)))();
  });
}

type OrderFields = {
  name: string;
  status: string;
  createdAt: Date;
  /** One line item, or none. */
  item: { productName: string; quantity: number; unitPaisa: number } | null;
};

const SHIPPING_PAISA = 6000;

/** Inserts orders (one transaction); returns their ids in the order given. */
function insertOrders(orders: OrderFields[]): number[] {
  return withDb((db) => {
    const insertOrder = db.prepare(
      `INSERT INTO "Order" (createdAt, updatedAt, customerName, customerPhone, customerAddress, shippingMethod,
         shippingFeePaisa, subtotalPaisa, totalPaisa, status, paymentStatus, itemCount, checkoutToken)
       VALUES (?, ?, ?, '01712345678', 'Road 1, Dhaka', 'Inside Dhaka', ?, ?, ?, ?, 'pending', ?, ?)`,
    );
    const insertItem = db.prepare(
      `INSERT INTO OrderItem (orderId, productId, productName, unitPricePaisa, quantity, subtotalPaisa) VALUES (?, NULL, ?, ?, ?, ?)`,
    );
    return db.transaction(() =>
      orders.map((order) => {
        const created = sqliteDate(order.createdAt);
        const subtotal = order.item ? order.item.quantity * order.item.unitPaisa : 0;
        const id = Number(
          insertOrder.run(
            created,
            created,
            order.name,
            SHIPPING_PAISA,
            subtotal,
            subtotal + SHIPPING_PAISA,
            order.status,
            order.item?.quantity ?? 0,
            `e2e-coverage-${Math.random()}`,
          ).lastInsertRowid,
        );
        if (order.item) {
          insertItem.run(id, order.item.productName, order.item.unitPaisa, order.item.quantity, subtotal);
        }
        return id;
      }),
    )();
  });
}

function deleteOrders(ids: number[]) {
  withDb((db) => {
    const remove = db.prepare(`DELETE FROM "Order" WHERE id = ?`);
    db.transaction(() => ids.forEach((id) => remove.run(id)))();
  });
}

/** The text of the toast (without its dismiss button). */
const toast = (page: Page) => page.getByTestId("toast").locator("p");

const pager = (page: Page) => page.getByRole("navigation", { name: "Pages" });

/** Each product row: its cell texts and the links of its actions cell. */
async function productRows(page: Page) {
  return page.getByTestId("product-row").evaluateAll((rows) =>
    rows.map((row) => {
      const cells = Array.from((row as HTMLTableRowElement).cells).map((cell) => cell.innerText.trim());
      const links = Array.from(row.querySelectorAll("a")).map((a) => ({
        text: (a.textContent ?? "").trim(),
        label: a.getAttribute("aria-label"),
        href: a.getAttribute("href"),
      }));
      return { name: cells[0]!, price: cells[1]!, category: cells[2]!, links };
    }),
  );
}

/** Each product row has an Edit link to its edit page and a Delete link to its confirmation, named after it. */
function expectEditAndDelete(rows: Awaited<ReturnType<typeof productRows>>, deleteQuery: string) {
  for (const row of rows) {
    const id = /^\/admin\/products\/edit\/(\d+)$/.exec(row.links[0]?.href ?? "")?.[1];
    expect(id, `Edit link of ${row.name}`).toBeDefined();
    expect(row.links, row.name).toEqual([
      { text: "Edit", label: `Edit ${row.name}`, href: `/admin/products/edit/${id}` },
      { text: "Delete", label: `Delete ${row.name}`, href: `/admin/products?${deleteQuery}delete=${id}` },
    ]);
  }
}

test.describe("products list", () => {
  test("shows Name, Price, Category, Edit and Delete with ৳ prices, and pages the demo catalogue with ?page= in the address", async ({
    page,
  }) => {
    test.slow(); // many rows and navigations, on a machine shared with other test runs
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["Name", "Price", "Category", "Featured", "Actions"]);

    // More products than one page holds: a full first page and a way to the next.
    const rows = page.getByTestId("product-row");
    await expect(rows).toHaveCount(PAGE_SIZE);
    const status = page.getByTestId("pagination-status");
    await expect(status).toHaveText(/^Page 1 of [2-9]$/);
    await expect(pager(page).getByRole("link", { name: "Previous page" })).toHaveCount(0);
    const first = await productRows(page);
    expectEditAndDelete(first, "");
    for (const row of first) expect(row.price, row.name).toMatch(/^৳[\d,]+\.\d{2}(\s*৳[\d,]+\.\d{2})?$/);
    // The demo products show their category's name; the names come in alphabetical order.
    const demoCategories = withDb((db) =>
      (db.prepare(`SELECT name FROM Category`).all() as { name: string }[]).map((c) => c.name),
    );
    expect(first.filter((row) => demoCategories.includes(row.category)).length).toBeGreaterThan(PAGE_SIZE / 2);
    const firstNames = first.map((row) => row.name);
    expect([...firstNames].sort(byCodeUnits)).toEqual(firstNames);

    // One product in a category, checked against the database: its price in taka and its category.
    const known = withDb(
      (db) =>
        db
          .prepare(
            `SELECT p.name, p.pricePaisa, p.discountedPricePaisa, c.name AS category
             FROM Product p JOIN Category c ON c.id = p.categoryId
             WHERE p.name IN (SELECT value FROM json_each(?)) ORDER BY p.name LIMIT 1`,
          )
          .get(JSON.stringify(firstNames)) as
          { name: string; pricePaisa: number; discountedPricePaisa: number | null; category: string } | undefined,
    );
    if (!known) throw new Error("No product of the first page is in a category");
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
    expectEditAndDelete(second, "page=2&");
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
      expectEditAndDelete(first, `q=${q(term)}&`);

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
      expectEditAndDelete(second, `q=${q(term)}&page=2&`);

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

/** Each order row: its id and its first seven cells' texts (#id to status). */
async function orderRows(page: Page) {
  return page.getByTestId("order-row").evaluateAll((rows) =>
    rows.map((row) => ({
      id: Number(row.getAttribute("data-order-id")),
      cells: Array.from((row as HTMLTableRowElement).cells)
        .slice(0, 7)
        .map((cell) => cell.innerText.trim()),
    })),
  );
}

test.describe("orders list", () => {
  test("a status filter and a search are kept when paging; 'No products' and amounts followed by ৳ show in the rows", async ({
    page,
  }, testInfo) => {
    test.slow(); // many rows and navigations, on a machine shared with other test runs
    const js = jsEnabled(testInfo);
    const name = `E2E Pg Shopper ${uniqueTag(testInfo)}`;
    // 53 processing orders (one of them, the oldest, without items) and 2 newer pending ones,
    // placed minutes apart in 2020: outside the dashboard's 30 days, and in a known order.
    const start = Date.UTC(2020, 0, 1);
    const orders: OrderFields[] = Array.from({ length: PAGE_SIZE + 5 }, (_, i) => ({
      name,
      status: i < PAGE_SIZE + 3 ? "processing" : "pending",
      createdAt: new Date(start + i * 60_000),
      item: i === 0 ? null : { productName: "E2E Pg Bulb", quantity: 2, unitPaisa: 100 * (i + 1) },
    }));
    const ids = insertOrders(orders);
    const total = (i: number) => (orders[i]!.item ? 2 * 100 * (i + 1) : 0) + SHIPPING_PAISA;
    try {
      await signIn(page);
      await page.goto("/admin/orders");
      await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
      await expect(page.getByText("A list of all customer orders", { exact: true })).toBeVisible();

      await filterOrders(page, js, { q: name });
      await expect(page.getByText("55 orders found")).toBeVisible(SETTLED);
      await filterOrders(page, js, { status: "processing" });
      await expect(page.getByText("53 orders found")).toBeVisible(SETTLED);
      const status = page.getByTestId("pagination-status");
      await expect(status).toHaveText("Page 1 of 2");
      const rows = page.getByTestId("order-row");
      await expect(rows).toHaveCount(PAGE_SIZE);
      // Newest first: the 50 newest processing orders.
      const first = await orderRows(page);
      expect(first.map((row) => row.id)).toEqual(ids.slice(3, PAGE_SIZE + 3).reverse());
      expect(first[0]!.cells).toEqual([
        `#${ids[PAGE_SIZE + 2]}`,
        name,
        "01712345678",
        "2",
        "E2E Pg Bulb × 2",
        takaAfter(total(PAGE_SIZE + 2)),
        "processing",
      ]);

      await pager(page).getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL((url) => {
        const params = url.searchParams;
        return (
          url.pathname === "/admin/orders" &&
          params.get("status") === "processing" &&
          params.get("q") === name &&
          params.get("page") === "2"
        );
      });
      await rendered(page);
      await expect(status).toHaveText("Page 2 of 2", SETTLED);
      await expect(rows).toHaveCount(3);
      await expect(page.getByText("53 orders found")).toBeVisible();
      await expect(page.getByLabel("Status", { exact: true })).toHaveValue("processing");
      await expect(page.getByLabel("Search orders")).toHaveValue(name);
      expect(await orderRows(page)).toEqual([
        {
          id: ids[2],
          cells: [`#${ids[2]}`, name, "01712345678", "2", "E2E Pg Bulb × 2", "66.00 ৳", "processing"],
        },
        {
          id: ids[1],
          cells: [`#${ids[1]}`, name, "01712345678", "2", "E2E Pg Bulb × 2", "64.00 ৳", "processing"],
        },
        // An order without items: 'No products', and the amount is the shipping alone.
        { id: ids[0], cells: [`#${ids[0]}`, name, "01712345678", "0", "No products", "60.00 ৳", "processing"] },
      ]);
      expect(takaAfter(total(0))).toBe("60.00 ৳");

      await pager(page).getByRole("link", { name: "Previous page" }).click();
      await expect(page).toHaveURL((url) => {
        const params = url.searchParams;
        return params.get("status") === "processing" && params.get("q") === name && !params.has("page");
      });
      await rendered(page);
      await expect(status).toHaveText("Page 1 of 2", SETTLED);
      await expect(rows).toHaveCount(PAGE_SIZE);
    } finally {
      deleteOrders(ids);
    }
  });

  test("a missing order shows 'Order not found' and 'Back to Orders' goes to the orders list", async ({ page }) => {
    await signIn(page);
    const response = await page.goto("/admin/orders/view/999999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
    const back = page.getByRole("main").getByRole("link", { name: "Back to Orders" });
    await expect(back).toHaveAttribute("href", "/admin/orders");
    await back.click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await rendered(page);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  });
});

test.describe("categories list", () => {
  const QUESTION = "Are you sure you want to delete this category?";

  test("a category without an image shows 'No image' in the Image column", async ({ page }, testInfo) => {
    const name = `E2E NoImg ${uniqueTag(testInfo)}`;
    const id = insertCategory(name);
    try {
      await signIn(page);
      await page.goto("/admin/categories");
      await expect(page.getByRole("columnheader")).toHaveText(["Name", "Slug", "Image", "Actions"]);
      const row = page.getByTestId("category-row").filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("cell").nth(2)).toHaveText("No image");
      await expect(row.getByRole("img")).toHaveCount(0);
      // A category with an image (the demo ones) shows its thumbnail instead.
      const withImage = page.getByTestId("category-row").filter({ has: page.getByRole("img") });
      await expect(withImage.first().getByRole("cell").nth(2)).not.toContainText("No image");
    } finally {
      deleteCategory(id);
    }
  });

  test("without JavaScript, Delete asks 'Are you sure you want to delete this category?' before deleting", async ({
    page,
  }, testInfo) => {
    test.skip(jsEnabled(testInfo), "the confirmation step is the no-JavaScript way; the dialog is tested below");
    const name = `E2E DelStep ${uniqueTag(testInfo)}`;
    const id = insertCategory(name);
    const stored = () =>
      withDb((db) => (db.prepare(`SELECT COUNT(*) AS n FROM Category WHERE id = ?`).get(id) as { n: number }).n);
    try {
      await signIn(page);
      await page.goto("/admin/categories");
      const row = page.getByTestId("category-row").filter({ hasText: name });
      await row.getByRole("link", { name: `Delete ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/categories\\?delete=${id}$`));
      await rendered(page);
      const step = page.getByTestId("confirm-delete");
      await expect(step.getByRole("heading", { name: QUESTION })).toBeVisible();
      await expect(step).toContainText(`“${name}” will be removed.`);
      // Asking deletes nothing.
      expect(stored()).toBe(1);

      // Cancel goes back to the list with the category still there.
      await step.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/admin\/categories$/);
      await rendered(page);
      await expect(page.getByTestId("confirm-delete")).toHaveCount(0);
      await expect(row).toHaveCount(1);
      expect(stored()).toBe(1);

      await row.getByRole("link", { name: `Delete ${name}` }).click();
      await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete category" }).click();
      await expect(page).toHaveURL(/\/admin\/categories$/);
      await rendered(page);
      await expect(toast(page)).toHaveText(`Category “${name}” deleted.`);
      await expect(row).toHaveCount(0);
      expect(stored()).toBe(0);
    } finally {
      deleteCategory(id);
    }
  });

  test("with JavaScript, Delete opens a dialog asking 'Are you sure you want to delete this category?' and Cancel keeps the row", async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "the dialog needs JavaScript");
    const name = `E2E DelDialog ${uniqueTag(testInfo)}`;
    const id = insertCategory(name);
    try {
      await signIn(page);
      await page.goto("/admin/categories");
      const row = page.getByTestId("category-row").filter({ hasText: name });
      await row.getByRole("link", { name: `Delete ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: QUESTION });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name: QUESTION })).toBeVisible();
      await expect(dialog).toContainText(`“${name}” will be removed.`);
      // The dialog opened in place: no navigation to the no-JavaScript step.
      await expect(page).toHaveURL(/\/admin\/categories$/);
      await rendered(page);
      await expect(page.getByTestId("confirm-delete")).toHaveCount(0);

      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toHaveCount(1);
      await expect(page.getByTestId("toast")).toHaveCount(0);
      expect(
        withDb((db) => (db.prepare(`SELECT COUNT(*) AS n FROM Category WHERE id = ?`).get(id) as { n: number }).n),
      ).toBe(1);
    } finally {
      deleteCategory(id);
    }
  });
});

test.describe("product form", () => {
  test("with JavaScript, the submit button says 'Saving...' and is disabled while the save is in flight", async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "without JavaScript the browser shows its own loading state");
    const name = `zzz E2E Saving ${uniqueTag(testInfo)}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const postArrived = new Promise<void>((resolve) => (arrived = resolve));
    const saveEndpoint = (url: URL) => url.pathname === "/admin/products/save";
    try {
      await signIn(page);
      await page.goto("/admin/products/create");
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Price (৳)").fill("450");
      await page.getByLabel("Category").selectOption({ index: 1 });
      await page.getByLabel("Description").fill("A product to watch being saved.");
      await page.route(saveEndpoint, async (route) => {
        if (route.request().method() === "POST") {
          arrived();
          await held;
        }
        await route.continue();
      });

      const submit = page.locator('form[action="/admin/products/create"] button[type="submit"]');
      await expect(submit).toHaveText("Create Product");
      // Hydrated (the image field lists chosen files only then): the save goes through the upload endpoint.
      await expect(page.getByTestId("images-chosen")).toBeAttached();
      await expect(submit).toBeEnabled();
      await submit.click();
      await postArrived;
      await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
      await expect(submit).toHaveAttribute("aria-disabled", "true");
      await expect(page.getByRole("button", { name: "Create Product" })).toHaveCount(0);
      // Still on the form, and nothing saved yet.
      await expect(page).toHaveURL(/\/admin\/products\/create$/);
      await rendered(page);
      expect(
        withDb((db) => (db.prepare(`SELECT COUNT(*) AS n FROM Product WHERE name = ?`).get(name) as { n: number }).n),
      ).toBe(0);

      release();
      await expect(page).toHaveURL(/\/admin\/products$/);
      await rendered(page);
      await expect(toast(page)).toHaveText(`Product “${name}” created.`);
      expect(
        withDb((db) => (db.prepare(`SELECT COUNT(*) AS n FROM Product WHERE name = ?`).get(name) as { n: number }).n),
      ).toBe(1);
    } finally {
      release();
      await page.unroute(saveEndpoint);
      withDb((db) => db.prepare(`DELETE FROM Product WHERE name = ?`).run(name));
    }
  });
});
