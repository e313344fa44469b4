/**
 * The product page (docs/decisions/009-product-gallery-and-buy-now.md):
 * the gallery and its modal preview, the images reachable without JavaScript, the quantity stepper,
 * the discount badge, breadcrumbs, and the 'Product not found' (404) and 'Failed to load product
 * details' (500) states; axe scans (no serious or critical WCAG 2.1 A/AA violation) of those two
 * states and of a product without images, in both projects.
 *
 * Facts are read from the test server's database (tests/e2e/server.ts). Rows a test needs that the
 * demo catalogue lacks (a product without images, an unreadable product) are inserted directly,
 * named to sort last, kept out of every category and removed again, so parallel tests are not
 * disturbed.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import { buyableCards, expect, jsEnabled, serverMarkupOnly, test } from "./fixtures";
import { seriousViolations } from "./axe";
import { deleteProduct, insertProduct, singleVariantProduct, withDb } from "./e2e-db";

type GalleryProduct = { id: number; name: string; count: number; largest: string[] };

/**
 * The demo product without options with the most images (at least 3), with the URL of each
 * image's largest variant. Without options: no choice of variant moves the gallery or the price.
 */
function productWithImages(): GalleryProduct {
  return withDb((db) => {
    const product = db
      .prepare(
        `SELECT p.id, p.name, COUNT(*) AS count FROM Product p JOIN ProductImage pi ON pi.productId = p.id
         WHERE NOT EXISTS (SELECT 1 FROM ProductOption o WHERE o.productId = p.id)
         GROUP BY p.id HAVING count >= 3 ORDER BY count DESC, p.id LIMIT 1`,
      )
      .get() as { id: number; name: string; count: number } | undefined;
    if (!product) throw new Error("The demo catalogue has no product with 3 or more images");
    const images = db
      .prepare(
        `SELECT i.key, i.variantWidths FROM ProductImage pi JOIN Image i ON i.id = pi.imageId
         WHERE pi.productId = ? ORDER BY pi.position`,
      )
      .all(product.id) as { key: string; variantWidths: string }[];
    const largest = images.map(
      ({ key, variantWidths }) => `/uploads/${key}/${Math.max(...variantWidths.split(",").map(Number))}.webp`,
    );
    return { ...product, largest };
  });
}

