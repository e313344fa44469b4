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
            errors.push(`${message.text()} (at ${page.url()})`);
        });
        page.on("pageerror", (error) => errors.push(`${String(error)} (at ${page.url()})`));
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      await use();
      // The messages go into the title too: CI's summary prints a failure's first lines only.
      expect(errors, `errors in the browser console: ${errors.join(" | ").slice(0, 500)}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the page shows the address the browser is at: the layout's `<main data-location>`
 * (app/components/rendered-location.ts) changes in the same commit as the page. With JavaScript,
 * Remix changes the address before React has rendered the new page, so a step right after
 * `toHaveURL` could otherwise read or type into the page that is going away.
 */
export async function rendered(page: Page): Promise<void> {
  const url = new URL(page.url());
  await expect(page.locator("main[data-location]")).toHaveAttribute("data-location", url.pathname + url.search);
}

/** The admin the test server creates (tests/e2e/server.ts). */
/**
 * With JavaScript, waits until Remix has nothing in flight: no navigation, no revalidation and every
 * fetcher idle (a cart change's badge is optimistic, so it shows before the server has answered).
 * A step that leaves the page with `page.goto` must not cut a request off half-way. Without
 * JavaScript every step already waits for its page.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (window as { __remixRouter?: { state: RouterState } }).__remixRouter;
    if (!router) return true;
    const { navigation, revalidation, fetchers } = router.state;
    return (
      navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((f) => f.state === "idle")
    );
  });
}

type RouterState = {
  navigation: { state: string };
  revalidation: string;
  fetchers: Map<string, { state: string }>;
};

export const E2E_ADMIN = { email: "e2e-admin@haat.example", password: "e2e-password-1234" };

export const jsEnabled = (testInfo: TestInfo) => testInfo.project.name !== "js-off";

/**
 * Skips the current test in the JavaScript-on project, saying why (`what`, e.g. "JSON-LD is
 * rendered by the server"): for checks of what the server renders that scripts do not change
 * (head tags, image attributes, CSS layout, plain HTTP answers). The JavaScript-off project
 * checks them; hydration of the same pages is covered by the journeys.
 */
export function serverMarkupOnly(what: string): void {
  test.skip(jsEnabled(test.info()), `${what}, the same with JavaScript: checked without it`);
}

/** Parses "৳1,23,456.78" into paisa. */
export function paisaOf(text: string): number {
  const match = /([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/,/g, "")) * 100 + Number(match[2]);
}

/** "৳1,23,456.78" from paisa, as the app formats money (en-IN grouping, two decimals). */
export const taka = (paisa: number) =>
  `৳${(paisa / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A customer name unique to this test, to find its order in the admin list. */
export function uniqueName(testInfo: TestInfo): string {
  return `Test Shopper ${testInfo.project.name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * A tag unique to this test and project, in digits only: the names built from it contain none of
 * the words other specs search the catalogue for ("a", "fan", "lamp", "light"…).
 */
export function uniqueTag(testInfo: TestInfo): string {
  return `${testInfo.project.name} ${Date.now() % 1e9}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
}

/** Signs in as `account` (the e2e admin by default; one without two-factor) and waits for the products list. */
export async function signIn(page: Page, account: { email: string; password: string } = E2E_ADMIN) {
  await page.goto("/admin/login");
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
}

/**
 * Opens `path` (20 s at most), once more when the browser aborted the visit itself: in CI runs the
 * browser's navigation from one page to the next has hung and been aborted ("net::ERR_ABORTED;
 * maybe frame was detached") without its request ever reaching the server. That is the browser,
 * not the page under test; any other failure is thrown.
 */
export async function gotoSteadily(page: Page, path: string) {
  try {
    await page.goto(path, { timeout: 20_000 });
  } catch (error) {
    if (!/ERR_ABORTED|frame was detached|Timeout/.test(String(error))) throw error;
    await page.goto(path, { timeout: 20_000 });
  }
}

/** The text of the admin toast (without its dismiss button). */
export const toast = (page: Page) => page.getByTestId("toast").locator("p");

/**
 * The product cards of the page that have cart forms (a hidden `variantId` field), in page order: a
 * product sold as one variant. A card of a product with options links to its page ("Choose
 * options") instead. In any language.
 */
export const buyableCards = (page: Page) =>
  page.getByRole("article").filter({ has: page.locator('form input[name="variantId"]') });

/** Opens the first product of /products that has cart forms on its card (`buyableCards`); returns its id. */
export async function openFirstProduct(page: Page): Promise<number> {
  await page.goto("/products");
  const link = buyableCards(page).first().getByRole("heading").getByRole("link");
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  // With JavaScript the address changes before the product page has rendered: wait for its heading,
  // or a step that follows could still find the list's buttons.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  return Number(page.url().split("/").pop());
}

/**
 * Sets the admin orders list's filters and applies them (with JavaScript a status change submits
 * by itself; the Filter button does the same), then waits until the list for them has rendered.
 */
export async function filterOrders(page: Page, js: boolean, { status, q }: { status?: string; q?: string }) {
  if (q !== undefined) await page.getByLabel("Search orders").fill(q);
  if (status !== undefined) await page.getByLabel("Status", { exact: true }).selectOption(status);
  if (!js || status === undefined) await page.getByRole("button", { name: "Filter" }).click();
  // The address shows the new filters, without a page: a new filter starts at page 1.
  await expect(page).toHaveURL((url) => {
    const params = url.searchParams;
    return (
      url.pathname === "/admin/orders" &&
      !params.has("page") &&
      (q === undefined || params.get("q") === q) &&
      (status === undefined || (params.get("status") ?? "") === status)
    );
  });
  await rendered(page);
}
