/**
 * The back office on a phone: staff run the day from phones 360 px wide. No admin page may be wider
 * than the screen (no sideways scrolling), with JavaScript on and off; every list but the orders
 * list is one card per row, all alike (labelled values, the actions as a row at the bottom, Delete
 * apart); the orders list's compact cards are tests/e2e/admin-order-cards.spec.ts's; an order's
 * page has the shopper's phone as a `tel:` link; an order's line items stack.
 */
import { cardLayoutProblems } from "./admin-lists";
import { deleteAdmin, insertAdmin, withDb } from "./e2e-db";
import { expect, rendered, signIn, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

/** Inserts an order with two long-named lines; returns its id. */
function insertOrder(): number {
  return withDb((db) => {
    const id = Number(
      db
        .prepare(
          `INSERT INTO "Order" (createdAt, updatedAt, customerName, customerPhone, customerAddress, district, area,
             shippingMethod, shippingFeePaisa, subtotalPaisa, totalPaisa, status, paymentStatus, itemCount, checkoutToken)
           VALUES (CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 'Mohammad Abdur Rahman Chowdhury', '01711000360',
             'Flat 12B, House 45, Road 27, Block C, Bashundhara Residential Area', 'Dhaka', 'Bashundhara R/A',
             'Inside Dhaka', 6000, 12345600, 12351600, 'pending', 'pending', 3, ?)`,
        )
        .run(`e2e-phone-${Math.random()}`).lastInsertRowid,
    );
    const item = db.prepare(
      `INSERT INTO OrderItem (orderId, productId, productName, unitPricePaisa, quantity, subtotalPaisa) VALUES (?, NULL, ?, ?, ?, ?)`,
    );
    item.run(id, 'Batash BLDC 56" Energy-Saver Ceiling Fan with Remote (Teak Brown)', 6172800, 1, 6172800);
    item.run(id, "Mayabati 12-Light Royal Crystal Chandelier", 3086400, 2, 6172800);
    return id;
  });
}

test("no admin page is wider than a 360 px phone", async ({ page }) => {
  test.setTimeout(120_000);
  const orderId = insertOrder();
  try {
    await signIn(page);
    const productId = withDb(
      (db) => (db.prepare(`SELECT id FROM Product ORDER BY id LIMIT 1`).get() as { id: number }).id,
    );
    const categoryId = withDb(
      (db) => (db.prepare(`SELECT id FROM Category ORDER BY id LIMIT 1`).get() as { id: number }).id,
    );
    const paths = [
      "/admin/dashboard",
      "/admin/products",
      "/admin/products/create",
      `/admin/products/edit/${productId}`,
      "/admin/categories",
      "/admin/categories/create",
      `/admin/categories/edit/${categoryId}`,
      "/admin/orders",
      `/admin/orders/view/${orderId}`,
      `/admin/orders/edit/${orderId}?q=lamp`,
      "/admin/settings",
      "/admin/blocklist",
      "/admin/courier",
      "/admin/staff",
      "/admin/account",
      "/admin/activity",
      `/admin/orders/export?order=${orderId}`,
      "/admin/orders/new",
      "/admin/orders/drafts",
    ];
    const tooWide: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await rendered(page);
      // The page itself, and any box inside it that would scroll sideways (a wide table in a scroller).
      const overflow = await page.evaluate(() => {
        const found: string[] = [];
        if (document.documentElement.scrollWidth > window.innerWidth) {
          found.push(`page ${document.documentElement.scrollWidth}px`);
        }
        for (const element of Array.from(document.querySelectorAll<HTMLElement>("main *"))) {
          const scrolls = ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
          if (scrolls && !element.matches("input, textarea, select") && element.scrollWidth > element.clientWidth + 1) {
            const label = element.getAttribute("aria-labelledby") ?? element.getAttribute("data-testid") ?? "";
            found.push(`${element.tagName.toLowerCase()}${label ? `[${label}]` : ""} ${element.scrollWidth}px`);
          }
        }
        return found;
      });
      for (const what of overflow) tooWide.push(`${path}: ${what}`);
    }
    expect(tooWide).toEqual([]);

    // The order's page: the phone a tel: link to call the shopper.
    await page.goto(`/admin/orders/view/${orderId}`);
    await rendered(page);
    await expect(page.getByRole("link", { name: "01711000360" })).toHaveAttribute("href", "tel:01711000360");
    await expect(page.getByRole("main")).toContainText("Mohammad Abdur Rahman Chowdhury");
  } finally {
    withDb((db) => db.prepare(`DELETE FROM "Order" WHERE id = ?`).run(orderId));
  }
});

test("the login page fits a 360 px phone", async ({ page }) => {
  await page.goto("/admin/login");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("every admin list but the orders list is one card per row: labelled values, the same places, actions at the bottom, Delete apart", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = `${testInfo.project.name}-${Date.now()}`;
  // A staff account (its row has Disable) and a blocked number (its row has Unblock).
  const staffId = insertAdmin(`e2e-card-${tag}@haat.example`, "not-a-hash");
  withDb((db) => {
    db.prepare(`UPDATE AdminUser SET role = 'staff' WHERE id = ?`).run(staffId);
    db.prepare(`INSERT INTO BlockedPhone (phone, note) VALUES (?, 'E2E card')`).run(
      `0171${String(Date.now()).slice(-7)}`,
    );
  });
  try {
    await signIn(page);
    const lists: [string, Parameters<typeof cardLayoutProblems>[2]][] = [
      ["/admin/products", {}],
      ["/admin/categories", {}],
      ["/admin/staff", {}],
      ["/admin/blocklist", {}],
      ["/admin/activity", { actions: false }],
    ];
    const problems: string[] = [];
    for (const [path, options] of lists) {
      await page.goto(path);
      await rendered(page);
      await page.screenshot({ path: testInfo.outputPath(`${path.split("/").pop()}-360.png`) });
      for (const problem of await cardLayoutProblems(page, "main table", options)) problems.push(`${path}: ${problem}`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
  } finally {
    withDb((db) => db.prepare(`DELETE FROM BlockedPhone WHERE note = 'E2E card'`).run());
    deleteAdmin(staffId);
  }
});
