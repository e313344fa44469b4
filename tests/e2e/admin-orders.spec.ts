/**
 * Staff handling an order, end to end
 * (docs/decisions/015-order-status-history-and-invoice.md), with JavaScript on and off: find it
 * with the status filter and the search, open it (a row click with JavaScript, the View link
 * without), change its status (overlay and disabled select while saving with JavaScript) and see
 * the status history, check the Invoice block, download invoice.png and decode it, delete it from
 * its own page (the list has no Delete) after the spec's confirmation. A missing order is 'Order not found' with a way back to the list.
 * Other tests place orders at the same time: every assertion is about this test's own order.
 */
import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN, expect, filterOrders, jsEnabled, openFirstProduct, rendered, signIn, test } from "./fixtures";
import { seriousViolations } from "./axe";
import { deleteOrderRows, insertOrder, withDb } from "./e2e-db";
import { buyNow, fillShopperDetails } from "./checkout-steps";

const CONFIRM = "Are you sure you want to delete this order? This action cannot be undone.";

/** A customer unique to this test: a Bengali name with a Latin tag, and a random mobile number. */
function uniqueCustomer(testInfo: TestInfo) {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const phone = `017${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  return {
    name: `রহিম উদ্দিন ${tag}`,
    tag,
    phone,
    address: "বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫",
    area: "ধানমন্ডি",
    district: "Dhaka",
  };
}

/** Places a cash-on-delivery order from the storefront and returns its number. */
async function placeOrder(page: Page, customer: ReturnType<typeof uniqueCustomer>): Promise<number> {
  await openFirstProduct(page);
  await buyNow(page);
  await fillShopperDetails(page, {
    name: customer.name,
    phone: customer.phone,
    address: customer.address,
    area: customer.area,
    district: customer.district,
  });
  await page.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  return Number((await page.getByTestId("order-number").innerText()).match(/#(\d+)/)![1]);
}

test("staff find, open, handle and print an order, download its invoice and delete it from its page", async ({
  page,
}, testInfo) => {
  // A long journey on a shared 2-core machine: more than the default 30 s.
  test.setTimeout(120_000);
  const js = jsEnabled(testInfo);
  const customer = uniqueCustomer(testInfo);
  const id = await placeOrder(page, customer);
  await signIn(page);
  await page.goto("/admin/orders");

  // Filter by status and search by phone digits: only this order.
  await filterOrders(page, js, { status: "pending", q: customer.phone.slice(3) });
  await expect(page).toHaveURL(new RegExp(`status=pending(&advance=)?(&source=)?&q=${customer.phone.slice(3)}$`));
  await rendered(page);
  const rows = page.getByTestId("order-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`#${id}`);
  await expect(rows.first()).toContainText(customer.name);
  await expect(rows.first()).toContainText(" × 1");
  await expect(rows.first()).toContainText(/[\d,]+\.\d{2} ৳/);

  // By #id, then by part of the name; a search that matches nothing says so.
  await filterOrders(page, js, { status: "", q: `#${id}` });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`#${id}`);
  await filterOrders(page, js, { q: customer.tag });
  await expect(rows).toHaveCount(1);
  await filterOrders(page, js, { q: `zz-no-such-order-${customer.tag}` });
  await expect(page.getByTestId("orders-empty")).toHaveText("No orders match these filters.");
  if (js) expect(await seriousViolations(page)).toEqual([]);
  await filterOrders(page, js, { q: `#${id}` });

  // Open it: a click on the row with JavaScript, the View link without. The phone is a tel: link
  // of its own (a tap calls the shopper), so the click lands on the amount.
  if (js) await rows.first().getByRole("cell").nth(5).click();
  else
    await rows
      .first()
      .getByRole("link", { name: `View order #${id}` })
      .click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${id}$`));
  await rendered(page);
  await expect(page.getByRole("heading", { name: `Order #${id}` })).toBeVisible();

  // The history starts with the placed order.
  const history = page.getByTestId("status-history-entry");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("Order placed: pending");
  await expect(history.first()).toContainText("by the customer");

  // Change the status. With JavaScript: the overlay shows and the select is disabled while saving.
  const select = page.getByRole("combobox", { name: "Order Status" });
  if (js) {
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    const thisOrder = (url: URL) => url.pathname.startsWith(`/admin/orders/view/${id}`);
    await page.route(thisOrder, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await select.selectOption("processing");
    await expect(page.getByText("Updating order status...")).toBeVisible();
    await expect(page.getByText("Please wait, this may take a moment")).toBeVisible();
    await expect(select).toBeDisabled();
    release();
    await expect(page.getByText("Updating order status...")).toBeHidden();
    await expect(select).toBeEnabled();
    await page.unroute(thisOrder);
  } else {
    await select.selectOption("processing");
    await page.getByRole("button", { name: "Save status" }).click();
  }
  await expect(page.getByTestId("toast")).toContainText("Order status changed to processing.");
  await expect(select).toHaveValue("processing");
  await expect(history).toHaveCount(2);
  await expect(history.nth(1)).toContainText("pending → processing");
  await expect(history.nth(1)).toContainText(`by ${E2E_ADMIN.email}`);
  await expect(history.nth(1).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);

  // The Invoice block: seller, order, customer, lines and totals.
  const invoice = page.getByTestId("invoice");
  await expect(invoice.getByRole("heading", { name: "Invoice" })).toBeVisible();
  await expect(invoice.getByTestId("invoice-order-id")).toHaveText(`#${id}`);
  await expect(invoice.getByTestId("invoice-seller")).toContainText("@");
  await expect(invoice.getByTestId("invoice-customer")).toContainText(customer.name);
  await expect(invoice.getByTestId("invoice-customer")).toContainText(customer.phone);
  await expect(invoice.getByTestId("invoice-customer")).toContainText(customer.address);
  await expect(invoice.getByTestId("invoice-line")).toHaveCount(1);
  await expect(invoice.getByTestId("invoice-shipping")).toHaveText("৳60.00");
  await expect(invoice.getByTestId("invoice-total-incl")).toHaveText(await page.getByTestId("total-incl").innerText());
  await expect(invoice.getByTestId("invoice-date").locator("time")).toHaveAttribute("datetime", /T/);
  if (js) expect(await seriousViolations(page)).toEqual([]);

  // Printing shows the invoice alone: navigation, buttons and the status form are left out.
  await page.emulateMedia({ media: "print" });
  await expect(invoice).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Order Status" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Download Invoice" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Admin" }).first()).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  // Download Invoice: a plain link giving invoice.png, a real PNG.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Invoice" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("invoice.png");
  const png = fs.readFileSync(await download.path());
  expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  const meta = await sharp(png).metadata();
  expect(meta.format).toBe("png");
  expect(meta.width).toBeGreaterThan(0);
  expect(meta.height).toBeGreaterThan(0);
  // IHDR: the first chunk, width and height big-endian at bytes 16-23.
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([meta.width, meta.height]);

  // The list has no Delete: the order is deleted from its own page, after the spec's confirmation.
  await page.goto(`/admin/orders?q=%23${id}`);
  await rendered(page);
  const listed = page.getByTestId("order-row").filter({ hasText: `#${id}` });
  await expect(listed).toHaveCount(1);
  await expect(listed.getByRole("link", { name: /Delete/ })).toHaveCount(0);
  await page.goto(`/admin/orders/view/${id}`);
  await rendered(page);
  const remove = page.getByTestId("danger-zone").getByRole("link", { name: "Delete Order" });
  await remove.click();
  if (js) {
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Order #${id}: ${customer.name}`);
    expect(await seriousViolations(page)).toEqual([]);
    // Cancel first: nothing happens.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${id}$`));
    await remove.click();
    await dialog.getByRole("button", { name: "Delete order" }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?delete=${id}$`));
    await rendered(page);
    const step = page.getByTestId("confirm-delete");
    await expect(step.getByRole("heading", { name: CONFIRM })).toBeVisible();
    await expect(step).toContainText(`Order #${id}: ${customer.name}`);
    await step.getByRole("button", { name: "Delete order" }).click();
  }
  await expect(page.getByTestId("toast")).toContainText(`Order #${id} was deleted.`);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.goto(`/admin/orders?q=%23${id}`);
  await rendered(page);
  await expect(page.getByTestId("orders-empty")).toHaveText("No orders match these filters.");
  expect((await page.request.get(`/admin/orders/view/${id}`)).status()).toBe(404);
});

