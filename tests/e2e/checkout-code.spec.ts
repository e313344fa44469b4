/**
 * The one-time code at checkout (docs/decisions/065-sms.md), with JavaScript on and off: with the
 * shop asking a code for every order and the local SMS gateway set (tests/e2e/sms.ts), Place order
 * sends a code and draws the checkout again with everything typed kept; "Send a new code" is
 * refused within the minute; a wrong code is refused with the fields kept; the code the local
 * gateway took is typed and the order is placed; the next order from the same browser asks no
 * code. The owner's setting on /admin/settings warns while no gateway is set.
 *
 * The code reaches the local gateway through the outbox's sender: the steps after "a wrong code is
 * refused" wait for it (deliveredSms).
 */
import type { Page } from "@playwright/test";
import { withDb } from "./e2e-db";
import { expect, jsEnabled, openFirstProduct, rendered, signIn, test, toast } from "./fixtures";
import { deliveredSms, useLocalSmsGateway } from "./sms";
import { tapTargetOffenders } from "./tap-targets";
import { buyNow, fillShopperDetails, placeOrderButton } from "./checkout-steps";

/** Sets the shop's checkout code setting ("off", "new-phones", "every-order"). */
function setCheckoutCode(mode: string) {
  withDb((db) => db.prepare(`UPDATE ShopSettings SET checkoutCode = ?`).run(mode));
}

/** Puts the first product in the cart and fills the checkout form with `phone`. */
async function fillCheckout(page: Page, phone: string) {
  await openFirstProduct(page);
  await buyNow(page);
  await fillShopperDetails(page, {
    name: "Coded Shopper",
    phone,
    address: "House 5, Road 11",
    area: "Banani",
    method: "Inside Dhaka",
  });
}

test("a shopper proves the phone with the SMS code, orders, and is not asked again on that browser", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const js = jsEnabled(testInfo);
  const phone = `0161${String(Date.now() % 1e7).padStart(7, "0")}`;
  setCheckoutCode("every-order");
  useLocalSmsGateway();
  const shopper = await (
    await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: js,
      viewport: { width: 360, height: 740 },
    })
  ).newPage();
  try {
    await fillCheckout(shopper, phone);
    await placeOrderButton(shopper).click();

    // The code step: the phone named, the code field, everything typed kept, no order yet.
    await expect(shopper.getByTestId("checkout-code-sent")).toHaveText(
      `We sent a 6-digit code to ${phone}. Enter it to place your order.`,
    );
    const codeField = shopper.getByLabel("Code from the SMS");
    await expect(codeField).toHaveAttribute("inputmode", "numeric");
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    if (js) await expect(codeField).toBeFocused();
    await expect(shopper).toHaveURL(/\/cart$/);
    await expect(shopper.getByLabel("Full name")).toHaveValue("Coded Shopper");
    await expect(shopper.getByLabel("Phone")).toHaveValue(phone);
    await expect(shopper.getByLabel("Area or thana")).toHaveValue("Banani");
    await expect(shopper.getByLabel("District", { exact: true })).toHaveValue("Dhaka");
    expect(await tapTargetOffenders(shopper)).toEqual([]);

    // A new code within the minute: with JavaScript the button counts the seconds down, disabled;
    // without, the server refuses it with the time left, the fields kept.
    await codeField.fill("12");
    if (js) {
      const resend = shopper.getByRole("button", { name: /^Send a new code in \d+ s$/ });
      await expect(resend).toBeDisabled();
      const first = Number(/(\d+)/.exec((await resend.textContent()) ?? "")?.[1]);
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThanOrEqual(60);
      await expect.poll(async () => Number(/(\d+)/.exec((await resend.textContent()) ?? "")?.[1])).toBeLessThan(first);
    } else {
      await shopper.getByRole("button", { name: "Send a new code" }).click();
      await expect(shopper.getByTestId("checkout-error")).toHaveText(/^You can ask for a new code in \d+ seconds\.$/);
    }
    await expect(shopper.getByLabel("Code from the SMS")).toHaveValue("12");
    await expect(shopper.getByLabel("Full name")).toHaveValue("Coded Shopper");

    // A wrong code: refused, a try counted, the fields kept.
    await shopper.getByLabel("Code from the SMS").fill("000000");
    await placeOrderButton(shopper).click();
    await expect(shopper.getByText("That code is not right. Tries left for this code: 4.")).toBeVisible();
    await expect(shopper.getByLabel("Code from the SMS")).toHaveAttribute("aria-invalid", "true");
    await expect(shopper.getByLabel("Full name")).toHaveValue("Coded Shopper");
    await expect(shopper.getByLabel("Delivery address")).toHaveValue("House 5, Road 11");

    // The code the local gateway took (the outbox's sender sends it after the request).
    await expect
      .poll(async () => (await deliveredSms(phone)).length, { timeout: 20_000, message: "the code's SMS" })
      .toBe(1);
    const [sms] = await deliveredSms(phone);
    const code = /^(\d{6}) /.exec(sms!.text)?.[1];
    expect(code, sms!.text).toBeTruthy();
    await shopper.getByLabel("Code from the SMS").fill(code!);
    await placeOrderButton(shopper).click();
    await expect(shopper).toHaveURL(/\/order-success\?order=\d+$/);

    // The next order from this browser: no code asked.
    await fillCheckout(shopper, phone);
    await placeOrderButton(shopper).click();
    await expect(shopper).toHaveURL(/\/order-success\?order=\d+$/);
    expect(await deliveredSms(phone)).toHaveLength(1);
  } finally {
    setCheckoutCode("off");
    await shopper.context().close();
    withDb((db) => {
      db.prepare(`DELETE FROM "Order" WHERE customerPhone = ?`).run(phone);
      db.prepare(`DELETE FROM PhoneVerification WHERE phone = ?`).run(phone);
    });
  }
});

test("the owner sets the checkout code in the settings, warned while no SMS gateway is set", async ({ page }) => {
  const gateway = withDb(
    (db) => db.prepare(`SELECT * FROM SmsGateway WHERE id = 1`).get() as Record<string, unknown> | undefined,
  );
  withDb((db) => db.prepare(`DELETE FROM SmsGateway`).run());
  try {
    await signIn(page);
    await page.goto("/admin/settings");
    await rendered(page);
    const select = page.getByLabel("One-time code by SMS at checkout");
    await expect(select).toHaveValue("off");
    await expect(page.getByTestId("checkout-code-no-gateway")).toHaveCount(0);
    await select.selectOption({ label: "Phones without a delivered order" });
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page)).toHaveText("Settings saved. The shop shows them now.");
    await rendered(page);
    await expect(page.getByLabel("One-time code by SMS at checkout")).toHaveValue("new-phones");
    await expect(page.getByTestId("checkout-code-no-gateway")).toHaveText(
      "No SMS gateway is set, so checkout asks for no code: set a gateway first.",
    );
    await expect(page.getByRole("link", { name: "SMS gateway" })).toHaveAttribute("href", "/admin/sms");
  } finally {
    setCheckoutCode("off");
    // The gateway as it was (another journey's, or none).
    if (gateway) {
      const columns = Object.keys(gateway);
      withDb((db) =>
        db
          .prepare(`INSERT INTO SmsGateway (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`)
          .run(gateway),
      );
    }
  }
});
