/**
 * The courier's address at checkout, with JavaScript on and off: the district (a select of the 64,
 * grouped by division) and the area or thana. The order stores both, and the admin order page and
 * its invoice show them. The district decides the shipping method and its fee: with JavaScript,
 * choosing a district ticks its zone (the other is disabled) and the total follows; without it, a
 * form whose ticked zone is not the district's is answered with the district's fee to confirm. A
 * district that is not in the list is refused with the form kept, and a district's former name
 * (from a page cached before the renaming) is stored as its current one. An order stored with a
 * zone that is not its district's is flagged on its admin page, and an edit re-prices it.
 */
import type { Page, Route } from "@playwright/test";
import { checkoutMessages } from "../../app/i18n/checkout-messages";
import { deleteOrderRows, insertOrder, withDb } from "./e2e-db";
import { expect, jsEnabled, openFirstProduct, paisaOf, rendered, signIn, taka, test, uniqueName } from "./fixtures";
import { buyNow, placeOrderButton } from "./checkout-steps";

/** Buys the first product and waits for the cart page with its checkout form. */
async function toCheckout(page: Page) {
  await openFirstProduct(page);
  await buyNow(page);
}

/**
 * A route handler that posts the checkout form with `district` in place of the one chosen (and
 * `shippingMethod`, when given, in place of the ticked one).
 */
function postingDistrict(district: string, shippingMethod?: string) {
  return async (route: Route) => {
    const request = route.request();
    const form = new URLSearchParams(request.postData() ?? "");
    if (request.method() !== "POST" || form.get("intent") !== "checkout") return route.continue();
    form.set("district", district);
    if (shippingMethod) form.set("shippingMethod", shippingMethod);
    await route.continue({ postData: form.toString() });
  };
}

const district = (page: Page) => page.getByLabel("District", { exact: true });

/**
 * Places the filled form as the shopper does, leaving the zone as the form shows it: with
 * JavaScript the district has ticked its zone; without it, the first press is answered with the
 * district's fee and total to confirm (`confirmation`, checked), and the second places the order.
 */
