/** Accessibility scans with axe-core, shared by the specs that check pages for WCAG violations. */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { jsEnabled } from "./fixtures";

/** Serious or critical WCAG 2.1 A/AA violations on the page, one line each (rule, help, elements). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * A page for scanning: the test's own page with JavaScript, or, in the JavaScript-off project, a
 * page whose app scripts are blocked (axe needs a script of its own; Remix's inline entry imports
 * the app from /assets/*.js, so refusing those files means no hydration: the DOM is the server's).
 */
export async function scanPage(page: Page, browser: Browser, testInfo: TestInfo): Promise<Page> {
  if (jsEnabled(testInfo)) return page;
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
  await context.route(/\.m?js(\?|$)/, (route) => route.abort());
  const scan = await context.newPage();
  testInfo.attach("note", { body: "scanned with app scripts blocked (JavaScript-off project)" });
  return scan;
}
