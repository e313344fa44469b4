/**
 * Search, suggestions, filters and pagination
 * (docs/decisions/008-search-suggestions-and-paging.md), with JavaScript on and off. Runs against
 * the demo catalogue (66 products, 7 categories); no test changes data. Suggestion tests need
 * JavaScript and are skipped in the js-off project.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page, Request } from "@playwright/test";
import { expect, jsEnabled, paisaOf, rendered, test } from "./fixtures";

const SUGGESTIONS = "/resources/search-suggestions";

/** Records the suggestion requests the page makes from now on. */
function recordSuggestionRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request: Request) => {
    if (new URL(request.url()).pathname === SUGGESTIONS) urls.push(request.url());
  });
  return urls;
}

/** The names of the products listed on the page, once it has loaded (without JavaScript it streams in). */
async function productNames(page: Page): Promise<string[]> {
  await page.waitForLoadState();
  return page.getByRole("article").getByRole("heading").allInnerTexts();
}

test.describe("suggestions (JavaScript)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "suggestions are a JavaScript enhancement");

  test("typing shows at most 8 suggestions after one debounced request, announced politely", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const requests = recordSuggestionRequests(page);
    const box = page.getByRole("combobox", { name: "Search products" });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    // The page's clock stands still while the word is typed, so no keystroke can reach the debounce
    // however slow the machine; then exactly one debounce period (250 ms) passes.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await box.pressSequentially("fan");
    expect(requests).toHaveLength(0);
    await page.clock.runFor(250);
    await page.clock.resume();
    const listbox = page.getByRole("listbox", { name: "Suggestions" });
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(box).toHaveAttribute("aria-controls", (await listbox.getAttribute("id"))!);
    const options = listbox.getByRole("option");
    // The demo shop has 10 products with "fan" in the name: the list stops at 8.
    await expect(options).toHaveCount(8);
    for (const text of await options.allInnerTexts()) expect(text.toLowerCase()).toContain("fan");
    for (const href of await options.evaluateAll((els) => els.map((el) => el.getAttribute("href")))) {
      expect(href).toMatch(/^\/products\/\d+$/);
    }
    await expect(page.getByRole("search").getByRole("status")).toHaveText("8 suggestions");
    // Typed within the 250 ms debounce: one request, for the whole word.
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!).searchParams.get("q")).toBe("fan");
    // The list scrolls at 15rem (240 px at the default font size).
    const box15 = await listbox.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY]);
    expect(box15).toEqual(["240px", "auto"]);
  });

  test("arrow keys move through the suggestions (wrapping) and Enter opens the active one", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search products" });
    await box.pressSequentially("lamp", { delay: 30 });
    const options = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
    await expect(options.first()).toBeVisible();
    const count = await options.count();
    expect(count).toBeGreaterThan(2);
    const activeShouldBe = async (index: number) => {
      const option = options.nth(index);
      await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
      await expect(option).toHaveAttribute("aria-selected", "true");
      await expect(page.locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
    };
    await expect(box).not.toHaveAttribute("aria-activedescendant");
    await box.press("ArrowDown");
    await activeShouldBe(0);
    await box.press("ArrowDown");
    await activeShouldBe(1);
    await box.press("ArrowUp");
    await activeShouldBe(0);
    await box.press("ArrowUp");
    await activeShouldBe(count - 1);
    await box.press("ArrowDown");
    await activeShouldBe(0);
    await box.press("ArrowDown");
    await activeShouldBe(1);
    const href = (await options.nth(1).getAttribute("href"))!;
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await rendered(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/lamp/i);
  });

  test("Escape closes the list and keeps the text; Enter without an active suggestion searches", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search products" });
    await box.pressSequentially("lamp", { delay: 30 });
    const listbox = page.getByRole("listbox", { name: "Suggestions" });
    await expect(listbox).toBeVisible();
    await box.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue("lamp");
    // ArrowDown opens it again.
    await box.press("ArrowDown");
    await expect(listbox).toBeVisible();
    await box.press("Escape");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/products\?q=lamp$/);
    await rendered(page);
    for (const name of await productNames(page)) expect(name.toLowerCase()).toContain("lamp");
  });

  test("a click on a suggestion opens the product", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: "Search products" }).pressSequentially("chandelier", { delay: 30 });
    const option = page.getByRole("option").first();
    const href = (await option.getAttribute("href"))!;
    await option.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await rendered(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/chandelier/i);
  });

  test("blank or whitespace-only input clears the suggestions without a request", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search products" });
    const requests = recordSuggestionRequests(page);
    await box.pressSequentially("   ", { delay: 30 });
    await page.waitForTimeout(700);
    expect(requests).toEqual([]);
    await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden();

    await box.fill("fan");
    await expect(page.getByRole("option").first()).toBeVisible();
    expect(requests).toHaveLength(1);
    await box.fill("  \t ");
    await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("search").getByRole("status")).toHaveText("");
    await page.waitForTimeout(700);
    expect(requests).toHaveLength(1);
  });

  test("no match says so, and the live region announces it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: "Search products" }).pressSequentially("zzqx", { delay: 30 });
    await expect(page.getByText("No products match “zzqx”")).toBeVisible();
    await expect(page.getByRole("search").getByRole("status")).toHaveText("No suggestions");
    await expect(page.getByRole("option")).toHaveCount(0);
  });

  test("a slow answer for older text never replaces the answer for newer text", async ({ page }) => {
    await page.route(
      (url) => url.pathname === SUGGESTIONS,
      async (route) => {
        const q = new URL(route.request().url()).searchParams.get("q");
        if (q === "lamp") await new Promise((resolve) => setTimeout(resolve, 1_500));
        try {
          await route.continue();
        } catch {
          // The page aborted this request, as it should.
        }
      },
    );
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search products" });
    await box.fill("lamp");
    await page.waitForTimeout(400); // the "lamp" request is now on its (slow) way
    await box.fill("fan");
    await expect(page.getByRole("option").first()).toBeVisible();
    await page.waitForTimeout(1_800); // long after the slow "lamp" answer would have come
    for (const text of await page.getByRole("option").allInnerTexts()) expect(text.toLowerCase()).toContain("fan");
  });

  test("the open suggestion list, with an active option, has no serious accessibility violation", async ({ page }) => {
    await page.goto("/products");
    const box = page.getByRole("combobox", { name: "Search products" });
    await box.pressSequentially("light", { delay: 30 });
    await expect(page.getByRole("option").first()).toBeVisible();
    await box.press("ArrowDown");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
  });

  test("the suggestions route answers JSON with a public cache and at most 8 items", async ({ request }) => {
    const response = await request.get(`${SUGGESTIONS}?q=a`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=60");
    const body = (await response.json()) as { suggestions: { id: number; name: string }[] };
    expect(body.suggestions).toHaveLength(8);
    const blank = await request.get(`${SUGGESTIONS}?q=%20%20`);
    expect(await blank.json()).toEqual({ query: "", suggestions: [] });
  });
});

