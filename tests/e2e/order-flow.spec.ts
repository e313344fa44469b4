/**
 * A cash-on-delivery purchase and its handling by staff, end to end,
 * with JavaScript on and off.
 */
import { expect, test, jsEnabled, openFirstProduct, paisaOf, signIn, uniqueName } from "./fixtures";

test("checkout errors keep what was typed and clear once fixed; the buyer's confirmation shows the order; staff handle it", async ({
  page,
  browser,
}, testInfo) => {
  // A purchase with three submits, a stranger's visit and the staff's handling, on a shared machine.
  test.setTimeout(60_000);
  const name = uniqueName(testInfo);
  await page.setViewportSize({ width: 360, height: 800 });
  await openFirstProduct(page);
  const productName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "Buy Now", exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);

  // Totals: subtotal + 60 inside Dhaka, + 120 outside. With JavaScript the total follows the
  // chosen method; without it the summary shows the total for each method.
  const subtotal = paisaOf(await page.getByTestId("cart-subtotal").innerText());
  const js = jsEnabled(testInfo);
  if (js) {
    expect(paisaOf(await page.getByTestId("cart-total").innerText())).toBe(subtotal + 6000);
  } else {
    expect(paisaOf(await page.getByTestId("cart-total-inside").innerText())).toBe(subtotal + 6000);
    expect(paisaOf(await page.getByTestId("cart-total-outside").innerText())).toBe(subtotal + 12000);
  }
  await expect(page.getByText("(60 ৳ shipping charge)")).toBeVisible();
  await expect(page.getByText("(120 ৳ shipping charge)")).toBeVisible();

  // Invalid details: the server's messages, and nothing typed is lost.
  await page.getByLabel("Phone").fill("12345");
  await page.getByLabel("Email (optional)").fill("not-an-email");
  await page.getByLabel("Delivery address").fill("House 7, Road 2");
  await page.getByLabel("Area or thana").fill("Tongi");
  await page.getByLabel(/Outside Dhaka/).check();
  await page.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await expect(page.getByText("Please enter a Bangladeshi mobile number, for example 01712345678.")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address, or leave it empty.")).toBeVisible();
  await expect(page.getByText("Please choose your district.")).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveValue("12345");
  await expect(page.getByLabel("Delivery address")).toHaveValue("House 7, Road 2");
  await expect(page.getByLabel("Area or thana")).toHaveValue("Tongi");
  await expect(page.getByLabel(/Outside Dhaka/)).toBeChecked();
  await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  if (js) {
    await expect(page.getByTestId("checkout-error")).toBeFocused();
    expect(paisaOf(await page.getByTestId("cart-total").innerText())).toBe(subtotal + 12000);
  }

  // A field put right loses its error: with JavaScript at once (its aria-invalid and its link to
  // the message go with it); the server's next answer names only the fields still wrong.
  const fullName = page.getByLabel("Full name");
  await fullName.fill(name);
  if (js) {
    await expect(page.getByText("Please enter your name.")).toHaveCount(0);
    await expect(fullName).not.toHaveAttribute("aria-invalid", /.*/);
    await expect(fullName).not.toHaveAttribute("aria-describedby", /error/);
    await expect(page.getByText("Please choose your district.")).toBeVisible();
  }
  await page.getByLabel("Email (optional)").fill("");
  // Gazipur is outside Dhaka district: with JavaScript it suggests Outside Dhaka, already chosen.
  await page.getByLabel("District", { exact: true }).selectOption("Gazipur");
  if (js) await expect(page.getByText("Please choose your district.")).toHaveCount(0);
  await expect(page.getByLabel(/Outside Dhaka/)).toBeChecked();
  await page.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(page.getByText("Please enter a Bangladeshi mobile number, for example 01712345678.")).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  for (const fixed of [
    "Please enter your name.",
    "Please enter a valid email address, or leave it empty.",
    "Please choose your district.",
  ]) {
    await expect(page.getByText(fixed)).toHaveCount(0);
  }
  await expect(fullName).toHaveValue(name);
  await expect(page.getByLabel("District", { exact: true })).toHaveValue("Gazipur");

  await page.getByLabel("Phone").fill("01712-345678");
  if (js) await expect(page.getByTestId("checkout-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  await expect(page.getByText("Thank you for your order. We'll contact you soon with delivery details.")).toBeVisible();
  const orderNumber = (await page.getByTestId("order-number").innerText()).match(/#(\d+)/)![1]!;
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  // The buyer's confirmation: what was ordered, the cash to have ready, where it goes, what next.
  const item = page.getByTestId("success-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(productName);
  await expect(item).toContainText("Quantity: 2");
  expect(paisaOf(await item.getByTestId("success-item-total").innerText())).toBe(subtotal);
  expect(paisaOf(await page.getByTestId("success-total").innerText())).toBe(subtotal + 12000);
  await expect(page.getByTestId("success-cash")).toContainText("Cash on delivery");
  await expect(page.getByTestId("success-shipping")).toHaveText("৳120.00");
  await expect(page.getByText("Delivery charge (Outside Dhaka)")).toBeVisible();
  await expect(page.getByTestId("success-address")).toContainText("House 7, Road 2");
  await expect(page.getByTestId("success-address")).toContainText("Tongi, Gazipur");
  await expect(page.getByText("We will call you on 01712345678 to confirm your order")).toBeVisible();
  await expect(page.getByTestId("track-link")).toHaveAttribute("href", `/orders/track?order=${orderNumber}`);
  // Nothing is cut or pushed sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The same confirmation in Bangla: the district in its Bangla name.
  await page.goto(`/bn/order-success?order=${orderNumber}`);
  await expect(page.getByTestId("success-cash")).toContainText("ক্যাশ অন ডেলিভারি");
  await expect(page.getByTestId("success-address")).toContainText("Tongi, গাজীপুর");
  // Anyone else typing the number sees only the number and the tracking link.
  const stranger = await browser.newPage({ javaScriptEnabled: js });
  await stranger.goto(`/order-success?order=${orderNumber}`);
  await expect(stranger.getByTestId("order-number")).toHaveText(`Your order number is #${orderNumber}.`);
  await expect(stranger.getByTestId("track-link")).toBeVisible();
  await expect(stranger.getByText(productName)).toHaveCount(0);
  await expect(stranger.getByTestId("success-cash")).toHaveCount(0);
  await stranger.close();

  // Staff: a wrong password, then the right one; the order is in the list.
  const staff = await browser.newPage({ javaScriptEnabled: jsEnabled(testInfo) });
  await staff.goto("/admin/orders");
  await expect(staff).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Forders/);
  await staff.getByLabel("Email address").fill("e2e-admin@haat.example");
  await staff.getByLabel("Password").fill("wrong password");
  await staff.getByRole("button", { name: "Sign in" }).click();
  await expect(staff.getByRole("alert")).toContainText("Invalid credentials");
  await expect(staff.getByLabel("Email address")).toHaveValue("e2e-admin@haat.example");
  await signIn(staff);

  await staff.getByRole("link", { name: "Orders" }).first().click();
  const row = staff.getByTestId("order-row").filter({ hasText: name });
  await expect(row).toContainText(`#${orderNumber}`);
  await expect(row).toContainText("01712345678");
  await expect(row).toContainText(" × 2");
  await expect(row).toContainText(
    `${((subtotal + 12000) / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })} ৳`,
  );
  await expect(row.getByTestId("order-status")).toHaveText("pending");

  await row.getByRole("link", { name: `View order #${orderNumber}` }).click();
  await expect(staff.getByRole("heading", { name: `Order #${orderNumber}` })).toBeVisible();
  await expect(staff.getByText("Customer Information")).toBeVisible();
  await expect(staff.getByTestId("shipping-charge")).toHaveText("৳120.00");
  expect(paisaOf(await staff.getByTestId("total-excl").innerText())).toBe(subtotal);
  expect(paisaOf(await staff.getByTestId("total-incl").innerText())).toBe(subtotal + 12000);
  await expect(staff.getByTestId("order-item").first()).toContainText(" × 2 = ");

  await staff.getByRole("combobox", { name: "Order Status" }).selectOption("shipped");
  if (!jsEnabled(testInfo)) await staff.getByRole("button", { name: "Save status" }).click();
  await expect(staff.getByTestId("toast")).toContainText("Order status changed to shipped.");
  await staff.reload();
  await expect(staff.getByRole("combobox", { name: "Order Status" })).toHaveValue("shipped");
  await expect(staff.getByTestId("order-status")).toHaveText("shipped");

  // Logout; admin pages then send to the login.
  await staff.getByRole("button", { name: "Logout" }).first().click();
  await expect(staff).toHaveURL(/\/admin\/login$/);
  await staff.goto(`/admin/orders/view/${orderNumber}`);
  await expect(staff).toHaveURL(/\/admin\/login\?redirectTo=/);
  await expect(staff.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await staff.close();
});

test("placing an order with an empty cart says 'Your cart is empty'", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("button", { name: "Place Order (Cash on Delivery)" })).toHaveCount(0);
});
