/** Shopper journeys, run with JavaScript on and off. */
import { withDb } from "./e2e-db";
import { buyableCards, expect, jsEnabled, openFirstProduct, paisaOf, rendered, settled, test } from "./fixtures";

test("home shows the hero, search, categories and featured products", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Shop by Category" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
  await expect(page.getByPlaceholder("Search products...")).toBeVisible();
  await expect(page.locator("footer")).toContainText("All rights reserved");
  await expect(page.locator("footer")).toContainText(String(new Date().getFullYear()));
  expect(await page.getByRole("article").count()).toBeGreaterThan(0);
});

test("search from the home page lists matching products", async ({ page }) => {
  await page.goto("/");
  await page.getByPlaceholder("Search products...").fill("fan");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/products\?q=fan/);
  await rendered(page);
  await expect(page.getByText("Results for “fan”")).toBeVisible();
  const names = await page.getByRole("article").getByRole("heading").allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name.toLowerCase()).toContain("fan");
});

test("filter by category, clear it, and sort by price", async ({ page }, testInfo) => {
  await page.goto("/");
  const categoryLink = page
    .getByRole("link", { name: /./ })
    .filter({ has: page.locator("img") })
    .first();
  const categoryName = (await categoryLink.innerText()).trim();
  await categoryLink.click();
  await expect(page).toHaveURL(/\/products\?category=\d+/);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(categoryName);
  await page.waitForLoadState();
  const filteredCount = await page.getByRole("article").count();

  // Clicking the selected category clears the filter.
  await page.getByRole("complementary").getByRole("link", { name: categoryName }).click();
  await expect(page).toHaveURL(/\/products$/);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Products");
  expect(await page.getByRole("article").count()).toBeGreaterThan(filteredCount);

  await page.getByLabel("Sort products").selectOption("price-asc");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=price-asc/);
  await rendered(page);
  // With JavaScript the URL changes a moment before the new list renders: poll the rendered prices.
  const renderedPrices = async () =>
    (await page.getByRole("article").locator("span.font-semibold").allInnerTexts()).map(paisaOf);
  await expect
    .poll(async () => {
      const prices = await renderedPrices();
      return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
    })
    .toBe(true);
});

test("a product page shows price, discount badge and category; a missing one is 'Product not found'", async ({
  page,
}) => {
  await page.goto("/products?sort=price-desc");
  // A discounted product: its card shows a struck-through original price.
  await page
    .getByRole("article")
    .filter({ has: page.locator("s") })
    .first()
    .getByRole("heading")
    .getByRole("link")
    .click();
  await expect(page.getByTestId("discount-badge")).toHaveText(/^\d+% OFF$/);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Buy Now", exact: true })).toBeVisible();

  const response = await page.goto("/products/99999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
});

test("add to cart, buy now, change and remove lines", async ({ page }, testInfo) => {
  const productId = await openFirstProduct(page);
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${productId}$`));
  await rendered(page);
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  // The badge is optimistic: leave only once the add and the data reloaded after it have arrived.
  await settled(page);

  // Buy now from a card on /products: quantity 1 replaces nothing new, then the cart shows.
  await page.goto("/products");
  const second = buyableCards(page).nth(1);
  const secondName = (await second.getByRole("heading").innerText()).trim();
  await second.getByRole("button", { name: `Buy now: ${secondName}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await rendered(page);
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("cart-badge")).toHaveText("3");

  // Change the second line's quantity to 3: its line total is 3 × unit price.
  const line = page.getByTestId("cart-line").filter({ hasText: secondName });
  await line.getByLabel(`Quantity of ${secondName}`).fill("3");
  await line.getByRole("button", { name: "Update" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("5");
  // With JavaScript the badge changes before the server answers; the steps below wait for the
  // answer, so that Remove does not cancel the update on its way (the latest change wins).
  if (jsEnabled(testInfo)) {
    await expect(page.getByRole("status").filter({ hasText: `${secondName}: quantity changed to 3.` })).toBeAttached();
  }
  const unit = paisaOf(await line.locator("span.font-semibold").first().innerText());
  expect(paisaOf(await line.getByTestId("line-total").innerText())).toBe(unit * 3);

  // A quantity below 1 is ignored.
  await line.getByLabel(`Quantity of ${secondName}`).fill("0");
  await line.getByRole("button", { name: "Update" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("5");

  await page.getByRole("button", { name: `Remove ${secondName} from cart` }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await page.getByRole("button", { name: /^Remove .* from cart$/ }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await settled(page);
  await page.getByRole("link", { name: "Continue Shopping" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await rendered(page);
});

test("on a 360 px phone the header shows the shop's whole name and the breadcrumbs stay on one line", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  // The product with the longest name in the longest category: the trail that wraps first.
  const product = withDb(
    (db) =>
      db
        .prepare(
          `SELECT p.id, p.name, p.nameBn FROM Product p JOIN Category c ON c.id = p.categoryId
           ORDER BY LENGTH(c.name) + LENGTH(p.name) DESC, p.id LIMIT 1`,
        )
        .get() as { id: number; name: string; nameBn: string },
  );
  // The shop's name in each language (the Bangla one, when set, on the Bangla pages).
  const shop = withDb(
    (db) => db.prepare(`SELECT name, nameBn FROM ShopSettings WHERE id = 1`).get() as { name: string; nameBn: string },
  );
  for (const lang of ["", "/bn"]) {
    await page.goto(`${lang}/products/${product.id}`);
    const where = lang || "/";
    // The name in full: not cut with an ellipsis, inside the screen.
    const name = page.getByRole("banner").getByRole("link").first();
    await expect(name).toHaveText(lang ? shop.nameBn || shop.name : shop.name);
    const cut = await name
      .locator("span")
      .last()
      .evaluate((el) => {
        const box = el.getBoundingClientRect();
        return el.scrollWidth > el.clientWidth + 1 || box.right > window.innerWidth || box.left < 0;
      });
    expect.soft(cut, `${where}: the shop's name is cut`).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // One line of crumbs; every link tappable (44 px) and on screen; the full name as a title.
    const crumbs = page.getByRole("navigation", { name: lang ? "আপনি এখানে" : "Breadcrumb" });
    const items = await crumbs.locator("li").evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().top));
    expect.soft(new Set(items.map(Math.round)).size, `${where}: breadcrumb lines`).toBe(1);
    for (const link of await crumbs.getByRole("link").all()) {
      const box = (await link.boundingBox())!;
      expect(box.height, `${where}: ${await link.innerText()}`).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    // The product's name in the page's language (the Bangla one, when it has one, on /bn).
    await expect(crumbs.locator("[aria-current=page]")).toHaveAttribute(
      "title",
      lang ? product.nameBn || product.name : product.name,
    );
  }
});
