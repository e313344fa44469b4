/**
 * axe-core scan of each page type: no serious or critical WCAG 2.1 A/AA violation.
 * In the JavaScript-off project axe still needs to run a script, so the page is opened in a
 * context that allows scripts but blocks every script of the app: the DOM is the server-rendered
 * page a browser without JavaScript gets (except <noscript> content, which a script-enabled
 * browser does not render).
 */
import type { Page } from "@playwright/test";
import { deleteOrderRows, deleteProduct, insertOrder, insertProduct, variantIdOf, withDb } from "./e2e-db";
import {
  buyableCards,
  expect,
  gotoSteadily,
  jsEnabled,
  openFirstProduct,
  rendered,
  signIn,
  test,
  uniqueTag,
} from "./fixtures";
import { seriousViolations, scanPage } from "./axe";
import { tapTargetOffenders } from "./tap-targets";

const PAGES = ["/", "/products", "/products?q=zzzz-nothing", "/cart", "/order-success?order=1", "/admin/login"];

for (const path of PAGES) {
  test(`${path} has no serious accessibility violation`, async ({ page, browser }, testInfo) => {
    const scan = await scanPage(page, browser, testInfo);
    await scan.goto(path);
    expect(await seriousViolations(scan)).toEqual([]);
  });
}

/** The levels of a page's headings, in document order. */
const headingLevels = (page: Page) =>
  page.locator("h1, h2, h3, h4, h5, h6").evaluateAll((els) => els.map((el) => Number(el.tagName[1])));

/** Whether each heading is at most one level below the one before it (axe's and Lighthouse's "heading-order"). */
const inOrder = (levels: number[]) => levels.every((level, i) => i === 0 || level <= levels[i - 1]! + 1);

test("headings never skip a level on the storefront's pages", async ({ page }) => {
  // axe reports a skipped level only as "moderate"; screen-reader users (and Lighthouse) meet it.
  for (const path of ["/", "/products", "/products?q=lamp", "/bn/products"]) {
    await page.goto(path);
    const levels = await headingLevels(page);
    expect(levels.length, path).toBeGreaterThan(3);
    expect(inOrder(levels), `${path}: headings ${levels.join(", ")}`).toBe(true);
  }
  await openFirstProduct(page);
  const levels = await headingLevels(page);
  expect(inOrder(levels), `product page: headings ${levels.join(", ")}`).toBe(true);
});

test("a product card without a picture has no serious accessibility violation", async ({ page, browser }, testInfo) => {
  // Its "No image" placeholder was grey on grey, under WCAG's 4.5:1 for small text.
  const name = `Pictureless ${uniqueTag(testInfo)}`;
  const id = insertProduct(name);
  try {
    const scan = await scanPage(page, browser, testInfo);
    await scan.goto(`/products?q=${encodeURIComponent(name)}`);
    await expect(scan.getByRole("article")).toHaveCount(1);
    expect(await seriousViolations(scan)).toEqual([]);
  } finally {
    deleteProduct(id);
  }
});

test("a product page and a cart with checkout errors have no serious accessibility violation", async ({
  page,
  browser,
}, testInfo) => {
  const scan = await scanPage(page, browser, testInfo);
  await openFirstProduct(scan);
  expect(await seriousViolations(scan)).toEqual([]);
  await scan.getByRole("button", { name: "Buy Now", exact: true }).click();
  await scan.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(scan.getByText("Please enter your name.")).toBeVisible();
  expect(await seriousViolations(scan)).toEqual([]);
});

// The back office's pages in three groups, each its own test: twelve axe scans in one test came
// near its time limit on a busy machine, and the groups can run on two workers at once. Signing in
// lands on the products list, which is scanned with its group.
const ADMIN_GROUPS: Record<string, string[]> = {
  "the orders' pages": ["/admin/orders", "/admin/dashboard", "/admin/orders/new", "/admin/orders/drafts"],
  "the shoppers' and discounts' pages": [
    "/admin/customers",
    "/admin/blocklist",
    "/admin/discounts",
    "/admin/discounts/new",
  ],
  "products' and staff's pages": ["/admin/products", "/admin/staff", "/admin/account", "/admin/activity"],
};

