/**
 * Order tracking for shoppers, with JavaScript on and off: the confirmation shows the order
 * number and links to /orders/track with it filled in; the shopper types the phone (in Bengali
 * digits too) and sees the status history, the items and the total; a status change by staff
 * shows up; a wrong phone says "not found" and keeps what was typed; the page works in Bangla and
 * has no serious accessibility violation.
 */
import type { Page } from "@playwright/test";
import { trackingMessages } from "../../app/i18n/tracking-messages";
import { serverMessages } from "../../app/i18n/server-messages";
import { seriousViolations, scanPage } from "./axe";
import { sqliteDate, withDb } from "./e2e-db";
import { expect, openFirstProduct, paisaOf, rendered, test, uniqueName } from "./fixtures";

const en = trackingMessages.en;

/** Places an order for the first product as `name` with phone 01912345678; returns its number and total. */
async function placeOrder(page: Page, name: string): Promise<{ id: number; totalPaisa: number }> {
  await openFirstProduct(page);
  await page.getByRole("button", { name: "Buy Now", exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await rendered(page);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Phone").fill("01912-345678");
  await page.getByLabel("Delivery address").fill("House 9, Road 3");
  await page.getByLabel("Area or thana").fill("Dhanmondi");
  await page.getByLabel("District", { exact: true }).selectOption("Dhaka");
  // Inside Dhaka (the default method, and Dhaka's) costs the shop's inside-Dhaka fee, 60 taka.
  const totalPaisa = paisaOf(await page.getByTestId("cart-subtotal").innerText()) + 6000;
  await page.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get("order"));
  return { id, totalPaisa };
}

test("a shopper follows the confirmation's link, types the phone and sees the order and its status", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const { id, totalPaisa } = await placeOrder(page, uniqueName(testInfo));
  await expect(page.getByTestId("order-number")).toHaveText(`Your order number is #${id}.`);

  await page.getByTestId("track-link").click();
  await expect(page).toHaveURL(new RegExp(`/orders/track\\?order=${id}$`));
  await rendered(page);
  await expect(page.getByLabel(en["track.orderNumber"])).toHaveValue(String(id));
  await expect(page.getByLabel(en["track.phone"])).toHaveValue("");
  await page.getByLabel(en["track.phone"]).fill("০১৯১২-৩৪৫৬৭৮");
  await page.getByRole("button", { name: en["track.submit"] }).click();

  const order = page.getByTestId("tracked-order");
  await expect(order.getByRole("heading", { name: `Order #${id}` })).toBeVisible();
  await expect(order.getByTestId("order-status")).toHaveText("pending");
  await expect(page.getByTestId("track-history").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("track-item")).toHaveCount(1);
  expect(paisaOf(await page.getByTestId("track-total").innerText())).toBe(totalPaisa);
  await expect(order).toContainText("Dhanmondi, Dhaka");
  // The shareable page never shows the phone or the street address.
  await expect(page.locator("main")).not.toContainText("House 9");
  await expect(page.locator("main")).not.toContainText("01912345678");

  // Staff mark the order shipped: the shopper sees it on the next look.
  withDb((db) => {
    db.prepare(`UPDATE "Order" SET status = 'shipped' WHERE id = ?`).run(id);
    db.prepare(
      `INSERT INTO OrderStatusChange (orderId, fromStatus, toStatus, createdAt) VALUES (?, 'pending', 'shipped', ?)`,
    ).run(id, sqliteDate(new Date()));
  });
  await page.reload();
  await expect(order.getByTestId("order-status")).toHaveText("shipped");
  await expect(page.getByTestId("track-history").getByRole("listitem")).toHaveText([
    /Order placed/,
    /Status changed to shipped/,
  ]);
});

test("a wrong phone says the order was not found and keeps what was typed", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const { id } = await placeOrder(page, uniqueName(testInfo));
  await page.goto(`/orders/track?order=${id}`);
  await rendered(page);
  await page.getByLabel(en["track.phone"]).fill("01811111111");
  await page.getByRole("button", { name: en["track.submit"] }).click();
  await expect(page.getByTestId("track-error")).toHaveText(serverMessages.en["track.notFound"]);
  await expect(page.getByLabel(en["track.orderNumber"])).toHaveValue(String(id));
  await expect(page.getByLabel(en["track.phone"])).toHaveValue("01811111111");
  await expect(page.getByTestId("tracked-order")).toHaveCount(0);
});

test("the tracking page is in Bangla under /bn and is linked from the footer", async ({ page }) => {
  await page.goto("/bn/products");
  await rendered(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "অর্ডার ট্র্যাক করুন" }).click();
  await expect(page).toHaveURL(/\/bn\/orders\/track$/);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1, name: trackingMessages.bn["track.title"] })).toBeVisible();
  await expect(page.getByLabel(trackingMessages.bn["track.orderNumber"])).toBeVisible();
});

for (const path of ["/orders/track", "/bn/orders/track?order=abc&phone=1"]) {
  test(`${path} has no serious accessibility violation`, async ({ page, browser }, testInfo) => {
    const scan = await scanPage(page, browser, testInfo);
    await scan.goto(path);
    expect(await seriousViolations(scan)).toEqual([]);
  });
}
