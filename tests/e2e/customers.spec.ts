/**
 * The customers pages at 360 px, with JavaScript on and off (docs/decisions/064-customers-by-phone.md):
 * staff search a phone typed as "+880 1XXX-XXXXXX", open the customer with both their orders, add a
 * note, and reach the customer again from an order's page; every control is a thumb's size. The
 * orders are inserted under a phone unique to the test and project, and deleted (with the note) in
 * `finally`.
 */
import { deleteOrderRows, insertOrder, withDb } from "./e2e-db";
import { expect, rendered, signIn, test, toast } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";

test.use({ viewport: { width: 360, height: 800 } });

/** The offenders of the tap-target check on `page`, one line each. */
async function offenders(page: Parameters<typeof tapTargetOffenders>[0]): Promise<string[]> {
  return (await tapTargetOffenders(page)).map(
    (o) => `${o.selector} "${o.text}" ${o.width}×${o.height}${o.crowdedBy ? ` crowded by ${o.crowdedBy}` : ""}`,
  );
}

test("staff find a shopper by a phone typed as +880…, see both orders and add a note", async ({ page }, testInfo) => {
  // 0191 + 7 digits unique to this run and project.
  const phone = `0191${String((Date.now() + (testInfo.project.name === "js-off" ? 1 : 0)) % 1e7).padStart(7, "0")}`;
  const first = insertOrder({ name: "Customer Page Shopper", phone });
  const second = insertOrder({ name: "Customer Page Shopper Jr", phone, quantity: 2 });
  withDb((db) => db.prepare(`UPDATE "Order" SET status = 'delivered' WHERE id = ?`).run(first));
  try {
    await signIn(page);
    await page.goto("/admin/customers");
    await rendered(page);
    expect(await offenders(page)).toEqual([]);

    const typed = `+880 ${phone.slice(1, 5)}-${phone.slice(5)}`;
    await page.getByLabel("Phone or name").fill(typed);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/customers\?q=/);
    await rendered(page);
    await expect(page.getByTestId("customers-count")).toHaveText("Customers found: 1.");
    const row = page.getByTestId("customer-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Customer Page Shopper Jr");
    await expect(row).toContainText(phone);
    expect(await offenders(page)).toEqual([]);

    await row.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${phone}$`));
    await rendered(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer Page Shopper Jr");
    await expect(page.getByTestId("customer-orders")).toBeVisible();
    await expect(page.getByTestId("customer-figure-orders")).toHaveText("2");
    await expect(page.getByTestId("customer-figure-delivered")).toHaveText("1");
    const orders = page.getByTestId("customer-order");
    await expect(orders).toHaveCount(2);
    await expect(orders.first().getByRole("link", { name: `Order #${second}`, exact: true })).toBeVisible();
    await expect(orders.last().getByRole("link", { name: `Order #${first}`, exact: true })).toBeVisible();
    // The same product from the same phone within 6 hours: the order page's warning, on the newer order.
    await expect(orders.first().getByTestId("duplicate-warning").getByRole("link")).toHaveText(`order #${first}`);
    expect(await offenders(page)).toEqual([]);

    await page.getByLabel("New note").fill("Prefers a call after 6 pm.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(toast(page)).toHaveText("Note added.");
    await expect(page.getByTestId("customer-note")).toContainText("Prefers a call after 6 pm.");
    await expect(page.getByLabel("New note")).toHaveValue("");

    // Back from an order's page: its phone links to the customer.
    await page.goto(`/admin/orders/view/${first}`);
    await rendered(page);
    await page.getByTestId("customer-page-link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${phone}$`));
    await rendered(page);
    await expect(page.getByTestId("customer-note")).toContainText("Prefers a call after 6 pm.");
  } finally {
    withDb((db) => db.prepare(`DELETE FROM "CustomerNote" WHERE phone = ?`).run(phone));
    deleteOrderRows(first);
    deleteOrderRows(second);
  }
});
