/**
 * Editing an order before it ships (docs/decisions/031-order-edits.md), with JavaScript on and off:
 * staff open the order, change a quantity and the area, add a product found by name, and see the
 * new total, the history entry and the locked page once the order has shipped. The order is the
 * test's own and is deleted in `finally`.
 */
import { deleteOrderRows, insertOrder, singleVariantProduct, withDb } from "./e2e-db";
import { expect, rendered, signIn, test, toast } from "./fixtures";

test("staff change a quantity and the area, add a product, and the order's total and history follow", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const id = insertOrder({ name: "Edit Shopper", phone: `0191${String(Date.now() % 1e7).padStart(7, "0")}` });
  // A product without options: the search lists it once, under its own name.
  const product = singleVariantProduct();
  try {
    await signIn(page);
    await page.goto(`/admin/orders/view/${id}`);
    await rendered(page);
    await page.getByRole("link", { name: "Edit order" }).click();
    await expect(page).toHaveURL(`/admin/orders/edit/${id}`);
    await rendered(page);

    await page.getByLabel("Quantity of Inserted Lamp").fill("3");
    await page.getByLabel("Area or thana").fill("Pallabi");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(`/admin/orders/view/${id}`);
    await expect(toast(page)).toHaveText(`Order #${id} updated. Total now ৳360.00.`);
    const history = page.getByTestId("status-history");
    const entry = history.getByTestId("edit-history-entry");
    await expect(entry).toContainText("Inserted Lamp: 1 → 3");
    await expect(entry).toContainText(
      "Address: House 4, Road 2, Pallabi, Dhaka (was House 4, Road 2, Mirpur 10, Dhaka)",
    );
    await expect(entry).toContainText("Total: ৳360.00 (was ৳160.00)");
    await expect(page.getByTestId("order-area")).toHaveText("Pallabi");

    // Add a product found by its name.
    await page.getByRole("link", { name: "Edit order" }).click();
    await expect(page).toHaveURL(`/admin/orders/edit/${id}`);
    await rendered(page);
    await page.getByLabel("Find a product").fill(product.name);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\?q=/);
    await rendered(page);
    const result = page.getByTestId("add-result").filter({ hasText: product.name }).first();
    await result.getByRole("button", { name: "Add" }).click();
    await expect(page).toHaveURL(`/admin/orders/view/${id}`);
    await expect(toast(page)).toContainText(`Order #${id} updated.`);
    await expect(page.getByTestId("order-item")).toHaveCount(2);
    await expect(history.getByTestId("edit-history-entry").last()).toContainText(`${product.name} × 1 added`);

    // Shipped: no more edits.
    withDb((db) => db.prepare(`UPDATE "Order" SET status = 'shipped' WHERE id = ?`).run(id));
    await page.reload();
    await rendered(page);
    await expect(page.getByRole("link", { name: "Edit order" })).toHaveCount(0);
    await page.goto(`/admin/orders/edit/${id}`);
    await expect(page.getByTestId("edit-locked")).toContainText("This order can no longer be edited");
  } finally {
    deleteOrderRows(id);
  }
});