const uniqueName = (label: string, projectName: string) =>
  `zzz ${label} ${projectName} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("a product without images shows 'No image available'", async ({ page }, testInfo) => {
  const id = insertProduct(uniqueName("No Image", testInfo.project.name));
  try {
    await page.goto(`/products/${id}`);
    await expect(page.getByText("No image available")).toBeVisible();
    await expect(page.locator("main img")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /image/i })).toHaveCount(0);
  } finally {
    deleteProduct(id);
  }
});

test("the gallery's first image loads eagerly with high priority, the others lazily, with sizes and dimensions", async ({
  page,
}) => {
  const product = productWithImages();
  await page.goto(`/products/${product.id}`);
  const images = page.getByRole("list", { name: `Images of ${product.name}` }).locator("img");
  await expect(images).toHaveCount(product.count);
  await expect(images.first()).toHaveAttribute("loading", "eager");
  await expect(images.first()).toHaveAttribute("fetchpriority", "high");
  for (let i = 1; i < product.count; i++) await expect(images.nth(i)).toHaveAttribute("loading", "lazy");
  for (let i = 0; i < product.count; i++) {
    await expect(images.nth(i)).toHaveAttribute("width", /^\d+$/);
    await expect(images.nth(i)).toHaveAttribute("height", /^\d+$/);
    await expect(images.nth(i)).toHaveAttribute("sizes", /540px/);
    await expect(images.nth(i)).toHaveAttribute("srcset", /320\.webp 320w, .* \d+w$/);
  }
});

test("breadcrumbs lead Home › Category › Product", async ({ page }) => {
  serverMarkupOnly("breadcrumbs are server-rendered links");
  const product = productWithImages();
  const category = withDb(
    (db) =>
      db
        .prepare("SELECT c.id, c.name FROM Category c JOIN Product p ON p.categoryId = c.id WHERE p.id = ?")
        .get(product.id) as { id: number; name: string },
  );
  await page.goto(`/products/${product.id}`);
  const trail = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(trail.getByRole("listitem")).toHaveText([/Home/, new RegExp(category.name), new RegExp(product.name)]);
  await expect(trail.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(trail.getByText(product.name)).toHaveAttribute("aria-current", "page");
  await trail.getByRole("link", { name: category.name }).click();
  await expect(page).toHaveURL(new RegExp(`/products\\?category=${category.id}$`));
});

test("a product card links its image and name to the product and has two round cart buttons", async ({ page }) => {
  await page.goto("/products");
  // The first card with cart buttons: a product without options (one with options links to its page).
  const card = buyableCards(page).first();
  const name = (await card.getByRole("heading").innerText()).trim();
  const nameLink = card.getByRole("heading").getByRole("link", { name });
  const href = await nameLink.getAttribute("href");
  expect(href).toMatch(/^\/products\/\d+$/);
  await expect(card.locator("a:has(img)")).toHaveAttribute("href", href!);
  for (const [label, intent] of [
    [`Add to Cart: ${name}`, "add"],
    [`Buy now: ${name}`, "buy-now"],
  ] as const) {
    const button = card.getByRole("button", { name: label });
    await expect(button).toHaveAttribute("value", intent);
    expect(await button.evaluate((el) => parseFloat(getComputedStyle(el).borderTopLeftRadius))).toBeGreaterThan(12);
    const form = button.locator("xpath=ancestor::form");
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", "/cart");
    await expect(form.locator('input[name="quantity"]')).toHaveValue("1");
  }
  await card.getByRole("button", { name: `Add to Cart: ${name}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await expect(page).toHaveURL(/\/products$/);
  await card.locator("a:has(img)").click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "arrows, dots and the preview need JavaScript");

  test("the enhanced gallery and its open preview have no serious accessibility violation", async ({ page }) => {
    const { id, count } = productWithImages();
    await page.goto(`/products/${id}`);
    await expect(page.getByRole("button", { name: `Show image 1 of ${count}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: `Enlarge image 1 of ${count}` }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("img")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("preview.png") });
  });

  test("arrows wrap around both ways and dots choose an image", async ({ page }) => {
    const { id, count } = productWithImages();
    await page.goto(`/products/${id}`);
    const dot = (n: number) => page.getByRole("button", { name: `Show image ${n} of ${count}` });
    const slide = (n: number) => page.locator(`#image-${n}`);
    const expectCurrent = async (n: number) => {
      await expect(dot(n)).toHaveAttribute("aria-current", "true");
      for (let i = 1; i <= count; i++) if (i !== n) await expect(dot(i)).not.toHaveAttribute("aria-current");
      await expect(slide(n)).toBeInViewport({ ratio: 0.9 });
    };

    await expectCurrent(1);
    await page.getByRole("button", { name: "Previous image" }).click();
    await expectCurrent(count);
    await page.getByRole("button", { name: "Next image" }).click();
    await expectCurrent(1);
    await page.getByRole("button", { name: "Next image" }).click();
    await expectCurrent(2);
    await dot(3).click();
    await expectCurrent(3);
    await page.getByRole("button", { name: "Previous image" }).click();
    await expectCurrent(2);

    // Swiping the strip (here: scrolling it) moves the dots along.
    await page
      .getByRole("list", { name: /^Images of / })
      .evaluate((strip, n) => strip.scrollTo({ left: (n - 1) * strip.clientWidth }), count);
    await expectCurrent(count);
  });

  test("the preview opens on the image, has its own arrows and closes with Escape, its button and the overlay", async ({
    page,
  }) => {
    const { id, count, largest } = productWithImages();
    await page.goto(`/products/${id}`);
    const dialog = page.getByRole("dialog");
    const opener = page.getByRole("link", { name: `Enlarge image 1 of ${count}` });
    const previewImage = dialog.getByRole("img");
    await expect(dialog).toBeHidden();

    // Opens at the clicked image, in its largest variant, with focus inside.
    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
    await expect(previewImage).toHaveAttribute("src", largest[0]!);
    await expect(dialog.getByRole("button", { name: "Close preview" })).toBeFocused();
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expect(dialog.getByRole("button", { name: "Close preview" })).toBeFocused();

    // Its own arrows and the arrow keys, wrapping around.
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(previewImage).toHaveAttribute("src", largest[count - 1]!);
    await dialog.getByRole("button", { name: "Next image" }).click();
    await expect(previewImage).toHaveAttribute("src", largest[0]!);
    await page.keyboard.press("ArrowRight");
    await expect(previewImage).toHaveAttribute("src", largest[1]!);
    await expect(previewImage).toHaveAccessibleName(new RegExp(`^Image 2 of ${count}: `));
    await page.keyboard.press("ArrowLeft");
    await expect(previewImage).toHaveAttribute("src", largest[0]!);

    // Escape closes; focus returns to the image link that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The close button; the gallery follows the image the shopper moved to, and focus lands on it.
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(previewImage).toHaveAttribute("src", largest[1]!);
    await dialog.getByRole("button", { name: "Close preview" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: `Show image 2 of ${count}` })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.getByRole("link", { name: `Enlarge image 2 of ${count}` })).toBeFocused();

    // A click on the overlay (outside the image and the buttons) closes it.
    await page.getByRole("link", { name: `Enlarge image 2 of ${count}` }).click();
    await expect(dialog).toBeVisible();
    const viewport = page.viewportSize()!;
    await page.mouse.click(viewport.width / 2, 20);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: `Enlarge image 2 of ${count}` })).toBeFocused();

    // A click on the image itself does not.
    await page.getByRole("link", { name: `Enlarge image 2 of ${count}` }).click();
    await previewImage.click();
    await expect(dialog).toBeVisible();
  });

  test("the quantity stepper stays at 1 or more and its quantity reaches the cart", async ({ page }) => {
    const { id } = productWithImages();
    await page.goto(`/products/${id}`);
    const quantity = page.getByLabel("Quantity", { exact: true });
    const decrease = page.getByRole("button", { name: "Decrease by one" });
    const increase = page.getByRole("button", { name: "Increase by one" });

    await expect(quantity).toHaveValue("1");
    await expect(decrease).toHaveAttribute("aria-disabled", "true");
    // Playwright refuses to click an aria-disabled button; a shopper can, and nothing happens.
    await decrease.click({ force: true });
    await expect(quantity).toHaveValue("1");
    await increase.click();
    await increase.click();
    await expect(quantity).toHaveValue("3");
    await expect(decrease).not.toHaveAttribute("aria-disabled");
    await decrease.click();
    await expect(quantity).toHaveValue("2");
    // Typing works too, and the buttons go on from the typed number.
    await quantity.fill("7");
    await increase.click();
    await expect(quantity).toHaveValue("8");
    await quantity.fill("2");

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await expect(page).toHaveURL(new RegExp(`/products/${id}$`));

    // Buy Now replaces the line's quantity with the stepper's and loads /cart as a full page.
    await increase.click();
    await expect(quantity).toHaveValue("3");
    const documentPost = page.waitForRequest(
      (request) =>
        request.method() === "POST" && request.resourceType() === "document" && /\/cart$/.test(request.url()),
    );
    await page.getByRole("button", { name: "Buy Now", exact: true }).click();
    await documentPost;
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
    await expect(page.getByTestId("cart-line").getByRole("spinbutton")).toHaveValue("3");
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the anchor-link gallery; the scripted one is tested above");

  test("every image is reachable through anchor links, and each links to its full-size image", async ({ page }) => {
    const { id, count, largest } = productWithImages();
    await page.goto(`/products/${id}`);
    // No control that needs JavaScript is shown.
    await expect(page.getByRole("button", { name: /Previous image|Next image|by one/ })).toHaveCount(0);

    for (let n = count; n >= 1; n--) {
      await page.getByRole("link", { name: `Show image ${n} of ${count}` }).click();
      await expect(page).toHaveURL(new RegExp(`#image-${n}$`));
      const slide = page.locator(`#image-${n}`);
      await expect(slide).toBeInViewport({ ratio: 0.9 });
      const image = slide.getByRole("img");
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      const fullSize = page.getByRole("link", { name: `Image ${n} of ${count}, full size` });
      await expect(fullSize).toHaveAttribute("href", largest[n - 1]!);
      const response = await page.request.get(largest[n - 1]!);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/webp");
      expect((await response.body()).length).toBeGreaterThan(0);
    }

    // Following the link shows the image itself.
    await page.getByRole("link", { name: `Image 1 of ${count}, full size` }).click();
    await expect(page).toHaveURL(new RegExp(`${largest[0]!.replace(/\./g, "\\.")}$`));
  });

  test("the quantity field alone sets how many go to the cart", async ({ page }) => {
    const { id } = productWithImages();
    await page.goto(`/products/${id}`);
    await page.getByLabel("Quantity", { exact: true }).fill("4");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("4");
    await page.getByLabel("Quantity", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Buy Now", exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-line").getByRole("spinbutton")).toHaveValue("2");
  });
});

