/**
 * The owner's defences against fake cash-on-delivery orders
 * (docs/decisions/028-checkout-limits-and-blocklist.md), with JavaScript on and off: staff mark an
 * order as confirmed by phone (who and when, shown on the order and in the list), leave an internal
 * note on it, block its number
 * from the order page, the shopper's next checkout from that number is refused politely with the
 * form kept, and once unblocked at /admin/blocklist the order goes through. The orders use a phone
 * unique to the test and are deleted in `finally`, with the blocklist entry.
 */
import type { Page } from "@playwright/test";
import { withDb } from "./e2e-db";
import {
  E2E_ADMIN,
  expect,
  filterOrders,
  jsEnabled,
  openFirstProduct,
  rendered,
  signIn,
  test,
  toast,
} from "./fixtures";
import { buyNow, fillShopperDetails, placeOrderButton } from "./checkout-steps";

/** Puts the first product in the cart and fills the checkout form with `phone`. */
async function fillCheckout(page: Page, phone: string) {
  await openFirstProduct(page);
  await buyNow(page);
  await fillShopperDetails(page, {
    name: "Defended Shopper",
    phone,
    address: "House 12, Road 7",
    method: "Inside Dhaka",
  });
}

test("staff confirm an order by phone, block its number, and unblock it", async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const js = jsEnabled(testInfo);
  const phone = `0191${String(Date.now() % 1e7).padStart(7, "0")}`;
  const shopper = await (
    await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: js })
  ).newPage();
  try {
    await fillCheckout(shopper, phone);
    await placeOrderButton(shopper).click();
    await expect(shopper).toHaveURL(/\/order-success\?order=\d+$/);
    const orderId = Number(new URL(shopper.url()).searchParams.get("order"));

    // The list says the new order still needs its call.
    await signIn(page);
    await page.goto("/admin/orders");
    await rendered(page);
    await filterOrders(page, js, { q: phone });
    const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    await expect(row.getByTestId("unconfirmed-badge")).toHaveText("Not confirmed");

    // The order page: mark it confirmed by phone.
    await page.goto(`/admin/orders/view/${orderId}`);
    await rendered(page);
    const confirmation = page.getByTestId("phone-confirmation");
    await expect(confirmation.getByTestId("confirmation-status")).toHaveText(
      "Not confirmed yet: phone the shopper before shipping.",
    );
    await confirmation.getByRole("button", { name: "Mark as confirmed by phone" }).click();
    await expect(toast(page)).toHaveText(`Order #${orderId} marked as confirmed by phone.`);
    await expect(confirmation.getByTestId("confirmation-status")).toContainText(
      `Confirmed by phone by ${E2E_ADMIN.email}`,
    );
    await expect(confirmation.getByRole("button", { name: "Remove the confirmation" })).toBeVisible();

    // An internal note: an empty one is refused; a written one is kept with its author.
    const notes = page.getByTestId("order-notes");
    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(notes.getByText("Please write the note.")).toBeVisible();
    if (js) await expect(notes.getByLabel("New note")).toBeFocused();
    await notes.getByLabel("New note").fill("Call after 5 pm, works in Motijheel.");
    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(toast(page)).toHaveText(`Note added to order #${orderId}.`);
    await expect(notes.getByTestId("order-note")).toHaveCount(1);
    await expect(notes.getByTestId("order-note")).toContainText("Call after 5 pm, works in Motijheel.");
    await expect(notes.getByTestId("order-note")).toContainText(E2E_ADMIN.email);
    await expect(notes.getByLabel("New note")).toHaveValue("");
    await page.goto("/admin/orders");
    await filterOrders(page, js, { q: phone });
    await expect(row.getByTestId("confirmed-badge")).toHaveText("Confirmed");

    // Block the number from the order page.
    await page.goto(`/admin/orders/view/${orderId}`);
    await rendered(page);
    await confirmation.getByRole("button", { name: "Block this number" }).click();
    await expect(toast(page)).toHaveText(`${phone} is blocked: checkout will refuse its orders.`);
    await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${orderId}$`));
    await expect(confirmation.getByTestId("phone-blocked")).toContainText("This number is blocked");

    // The shopper's next order from that number is refused politely, with what was typed kept.
    await fillCheckout(shopper, phone);
    await placeOrderButton(shopper).click();
    await expect(shopper.getByTestId("checkout-error")).toContainText("We cannot take this order online.");
    await expect(shopper.getByLabel("Phone")).toHaveValue(phone);
    await expect(shopper.getByLabel("Full name")).toHaveValue("Defended Shopper");

    // The blocklist shows the number with its note and who blocked it; unblocking lets the order through.
    await page.goto("/admin/blocklist");
    await rendered(page);
    const entry = page.getByTestId("blocked-phone").filter({ hasText: phone });
    await expect(entry).toContainText(`Order #${orderId}`);
    await expect(entry).toContainText(`Blocked by ${E2E_ADMIN.email}`);
    await entry.getByRole("button", { name: `Unblock ${phone}` }).click();
    await expect(toast(page)).toHaveText(`${phone} is no longer blocked.`);
    await expect(page.getByTestId("blocked-phone").filter({ hasText: phone })).toHaveCount(0);

    await placeOrderButton(shopper).click();
    await expect(shopper).toHaveURL(/\/order-success\?order=\d+$/);
  } finally {
    await shopper.context().close();
    withDb((db) => {
      db.prepare(`DELETE FROM "Order" WHERE customerPhone = ?`).run(phone);
      db.prepare(`DELETE FROM BlockedPhone WHERE phone = ?`).run(phone);
    });
  }
});

test("the blocklist refuses a number that is not a Bangladeshi mobile, keeping what was typed", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/blocklist");
  await rendered(page);
  await page.getByLabel("Phone number", { exact: true }).fill("12345");
  await page.getByLabel("Note (for staff only)").fill("a typo");
  await page.getByRole("button", { name: "Block number" }).click();
  await expect(page.getByText("Please enter a Bangladeshi mobile number, for example 01712345678.")).toBeVisible();
  await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue("12345");
  await expect(page.getByLabel("Note (for staff only)")).toHaveValue("a typo");
  await expect(page.getByLabel("Phone number", { exact: true })).toHaveAttribute("aria-invalid", "true");
});
