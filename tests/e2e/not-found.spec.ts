/**
 * The storefront's "Page not found", with JavaScript on and off: an address no page answers is a
 * 404 inside the shop's layout (header, footer), in the address's language (/bn in Bangla), with
 * the search box and links to the home page and to all products; its search works.
 */
import { bn } from "../../app/i18n/bn";
import { rootMessages } from "../../app/i18n/root-messages";
import { listingMessages } from "../../app/i18n/listing-messages";
import { expect, rendered, test } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";

test.use({ viewport: { width: 360, height: 740 } });

test("an unknown address is a 404 in the shop's layout with search and ways on, in English and Bangla", async ({
  page,
}) => {
  const english = await page.goto("/no-such-page-here?ref=old-link");
  expect(english?.status()).toBe(404);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveTitle("Page not found");
  await expect(page.getByRole("banner").getByTestId("shop-name")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "See all products" })).toHaveAttribute("href", "/products");
  // A search box (a combobox of suggestions once JavaScript runs).
  await expect(main.getByRole("search").getByLabel("Search products")).toBeVisible();
  expect(await tapTargetOffenders(page)).toEqual([]);

  const bangla = await page.goto("/bn/no-such/page");
  expect(bangla?.status()).toBe(404);
  await rendered(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(rootMessages.bn["error.notFoundTitle"]);
  await expect(main.getByRole("link", { name: rootMessages.bn["error.backHome"] })).toHaveAttribute("href", "/bn");
  await expect(main.getByRole("link", { name: bn["notFound.allProducts"] })).toHaveAttribute("href", "/bn/products");
  // The header's links stay Bangla too.
  await expect(page.getByRole("banner").getByRole("link", { name: bn["nav.products"] })).toHaveAttribute(
    "href",
    "/bn/products",
  );

  // Its search finds products, in the page's language.
  const search = main.getByRole("search").getByLabel(listingMessages.bn["home.searchLabel"]);
  await search.fill("lamp");
  await search.press("Enter");
  await expect(page).toHaveURL("/bn/products?q=lamp");
  await rendered(page);
});