for (const [group, paths] of Object.entries(ADMIN_GROUPS)) {
  test(`the back office's ${group} have no serious accessibility violation`, async ({ page, browser }, testInfo) => {
    const scan = await scanPage(page, browser, testInfo);
    await signIn(scan);
    for (const path of paths) {
      if (path !== "/admin/products") await scan.goto(path);
      expect(await seriousViolations(scan), path).toEqual([]);
    }
  });
}

test("an order's page and its shopper's page have no serious accessibility violation", async ({
  page,
  browser,
}, testInfo) => {
  const scan = await scanPage(page, browser, testInfo);
  await signIn(scan);
  // An order page, with its history, phone confirmation and blocklist button.
  const orderId = withDb((db) => {
    const id = Number(
      db
        .prepare(
          `INSERT INTO "Order" (createdAt, updatedAt, customerName, customerPhone, customerAddress, shippingMethod,
             shippingFeePaisa, subtotalPaisa, totalPaisa, status, paymentStatus, itemCount, checkoutToken)
           VALUES (CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 'Axe Shopper', '01711000999', 'Road 1', 'Inside Dhaka',
             6000, 50000, 56000, 'pending', 'pending', 1, ?)`,
        )
        .run(`e2e-axe-${Math.random()}`).lastInsertRowid,
    );
    db.prepare(
      `INSERT INTO OrderItem (orderId, productId, productName, unitPricePaisa, quantity, subtotalPaisa)
       VALUES (?, NULL, 'Axe Lamp', 50000, 1, 50000)`,
    ).run(id);
    return id;
  });
  try {
    await scan.goto(`/admin/orders/view/${orderId}`);
    await expect(scan.getByTestId("phone-confirmation")).toBeVisible();
    expect(await seriousViolations(scan)).toEqual([]);
    // Its shopper's page: figures, orders, addresses and the notes form.
    await scan.goto("/admin/customers/01711000999");
    await expect(scan.getByTestId("customer-notes")).toBeVisible();
    expect(await seriousViolations(scan)).toEqual([]);
  } finally {
    withDb((db) => db.prepare(`DELETE FROM "Order" WHERE id = ?`).run(orderId));
  }
});

test("a cart with an item, and a refused cart change, have no serious accessibility violation", async ({
  page,
  browser,
}, testInfo) => {
  const scan = await scanPage(page, browser, testInfo);
  await scan.goto("/products");
  // The first card with an add button (a product without options): the variant its form posts.
  const variantId = await buyableCards(scan).first().locator('input[name="variantId"]').first().inputValue();
  await scan.request.post("/cart", { form: { intent: "add", variantId, quantity: 1 } });
  await scan.goto("/cart");
  await expect(scan.getByTestId("cart-line")).toHaveCount(1);
  expect(await seriousViolations(scan)).toEqual([]);
  if (jsEnabled(testInfo)) {
    // The message shown when a change cannot reach the shop.
    await scan.route("**/cart.data", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await scan.getByRole("button", { name: /^Remove .* from cart$/ }).click();
    await expect(scan.getByTestId("cart-error")).toBeVisible();
    expect(await seriousViolations(scan)).toEqual([]);
  }
});

test("the keyboard reaches Add to Cart with a visible focus indicator; cart fields are labelled", async ({
  page,
}, testInfo) => {
  await openFirstProduct(page);
  const addToCart = page.getByRole("button", { name: "Add to Cart", exact: true });
  await page.locator("body").focus();
  let reached = false;
  for (let presses = 0; presses < 60 && !reached; presses++) {
    await page.keyboard.press("Tab");
    reached = await addToCart.evaluate((element) => element === document.activeElement);
  }
  expect(reached, "Tab reaches Add to Cart").toBe(true);
  const focusStyle = await addToCart.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
  });
  expect(
    (focusStyle.outline !== "none" && focusStyle.width > 0) || focusStyle.shadow !== "none",
    `visible focus: ${JSON.stringify(focusStyle)}`,
  ).toBe(true);

  // Enter on the focused button adds the product.
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  if (jsEnabled(testInfo)) await expect(page.getByText(/^Added .* to the cart\.$/)).toBeAttached(); // saved

  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  const fields = page.locator("main").locator("input:not([type=hidden]), select, textarea");
  expect(await fields.count()).toBeGreaterThan(3);
  for (const field of await fields.all()) await expect(field).toHaveAccessibleName(/\S/);
  for (const button of await page.locator("main").getByRole("button").all()) {
    await expect(button).toHaveAccessibleName(/\S/);
  }
});

