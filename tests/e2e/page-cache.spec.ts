/**
 * The page cache seen from a browser (app/server/http/page-cache/page-cache.server.ts, docs/decisions/036-page-cache.md),
 * with JavaScript on and off: a page served from the cache works as a rendered one does (with
 * JavaScript it hydrates under its hashed CSP: a refused script would fail the test through the
 * console-error fixture; the optimistic cart and the suggestions work on it), and an admin's edit
 * of a product, a category or a product's image shows on the very next anonymous visit.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import path from "node:path";
import { deleteCategory, deleteProduct, insertCategory, insertProduct } from "./e2e-db";
import { expect, jsEnabled, rendered, signIn, test, uniqueTag } from "./fixtures";

/** Opens `url` until the answer comes from the cache (it is stored just after its first answer). */
async function openCached(page: Page, url: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await page.goto(url);
    if (response?.headers()["x-cache"] === "HIT") return;
    await page.waitForTimeout(50);
  }
  throw new Error(`${url} was never answered from the cache`);
}

/** A shopper's page in a context of its own (no staff session, no cart). */
async function shopper(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

test("a page from the cache works: it hydrates under its hashed CSP, the cart and the suggestions work", async ({
  page,
}, testInfo) => {
  const name = `Cached Lamp ${uniqueTag(testInfo)}`;
  const id = insertProduct(name, { pricePaisa: 123_400 });
  try {
    await openCached(page, `/products/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    if (jsEnabled(testInfo)) await page.waitForFunction(() => "__remixRouter" in window);

    // Waits for the server's answer: with JavaScript the badge counts before the cart cookie is set.
    await Promise.all([
      page.waitForResponse(
        (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/cart"),
      ),
      page.getByRole("button", { name: "Add to cart" }).click(),
    ]);
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    // The page for a cart of one is a cached page of its own, with that cart's badge.
    await openCached(page, `/products/${id}`);
    await expect(page.getByTestId("cart-badge")).toHaveText("1");

    await openCached(page, "/");
    if (jsEnabled(testInfo)) {
      await page.waitForFunction(() => "__remixRouter" in window);
      await page.getByRole("combobox", { name: "Search products" }).pressSequentially(name.slice(0, 12));
      const listbox = page.getByRole("listbox", { name: "Suggestions" });
      await expect(listbox.getByRole("option", { name })).toBeVisible();
    } else {
      await page.getByLabel("Search products").fill(name);
      await page.getByLabel("Search products").press("Enter");
      await expect(page).toHaveURL(/\/products\?q=/);
      await rendered(page);
      await expect(page.getByRole("article").getByRole("link", { name })).toBeVisible();
    }
  } finally {
    deleteProduct(id);
  }
});

test("an admin's edit of a product, its image or a category shows on the next anonymous visit", async ({
  page,
  browser,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const categoryId = insertCategory(`Cache Shelf ${tag}`);
  const id = insertProduct(`Cache Fan ${tag}`, { pricePaisa: 450_000 });
  // Removed again at the end: other specs read the first rows of the lists.
  try {
    await editAndVisit(page, browser, testInfo, tag, id, categoryId);
  } finally {
    deleteProduct(id);
    deleteCategory(categoryId);
  }
});

/** The steps of the test above: an anonymous visitor's pages before and after the admin's edits. */
async function editAndVisit(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  tag: string,
  id: number,
  categoryId: number,
) {
  const visitor = await shopper(browser, jsEnabled(testInfo));
  await openCached(visitor, `/products/${id}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Cache Fan ${tag}`);

  await signIn(page);
  await page.goto(`/admin/products/edit/${id}`);
  await page.getByLabel("Name (English)", { exact: true }).fill(`Cache Fan Renamed ${tag}`);
  await page.getByLabel("Category").selectOption({ label: `Cache Shelf ${tag}` });
  await page.locator('input[type="file"]').first().setInputFiles(path.resolve("tests/fixtures/images/garden.webp"));
  await page.getByRole("button", { name: "Save Product" }).click();
  await expect(page).toHaveURL(/\/admin\/products(\?.*)?$/);

  await visitor.goto(`/products/${id}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Cache Fan Renamed ${tag}`);
  await expect(visitor.locator("main img[src*='/uploads/']").first()).toBeVisible();

  await openCached(visitor, `/products?category=${categoryId}`);
  await expect(visitor.getByRole("article")).toHaveCount(1);
  await page.goto(`/admin/categories/edit/${categoryId}`);
  await page.getByLabel("Name (English)", { exact: true }).fill(`Cache Shelf Renamed ${tag}`);
  await page.getByRole("button", { name: "Update Category" }).click();
  await expect(page).toHaveURL(/\/admin\/categories(\?.*)?$/);
  await visitor.goto(`/products?category=${categoryId}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(`Cache Shelf Renamed ${tag}`);
  await visitor.context().close();
}
