/**
 * Screenshots of every storefront page and the admin sign-in at 360, 768 and 1280 px wide, saved
 * as test artifacts, and checked: no horizontal scrolling at any width, the main heading visible,
 * and on storefront pages the header's cart link visible. In both projects: the markup without
 * JavaScript differs (the sort has an Apply button, the product page has no gallery arrows, the
 * cart shows a total per shipping method), so each project saves its own screenshots, named
 * `<page>-<width>-<project>.png`.
 */
import type { Page, TestInfo } from "@playwright/test";
import { buyableCards, expect, jsEnabled, openFirstProduct, test } from "./fixtures";

const WIDTHS = [360, 768, 1280] as const;

type Shot = {
  name: string;
  storefront: boolean;
  open: (page: Page) => Promise<void>;
  /** Checks the page is the project's own markup (with or without JavaScript). */
  markup?: (page: Page, js: boolean) => Promise<void>;
};

const SHOTS: Shot[] = [
  { name: "home", storefront: true, open: (page) => page.goto("/").then(() => undefined) },
  {
    name: "products",
    storefront: true,
    open: (page) => page.goto("/products").then(() => undefined),
    // Without JavaScript the sort is applied with a button; with it, on change.
    markup: (page, js) => expect(page.getByRole("button", { name: "Apply" })).toHaveCount(js ? 0 : 1),
  },
  {
    name: "product",
    storefront: true,
    // Waits for the product's own heading: with JavaScript the address changes before it renders.
    open: (page) => openFirstProduct(page).then(() => undefined),
  },
  {
    name: "cart-with-item",
    storefront: true,
    open: async (page) => {
      await page.goto("/products");
      // The first card with an add button (a product without options): the variant its form posts.
      const variantId = await buyableCards(page).first().locator('input[name="variantId"]').first().inputValue();
      await page.request.post("/cart", { form: { intent: "add", variantId, quantity: 2 } });
      await page.goto("/cart");
      await expect(page.getByTestId("cart-line")).toHaveCount(1);
    },
  },
  { name: "cart-empty", storefront: true, open: (page) => page.goto("/cart").then(() => undefined) },
  {
    name: "order-success",
    storefront: true,
    open: (page) => page.goto("/order-success?order=1").then(() => undefined),
  },
  { name: "admin-login", storefront: false, open: (page) => page.goto("/admin/login").then(() => undefined) },
];

async function capture(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  await testInfo.attach(`${name}-${testInfo.project.name}`, { path: file, contentType: "image/png" });
}

test.describe("screenshots", () => {
  for (const shot of SHOTS) {
    test(`${shot.name} at ${WIDTHS.join(", ")} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await shot.open(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if (shot.storefront) await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
        await shot.markup?.(page, jsEnabled(testInfo));
        await capture(page, testInfo, `${shot.name}-${width}`);
      }
    });
  }
});
