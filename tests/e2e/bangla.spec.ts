/**
 * The shop in Bangla, with JavaScript on and off (docs/decisions/023-languages-in-the-url.md):
 * every storefront page under /bn, links and forms that stay in Bangla, amounts in Bengali digits,
 * a checkout placed from Bangla pages, the header's language switch that remembers the choice, and
 * no serious accessibility violation on the Bangla pages. Texts are read from the catalogues.
 */
import type { Page } from "@playwright/test";
import { bn as bnPage } from "../../app/i18n/bn";
import { checkoutMessages } from "../../app/i18n/checkout-messages";
import { listingMessages } from "../../app/i18n/listing-messages";
import { serverMessages } from "../../app/i18n/server-messages";
import { seriousViolations, scanPage } from "./axe";
import { withDb } from "./e2e-db";
import { buyableCards, expect, rendered, test, uniqueName } from "./fixtures";

/** The Bangla texts a storefront page can show: its page catalogue, the checkout's and the listings'. */
const bn = { ...bnPage, ...checkoutMessages.bn, ...listingMessages.bn };

/** Bengali digits, as `Intl` writes numbers for bn-BD. */
const BENGALI_AMOUNT = /৳[০-৯][০-৯,]*\.[০-৯]{2}/;

/** "৳১,২৩,৪৫৬.৭৮" (or an English amount) in paisa. */
function paisaOfBangla(text: string): number {
  const ascii = text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
  const match = /([\d,]+)\.(\d{2})/.exec(ascii);
  if (!match) throw new Error(`No amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/,/g, "")) * 100 + Number(match[2]);
}

/** Opens the first product of /bn/products with cart forms on its card (no options); returns its id. */
async function openFirstBanglaProduct(page: Page): Promise<number> {
  await page.goto("/bn/products");
  const link = buyableCards(page).first().getByRole("heading").getByRole("link");
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/bn\/products\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  return Number(page.url().split("/").pop());
}

test("the Bangla home page is in Bangla with Bengali digits, and its links stay in Bangla", async ({ page }) => {
  await page.goto("/bn");
  await rendered(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { name: bn["home.featured"] })).toBeVisible();
  await expect(page.getByRole("navigation", { name: bn["nav.mainLabel"] })).toBeVisible();
  await expect(page.getByRole("article").first()).toContainText(BENGALI_AMOUNT);
  // The shop's phone in the footer: Bengali digits to read, ASCII ones to dial.
  const phone = page.locator("footer address a[href^='tel:']");
  await expect(phone).toHaveText(/^[০-৯+\-\s()]+$/);
  await expect(phone).toHaveAttribute("href", /^tel:\+?\d+$/);
  // Every storefront link of the page leads to a Bangla page (the admin sign-in is not translated by URL).
  const hrefs = await page.locator("a[href^='/']").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  const english = hrefs.filter(
    (href) => !href.startsWith("/bn") && !href.startsWith("/admin") && !href.startsWith("/uploads"),
  );
  expect(english).toEqual([]);
  await page
    .getByRole("navigation", { name: bn["nav.mainLabel"] })
    .getByRole("link", { name: bn["nav.products"] })
    .click();
  await expect(page).toHaveURL(/\/bn\/products$/);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1, name: bn["products.title"] })).toBeVisible();
});

test("a shopper browses and buys in Bangla: cart, checkout with a Bengali-digit phone, confirmation", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const name = uniqueName(testInfo);
  await openFirstBanglaProduct(page);
  await expect(page.locator("main")).toContainText(BENGALI_AMOUNT);
  // The quantity box is in Bengali digits, and the server reads them back.
  const quantity = page.getByLabel(bn["product.quantity"], { exact: true });
  await expect(quantity).toHaveValue("১");
  await quantity.fill("২");
  await page.getByRole("button", { name: bn["product.buyNow"], exact: true }).click();
  await expect(page).toHaveURL(/\/bn\/cart$/);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1, name: bn["cart.title"] })).toBeVisible();
  await expect(page.getByTestId("cart-line").locator("input[name='quantity']")).toHaveValue("২");
  const subtotal = paisaOfBangla(await page.getByTestId("cart-subtotal").innerText());
  await expect(page.getByTestId("cart-subtotal")).toHaveText(BENGALI_AMOUNT);

  // A refused checkout answers in Bangla and keeps what was typed.
  await page.getByLabel(bn["checkout.name"]).fill(name);
  await page.getByRole("button", { name: bn["checkout.placeOrder"] }).click();
  await expect(page.getByText(serverMessages.bn["checkout.phoneRequired"])).toBeVisible();
  await expect(page.getByLabel(bn["checkout.name"])).toHaveValue(name);

  await page.getByLabel(bn["checkout.phone"]).fill("০১৮১২-৩৪৫৬৭৮");
  await page.getByLabel(bn["checkout.address"]).fill("বাড়ি ১২, রোড ৫");
  await page.getByLabel(bn["checkout.area"]).fill("ধানমন্ডি");
  await page.getByLabel(bn["checkout.district"], { exact: true }).selectOption("Dhaka");
  await page.getByRole("button", { name: bn["checkout.placeOrder"] }).click();
  await expect(page).toHaveURL(/\/bn\/order-success\?order=\d+$/);
  await rendered(page);
  const id = Number(new URL(page.url()).searchParams.get("order"));

  const stored = withDb((db) =>
    db.prepare(`SELECT customerPhone, district, area, subtotalPaisa FROM "Order" WHERE id = ?`).get(id),
  );
  expect(stored).toEqual({ customerPhone: "01812345678", district: "Dhaka", area: "ধানমন্ডি", subtotalPaisa: subtotal });
  // The cart is empty again, and still in Bangla.
  await page.goto("/bn/cart");
  await expect(page.getByText(bn["cart.empty"])).toBeVisible();
});

test("the language switch opens the same page in the other language and is remembered", async ({ page }) => {
  await page.goto("/products?sort=price-asc");
  await rendered(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/bn\/products\?sort=price-asc$/);
  await rendered(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1, name: bn["products.title"] })).toBeVisible();

  // The home page's address does not say its language: the remembered choice does.
  await page.goto("/");
  await expect(page).toHaveURL(/\/bn$/);
  await rendered(page);
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/$/);
  await rendered(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
});

test("a Bangla page names both languages for search engines", async ({ page }) => {
  await page.goto("/bn/products");
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/bn/products`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${origin}/products`);
  await expect(page.locator('link[rel="alternate"][hreflang="bn"]')).toHaveAttribute("href", `${origin}/bn/products`);
});

for (const path of ["/bn", "/bn/products", "/bn/cart"]) {
  test(`${path} has no serious accessibility violation`, async ({ page, browser }, testInfo) => {
    const scan = await scanPage(page, browser, testInfo);
    await scan.goto(path);
    expect(await seriousViolations(scan)).toEqual([]);
  });
}

test("a Bangla product page has no serious accessibility violation", async ({ page, browser }, testInfo) => {
  const scan = await scanPage(page, browser, testInfo);
  await openFirstBanglaProduct(scan);
  expect(await seriousViolations(scan)).toEqual([]);
});