async function placeLeavingTheZone(page: Page, js: boolean, confirmation: RegExp) {
  await placeOrderButton(page).click();
  if (!js) {
    await expect(page.getByTestId("checkout-error")).toHaveText(confirmation);
    await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toHaveCount(0);
    await placeOrderButton(page).click();
  }
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  return Number((await page.getByTestId("order-number").innerText()).match(/#(\d+)/)![1]);
}

test("a checkout with a district, an area and a phone in Bengali digits places an order that staff see with them", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const name = uniqueName(testInfo);
  await toCheckout(page);
  const subtotal = paisaOf(await page.getByTestId("cart-subtotal").innerText());

  // The select offers all 64 districts in 8 groups, after a prompt to choose.
  await expect(district(page).locator("optgroup")).toHaveCount(8);
  await expect(district(page).locator("option")).toHaveCount(65);
  await expect(district(page).locator('optgroup[label="Sylhet Division"] option')).toHaveText([
    "Habiganj",
    "Moulvibazar",
    "Sunamganj",
    "Sylhet",
  ]);
  // The current official names, one spelling system (the old ones are accepted, not shown).
  await expect(district(page).locator('optgroup[label="Barishal Division"] option[value="Barishal"]')).toHaveText(
    "Barishal",
  );
  await expect(district(page).locator('option[value="Cumilla"]')).toHaveText("Cumilla");
  await expect(district(page).locator('option[value="Barisal"], option[value="Comilla"]')).toHaveCount(0);
  await expect(page.getByText("e.g. Mirpur 10, Dhanmondi")).toBeVisible();

  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Phone").fill("০১৭১২-৩৪৫৬৭৮");
  await page.getByLabel("Delivery address").fill("House 4, Lane 2");
  await page.getByLabel("Area or thana").fill("জিন্দাবাজার");
  await district(page).selectOption("Sylhet");
  const id = await placeLeavingTheZone(
    page,
    jsEnabled(testInfo),
    /^Delivery to Sylhet is Outside Dhaka: shipping charge ৳120\.00/,
  );

  const stored = withDb((db) =>
    db
      .prepare(`SELECT customerName, customerPhone, district, area, shippingFeePaisa FROM "Order" WHERE id = ?`)
      .get(id),
  );
  expect(stored).toEqual({
    customerName: name,
    customerPhone: "01712345678",
    district: "Sylhet",
    area: "জিন্দাবাজার",
    shippingFeePaisa: 12000,
  });

  await signIn(page);
  await page.goto(`/admin/orders/view/${id}`);
  await rendered(page);
  const customer = page.getByRole("region", { name: "Customer Information" });
  await expect(customer.getByTestId("order-district")).toHaveText("Sylhet");
  await expect(customer.getByTestId("order-area")).toHaveText("জিন্দাবাজার");
  await expect(customer.getByRole("link", { name: "01712345678" })).toBeVisible();
  await expect(customer).toContainText("House 4, Lane 2");
  const invoice = page.getByTestId("invoice-customer");
  await expect(invoice).toContainText("House 4, Lane 2");
  await expect(invoice).toContainText("জিন্দাবাজার, Sylhet");
  await expect(invoice).toContainText("01712345678");
  await expect(page.getByTestId("shipping-charge")).toHaveText("৳120.00");
  expect(paisaOf(await page.getByTestId("total-incl").innerText())).toBe(subtotal + 12000);
});

test("choosing a district ticks its zone, the other is disabled and the total follows", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the server asks to confirm the fee: the tests around this one");
  await toCheckout(page);
  const subtotal = paisaOf(await page.getByTestId("cart-subtotal").innerText());
  const total = async () => paisaOf(await page.getByTestId("cart-total").innerText());
  const inside = page.getByLabel(/Inside Dhaka/);
  const outside = page.getByLabel(/Outside Dhaka/);
  // Before a district: the specification's default, and either may be ticked.
  await expect(inside).toBeChecked();
  await expect(outside).toBeEnabled();
  expect(await total()).toBe(subtotal + 6000);

  await district(page).selectOption("Chattogram");
  await expect(outside).toBeChecked();
  await expect(inside).toBeDisabled();
  await expect(outside).toHaveAccessibleDescription("Set by the district you chose.");
  await expect(page.getByTestId("cart-shipping")).toHaveText("৳120.00");
  expect(await total()).toBe(subtotal + 12000);
  await expect(page.getByRole("status").filter({ hasText: "Shipping method changed to Outside Dhaka" })).toHaveCount(1);

  await district(page).selectOption("Dhaka");
  await expect(inside).toBeChecked();
  await expect(outside).toBeDisabled();
  expect(await total()).toBe(subtotal + 6000);

  // On the Bangla page the districts are named in Bangla; the value sent is the same.
  await page.goto("/bn/cart");
  const bnDistrict = page.getByLabel(checkoutMessages.bn["checkout.district"], { exact: true });
  await expect(bnDistrict.locator('option[value="Sylhet"]')).toHaveText("সিলেট");
  await expect(bnDistrict.locator('option[value="Cox\'s Bazar"]')).toHaveText("কক্সবাজার");
  await bnDistrict.selectOption("Sylhet");
  await expect(page.getByLabel(new RegExp(checkoutMessages.bn["checkout.outsideDhaka"]))).toBeChecked();
});

test("an order to Chattogram with the zone left as the form shows it pays the outside fee", async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const name = uniqueName(testInfo);
  await toCheckout(page);
  const subtotal = paisaOf(await page.getByTestId("cart-subtotal").innerText());
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Phone").fill("01912345678");
  await page.getByLabel("Delivery address").fill("House 2, CDA Avenue");
  await page.getByLabel("Area or thana").fill("Agrabad");
  // The form starts on Inside Dhaka (the specification's default); the shopper never touches it.
  await expect(page.getByLabel(/Inside Dhaka/)).toBeChecked();
  await district(page).selectOption("Chattogram");
  await placeOrderButton(page).click();
  if (!js) {
    // Nothing is placed at a fee the shopper was not shown: the district's zone, its fee and the total.
    await expect(page.getByTestId("checkout-error")).toHaveText(
      `Delivery to Chattogram is Outside Dhaka: shipping charge ৳120.00, total ${taka(subtotal + 12000)}. Check the total, then place the order again.`,
    );
    await expect(page.getByLabel(/Outside Dhaka/)).toBeChecked();
    await expect(page.getByLabel("Full name")).toHaveValue(name);
    await expect(district(page)).toHaveValue("Chattogram");
    expect(withDb((db) => db.prepare(`SELECT COUNT(*) AS n FROM "Order" WHERE customerName = ?`).get(name))).toEqual({
      n: 0,
    });
    await placeOrderButton(page).click();
  }
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  expect(
    withDb((db) =>
      db
        .prepare(`SELECT district, shippingMethod, shippingFeePaisa, totalPaisa FROM "Order" WHERE customerName = ?`)
        .all(name),
    ),
  ).toEqual([
    { district: "Chattogram", shippingMethod: "Outside Dhaka", shippingFeePaisa: 12000, totalPaisa: subtotal + 12000 },
  ]);
});

