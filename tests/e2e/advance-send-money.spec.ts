/**
 * The advance by manual bKash Send Money (docs/decisions/062-advance-payment.md), with JavaScript on
 * and off: with the shop asking the delivery charge of orders above ৳50,000, checkout says so before
 * the shopper orders; the confirmation shows "Advance due" and the shop's number; a malformed TrxID
 * is refused beside its field; the shopper reports a Send Money; staff find the order under
 * "advance to verify", verify it; the shopper's page then shows the advance paid. The settings are
 * set in the database (the owner's payments page is another part) and restored after.
 */
import type { Page } from "@playwright/test";
import { checkoutMessages } from "../../app/i18n/checkout-messages";
import { insertProduct, withDb } from "./e2e-db";
import { expect, jsEnabled, rendered, signIn, test, toast, uniqueName } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";
import { buyNow, fillShopperDetails, placeOrderForNumber } from "./checkout-steps";

const en = checkoutMessages.en;

/** The shop's advance settings as this spec sets them, and as a new shop has them. */
const ASKING = {
  advanceKind: "delivery",
  advanceFor: "above",
  advanceAbovePaisa: 5_000_000,
  bkashSendMoneyNumber: "01811111111",
};
const NOT_ASKING = { advanceKind: "none", advanceFor: "all", advanceAbovePaisa: 0, bkashSendMoneyNumber: "" };

function setShop(fields: typeof ASKING) {
  withDb((db) =>
    db
      .prepare(
        `UPDATE ShopSettings SET advanceKind = @advanceKind, advanceFor = @advanceFor,
           advanceAbovePaisa = @advanceAbovePaisa, bkashSendMoneyNumber = @bkashSendMoneyNumber`,
      )
      .run(fields),
  );
}

/** A TrxID of bKash's form no other run has used (10 capitals and digits). */
function freshTrxId(): string {
  const text = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.toUpperCase();
  return text.replace(/[^A-Z0-9]/g, "").slice(-10);
}

/** Orders product `productId` with phone `phone` from its page; returns the order's number. */
async function orderProduct(page: Page, productId: number, name: string): Promise<number> {
  await page.goto(`/products/${productId}`);
  await rendered(page);
  await buyNow(page);
  await fillShopperDetails(page, { name, phone: "01912-345678" });
  // Told before ordering: the delivery charge in advance.
  await expect(page.getByTestId("checkout-advance")).toContainText("We ask the delivery charge");
  return placeOrderForNumber(page);
}

test("a shopper reports a bKash Send Money for the advance and staff verify it", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const productId = insertProduct(uniqueName(testInfo), { pricePaisa: 6_000_000 });
  setShop(ASKING);
  const size = page.viewportSize()!;
  try {
    const id = await orderProduct(page, productId, uniqueName(testInfo));
    const advance = page.getByTestId("advance");
    await expect(advance.getByTestId("advance-due")).toContainText("Advance due: ৳60.00 by");
    await expect(advance.getByTestId("send-money-bkash")).toHaveText(
      "Send Money ৳60.00 to 01811111111 (bKash), then enter the number you sent from and the TrxID.",
    );
    // The cash box asks the rest.
    await expect(page.getByTestId("success-total")).toHaveText("৳60,000.00");
    if (jsEnabled(testInfo)) {
      // On a 360 px phone every target of the page (the Send Money form's included) is a thumb's size.
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await tapTargetOffenders(page)).toEqual([]);
      await page.setViewportSize(size);
    }

    // In Bangla, with Bengali digits; and how it looks on a 360 px phone.
    await page.goto(`/bn/order-success?order=${id}`);
    await expect(page.getByTestId("advance-due")).toContainText("অগ্রিম বাকি:");
    await expect(page.getByTestId("advance-due")).toContainText("৳৬০.০০");
    await expect(page.getByTestId("send-money-bkash")).toContainText("০১৮১১১১১১১১");
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByTestId("advance").screenshot({ path: testInfo.outputPath("advance-due-bn-360.png") });
    await page.setViewportSize(size);
    await page.goto(`/order-success?order=${id}`);

    // A malformed TrxID is refused beside its field, the typed values kept.
    await page.getByLabel(en["advance.sender"]).fill("01911-111111");
    await page.getByLabel(en["advance.trxId"]).fill("12345");
    await page.getByRole("button", { name: en["advance.submit"] }).click();
    await expect(page.getByTestId("send-money-error")).toHaveText(en["advance.formErrors"]);
    await expect(page.getByText(en["advance.trxIdInvalid"])).toBeVisible();
    await expect(page.getByLabel(en["advance.sender"])).toHaveValue("01911-111111");

    const trxId = freshTrxId();
    await page.getByLabel(en["advance.trxId"]).fill(trxId.toLowerCase());
    await page.getByRole("button", { name: en["advance.submit"] }).click();
    await expect(page.getByTestId("advance-to-verify")).toContainText(`TrxID ${trxId} for ৳60.00`);

    // Staff: the list's "advance to verify", then the order's Verify.
    await signIn(page);
    await page.goto("/admin/orders?advance=to-verify");
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `View order #${id}` }) });
    await expect(row.getByTestId("advance-badge")).toHaveText("advance to verify");
    await row.getByRole("link", { name: `View order #${id}` }).click();
    const section = page.getByTestId("advance-section");
    await expect(section.getByTestId("advance-trx-id")).toHaveText(`TrxID ${trxId}`);
    await section.getByRole("button", { name: "Verify" }).click();
    await expect(toast(page)).toHaveText(`Payment verified: the advance of order #${id} is credited.`);
    await expect(section.getByTestId("advance-state")).toHaveText("advance paid");
    await expect(section.getByTestId("advance-cash")).toHaveText("৳60,000.00");
    await expect(page.getByTestId("payment-history-entry")).toHaveCount(2);

    // The shopper's page says the advance is paid.
    await page.goto(`/order-success?order=${id}`);
    await expect(page.getByTestId("advance-paid")).toHaveText("Advance paid: ৳60.00.");
  } finally {
    setShop(NOT_ASKING);
  }
});