test("an order deleted from its own page is gone", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const js = jsEnabled(testInfo);
  const customer = uniqueCustomer(testInfo);
  const id = await placeOrder(page, customer);
  await signIn(page);
  await page.goto(`/admin/orders/view/${id}`);
  await page.getByRole("link", { name: "Delete Order" }).click();
  if (js) {
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toContainText(`Order #${id}: ${customer.name}`);
    await dialog.getByRole("button", { name: "Delete order" }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`/admin/orders\\?delete=${id}$`));
    await expect(page.getByTestId("confirm-delete").getByRole("heading", { name: CONFIRM })).toBeVisible();
    await page.getByRole("button", { name: "Delete order" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await rendered(page);
  await expect(page.getByTestId("toast")).toContainText(`Order #${id} was deleted.`);
  await page.goto(`/admin/orders?q=%23${id}`);
  await expect(page.getByTestId("orders-empty")).toBeVisible();
  // The confirmation step of a deleted order says 'Order not found'.
  await page.goto(`/admin/orders?delete=${id}`);
  await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
  await expect(page.getByTestId("confirm-delete")).toHaveCount(0);
});

test("the order page and the delete confirmation page have no serious accessibility violation without JavaScript", async ({
  browser,
}, testInfo) => {
  test.skip(jsEnabled(testInfo), "the JavaScript-on journey above scans the list, the order page and the dialog");
  test.setTimeout(90_000);
  // axe needs a script: app scripts are blocked instead, so the DOM is the server-rendered page.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
  await context.route(/\.m?js(\?|$)/, (route) => route.abort());
  const page = await context.newPage();
  const customer = uniqueCustomer(testInfo);
  const id = await placeOrder(page, customer);
  await signIn(page);
  await page.goto(`/admin/orders/view/${id}`);
  await expect(page.getByTestId("invoice")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("order-page.png"), fullPage: true });
  await page.goto(`/admin/orders?delete=${id}`);
  await expect(page.getByTestId("confirm-delete").getByText(CONFIRM)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Delete order" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Order #${id} was deleted.`);
  await context.close();
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

test("on a phone a cancel asks first (Keep changes nothing), a change that moves no stock can be undone, and Delete sits apart", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const js = jsEnabled(testInfo);
  await page.setViewportSize({ width: 360, height: 800 });
  const id = insertOrder({ name: "Careful Shopper", phone: "01755000111", productName: "Careful Lamp", quantity: 2 });
  try {
    await signIn(page);
    await page.goto(`/admin/orders/view/${id}`);
    await rendered(page);
    const select = page.getByRole("combobox", { name: "Order Status" });
    const badge = page.getByTestId("order-status").first();
    const choose = async (status: string) => {
      await select.selectOption(status);
      if (!js) await page.getByRole("button", { name: "Save status" }).click();
    };

    // Delete is in the danger zone at the foot, not among the header's invoice buttons.
    const danger = page.getByTestId("danger-zone");
    await expect(danger.getByRole("link", { name: "Delete Order" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Delete Order" })).toHaveCount(1);
    const invoiceButton = await page.getByRole("link", { name: "Download Invoice" }).boundingBox();
    const deleteButton = await danger.getByRole("link", { name: "Delete Order" }).boundingBox();
    expect(deleteButton!.y - (invoiceButton!.y + invoiceButton!.height)).toBeGreaterThan(400);

    // A change that moves no stock saves, and its author can undo it.
    await choose("processing");
    await expect(page.getByTestId("toast")).toContainText("Order status changed to processing.");
    await page.getByRole("button", { name: "Undo: back to pending" }).click();
    await expect(page.getByTestId("toast")).toContainText("Order status changed to pending.");
    await expect(badge).toHaveText("pending");

    // Cancelling asks, saying what it does; "Keep the current status" changes nothing.
    const question = js
      ? page.getByRole("dialog", { name: `Cancel order #${id}?` })
      : page.getByTestId("cancel-confirm");
    await choose("cancelled");
    if (!js) await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${id}\\?confirm-status=cancelled$`));
    await expect(question).toContainText("Products that count their stock get these units back: Careful Lamp × 2.");
    if (js) {
      // The dialog starts on the safe answer: Enter keeps the status.
      await expect(question.getByRole("button", { name: "Keep the current status" })).toBeFocused();
      await page.keyboard.press("Enter");
    } else await question.getByRole("link", { name: "Keep the current status" }).click();
    await expect(question).toBeHidden();
    if (!js) await rendered(page);
    await expect(select).toHaveValue("pending");
    await expect(badge).toHaveText("pending");

    await choose("cancelled");
    await question.getByRole("button", { name: "Cancel the order" }).click();
    await expect(page.getByTestId("toast")).toContainText("Order status changed to cancelled.");
    await expect(badge).toHaveText("cancelled");
    await expect(select).toHaveValue("cancelled");
    await expect(page.getByTestId("status-undo")).toHaveCount(0); // no undo after a cancel
  } finally {
    deleteOrderRows(id);
  }
});

test("without a courier set up the orders list leads to Courier instead of a Send button", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  // The shop's courier keys (other specs save them) are removed: this is a shop without a courier.
  withDb((db) => db.prepare(`DELETE FROM CourierAccount`).run());
  const id = insertOrder({ name: "Toolbar Shopper", phone: "01755000222" });
  try {
    await signIn(page);
    await page.goto("/admin/orders");
    await rendered(page);
    const toolbar = page.getByRole("form", { name: "Ticked orders" });
    await expect(toolbar.getByRole("button", { name: /Send ticked/ })).toHaveCount(0);
    await toolbar.getByRole("link", { name: "Set up a courier to send parcels" }).click();
    await expect(page).toHaveURL(/\/admin\/courier$/);
  } finally {
    deleteOrderRows(id);
  }
});
