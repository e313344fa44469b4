/**
 * axe-core scan of each page type: no serious or critical WCAG 2.1 A/AA violation.
 * In the JavaScript-off project axe still needs to run a script, so the page is opened in a
 * context that allows scripts but blocks every script of the app: the DOM is the server-rendered
 * page a browser without JavaScript gets (except <noscript> content, which a script-enabled
 * browser does not render).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, jsEnabled, openFirstProduct, signIn, test } from "./fixtures";

const PAGES = ["/", "/products", "/products?q=zzzz-nothing", "/cart", "/order-success?order=1", "/admin/login"];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** A page for scanning: the test's own page with JavaScript, or a page whose app scripts are blocked. */
async function scanPage(page: Page, browser: Browser, testInfo: TestInfo): Promise<Page> {
  if (jsEnabled(testInfo)) return page;
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
  // Remix's inline entry imports the app from /assets/*.js: refusing those files means no hydration.
  await context.route(/\.m?js(\?|$)/, (route) => route.abort());
  const scan = await context.newPage();
  testInfo.attach("note", { body: "scanned with app scripts blocked (JavaScript-off project)" });
  return scan;
}

for (const path of PAGES) {
  test(`${path} has no serious accessibility violation`, async ({ page, browser }, testInfo) => {
    const scan = await scanPage(page, browser, testInfo);
    await scan.goto(path);
    expect(await seriousViolations(scan)).toEqual([]);
  });
}

test("a product page and a cart with checkout errors have no serious accessibility violation", async ({
  page,
  browser,
}, testInfo) => {
  const scan = await scanPage(page, browser, testInfo);
  await openFirstProduct(scan);
  expect(await seriousViolations(scan)).toEqual([]);
  await scan.getByRole("button", { name: "Buy Now" }).click();
  await scan.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
  await expect(scan.getByText("Please enter your name.")).toBeVisible();
  expect(await seriousViolations(scan)).toEqual([]);
});

test("admin pages have no serious accessibility violation", async ({ page, browser }, testInfo) => {
  const scan = await scanPage(page, browser, testInfo);
  await signIn(scan);
  expect(await seriousViolations(scan)).toEqual([]);
  await scan.goto("/admin/orders");
  expect(await seriousViolations(scan)).toEqual([]);
});