/**
 * Opens `path` on a 360 px phone and returns its tap targets that fail the size rule
 * (tests/e2e/tap-targets.ts), one line each, prefixed with the path.
 */
async function phoneOffenders(scan: Page, path: string): Promise<string[]> {
  await gotoSteadily(scan, path);
  // The page as rendered for this address (hydrated, with JavaScript), so that nothing of it is
  // still loading when it is measured or when the next visit starts.
  await rendered(scan);
  return (await tapTargetOffenders(scan)).map(
    (o) =>
      `${path}: ${o.selector} "${o.text}" ${o.width}×${o.height}${o.crowdedBy ? ` crowded by ${o.crowdedBy}` : ""}`,
  );
}

/** The demo product with the most images (its gallery has dots) and the first category. */
const tapPages = () =>
  withDb((db) => ({
    productId: (
      db
        .prepare(
          `SELECT p.id FROM Product p JOIN ProductImage pi ON pi.productId = p.id
           GROUP BY p.id ORDER BY COUNT(*) DESC, p.id LIMIT 1`,
        )
        .get() as { id: number }
    ).id,
    categoryId: (db.prepare(`SELECT id FROM Category ORDER BY id LIMIT 1`).get() as { id: number }).id,
  }));

// Three groups of pages, each its own test: a slow server fails one group, not a 15-page visit.
const TAP_GROUPS: Record<string, (ids: { productId: number; categoryId: number; orderId: number }) => string[]> = {
  "the catalogue's pages": ({ productId, categoryId }) => [
    "/",
    "/products",
    `/products?category=${categoryId}`,
    "/products?q=lamp",
    "/products?page=2",
    `/products/${productId}`,
  ],
  "the order pages and the cart": ({ orderId }) => [
    "/orders/track",
    `/orders/track?order=${orderId}&phone=01711000888`,
    `/order-success?order=${orderId}`,
    "/cart",
  ],
  "the Bangla pages": ({ productId, orderId }) => [
    "/bn",
    "/bn/products",
    `/bn/products/${productId}`,
    `/bn/orders/track?order=${orderId}&phone=01711000888`,
    "/bn/cart",
  ],
};

for (const [group, paths] of Object.entries(TAP_GROUPS)) {
  test(`${group}' tap targets are 44 px, or 24 px with room around them, on a 360 px phone`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const scan = await scanPage(page, browser, testInfo);
    await scan.setViewportSize({ width: 360, height: 800 });
    const { productId, categoryId } = tapPages();
    const orderId = insertOrder({ name: `Tap Shopper ${uniqueTag(testInfo)}`, phone: "01711000888" });
    // The cart with an item: its line form and the checkout form under it.
    await scan.request.post("/cart", {
      form: { intent: "add", variantId: String(variantIdOf(productId)), quantity: "1" },
    });
    try {
      const offenders: string[] = [];
      for (const path of paths({ productId, categoryId, orderId }))
        offenders.push(...(await phoneOffenders(scan, path)));
      expect(offenders).toEqual([]);
    } finally {
      deleteOrderRows(orderId);
    }
  });
}

test("the checkout's and the tracking form's fields are a thumb's 44 px tall on a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const { productId } = tapPages();
  await page.request.post("/cart", {
    form: { intent: "add", variantId: String(variantIdOf(productId)), quantity: "1" },
  });
  for (const path of ["/cart", "/orders/track"]) {
    await page.goto(path);
    await rendered(page);
    const fields = page
      .getByRole("main")
      .locator("form input:not([type=hidden]):not([type=radio]):not([type=checkbox]), form select, form textarea");
    expect(await fields.count(), path).toBeGreaterThan(1);
    const heights = await fields.evaluateAll((elements) =>
      elements.map((element) => `${element.getAttribute("name")} ${element.getBoundingClientRect().height}`),
    );
    expect(
      heights.filter((entry) => Number(entry.split(" ")[1]) < 44),
      path,
    ).toEqual([]);
  }
});
