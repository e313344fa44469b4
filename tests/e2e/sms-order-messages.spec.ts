/**
 * The shopper's text messages on the order page (docs/decisions/065-sms.md), with JavaScript on and
 * off, against the local SMS gateway the end-to-end server starts (tests/e2e/sms.ts): with the
 * "order placed" and "confirmed by phone" messages on, a shopper's order sends the first (the order
 * page shows it sent, with its text), staff confirming by phone sends the second, and a failed
 * message is sent again with "Send again". Each message reaches the gateway once, and the owner's
 * list of messages finds them by the phone typed in Bengali digits. The order is the
 * test's own (a phone of its own); the texts switched on are switched off again in `finally`.
 */
import type { Page } from "@playwright/test";
import { DEFAULT_SMS_TEMPLATES, type OrderSmsEvent } from "../../app/rules/sms";
import { deleteOrderRows, sqliteDate, withDb } from "./e2e-db";
import { expect, openFirstProduct, rendered, signIn, test, toast } from "./fixtures";
import { deliveredSms, useLocalSmsGateway } from "./sms";
import { buyNow, fillShopperDetails, placeOrderForNumber } from "./checkout-steps";

const EVENTS: OrderSmsEvent[] = ["order-placed", "order-confirmed"];

/** Switches `events` on with their default texts (this server's database: a row per event). */
function switchOn(events: OrderSmsEvent[]) {
  withDb((db) => {
    const upsert = db.prepare(
      `INSERT INTO SmsTemplate (event, enabled, textEn, textBn, updatedAt) VALUES (?, 1, ?, ?, ?)
       ON CONFLICT (event) DO UPDATE SET enabled = 1, textEn = excluded.textEn, textBn = excluded.textBn`,
    );
    for (const event of events) {
      upsert.run(event, DEFAULT_SMS_TEMPLATES[event].en, DEFAULT_SMS_TEMPLATES[event].bn, sqliteDate(new Date()));
    }
  });
}

/** Places an order for the first product from `phone` through the storefront; returns its number. */
async function placeOrder(page: Page, phone: string): Promise<number> {
  await openFirstProduct(page);
  await buyNow(page);
  await fillShopperDetails(page, { name: "Sms Shopper", phone: phone });
  return placeOrderForNumber(page);
}

/** The order page's message of `event` (its label), reloading the page until it says `state`. */
async function expectMessageState(page: Page, orderId: number, label: string, state: string) {
  const message = page.getByTestId("order-sms").filter({ has: page.getByTestId("sms-event").getByText(label) });
  await expect(async () => {
    await page.goto(`/admin/orders/view/${orderId}`);
    await rendered(page);
    await expect(message.getByTestId("sms-state")).toHaveText(state, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return message;
}

test("the order page shows the shopper's messages sent, and a failed one is sent again", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const phone = `0171${String(Date.now() % 1e7).padStart(7, "0")}`;
  useLocalSmsGateway();
  switchOn(EVENTS);
  let orderId: number | null = null;
  try {
    orderId = await placeOrder(page, phone);
    await signIn(page);

    // The order's first message goes out after the checkout answered; the page shows it sent.
    const placed = await expectMessageState(page, orderId, "Order placed", "Sent");
    await expect(placed.getByTestId("sms-text")).toContainText(`we got your order #${orderId}`);
    await expect(placed).toContainText("SMS");
    await expect(placed.getByRole("button", { name: "Send again" })).toHaveCount(0);

    // Staff confirm by phone: the second message.
    await page.getByRole("button", { name: "Mark as confirmed by phone" }).click();
    await expect(toast(page)).toHaveText(`Order #${orderId} marked as confirmed by phone.`);
    // It waits two minutes, for a mis-tapped mark to be taken back, and the page says until when.
    const held = await expectMessageState(page, orderId, "Confirmed by phone", "Waiting to be sent");
    await expect(held.getByTestId("sms-held")).toContainText("taking the change back stops it");
    const heldOrder = orderId;
    withDb((db) =>
      db
        .prepare(`UPDATE SmsMessage SET nextAttemptAt = ? WHERE orderId = ? AND event = 'order-confirmed'`)
        .run(sqliteDate(new Date()), heldOrder),
    );
    const confirmed = await expectMessageState(page, orderId, "Confirmed by phone", "Sent");
    await expect(confirmed.getByTestId("sms-text")).toContainText(`your order #${orderId} is confirmed`);

    // A message that failed (the gateway was out of balance) offers "Send again", and goes out.
    const id = orderId;
    withDb((db) =>
      db
        .prepare(
          `INSERT INTO SmsMessage (event, orderId, phone, language, state, attempts, error, createdAt, nextAttemptAt)
           VALUES ('order-shipped', ?, ?, 'en', 'failed', 6, 'Insufficient balance', ?, ?)`,
        )
        .run(id, phone, sqliteDate(new Date()), sqliteDate(new Date())),
    );
    const failed = await expectMessageState(page, orderId, "Shipped", "Failed");
    await expect(failed.getByTestId("sms-reason")).toHaveText("Reason: Insufficient balance");
    await failed.getByRole("button", { name: "Send again" }).click();
    await expect(toast(page)).toHaveText(`The “Shipped” message of order #${orderId} will be sent again.`);
    await expectMessageState(page, orderId, "Shipped", "Sent");

    // Each message reached the gateway once.
    const texts = (await deliveredSms(phone)).map((sms) => sms.text);
    expect(texts).toEqual([
      expect.stringContaining(`we got your order #${orderId}`),
      expect.stringContaining(`your order #${orderId} is confirmed`),
      expect.stringContaining(`your order #${orderId} is on its way`),
    ]);

    // The owner's list: filtered by the phone typed in Bengali digits, each row linking to the order.
    await page.goto("/admin/sms/messages");
    await rendered(page);
    await page.getByLabel("Phone").fill(phone.replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!));
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page.getByTestId("sms-messages-row")).toHaveCount(3);
    await expect(page.getByTestId("sms-messages-row").getByTestId("sms-state")).toHaveText(["Sent", "Sent", "Sent"]);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: testInfo.outputPath("sms-messages-360.png"), fullPage: true });
    await page
      .getByTestId("sms-messages-row")
      .first()
      .getByRole("link", { name: `Order #${orderId}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${orderId}$`));
  } finally {
    withDb((db) => {
      db.prepare(`UPDATE SmsTemplate SET enabled = 0 WHERE event IN (${EVENTS.map(() => "?").join(",")})`).run(
        ...EVENTS,
      );
      if (orderId !== null) db.prepare(`DELETE FROM SmsMessage WHERE orderId = ?`).run(orderId);
    });
    if (orderId !== null) deleteOrderRows(orderId);
  }
});
