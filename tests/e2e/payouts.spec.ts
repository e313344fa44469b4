/**
 * The cash coming back (docs/decisions/067-courier-payouts.md), with JavaScript on and off: a
 * delivered Steadfast order whose cash is overdue is listed on the payouts page; the owner imports
 * Steadfast's payout file naming it, choosing its courier (a select); the payout shows the parcel
 * matched to the order, the order page says when its cash came back and with which payout, and the
 * overdue list no longer has it.
 * The same file charges a returned parcel: its line is "Charge only" (its own filter, a link that
 * works without JavaScript) and its order says the charge was settled, never that cash came back.
 * The payouts page is measured at 360 px (every control a thumb's size) and both payout pages
 * scanned with axe (with JavaScript).
 * The order and the payout are the test's own and are deleted in `finally`.
 */
import { deleteOrderRows, insertOrder, sqliteDate, withDb } from "./e2e-db";
import { seriousViolations } from "./axe";
import { expect, jsEnabled, rendered, signIn, test, toast } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";

test("a payout file brings a delivered order's cash back: the order shows it and the overdue list drops it", async ({
  page,
}, testInfo) => {
  const stamp = `${Date.now()}`;
  const phone = `0182${stamp.slice(-7)}`;
  const consignment = `E2E${stamp}`;
  const reference = `SF-${testInfo.project.name}-${stamp}`;
  const orderId = insertOrder({ name: "Payout Shopper", phone, productName: "Payout Lamp" });
  const returnedId = insertOrder({ name: "Payout Returner", phone, productName: "Payout Lamp" });
  withDb((db) =>
    db
      .prepare(
        `UPDATE "Order" SET status = 'delivered', courier = 'steadfast', consignmentId = ?, trackingCode = ?,
           deliveredAt = ? WHERE id = ?`,
      )
      .run(consignment, consignment, sqliteDate(new Date(Date.now() - 10 * 86_400_000)), orderId),
  );
  withDb((db) =>
    db
      .prepare(
        `UPDATE "Order" SET status = 'returned', deliveryState = 'returned', courier = 'steadfast',
           consignmentId = ?, trackingCode = ? WHERE id = ?`,
      )
      .run(`${consignment}R`, `${consignment}R`, returnedId),
  );
  try {
    await signIn(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/admin/payouts");
    await rendered(page);
    const overdueRow = page.locator(`[data-testid="overdue-row"][data-order-id="${orderId}"]`);
    await expect(overdueRow).toContainText("Payout Shopper");
    await expect(overdueRow).toContainText("৳160.00");
    expect(await tapTargetOffenders(page)).toEqual([]);

    await page.getByRole("link", { name: "Import a payout file" }).click();
    await expect(page).toHaveURL(/\/admin\/payouts\/import$/);
    await rendered(page);
    await page.getByLabel("Payout file (CSV)").setInputFiles({
      name: "steadfast-payout.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `Consignment ID,Invoice,COD Amount,Delivery Charge,COD Charge\r\n${consignment},haat-${orderId},160,60,1.60\r\n` +
          `${consignment}R,haat-${returnedId},0,60,0\r\n`,
      ),
    });
    await page.getByLabel("Courier", { exact: true }).selectOption("steadfast");
    await page.getByLabel("Payout reference").fill(reference);
    await page.getByRole("button", { name: "Import" }).click();
    await expect(toast(page)).toHaveText(
      `Steadfast payout ${reference} recorded: 1 parcels matched, 0 not matched, 0 already paid. 1 parcels brought no cash, only the courier's charge (returned).`,
    );
    await expect(page).toHaveURL(/\/admin\/payouts\/\d+$/);
    const payoutUrl = page.url();
    await expect(page.getByTestId("payout-totals")).toContainText("৳38.40");
    await page.getByRole("link", { name: "Charge only (1)" }).click();
    await expect(page).toHaveURL(/\?show=charge$/);
    await expect(page.getByTestId("payout-line")).toHaveCount(1);
    await expect(page.getByTestId("payout-line")).toHaveAttribute("data-state", "charge");
    await expect(page.getByTestId("payout-line")).toContainText("Charge only");
    await page
      .getByTestId("payout-line")
      .getByRole("link", { name: `Order #${returnedId}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${returnedId}$`));
    await rendered(page);
    await expect(page.getByTestId("order-cash")).toHaveCount(0);
    await expect(page.getByTestId("order-payout-charge")).toContainText(
      "No cash collected: the courier's charge of ৳60.00",
    );

    await page.goto(`${payoutUrl}?show=matched`);
    await rendered(page);
    const line = page.getByTestId("payout-line");
    await expect(line).toHaveAttribute("data-state", "matched");
    // axe needs a script: scanned once, with JavaScript (the markup is the same without it).
    if (jsEnabled(testInfo)) expect(await seriousViolations(page)).toEqual([]);

    await line.getByRole("link", { name: `Order #${orderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${orderId}$`));
    await rendered(page);
    const cash = page.getByTestId("order-cash");
    await expect(cash).toHaveAttribute("data-received", "yes");
    await expect(cash).toContainText("Cash received on");
    await expect(cash.getByRole("link", { name: `payout ${reference}` })).toBeVisible();

    await page.goto("/admin/payouts");
    await rendered(page);
    await expect(page.getByTestId("payouts-table")).toContainText(reference);
    await expect(overdueRow).toHaveCount(0);
    if (jsEnabled(testInfo)) expect(await seriousViolations(page)).toEqual([]);
  } finally {
    withDb((db) => {
      db.prepare(`UPDATE "Order" SET cashPayoutItemId = NULL WHERE id IN (?, ?)`).run(orderId, returnedId);
      db.prepare(
        `DELETE FROM "CourierPayoutItem" WHERE payoutId IN (SELECT id FROM "CourierPayout" WHERE reference = ?)`,
      ).run(reference);
      db.prepare(`DELETE FROM "CourierPayout" WHERE reference = ?`).run(reference);
    });
    deleteOrderRows(orderId);
    deleteOrderRows(returnedId);
  }
});
