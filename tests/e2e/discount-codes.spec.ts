/**
 * Campaign codes end to end (docs/decisions/060-campaign-codes.md), with JavaScript on and off: the
 * owner creates two codes at /admin/discounts (one that starts in 2099), a shopper's refused code
 * shows its reason and keeps the cart, the other applies in the cart with its saving and new total,
 * the order is placed with it, and the confirmation, the order page and the invoice show the
 * discount. The codes and the order are the test's own and are deleted in `finally`.
 */
import { deleteOrderRows, withDb } from "./e2e-db";
import { tapTargetOffenders } from "./tap-targets";
import {
  expect,
  jsEnabled,
  openFirstProduct,
  paisaOf,
  rendered,
  signIn,
  taka,
  test,
  toast,
  uniqueName,
} from "./fixtures";
import { buyNow, fillShopperDetails } from "./checkout-steps";

test("the owner creates a code; a shopper's refused code says why, the other saves 10% on the order, its page and invoice", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const js = jsEnabled(testInfo);
  const suffix = `${js ? "ON" : "OFF"}${Date.now() % 1e8}`;
  const code = `EID${suffix}`;
  const later = `SOON${suffix}`;
  const name = uniqueName(testInfo);
  await page.setViewportSize({ width: 360, height: 800 });
  try {
    await signIn(page);

    // The owner's page, from the navigation; both codes created through the form.
    await page.goto("/admin/orders");
    await rendered(page);
    await expect(page.locator('nav a[href="/admin/discounts"]').first()).toHaveText("Discounts");
    await page.goto("/admin/discounts");
    await rendered(page);
    await expect(page.getByRole("heading", { name: "Campaign codes", level: 1 })).toBeVisible();
    for (const [typed, startsAt] of [
      [code.toLowerCase(), ""],
      [later, "2099-04-10T10:00"],
    ] as const) {
      await page.getByRole("link", { name: "New code" }).click();
      await expect(page).toHaveURL(/\/admin\/discounts\/new$/);
      await rendered(page);
      await page.getByLabel("Code", { exact: true }).fill(typed);
      await page.getByLabel("Percentage or amount").fill("10");
      if (startsAt) await page.getByLabel("Starts (optional)").fill(startsAt);
      await page.getByRole("button", { name: "Save code" }).last().click();
      await expect(toast(page)).toHaveText(`The code ${typed.toUpperCase()} was created.`);
      await expect(page).toHaveURL(/\/admin\/discounts$/);
      await rendered(page);
    }
    const row = page.getByTestId("discount-code-row").filter({ hasText: code });
    await expect(row).toContainText("10% off");
    await expect(row).toContainText("0 (no limit)");
    if (js) expect(await tapTargetOffenders(page)).toEqual([]);

    // The shopper: one product in the cart, then a code that has not started.
    await openFirstProduct(page);
    await buyNow(page);
    const subtotal = paisaOf(await page.getByTestId("cart-subtotal").innerText());
    await page.getByLabel("Campaign code").fill(later.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("cart-code-error")).toHaveText("This code starts on 10 April.");
    await expect(page.getByLabel("Campaign code")).toHaveValue(later.toLowerCase());
    expect(paisaOf(await page.getByTestId("cart-subtotal").innerText())).toBe(subtotal);

    // The right code: its saving, and the total after it.
    const saving = Math.floor(subtotal / 10);
    await page.getByLabel("Campaign code").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("cart-code")).toHaveText(`${code}: −${taka(saving)}`);
    await expect(page.getByTestId("cart-discount")).toHaveText(`−${taka(saving)}`);
    const total = page.getByTestId(js ? "cart-total" : "cart-total-inside");
    expect(paisaOf(await total.innerText())).toBe(subtotal - saving + 6000);
    if (js) expect(await tapTargetOffenders(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath("cart-with-code-360.png"), fullPage: true });

    // The order.
    await fillShopperDetails(page, { name, phone: "01712345678", address: "House 7, Road 2", area: "Mirpur 10" });
    await page.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
    await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
    await expect(page.getByTestId("success-discount")).toHaveText(`−${taka(saving)}`);
    await expect(page.getByText(`Discount (${code})`)).toBeVisible();
    expect(paisaOf(await page.getByTestId("success-total").innerText())).toBe(subtotal - saving + 6000);
    const orderId = (await page.getByTestId("order-number").innerText()).match(/#(\d+)/)![1]!;

    // The order page and its invoice.
    await page.goto(`/admin/orders/view/${orderId}`);
    await rendered(page);
    await expect(page.getByTestId("order-discount")).toHaveText(`−${taka(saving)}`);
    await expect(page.getByText(`Discount (${code})`).first()).toBeVisible();
    await expect(page.getByTestId("invoice-discount")).toContainText(`−${taka(saving)}`);
    await expect(page.getByTestId("total-incl")).toHaveText(taka(subtotal - saving + 6000));

    // The list counts the use, the order and its revenue.
    await page.goto("/admin/discounts");
    await rendered(page);
    await expect(row).toContainText("1 (no limit)");
    await expect(row).toContainText(taka(subtotal - saving + 6000));
    await page.screenshot({ path: testInfo.outputPath("admin-discounts-360.png"), fullPage: true });
  } finally {
    const orders = withDb((db) => db.prepare('SELECT id FROM "Order" WHERE customerName = ?').all(name)) as {
      id: number;
    }[];
    for (const order of orders) deleteOrderRows(order.id);
    withDb((db) => db.prepare("DELETE FROM DiscountCode WHERE code IN (?, ?)").run(code, later));
  }
});
