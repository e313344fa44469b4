/**
 * The cart with JavaScript (docs/decisions/011-optimistic-cart.md): adding, updating and removing
 * change the header badge and the cart page's totals before the server answers, and roll back with
 * a message when the server refuses or cannot be reached. Without JavaScript the same forms are
 * full posts.
 * Requests to the cart action are held with page.route (single fetch posts to /cart.data) so each
 * optimistic state is checked while its request is still pending.
 */
import type { Page } from "@playwright/test";
import { buyableCards, expect, paisaOf, test } from "./fixtures";
import { deleteProduct, insertProduct } from "./e2e-db";
import { holdCartPosts } from "./cart-posts";

/**
 * The n-th product card on /products that has an add button (a product with one variant; a card
 * of a product with options links to its page instead), with the product's id and name and the
 * id of the variant its forms post.
 */
async function cardProduct(page: Page, index: number) {
  const card = buyableCards(page).nth(index);
  const link = card.getByRole("heading").getByRole("link");
  const id = Number((await link.getAttribute("href"))!.split("/").pop());
  const variantId = Number(await card.locator('input[name="variantId"]').first().inputValue());
  return { card, id, variantId, name: (await link.innerText()).trim() };
}

const badge = (page: Page) => page.getByTestId("cart-badge");

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "optimistic updates need JavaScript");

  test("adding from a card changes the badge before the server answers, with feedback", async ({ page }) => {
    await page.goto("/products");
    const { card, name } = await cardProduct(page, 0);
    await expect(badge(page)).toHaveCount(0);
    const posts = await holdCartPosts(page);

    await card.getByRole("button", { name: `Add to Cart: ${name}` }).click();
    await posts.arrived();
    await expect(badge(page)).toHaveText("1");
    await expect(card.getByRole("button", { name: `Added to cart: ${name}` })).toHaveText("Added");
    await expect(page).toHaveURL(/\/products$/);

    await posts.pass();
    await expect(page.getByRole("status").filter({ hasText: `Added ${name} to the cart.` })).toBeVisible();
    await expect(card.getByRole("button", { name: `Add to Cart: ${name}` })).toHaveText("Add to Cart");
    await expect(badge(page)).toHaveText("1");
    await page.reload();
    await expect(badge(page)).toHaveText("1");
  });

  test("quick adds of two products are both kept (sent one after another)", async ({ page }) => {
    await page.goto("/products");
    const first = await cardProduct(page, 0);
    const second = await cardProduct(page, 1);
    await first.card.getByRole("button", { name: `Add to Cart: ${first.name}` }).click();
    await second.card.getByRole("button", { name: `Add to Cart: ${second.name}` }).click();
    await expect(badge(page)).toHaveText("2");
    await expect(page.getByRole("status").filter({ hasText: `Added ${second.name} to the cart.` })).toBeAttached();
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(badge(page)).toHaveText("2");
  });

  test("a product deleted meanwhile: the badge rolls back with a message", async ({ page }) => {
    const name = `Vanishing Lamp ${Date.now()}`;
    const id = insertProduct(name, { pricePaisa: 12345 });
    await page.goto(`/products/${id}`);
    await expect(page.getByRole("heading", { name })).toBeVisible();
    deleteProduct(id); // the page still shows it
    const posts = await holdCartPosts(page);

    await page.getByLabel("Quantity").fill("3");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await posts.arrived();
    await expect(badge(page)).toHaveText("3");

    await posts.pass();
    await expect(page.getByRole("alert").filter({ hasText: name })).toContainText(
      `${name} was not added to the cart. That product is no longer available.`,
    );
    await expect(badge(page)).toHaveCount(0);
    // A refused cart change does not reload the page (app/utils/revalidation.ts): it stays as it was.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await page.getByRole("button", { name: "Dismiss message" }).click();
    await expect(page.getByTestId("cart-error")).toHaveCount(0);
  });

  test("a network failure rolls the badge back with a message and keeps the page", async ({ page }) => {
    await page.goto("/products");
    const { card, name } = await cardProduct(page, 2);
    const posts = await holdCartPosts(page);
    await card.getByRole("button", { name: `Add to Cart: ${name}` }).click();
    await posts.arrived();
    await expect(badge(page)).toHaveText("1");

    await posts.fail();
    await expect(page.getByTestId("cart-error")).toContainText(
      `${name} was not added to the cart. The shop could not be reached. Please check your connection and try again.`,
    );
    await expect(badge(page)).toHaveCount(0);
    await expect(card.getByRole("button", { name: `Add to Cart: ${name}` })).toHaveText("Add to Cart");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.reload();
    await expect(badge(page)).toHaveCount(0);
  });

  test("really offline: the add rolls back with a message and the page stays (no data reload)", async ({
    page,
    context,
  }) => {
    // The header's Cart link prefetches the /cart route's code after hydration; the first add needs it
    // (without it Remix reloads the page to fetch it). Go offline once it has arrived.
    const cartCode = page.waitForResponse((response) => /\/assets\/_shop\.cart-[\w-]+\.js$/.test(response.url()));
    await page.goto("/products");
    expect((await cartCode).status()).toBe(200);
    await expect(page.locator('link[rel="modulepreload"][href*="/_shop.cart-"]')).toBeAttached();
    const { card, name } = await cardProduct(page, 3);
    await context.setOffline(true);
    try {
      await card.getByRole("button", { name: `Add to Cart: ${name}` }).click();
      await expect(page.getByTestId("cart-error")).toContainText(
        `${name} was not added to the cart. The shop could not be reached.`,
      );
      await expect(badge(page)).toHaveCount(0);
      // The product list is still there: no failed reload replaced it with an error page.
      await expect(card.getByRole("button", { name: `Add to Cart: ${name}` })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Products");
    } finally {
      await context.setOffline(false);
    }
  });

  test("on /cart, quantity changes and removal update the totals at once; a failure rolls back", async ({ page }) => {
    await page.goto("/products");
    const first = await cardProduct(page, 0);
    const second = await cardProduct(page, 1);
    for (const variantId of [first.variantId, second.variantId]) {
      await page.request.post("/cart", { form: { intent: "add", variantId, quantity: 1 } });
    }
    await page.goto("/cart");
    const line = (name: string) => page.getByTestId("cart-line").filter({ hasText: name });
    const unitOf = async (name: string) => paisaOf(await line(name).locator("span.font-semibold").first().innerText());
    const unit1 = await unitOf(first.name);
    const unit2 = await unitOf(second.name);
    const subtotal = async () => paisaOf(await page.getByTestId("cart-subtotal").innerText());
    const lineTotal = async (name: string) => paisaOf(await line(name).getByTestId("line-total").innerText());
    expect(await subtotal()).toBe(unit1 + unit2);
    await expect(badge(page)).toHaveText("2");
    const posts = await holdCartPosts(page);

    // Typing changes the line total, subtotal and badge before anything is sent (debounced).
    await line(first.name).getByLabel(`Quantity of ${first.name}`).fill("3");
    await expect.poll(() => lineTotal(first.name)).toBe(unit1 * 3);
    expect(await subtotal()).toBe(unit1 * 3 + unit2);
    await expect(badge(page)).toHaveText("4");
    await posts.arrived();
    expect(await lineTotal(first.name)).toBe(unit1 * 3);
    await posts.pass();
    await expect(page.getByRole("status").filter({ hasText: `${first.name}: quantity changed to 3.` })).toBeAttached();

    // Remove: the line goes at once and focus moves to the heading.
    await page.getByRole("button", { name: `Remove ${second.name} from cart` }).click();
    await posts.arrived();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    expect(await subtotal()).toBe(unit1 * 3);
    await expect(badge(page)).toHaveText("3");
    await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeFocused();
    await posts.pass();
    await expect(page.getByRole("status").filter({ hasText: `Removed ${second.name} from the cart.` })).toBeVisible();

    // A failed update rolls the field, the totals and the badge back, with a message.
    const field = line(first.name).getByLabel(`Quantity of ${first.name}`);
    await field.fill("5");
    await field.press("Enter");
    await posts.arrived();
    expect(await subtotal()).toBe(unit1 * 5);
    await expect(badge(page)).toHaveText("5");
    await posts.fail();
    await expect(page.getByTestId("cart-error")).toContainText(
      `The quantity of ${first.name} was not changed. The shop could not be reached.`,
    );
    await expect(field).toHaveValue("3");
    await expect.poll(subtotal).toBe(unit1 * 3);
    await expect(badge(page)).toHaveText("3");

    // What the server kept.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(field).toHaveValue("3");
    expect(await subtotal()).toBe(unit1 * 3);
  });

  test("typing a quantity and clicking Update sends the change once", async ({ page }) => {
    await page.goto("/products");
    const { variantId, name } = await cardProduct(page, 2);
    await page.request.post("/cart", { form: { intent: "add", variantId, quantity: 1 } });
    await page.goto("/cart");
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/cart.data")) sent.push(request.postData() ?? "");
    });
    const posts = await holdCartPosts(page);
    // Pressing the button leaves the field, which sends the typed change; releasing it (a human
    // holds a mouse button for a moment) submits the form while that change is on its way.
    await page.getByLabel(`Quantity of ${name}`).fill("4");
    await page.getByRole("button", { name: "Update" }).click({ delay: 300 });
    await posts.arrived();
    await posts.pass();
    await expect(page.getByRole("status").filter({ hasText: `${name}: quantity changed to 4.` })).toBeAttached();
    expect(sent).toHaveLength(1);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    // The same quantity can be sent again once the first change has landed.
    await page.getByRole("button", { name: "Update" }).click();
    await expect.poll(() => sent.length).toBe(2);
  });

  test("the quantity cap: the line shows the most allowed and the server says so", async ({ page }) => {
    await page.goto("/products");
    const { variantId, name } = await cardProduct(page, 3);
    await page.request.post("/cart", { form: { intent: "add", variantId, quantity: 1 } });
    await page.goto("/cart");
    const field = page.getByLabel(`Quantity of ${name}`);
    await field.fill("1500");
    await expect(field).toHaveValue("999");
    await expect(badge(page)).toHaveText("999");
    await expect(page.getByTestId("cart-error")).toHaveText(
      /Your cart has reached its limit of 50 products and 999 of each\./,
    );
    await page.reload();
    await expect(field).toHaveValue("999");
  });

  test("Buy now still loads /cart as a full page", async ({ page }) => {
    await page.goto("/products");
    const { id } = await cardProduct(page, 0);
    await page.goto(`/products/${id}`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole("button", { name: "Buy Now", exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  });
});

/**
 * The held cart posts (./cart-posts.ts) go on to the real server with a malformed form
 * (variantId 0), which the real action refuses.
 *
 * app/routes/_shop.cart/cart-change.server.ts refuses an update or a remove for one reason only: a form that does
 * not parse (parseCartForm, app/forms/cart.ts) — 400 `{ ok: false, message: t("cartJs.failed") }`. A product
 * deleted meanwhile is no refusal for these two intents (only add and buy-now check that the
 * product exists), so the malformed form is the way to get the server's own refusal.
 */
test.describe("refused cart changes with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "optimistic totals and rollback need JavaScript");

  /** Puts the first two products of /products in the cart (1 each) and opens /cart. */
  async function cartWithTwoLines(page: Page) {
    await page.goto("/products");
    const products: { id: number; variantId: number; name: string }[] = [];
    for (const index of [0, 1]) {
      const { id, variantId, name } = await cardProduct(page, index);
      products.push({ id, variantId, name });
    }
    for (const { variantId } of products) {
      const response = await page.request.post("/cart", { form: { intent: "add", variantId, quantity: 1 } });
      expect(response.ok()).toBe(true);
    }
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    const line = (name: string) => page.getByTestId("cart-line").filter({ hasText: name });
    const units: number[] = [];
    for (const { name } of products)
      units.push(paisaOf(await line(name).locator("span.font-semibold").first().innerText()));
    const subtotal = async () => paisaOf(await page.getByTestId("cart-subtotal").innerText());
    const lineTotal = async (name: string) => paisaOf(await line(name).getByTestId("line-total").innerText());
    expect(await subtotal()).toBe(units[0]! + units[1]!);
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    return { first: products[0]!, second: products[1]!, units: units as [number, number], line, subtotal, lineTotal };
  }

  test("a quantity update the server refuses (400) rolls the field, line total, subtotal and badge back with 'The quantity of … was not changed.'", async ({
    page,
  }) => {
    const { first, units, line, subtotal, lineTotal } = await cartWithTwoLines(page);
    const badge = page.getByTestId("cart-badge");
    const posts = await holdCartPosts(page);

    const field = line(first.name).getByLabel(`Quantity of ${first.name}`);
    await field.fill("4");
    await field.press("Enter");
    await posts.arrived();
    // Optimistic while the request is pending.
    await expect.poll(() => lineTotal(first.name)).toBe(units[0] * 4);
    expect(await subtotal()).toBe(units[0] * 4 + units[1]);
    await expect(badge).toHaveText("5");

    expect(await posts.refuse()).toEqual([400]);
    await expect(page.getByTestId("cart-error").locator("p")).toHaveText(
      `The quantity of ${first.name} was not changed. Please try again.`,
    );
    await expect(page.getByRole("alert")).toContainText(`The quantity of ${first.name} was not changed.`);
    await expect(field).toHaveValue("1");
    await expect.poll(() => lineTotal(first.name)).toBe(units[0]);
    expect(await subtotal()).toBe(units[0] + units[1]);
    await expect(badge).toHaveText("2");

    // The server kept the cart as it was.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(field).toHaveValue("1");
    expect(await subtotal()).toBe(units[0] + units[1]);
    await expect(badge).toHaveText("2");
  });

  test("a removal the server refuses (400) brings the line, subtotal and badge back with '… was not removed from the cart.'", async ({
    page,
  }) => {
    const { first, second, units, subtotal } = await cartWithTwoLines(page);
    const badge = page.getByTestId("cart-badge");
    const posts = await holdCartPosts(page);

    await page.getByRole("button", { name: `Remove ${second.name} from cart` }).click();
    await posts.arrived();
    // Optimistic while the request is pending.
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-line")).toContainText(first.name);
    expect(await subtotal()).toBe(units[0]);
    await expect(badge).toHaveText("1");

    expect(await posts.refuse()).toEqual([400]);
    await expect(page.getByTestId("cart-error").locator("p")).toHaveText(
      `${second.name} was not removed from the cart. Please try again.`,
    );
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-line").filter({ hasText: second.name })).toBeVisible();
    expect(await subtotal()).toBe(units[0] + units[1]);
    await expect(badge).toHaveText("2");

    // The server kept the cart as it was.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(badge).toHaveText("2");
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the plain-form path; the optimistic one is tested above");

  test("adding, updating and removing are full posts with the badge and totals right after each", async ({ page }) => {
    await page.goto("/products");
    const { card, id, name } = await cardProduct(page, 0);
    await card.getByRole("button", { name: `Add to Cart: ${name}` }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByTestId("toast")).toHaveText("Added to your cart.");
    await expect(badge(page)).toHaveText("1");

    await page.goto(`/products/${id}`);
    await page.getByLabel("Quantity").fill("2");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
    await expect(badge(page)).toHaveText("3");

    await page.goto("/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: name });
    const unit = paisaOf(await line.locator("span.font-semibold").first().innerText());
    expect(paisaOf(await line.getByTestId("line-total").innerText())).toBe(unit * 3);
    await line.getByLabel(`Quantity of ${name}`).fill("4");
    await line.getByRole("button", { name: "Update" }).click();
    await expect(badge(page)).toHaveText("4");
    expect(paisaOf(await line.getByTestId("line-total").innerText())).toBe(unit * 4);
    expect(paisaOf(await page.getByTestId("cart-subtotal").innerText())).toBe(unit * 4);

    await page.getByRole("button", { name: `Remove ${name} from cart` }).click();
    await expect(page.getByText("Your cart is empty")).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
  });
});
