/**
 * Order tracking for shoppers, with JavaScript on and off: the confirmation shows the order
 * number and links to /orders/track with it filled in; the shopper types the phone (in Bengali
 * digits too) and sees the status history, the items and the total; a status change by staff
 * shows up; a wrong phone says "not found" and keeps what was typed; the page works in Bangla and
 * has no serious accessibility violation; on a 360 px phone the items are cards and nothing touches.
 */
import type { Page } from "@playwright/test";
import { trackingMessages } from "../../app/i18n/tracking-messages";
import { serverMessages } from "../../app/i18n/server-messages";
import { seriousViolations, scanPage } from "./axe";
import { deleteOrderRows, insertOrder, sqliteDate, withDb } from "./e2e-db";
import { expect, openFirstProduct, paisaOf, rendered, test, uniqueName } from "./fixtures";
import { buyNow, fillShopperDetails } from "./checkout-steps";

const en = trackingMessages.en;

/** Places an order for the first product as `name` with phone 01912345678; returns its number and total. */
async function placeOrder(page: Page, name: string): Promise<{ id: number; totalPaisa: number }> {
  await openFirstProduct(page);
  await buyNow(page);
  await fillShopperDetails(page, { name, phone: "01912-345678" });
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

/**
 * The boxes of the visible texts inside `selector`, one per text node (visually hidden ones left
 * out), with the element holding each: two texts of different elements must not touch.
 */
function textBoxes(page: Page, selector: string) {
  return page.locator(selector).evaluate((root) => {
    const hidden = (el: Element | null): boolean => {
      for (let node = el; node && node !== root.parentElement; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === "none" || style.clipPath === "inset(50%)") return true;
      }
      return false;
    };
    const boxes: { text: string; parent: number; left: number; right: number; top: number; bottom: number }[] = [];
    const parents: Element[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || hidden(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const { left, right, top, bottom } = range.getBoundingClientRect();
      if (!parents.includes(node.parentElement!)) parents.push(node.parentElement!);
      boxes.push({
        text: node.textContent.trim(),
        parent: parents.indexOf(node.parentElement!),
        left,
        right,
        top,
        bottom,
      });
    }
    return boxes;
  });
}

test("on a 360 px phone the tracked order's items are cards and its totals label/amount rows, nothing touching", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const phone = "01711000777";
  const orderId = insertOrder({
    name: uniqueName(testInfo),
    phone,
    productName: "Mayabati Amber Glass Globe Pendant Light (Large)",
    quantity: 2,
  });
  try {
    for (const lang of ["", "/bn"]) {
      await page.goto(`${lang}/orders/track?order=${orderId}&phone=${phone}`);
      await expect(page.getByTestId("track-item")).toHaveCount(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${lang || "/"}: sideways scroll`).toBeLessThanOrEqual(0);
      // No two texts (header cells, labels, values, totals) touch: 8 px apart on a line, or on different lines.
      const boxes = await textBoxes(page, "[data-testid=tracked-order] section[aria-labelledby=track-items]");
      const touching: string[] = [];
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          if (a.parent === b.parent) continue;
          const sameLine = a.top < b.bottom - 2 && b.top < a.bottom - 2;
          const gap = Math.max(b.left - a.right, a.left - b.right);
          if (sameLine && gap < 8) touching.push(`${a.text} | ${b.text} (${Math.round(gap)} px)`);
        }
      }
      expect.soft(touching, `${lang || "/"}: texts touching`).toEqual([]);
      // The item's card names each value: label and value on one row, apart.
      const messages = lang ? trackingMessages.bn : en;
      const card = page.getByTestId("track-item");
      for (const label of [messages["track.unitPrice"], messages["track.quantity"], messages["track.subtotal"]]) {
        await expect(card.getByText(label, { exact: true })).toBeVisible();
      }
    }
  } finally {
    deleteOrderRows(orderId);
  }
});
