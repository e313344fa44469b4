/**
 * Shared steps for the end-to-end specs. Each step works with JavaScript on and off; where the two
 * differ (a select that saves on change, a sort that applies on change) the step asks the project.
 */
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

/**
 * Playwright's `test`, failing any test whose pages log an error or throw in the browser (for
 * example a React hydration mismatch). Every spec imports `test` from here.
 */
export const test = base.extend<{ failOnBrowserErrors: void }>({
  failOnBrowserErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        page.on("console", (message) => {
          // A refused resource is the server's answer under test (404/413 pages), not a page error.
          if (message.type() === "error" && !/Failed to load resource/.test(message.text()))
            errors.push(message.text());
        });
        page.on("pageerror", (error) => errors.push(String(error)));
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      await use();
      expect(errors, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The admin the test server creates (tests/e2e/server.ts). */
export const E2E_ADMIN = { email: "e2e-admin@haat.example", password: "e2e-password-1234" };

export const jsEnabled = (testInfo: TestInfo) => testInfo.project.name !== "js-off";

/** Parses "৳1,23,456.78" into paisa. */
export function paisaOf(text: string): number {
  const match = /([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/,/g, "")) * 100 + Number(match[2]);
}

/** A customer name unique to this test, to find its order in the admin list. */
export function uniqueName(testInfo: TestInfo): string {
  return `Test Shopper ${testInfo.project.name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Signs in as the e2e admin and waits for the products list. */
export async function signIn(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Email address").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
}

/** Opens the first product of /products and returns its id. */
export async function openFirstProduct(page: Page): Promise<number> {
  await page.goto("/products");
  const link = page.getByRole("article").first().getByRole("heading").getByRole("link");
  await link.click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  return Number(page.url().split("/").pop());
}