test("an order stored with a zone that is not its district's is flagged, and an edit charges the district's fee", async ({
  page,
}, testInfo) => {
  const id = insertOrder({ name: uniqueName(testInfo), phone: "01612345678" });
  // As placed before the district decided the fee: Chattogram, charged Inside Dhaka's ৳60.
  withDb((db) => db.prepare(`UPDATE "Order" SET district = 'Chattogram', area = 'Agrabad' WHERE id = ?`).run(id));
  try {
    await signIn(page);
    await page.goto(`/admin/orders/view/${id}`);
    await rendered(page);
    const flag = page.getByTestId("method-mismatch");
    await expect(flag).toContainText("Charged the Inside Dhaka fee, but Chattogram is Outside Dhaka.");
    await flag.getByRole("link", { name: "Edit the order to charge the Outside Dhaka fee" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/edit/${id}$`));
    await expect(page.getByTestId("edit-method-mismatch")).toContainText("saving charges the Outside Dhaka fee");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/view/${id}$`));
    await expect(page.getByTestId("shipping-charge")).toHaveText("৳120.00");
    await expect(page.getByTestId("order-shipping-method")).toHaveText("Outside Dhaka");
    await expect(page.getByTestId("method-mismatch")).toHaveCount(0);
  } finally {
    deleteOrderRows(id);
  }
});

test("a district that is not in the list is refused, with everything typed kept; a former name is taken as the current one", async ({
  page,
}, testInfo) => {
  const name = uniqueName(testInfo);
  await toCheckout(page);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Phone").fill("01812345678");
  await page.getByLabel("Delivery address").fill("House 9, Road 1");
  await page.getByLabel("Area or thana").fill("Mirpur 10");
  await district(page).selectOption("Dhaka");

  // The form as a tampered client would post it: the district replaced by a name not in the list.
  const isCheckout = (url: URL) => url.pathname === "/cart" || url.pathname === "/cart.data";
  const tamper = postingDistrict("Atlantis");
  await page.route(isCheckout, tamper);
  await placeOrderButton(page).click();
  await expect(page.getByText("Please choose your district from the list.")).toBeVisible();
  await page.unroute(isCheckout, tamper);

  await expect(page.getByTestId("checkout-error")).toHaveText("Please correct the highlighted fields.");
  await expect(district(page)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full name")).toHaveValue(name);
  await expect(page.getByLabel("Phone")).toHaveValue("01812345678");
  await expect(page.getByLabel("Delivery address")).toHaveValue("House 9, Road 1");
  await expect(page.getByLabel("Area or thana")).toHaveValue("Mirpur 10");
  expect(withDb((db) => db.prepare(`SELECT COUNT(*) AS n FROM "Order" WHERE customerName = ?`).get(name))).toEqual({
    n: 0,
  });

  // A district's former name, as a page cached before the renaming posts it (its zone ticked),
  // places the order under the current name.
  await page.route(isCheckout, postingDistrict("Comilla", "Outside Dhaka"));
  await district(page).selectOption("Dhaka");
  await placeOrderButton(page).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  expect(withDb((db) => db.prepare(`SELECT district, area FROM "Order" WHERE customerName = ?`).get(name))).toEqual({
    district: "Cumilla",
    area: "Mirpur 10",
  });
});
