/**
 * Stock (docs/decisions/027-stock.md), with JavaScript on and off: staff count a product's stock in
 * its form; the shop says how many are left; the last unit sells once; a shopper who had it in the
 * cart is told it is out of stock and cannot check out; the dashboard lists it; cancelling the order
 * returns the unit and the order's history says so. The product is inserted for the test (a unique
 * name) and deleted, with its orders, in `finally`.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import { deleteCategory, deleteProduct, insertCategory, insertProduct, setStock, stockOf, withDb } from "./e2e-db";
import { E2E_ADMIN, expect, jsEnabled, rendered, signIn, test, toast, uniqueName } from "./fixtures";
import { fillShopperDetails } from "./checkout-steps";

/** A shopper's own browser (own cart), with the project's JavaScript setting. */
async function shopper(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: jsEnabled(testInfo),
  });
  return context.newPage();
}

/** Inserts a product named `name` in a category of its own (the product form requires one); returns both ids. */
function insertCategorisedProduct(name: string, pricePaisa = 10_000) {
  const categoryId = insertCategory(`${name} category`);
  const id = insertProduct(name, { pricePaisa });
  withDb((db) => db.prepare(`UPDATE Product SET categoryId = ? WHERE id = ?`).run(categoryId, id));
  return { id, categoryId };
}

/** Fills the checkout form on the cart page and places the order; returns the order's id. */
async function placeOrder(page: Page, name: string): Promise<number> {
  await fillShopperDetails(page, {
    name,
    phone: "01712345678",
    address: "House 4, Road 2",
    area: "Mirpur 10",
    method: "Inside Dhaka",
  });
  await page.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  return Number(new URL(page.url()).searchParams.get("order"));
}

test("the last unit sells once, the shop says so, and cancelling the order returns it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const js = jsEnabled(testInfo);
  const name = `Stock Lamp ${uniqueName(testInfo)}`;
  const { id, categoryId } = insertCategorisedProduct(name, 75_000);
  let orderId: number | null = null;
  try {
    // Staff turn on tracking with one unit on hand.
    await signIn(page);
    await page.goto(`/admin/products/edit/${id}`);
    await rendered(page);
    await page.getByLabel("Track stock").check();
    await page.getByLabel("Quantity on hand").fill("1");
    await page.getByRole("button", { name: "Save Product" }).click();
    await expect(toast(page)).toHaveText(`Product “${name}” saved.`);
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await expect(page.getByTestId("product-row").getByTestId("product-stock")).toHaveText("1 (low)");

    // Two shoppers see the last one; both put it in their cart.
    const first = await shopper(browser, testInfo);
    const second = await shopper(browser, testInfo);
    for (const shopperPage of [first, second]) {
      await shopperPage.goto(`/products/${id}`);
      await rendered(shopperPage);
      await expect(shopperPage.getByTestId("stock-status")).toHaveText("Only 1 left");
      await shopperPage.getByRole("button", { name: "Buy Now", exact: true }).click();
      await expect(shopperPage).toHaveURL(/\/cart$/);
      await expect(shopperPage.getByTestId("cart-line")).toContainText(name);
    }

    // The first places the order.
    orderId = await placeOrder(first, "Stock Shopper One");

    // The second's cart now says the line is out of stock, and the order cannot be placed.
    await second.reload();
    await rendered(second);
    await expect(second.getByTestId("stock-note")).toHaveText("Out of stock. Remove it to place your order.");
    await expect(second.getByTestId("checkout-stock-problem")).toBeVisible();
    await expect(second.getByRole("button", { name: "Place Order (Cash on Delivery)" })).toBeDisabled();

    // The product page says it too, and its buttons are disabled; so is its card in the search.
    await second.goto(`/products/${id}`);
    await expect(second.getByTestId("stock-status")).toHaveText("Out of stock");
    await expect(second.getByRole("button", { name: "Add to Cart", exact: true })).toBeDisabled();
    await expect(second.getByRole("button", { name: "Buy Now", exact: true })).toBeDisabled();
    await second.goto(`/products?q=${encodeURIComponent(name)}`);
    const card = second.getByRole("article").filter({ hasText: name });
    await expect(card.getByTestId("out-of-stock")).toHaveText("Out of stock");
    await expect(card.getByRole("button", { name: `Add to Cart: ${name}` })).toBeDisabled();

    // The dashboard lists it under Low stock.
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("low-stock").getByRole("listitem").filter({ hasText: name })).toContainText(
      "Out of stock",
    );

    // Cancelling the order returns the unit; the order's history says so, and who did it.
    await page.goto(`/admin/orders/view/${orderId}`);
    await rendered(page);
    await expect(page.getByTestId("stock-history-entry")).toHaveCount(1);
    await expect(page.getByTestId("stock-history-entry")).toContainText("Stock taken by the order");
    const select = page.getByRole("combobox", { name: "Order Status" });
    await select.selectOption("cancelled");
    if (!js) await page.getByRole("button", { name: "Save status" }).click();
    // Cancelling returns stock, so the page asks first (a dialog with JavaScript, a step without).
    await page.getByRole("button", { name: "Cancel the order" }).click();
    await expect(page.getByTestId("toast")).toContainText("Order status changed to cancelled.");
    const returned = page.getByTestId("stock-history-entry").nth(1);
    await expect(returned).toContainText("Stock returned: order cancelled");
    await expect(returned).toContainText("1 unit in, 1 left");
    await expect(returned).toContainText(`by ${E2E_ADMIN.email}`);

    await second.goto(`/products/${id}`);
    await expect(second.getByTestId("stock-status")).toHaveText("Only 1 left");
    await expect(second.getByRole("button", { name: "Buy Now", exact: true })).toBeEnabled();
    await first.context().close();
    await second.context().close();
  } finally {
    withDb((db) => {
      if (orderId !== null) db.prepare(`DELETE FROM "Order" WHERE id = ?`).run(orderId);
    });
    deleteProduct(id);
    deleteCategory(categoryId);
  }
});

test("a count typed over one an order changed meanwhile is refused with the new count, then saved", async ({
  page,
}, testInfo) => {
  const name = `Recount Lamp ${uniqueName(testInfo)}`;
  const { id, categoryId } = insertCategorisedProduct(name);
  try {
    setStock(id, true, 5);
    await signIn(page);
    await page.goto(`/admin/products/edit/${id}`);
    await rendered(page);
    await expect(page.getByLabel("Quantity on hand")).toHaveValue("5");
    // Meanwhile an order takes one.
    setStock(id, true, 4);
    await page.getByLabel("Quantity on hand").fill("12");
    await page.getByRole("button", { name: "Save Product" }).click();
    await expect(page.getByText(/The stock changed to 4 while you were editing/)).toBeVisible();
    await expect(page.getByLabel("Quantity on hand")).toHaveValue("12");
    await page.getByRole("button", { name: "Save Product" }).click();
    await expect(toast(page)).toHaveText(`Product “${name}” saved.`);
    expect(stockOf(id)).toBe(12);
    // The product's stock history shows the count, who made it, and what was left.
    await page.goto(`/admin/products/edit/${id}`);
    const history = page.getByTestId("product-stock-history");
    await expect(history).toContainText("Stock counted by staff");
    await expect(history).toContainText("8 units in, 12 left");
    await expect(history).toContainText(E2E_ADMIN.email);
  } finally {
    deleteProduct(id);
    deleteCategory(categoryId);
  }
});