test("the discount badge is the rounded percentage off, on a rounded badge", async ({ page }) => {
  serverMarkupOnly("the badge is server-rendered text and CSS");
  const product = singleVariantProduct("v.discountedPricePaisa IS NOT NULL AND v.discountedPricePaisa < v.pricePaisa");
  const percent = Math.round(((product.pricePaisa - product.discountedPricePaisa!) / product.pricePaisa) * 100);
  await page.goto(`/products/${product.id}`);
  const badge = page.getByTestId("discount-badge");
  await expect(badge).toHaveText(`${percent}% OFF`);
  expect(parseFloat(await badge.evaluate((el) => getComputedStyle(el).borderTopLeftRadius))).toBeGreaterThan(8);

  const full = singleVariantProduct("v.discountedPricePaisa IS NULL OR v.discountedPricePaisa >= v.pricePaisa");
  await page.goto(`/products/${full.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("discount-badge")).toHaveCount(0);
});

for (const id of ["999999", "abc"]) {
  test(`/products/${id} is a 404 'Product not found'`, async ({ page }) => {
    const response = await page.goto(`/products/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product not found");
    await expect(page.getByRole("link", { name: "Back to Products" })).toHaveAttribute("href", "/products");
  });
}

test("a product the database cannot read is a 500 'Failed to load product details'", async ({ page }, testInfo) => {
  // Its description is stored as a BLOB, which Prisma cannot read as a String. Only the product
  // page reads the description, so the lists other tests use stay readable.
  const id = insertProduct(uniqueName("Unreadable", testInfo.project.name), {
    description: Buffer.from([0xde, 0xad, 0xbe, 0xef]),
  });
  try {
    const response = await page.goto(`/products/${id}`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Failed to load product details");
    await expect(page.getByText("Product not found")).toHaveCount(0);
    if (jsEnabled(testInfo)) {
      // Hydrated error boundary: its link still works.
      await page.getByRole("link", { name: "Back to Products" }).click();
      await expect(page).toHaveURL(/\/products$/);
    }
  } finally {
    deleteProduct(id);
  }
});

// Axe scans of the page's states, in both projects: the 404 and 500 pages and a product without
// images (the 500 and the product without images made as in the tests above).

/**
 * A page for scanning: the test's own page with JavaScript; in the JavaScript-off project a page
 * whose app scripts are blocked (axe itself needs to run a script), as accessibility.spec.ts does.
 */
async function withScanPage(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  scanWith: (scan: Page) => Promise<void>,
): Promise<void> {
  if (jsEnabled(testInfo)) return scanWith(page);
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
  try {
    // Remix's inline entry imports the app from /assets/*.js: refusing those files means no hydration.
    await context.route(/\.m?js(\?|$)/, (route) => route.abort());
    await testInfo.attach("note", { body: "scanned with app scripts blocked (JavaScript-off project)" });
    const scan = await context.newPage();
    await scanWith(scan);
  } finally {
    await context.close();
  }
}

test("the 404 'Product not found' page has no serious accessibility violation", async ({ page, browser }, testInfo) => {
  await withScanPage(page, browser, testInfo, async (scan) => {
    const response = await scan.goto("/products/999999999");
    expect(response?.status()).toBe(404);
    await expect(scan.getByRole("heading", { level: 1 })).toHaveText("Product not found");
    expect(await seriousViolations(scan)).toEqual([]);
  });
});

test("the 500 'Failed to load product details' page has no serious accessibility violation", async ({
  page,
  browser,
}, testInfo) => {
  const id = insertProduct(uniqueName("Unreadable", testInfo.project.name), {
    description: Buffer.from([0xde, 0xad, 0xbe, 0xef]),
  });
  try {
    await withScanPage(page, browser, testInfo, async (scan) => {
      const response = await scan.goto(`/products/${id}`);
      expect(response?.status()).toBe(500);
      await expect(scan.getByRole("heading", { level: 1 })).toHaveText("Failed to load product details");
      expect(await seriousViolations(scan)).toEqual([]);
    });
  } finally {
    deleteProduct(id);
  }
});

test("a product without images shows 'No image available' and has no serious accessibility violation", async ({
  page,
  browser,
}, testInfo) => {
  const name = uniqueName("No Image", testInfo.project.name);
  const id = insertProduct(name);
  try {
    await withScanPage(page, browser, testInfo, async (scan) => {
      const response = await scan.goto(`/products/${id}`);
      expect(response?.status()).toBe(200);
      await expect(scan.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(scan.getByText("No image available")).toBeVisible();
      await expect(scan.locator("main img")).toHaveCount(0);
      expect(await seriousViolations(scan)).toEqual([]);
    });
  } finally {
    deleteProduct(id);
  }
});
