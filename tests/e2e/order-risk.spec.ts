/**
 * The fake-order signals on the admin order page and list, with JavaScript on and off: a phone's
 * other orders by outcome, and a likely duplicate (same phone and products within 6 hours, or another
 * phone with the same name and delivery address) linked from the warning. The orders are inserted directly, under a phone unique to the test and project,
 * dated in 2021 (outside the dashboard's 30 days), and deleted in `finally`.
 */
import { sqliteDate, withDb } from "./e2e-db";
import { expect, filterOrders, jsEnabled, rendered, signIn, test } from "./fixtures";

/**
 * Inserts an order of one "E2E Risk Lamp" from `phone` at `createdAt` with `status`, to `customer`
 * (name and address key; by default the same shopper with no key); returns its id.
 */
function insertOrder(
  phone: string,
  createdAt: Date,
  status: string,
  customer: { name: string; addressKey: string | null } = { name: "E2E Risk Shopper", addressKey: null },
): number {
  return withDb((db) => {
    const at = sqliteDate(createdAt);
    const id = Number(
      db
        .prepare(
          `INSERT INTO "Order" (createdAt, updatedAt, customerName, customerPhone, customerAddress, addressKey,
             shippingMethod, shippingFeePaisa, subtotalPaisa, totalPaisa, status, paymentStatus, itemCount, checkoutToken)
           VALUES (?, ?, ?, ?, 'Road 1, Dhaka', ?, 'Inside Dhaka', 6000, 50000, 56000, ?, 'pending', 1, ?)`,
        )
        .run(at, at, customer.name, phone, customer.addressKey, status, `e2e-risk-${Math.random()}`).lastInsertRowid,
    );
    db.prepare(
      `INSERT INTO OrderItem (orderId, productId, productName, unitPricePaisa, quantity, subtotalPaisa)
       VALUES (?, NULL, 'E2E Risk Lamp', 50000, 1, 50000)`,
    ).run(id);
    return id;
  });
}

test("the order page and list show the phone's history and a likely duplicate", async ({ page }, testInfo) => {
  const phone = `0171${String(Date.now() % 1e7).padStart(7, "0")}`;
  const ids = [
    insertOrder(phone, new Date(Date.UTC(2021, 0, 1, 4)), "delivered"),
    insertOrder(phone, new Date(Date.UTC(2021, 0, 5, 4)), "pending"),
    insertOrder(phone, new Date(Date.UTC(2021, 0, 5, 6)), "pending"),
  ];
  const [delivered, first, second] = ids as [number, number, number];
  try {
    await signIn(page);
    await page.goto(`/admin/orders/view/${second}`);
    await rendered(page);
    await expect(page.getByTestId("phone-history")).toHaveText(
      "This phone's other orders: 1 delivered, 0 cancelled, 0 returned, 1 open.",
    );
    const warning = page.getByTestId("duplicate-warning");
    await expect(warning).toContainText("Likely duplicate: the same phone and products within 6 hours as");
    await warning.getByRole("link", { name: `order #${first}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${first}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${first}`);
    await expect(page.getByTestId("duplicate-warning").getByRole("link")).toHaveText(`order #${second}`);

    // The delivered order is not a duplicate of either (days apart), and its history has the two open ones.
    await page.goto(`/admin/orders/view/${delivered}`);
    await expect(page.getByTestId("phone-history")).toHaveText(
      "This phone's other orders: 0 delivered, 0 cancelled, 0 returned, 2 open.",
    );
    await expect(page.getByTestId("duplicate-warning")).toHaveCount(0);

    // The list: searched by the phone, each row says what the phone did before and flags the pair.
    await page.goto("/admin/orders");
    await rendered(page);
    await filterOrders(page, jsEnabled(testInfo), { q: phone });
    const row = (id: number) => page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
    await expect(page.getByTestId("order-row")).toHaveCount(3);
    await expect(row(second).getByTestId("phone-signals")).toContainText(
      "Before: 1 delivered, 0 cancelled, 0 returned",
    );
    await expect(row(second).getByTestId("duplicate-badge")).toHaveText("Possible duplicate");
    await expect(row(first).getByTestId("duplicate-badge")).toBeVisible();
    await expect(row(delivered).getByTestId("duplicate-badge")).toHaveCount(0);
  } finally {
    withDb((db) => {
      const remove = db.prepare(`DELETE FROM "Order" WHERE id = ?`);
      for (const id of ids) remove.run(id);
    });
  }
});

test("orders from two new phones to one name and address are flagged as likely duplicates", async ({
  page,
}, testInfo) => {
  const stamp = String(Date.now() % 1e7).padStart(7, "0");
  const addressKey = `e2e-risk-address-${stamp}-${testInfo.project.name}`;
  const at = new Date(Date.UTC(2021, 1, 3, 4));
  // The same shopper typed two ways, a minute apart, each from a phone that never ordered before.
  const ids = [
    insertOrder(`0181${stamp}`, at, "pending", { name: "Md. Karim Uddin", addressKey }),
    insertOrder(`0191${stamp}`, new Date(at.getTime() + 60_000), "pending", {
      name: "mohammad karim  uddin",
      addressKey,
    }),
  ];
  const [first, second] = ids as [number, number];
  try {
    await signIn(page);
    await page.goto(`/admin/orders/view/${second}`);
    await rendered(page);
    await expect(page.getByTestId("phone-history")).toHaveText("The first order from this phone.");
    await expect(page.getByTestId("duplicate-warning")).toHaveCount(0);
    const warning = page.getByTestId("duplicate-address-warning");
    await expect(warning).toContainText("the same name, delivery address and products within 6 hours");
    await expect(warning.getByRole("link")).toHaveText(`order #${first}`);

    await page.goto("/admin/orders");
    await rendered(page);
    await filterOrders(page, jsEnabled(testInfo), { q: "karim" });
    const row = (id: number) => page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
    await expect(row(second).getByTestId("phone-signals")).toContainText("New phone");
    await expect(row(second).getByTestId("duplicate-badge")).toHaveText("Possible duplicate: same name and address");
    await expect(row(first).getByTestId("duplicate-badge")).toHaveText("Possible duplicate: same name and address");
  } finally {
    withDb((db) => {
      const remove = db.prepare(`DELETE FROM "Order" WHERE id = ?`);
      for (const id of ids) remove.run(id);
    });
  }
});
