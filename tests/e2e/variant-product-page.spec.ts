/**
 * The product page of a product with options, at 360 px, with JavaScript and without: the demo
 * ceiling fan (Sweep 48″ / 56″ × Colour Brown / White; 48″ White sold out, 56″ White switched off).
 * Choosing values shows that variant's price and SKU (at once with JavaScript, through the picker's
 * Show button without); buying it puts the product with the variant's label in the cart; a sold-out
 * or missing combination cannot be bought; on /bn the options and values are in Bangla.
 */
import type { Page, TestInfo } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import { withDb } from "./e2e-db";

test.use({ viewport: { width: 360, height: 800 } });

/** The demo ceiling fan's id. */
function fanId(): number {
  return withDb((db) => {
    const row = db.prepare(`SELECT id FROM Product WHERE name = 'Batash Ceiling Fan'`).get() as
      { id: number } | undefined;
    if (!row) throw new Error("The demo catalogue has no 'Batash Ceiling Fan'");
    return row.id;
  });
}

/**
 * Chooses `value` in the option group `option`: a tap on its chip, then (without JavaScript) the
 * picker's submit button `show`, which loads the page for the chosen values.
 */
async function choose(page: Page, testInfo: TestInfo, option: string, value: string, show = "Show") {
  await page.getByRole("group", { name: option }).locator("label", { hasText: value }).click();
  if (!jsEnabled(testInfo)) {
    await page.getByRole("button", { name: show, exact: true }).click();
    await expect(page).toHaveURL(/[?&]o1=\d+/);
  }
}

const sku = (page: Page) => page.getByTestId("variant-sku");
const addToCart = (page: Page) => page.getByRole("button", { name: "Add to Cart" });

test.describe("a product with options", () => {
  test("shows the chosen variant's price and SKU", async ({ page }, testInfo) => {
    const id = fanId();
    await page.goto(`/products/${id}`);
    await expect(page.getByRole("group", { name: "Sweep" })).toBeVisible();
    await expect(sku(page)).toHaveText("SKU BT-CF48-BR");
    await expect(page.locator("main")).toContainText("৳3,800");
    if (jsEnabled(testInfo)) await expect(page.getByRole("button", { name: "Show", exact: true })).toBeHidden();

    await choose(page, testInfo, "Sweep", "56″");
    await expect(sku(page)).toHaveText("SKU BT-CF56-BR");
    await expect(page.locator("main")).toContainText("৳4,200");
    await expect(page.getByTestId("variant-label")).toContainText("56″ / Brown");
    if (jsEnabled(testInfo)) await expect(page).toHaveURL(/\?variant=\d+$/);
    await expect(page.getByRole("radio", { name: /^56″/ })).toBeChecked();

    // The address (a ?variant= link) opens the same variant.
    await page.reload();
    await expect(sku(page)).toHaveText("SKU BT-CF56-BR");
  });

  test("cannot buy a sold-out or missing combination", async ({ page }, testInfo) => {
    await page.goto(`/products/${fanId()}`);
    // With 48″ chosen, White is sold out; with 56″, White does not exist (switched off).
    await expect(page.getByRole("group", { name: "Colour" }).locator("label", { hasText: "White" })).toContainText(
      "Out of stock",
    );
    await choose(page, testInfo, "Colour", "White");
    await expect(page.getByTestId("stock-status")).toHaveText("Out of stock");
    await expect(addToCart(page)).toBeDisabled();
    await expect(sku(page)).toHaveText("SKU BT-CF48-WH");

    await choose(page, testInfo, "Sweep", "56″");
    await expect(page.getByTestId("stock-status")).toHaveText("This combination is not available");
    await expect(addToCart(page)).toBeDisabled();
    await expect(page.getByRole("button", { name: "Buy Now" })).toBeDisabled();
  });

  test("puts the chosen variant in the cart under the product's name", async ({ page }, testInfo) => {
    await page.goto(`/products/${fanId()}`);
    await choose(page, testInfo, "Sweep", "56″");
    await expect(sku(page)).toHaveText("SKU BT-CF56-BR");
    await page.getByRole("button", { name: "Buy Now" }).click();
    await expect(page).toHaveURL(/\/cart/);
    const line = page.getByTestId("cart-line").filter({ hasText: "Batash Ceiling Fan" });
    await expect(line.getByTestId("variant-label")).toHaveText("56″ / Brown");
    await expect(line).toContainText("৳4,200");
  });

  test("names the options and values in Bangla on /bn", async ({ page }, testInfo) => {
    await page.goto(`/bn/products/${fanId()}`);
    const sweep = page.getByRole("group", { name: "সাইজ" });
    await expect(sweep).toContainText("৪৮ ইঞ্চি");
    await expect(page.getByRole("group", { name: "রং" })).toContainText("বাদামি");
    await choose(page, testInfo, "সাইজ", "৫৬ ইঞ্চি", "দেখুন");
    await expect(sku(page)).toHaveText("এসকেইউ BT-CF56-BR");
    await expect(page.getByTestId("variant-label")).toContainText("৫৬ ইঞ্চি / বাদামি");
  });
});