test("without JavaScript the search box is a plain search field that makes no suggestion request", async ({
  page,
}, testInfo) => {
  test.skip(jsEnabled(testInfo), "the JavaScript-off search box; suggestions are tested above");
  const requests = recordSuggestionRequests(page);
  await page.goto("/");
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search products" }).fill("fan");
  await page.waitForTimeout(400);
  expect(requests).toEqual([]);
});

test("the home search lands on /products?q=…, case-insensitive name contains", async ({ page }) => {
  await page.goto("/");
  await page.getByPlaceholder("Search products...").fill("  CEILING  fan ");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/products\?q=/);
  await rendered(page);
  await expect(page.getByText("Results for “CEILING fan”")).toBeVisible();
  const names = await productNames(page);
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) expect(name.toLowerCase()).toContain("ceiling fan");
  // The products page's own search field holds the query.
  await expect(page.getByPlaceholder("Search products...")).toHaveValue("CEILING fan");
});

test("searching on /products keeps the category and the sort", async ({ page }, testInfo) => {
  await page.goto("/products");
  await page.getByRole("complementary").getByRole("link", { name: "Ceiling & Wall Fans" }).click();
  await expect(page).toHaveURL(/category=\d+/);
  await rendered(page);
  await page.getByLabel("Sort products").selectOption("price-desc");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=price-desc/);
  await rendered(page);
  const category = new URL(page.url()).searchParams.get("category");

  const search = page.getByRole("search");
  await search.getByLabel("Search in Ceiling & Wall Fans").fill("fan");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=fan/);
  await rendered(page);
  const params = new URL(page.url()).searchParams;
  expect([params.get("category"), params.get("sort"), params.get("q"), params.get("page")]).toEqual([
    category,
    "price-desc",
    "fan",
    null,
  ]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ceiling & Wall Fans");
  await expect(page.getByText("Results for “fan”")).toBeVisible();
  const names = await productNames(page);
  // "Tara 5-Step Fan Regulator" has "fan" in its name but is a switch: the category filter holds.
  expect(names).not.toContain("Tara 5-Step Fan Regulator");
  expect(names.length).toBeGreaterThan(1);
  const prices = (await page.getByRole("article").locator("span.font-semibold").allInnerTexts()).map(paisaOf);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
});

