/**
 * bKash tokenized checkout end to end (docs/decisions/061-bkash-checkout.md), with JavaScript on
 * and off, against the local bKash the end-to-end server starts (tests/e2e/server.ts): the owner
 * saves the merchant keys and asks the delivery charge in advance at /admin/payments (360 px, 44 px
 * targets); a shopper applies a campaign code in the cart, places the order, pays the delivery
 * charge on bKash's (local) page and comes back to "advance paid"; staff see the payment on the
 * order page, the courier CSV asks for the discounted total less the advance, and the owner refunds
 * it (never more than was paid). Each worker has its own server and database and runs its tests
 * one after another, so the shop-wide settings changed here are put back in `finally`.
 */
import fs from "node:fs";
import { parse } from "csv-parse/sync";
import type { Page } from "@playwright/test";
import { deleteOrderRows, sqliteDate, withDb } from "./e2e-db";
import { expect, filterOrders, jsEnabled, openFirstProduct, paisaOf, rendered, signIn, test, toast } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";
import { buyNow, fillShopperDetails } from "./checkout-steps";

/**
 * Places an order for the first product as a shopper with `phone`, with the campaign code `code`
 * (10% off) applied in the cart; returns its number and total (subtotal − the code's saving + the
 * inside-Dhaka delivery charge), in paisa.
 */
async function placeOrder(page: Page, phone: string, code: string): Promise<{ id: number; totalPaisa: number }> {
  await openFirstProduct(page);
  await buyNow(page);
  await page.getByLabel("Campaign code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  const subtotalPaisa = paisaOf(await page.getByTestId("cart-subtotal").innerText());
  const savingPaisa = Math.floor(subtotalPaisa / 10);
  await expect(page.getByTestId("cart-code")).toContainText(`${code}: −`);
  expect(paisaOf((await page.getByTestId("cart-code").innerText()).split("−")[1]!)).toBe(savingPaisa);
  await rendered(page);
  await fillShopperDetails(page, { name: "bKash Shopper", phone: phone });
  await page.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  return { id: Number(new URL(page.url()).searchParams.get("order")), totalPaisa: subtotalPaisa - savingPaisa + 6000 };
}

test("the owner sets bKash up, a shopper with a campaign code pays the delivery charge by bKash, staff see it paid, the CSV asks for the rest, the owner refunds", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const js = jsEnabled(testInfo);
  const phone = `0171${String(Date.now() % 1e7).padStart(7, "0")}`;
  const code = `BKASH${testInfo.project.name === "js-off" ? "OFF" : "ON"}${Date.now() % 1e6}`;
  let orderId = 0;
  try {
    withDb((db) =>
      db
        .prepare(`INSERT INTO DiscountCode (code, kind, value, updatedAt) VALUES (?, 'percentage', 1000, ?)`)
        .run(code, sqliteDate(new Date())),
    );
    await signIn(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/admin/payments");
    await rendered(page);
    // The delivery charge in advance, of every order.
    await page.getByLabel("Advance", { exact: true }).selectOption("delivery");
    await page.getByLabel("Ask it for").selectOption("all");
    await page.getByLabel("bKash number").fill("01712-345678");
    await page.getByRole("button", { name: "Save advance settings" }).click();
    await expect(toast(page)).toHaveText("Advance settings saved.");
    await expect(page.getByLabel("bKash number")).toHaveValue("01712345678");

    const account = page.getByTestId("bkash-account");
    await account.getByLabel("Username").fill("sandboxTokenizedUser");
    await account.getByLabel("Password").fill("sandbox-password");
    await account.getByLabel("App key").fill("test-app-key-1234");
    await account.getByLabel("App secret").fill("test-app-secret");
    await page.getByRole("button", { name: "Check and save" }).click();
    await expect(toast(page)).toHaveText("bKash accepted the keys; they are saved.");
    await expect(account).toContainText("app key ending in 1234");
    expect(await page.content()).not.toContain("test-app-secret");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (js) expect(await tapTargetOffenders(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The shopper, in a browser of their own.
    const shopper = await browser.newPage({ javaScriptEnabled: js });
    const placed = await placeOrder(shopper, phone, code);
    orderId = placed.id;
    await rendered(shopper);
    await expect(shopper.getByTestId("advance-due")).toContainText("৳60.00");
    const pay = shopper.getByTestId("payment-options").getByTestId("bkash-pay");
    await pay.getByRole("button", { name: "Pay ৳60.00 with bKash" }).click();
    await expect(shopper.getByTestId("bkash-amount")).toContainText("Pay ৳60.00 to the merchant");
    await shopper.getByRole("button", { name: "Approve" }).click();
    await expect(shopper).toHaveURL(new RegExp(`/order-success\\?order=${orderId}&payment=paid$`));
    await expect(shopper.getByTestId("payment-result")).toHaveText(
      "Thank you: your bKash payment was received. The advance is paid.",
    );
    await expect(shopper.getByTestId("bkash-pay")).toHaveCount(0);
    await expect(shopper.getByTestId("advance-paid")).toContainText("৳60.00");
    // The page bKash returned to, opened again (a reload, the callback replayed): still paid once.
    await shopper.close();

    await page.goto(`/admin/orders/view/${orderId}`);
    await rendered(page);
    const payments = page.getByTestId("bkash-payments");
    await expect(payments).toContainText("৳60.00, Received");
    await expect(payments).toContainText(/bKash TrxID TRX/);

    // The courier collects the total less the advance.
    await page.goto("/admin/orders");
    await rendered(page);
    await filterOrders(page, js, { q: phone });
    await page.getByRole("checkbox", { name: `Select order #${orderId}` }).check();
    await page.getByRole("button", { name: "Export ticked as CSV" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/export\?/);
    await rendered(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const rows = parse(fs.readFileSync(await (await download).path(), "utf8")) as string[][];
    const amountColumn = rows[0]!.indexOf("Amount");
    expect(Math.round(Number(rows[1]![amountColumn]) * 100)).toBe(placed.totalPaisa - 6000);

    // A refund: never more than was paid, then all of it.
    await page.goto(`/admin/orders/view/${orderId}`);
    await rendered(page);
    await payments.getByLabel("Amount to refund (taka)").fill("61");
    await payments.getByRole("button", { name: "Refund through bKash" }).click();
    await expect(toast(page)).toHaveText("At most ৳60.00 can be refunded of this payment.");
    await payments.getByLabel("Amount to refund (taka)").fill("60");
    await payments.getByLabel("Reason (the shopper sees it in bKash)").fill("Out of stock");
    await payments.getByRole("button", { name: "Refund through bKash" }).click();
    await expect(toast(page)).toContainText("৳60.00 refunded through bKash");
    await expect(payments).toContainText(/Refunded ৳60\.00 \(RFD/);
    await expect(payments.getByRole("button", { name: "Refund through bKash" })).toHaveCount(0);
  } finally {
    // The shop as a new one has it: no advance asked, no bKash keys (other journeys share the server).
    withDb((db) => {
      db.prepare(`DELETE FROM PaymentAccount`).run();
      db.prepare(
        `UPDATE ShopSettings SET advanceKind = 'none', advanceValue = 0, advanceFor = 'all', advanceAbovePaisa = 0,
           bkashSendMoneyNumber = ''`,
      ).run();
    });
    if (orderId) {
      withDb((db) => db.prepare(`DELETE FROM "Payment" WHERE orderId = ?`).run(orderId));
      deleteOrderRows(orderId);
    }
    withDb((db) => db.prepare(`DELETE FROM DiscountCode WHERE code = ?`).run(code));
  }
});
