/**
 * The owner's settings (/admin/settings), with JavaScript on and off: a new shop name and a new
 * Outside Dhaka fee show on the storefront at once and the next order is charged the new fee; a
 * rejected save keeps what was typed. Every test puts the settings back through the same form (the
 * server keeps them in memory, and the other specs expect the first-start values).
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { withDb } from "./e2e-db";
import { expect, openFirstProduct, rendered, signIn, test, toast, uniqueName } from "./fixtures";
import { buyNow, fillShopperDetails } from "./checkout-steps";

/** Fills the settings form's fields by label and saves it. */
async function saveSettings(page: Page, fields: Record<string, string>) {
  await page.goto("/admin/settings");
  await rendered(page);
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Save settings" }).click();
}

/** The settings as the first start made them (the e2e server's environment): put back after each test. */
let original: Record<string, string>;

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/settings");
  original = {
    "Shop name": await page.getByLabel("Shop name", { exact: true }).inputValue(),
    "Outside Dhaka fee (৳)": await page.getByLabel("Outside Dhaka fee (৳)", { exact: true }).inputValue(),
  };
});

test.afterEach(async ({ page }) => {
  await saveSettings(page, original);
  await expect(toast(page)).toHaveText("Settings saved. The shop shows them now.");
});

test("a new shop name and Outside Dhaka fee show at once and the next order pays the new fee", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await saveSettings(page, { "Shop name": "Noor Lighting House", "Outside Dhaka fee (৳)": "150" });
  await expect(toast(page)).toHaveText("Settings saved. The shop shows them now.");
  await expect(page.getByLabel("Shop name", { exact: true })).toHaveValue("Noor Lighting House");

  await openFirstProduct(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "Noor Lighting House" })).toBeVisible();
  await expect(page).toHaveTitle(/\| Noor Lighting House$/);
  await buyNow(page);
  await expect(page.getByText("(150 ৳ shipping charge)")).toBeVisible();

  const name = uniqueName(testInfo);
  await fillShopperDetails(page, {
    name,
    phone: "01712345678",
    address: "House 2, Road 4",
    area: "Agrabad",
    district: "Chattogram",
    method: "Outside Dhaka",
  });
  await page.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
  const fee = withDb(
    (db) =>
      db.prepare(`SELECT shippingFeePaisa FROM "Order" WHERE customerName = ?`).get(name) as {
        shippingFeePaisa: number;
      },
  );
  expect(fee.shippingFeePaisa).toBe(15000);
});

test("a rejected save says what is wrong and keeps what was typed", async ({ page }) => {
  await saveSettings(page, { "Shop name": "Typed Name", "E-mail": "not-an-email", "Inside Dhaka fee (৳)": "-5" });
  await expect(page.getByTestId("form-error")).toHaveText("Please correct the highlighted fields. Nothing was saved.");
  await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
  await expect(page.getByLabel("Shop name", { exact: true })).toHaveValue("Typed Name");
  await expect(page.getByLabel("Inside Dhaka fee (৳)", { exact: true })).toHaveValue("-5");
  // Nothing was saved: the storefront still has its name.
  await page.goto("/");
  await expect(page.getByRole("banner")).not.toContainText("Typed Name");
});

test("on a phone the save button stays on screen mid-form, a section is one tap away, and a refused value is kept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/admin/settings");
  await rendered(page);
  const save = page.getByRole("button", { name: "Save settings" });
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  await expect(save).toBeInViewport({ ratio: 1 });

  const sections = page.getByRole("navigation", { name: "Sections" });
  await page.evaluate(() => window.scrollTo(0, 0));
  await sections.getByRole("link", { name: "Stock", exact: true }).click();
  await expect(page).toHaveURL(/#settings-stock$/);
  const threshold = page.getByLabel("Low-stock threshold (units)", { exact: true });
  await expect(threshold).toBeInViewport({ ratio: 1 });
  await expect(save).toBeInViewport({ ratio: 1 });
  await threshold.fill("many");
  await save.click();

  await expect(page.getByTestId("form-error")).toHaveText("Please correct the highlighted fields. Nothing was saved.");
  await expect(threshold).toHaveValue("many");
  await expect(page.getByText("Please enter a whole number from 0 to 10,000.")).toBeVisible();
  // The links say which section holds the field to correct.
  await expect(sections.getByRole("link", { name: "Stock (needs a correction)" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
});

test("a logo goes up through the settings, shows in the shop's header, share tags and sign-in page, and comes off", async ({
  page,
  browser,
}, testInfo) => {
  test.slow(); // an image through sharp, on a machine shared with other test runs
  // A visitor without a session on a phone: the sign-in page shows the shop's name, and its logo once there is one.
  const visitor = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    viewport: { width: 360, height: 800 },
  });
  const signInPage = await visitor.newPage();
  const signInShop = signInPage.getByTestId("sign-in-shop");
  await signInPage.goto("/admin/login");
  await expect(signInShop).toHaveText(original["Shop name"]!);
  await expect(signInShop.locator("img")).toHaveCount(0);

  await page.goto("/admin/settings");
  await rendered(page);
  await expect(page.getByText("No logo yet: the header shows the shop's name alone.")).toBeVisible();
  await page
    .locator('input[type="file"][name="logo"]')
    .setInputFiles(path.resolve("tests/fixtures/images/yellowflower-transparent.png"));
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(page)).toHaveText("Settings saved. The shop shows them now.");
  await expect(page.getByText("Current logo")).toBeVisible();

  await page.goto("/");
  const logo = page.getByRole("banner").getByRole("link").first().locator("img");
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute("alt", "");
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`^${origin}/uploads/[a-f0-9]{32}/\\d+\\.webp$`),
  );

  await signInPage.reload();
  const signInLogo = signInShop.locator("img");
  await expect(signInLogo).toBeVisible();
  expect(await signInLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(signInShop).toHaveText(original["Shop name"]!);
  await expect(signInPage.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  await signInPage.getByRole("link", { name: "Back to the shop" }).click();
  await expect(signInPage).toHaveURL(/\/$/);
  await expect(signInPage.getByRole("banner").getByRole("link", { name: original["Shop name"] })).toBeVisible();
  await visitor.close();

  await page.goto("/admin/settings");
  await rendered(page);
  await page.getByLabel("Remove the logo").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(page)).toHaveText("Settings saved. The shop shows them now.");
  await expect(page.getByText("No logo yet: the header shows the shop's name alone.")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link").first().locator("img")).toHaveCount(0);
});

test("a file that is not an image is refused as the logo, with the rest kept", async ({ page }) => {
  await page.goto("/admin/settings");
  await rendered(page);
  await page.getByLabel("Tagline", { exact: true }).fill("Typed tagline");
  await page.locator('input[type="file"][name="logo"]').setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("this is not a picture"),
  });
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("form-error")).toHaveText("Please correct the highlighted fields. Nothing was saved.");
  await expect(page.getByText(/logo\.png/).first()).toBeVisible();
  await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue("Typed tagline");
});