test("pagination links keep the search and sort, and a new sort starts at page 1", async ({ page }, testInfo) => {
  await page.goto("/products?q=a&sort=price-asc");
  const status = page.getByTestId("pagination-status");
  await expect(status).toHaveText(/^Page 1 of [2-9]$/);
  const pageCount = Number((await status.innerText()).split(" of ")[1]);
  const firstPage = await productNames(page);
  expect(firstPage).toHaveLength(24);
  const lastPrice = paisaOf((await page.getByRole("article").locator("span.font-semibold").allInnerTexts()).at(-1)!);

  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
  await expect(status).toHaveText(`Page 2 of ${pageCount}`);
  let params = new URL(page.url()).searchParams;
  expect([params.get("q"), params.get("sort"), params.get("page")]).toEqual(["a", "price-asc", "2"]);
  const secondPage = await productNames(page);
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  for (const name of secondPage) expect(name.toLowerCase()).toContain("a");
  const prices = (await page.getByRole("article").locator("span.font-semibold").allInnerTexts()).map(paisaOf);
  expect(prices[0]).toBeGreaterThanOrEqual(lastPrice);
  const current = page.getByRole("navigation", { name: "Pages" }).locator('[aria-current="page"]');
  await expect(current).toHaveText("Page 2");
  // The current page stands out: white text on a coloured (not white) background.
  const [background, colour] = await current.evaluate((el) => [
    getComputedStyle(el).backgroundColor,
    getComputedStyle(el).color,
  ]);
  expect([background === "rgb(255, 255, 255)", colour]).toEqual([false, "rgb(255, 255, 255)"]);

  await page
    .getByRole("navigation", { name: "Pages" })
    .getByRole("link", { name: `Page ${pageCount}` })
    .click();
  await expect(status).toHaveText(`Page ${pageCount} of ${pageCount}`);
  await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get("q")).toBe("a");
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 1", exact: true }).click();
  await expect(status).toHaveText(`Page 1 of ${pageCount}`);
  expect(new URL(page.url()).searchParams.has("page")).toBe(false);

  // Changing the sort on page 2 goes back to page 1 and keeps q.
  await page.goto("/products?q=a&sort=price-asc&page=2");
  await page.getByLabel("Sort products").selectOption("name");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=name/);
  await rendered(page);
  params = new URL(page.url()).searchParams;
  expect([params.get("q"), params.get("page")]).toEqual(["a", null]);
  await expect(status).toHaveText(`Page 1 of ${pageCount}`);
});

test("a page number past the end goes to the last page with the same filters", async ({ page }) => {
  await page.goto("/products?sort=price-desc&page=999");
  await expect(page).toHaveURL(/sort=price-desc&page=\d+$/);
  await rendered(page);
  const last = new URL(page.url()).searchParams.get("page");
  await expect(page.getByTestId("pagination-status")).toHaveText(`Page ${last} of ${last}`);
  expect((await productNames(page)).length).toBeGreaterThan(0);
});

test("the selected category is marked, and clicking it again clears the filter but keeps the search", async ({
  page,
}) => {
  await page.goto("/products?q=light");
  const sidebar = page.getByRole("complementary");
  await expect(sidebar.getByRole("link", { name: "All products" })).toHaveAttribute("aria-current", "page");
  const lighting = sidebar.getByRole("link", { name: "LED Lighting" });
  await lighting.click();
  await expect(page).toHaveURL(/category=\d+/);
  await rendered(page);
  await expect(lighting).toHaveAttribute("aria-current", "page");
  await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
  const filtered = (await productNames(page)).length;

  await lighting.click();
  await expect(page).toHaveURL(/\/products\?q=light$/);
  await rendered(page);
  await expect(lighting).not.toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("link", { name: "All products" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Products");
  await expect.poll(async () => (await productNames(page)).length).toBeGreaterThan(filtered);
});

test("an empty result explains itself and offers ways out", async ({ page }) => {
  await page.goto("/products");
  await page.getByRole("complementary").getByRole("link", { name: "Furniture" }).click();
  await expect(page).toHaveURL(/category=\d+/);
  await rendered(page);
  // The category page has finished loading before the next address is asked for (a goto during
  // the last load was once aborted).
  await page.waitForLoadState("load");
  await page.goto(`${page.url()}&q=${encodeURIComponent("ceiling fan")}`);
  const empty = page.getByTestId("empty-state");
  await expect(empty).toContainText("No products match “ceiling fan”.");
  await expect(page.getByRole("article")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);

  await empty.getByRole("link", { name: "Search all categories" }).click();
  await expect(page).toHaveURL(/\/products\?q=ceiling\+fan$/);
  await rendered(page);
  await expect(page.getByTestId("empty-state")).toHaveCount(0);
  expect((await productNames(page)).length).toBeGreaterThan(0);

  await page.goto("/products?q=zzzz-nothing");
  await page.getByTestId("empty-state").getByRole("link", { name: "Show all products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await rendered(page);
  await expect(page.getByTestId("empty-state")).toHaveCount(0);
  expect((await productNames(page)).length).toBe(24);
});

test("wildcards typed in the search are taken literally", async ({ page }) => {
  await page.goto("/products?q=%25");
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await page.goto("/products?q=_");
  await expect(page.getByTestId("empty-state")).toBeVisible();
});
