/**
 * The demo catalogue on the Bangla storefront, on a 360 px phone, with JavaScript on and off: /bn
 * names categories and products in Bangla; a search for "ফ্যান" on /bn/products finds the fans; a
 * card of a product whose variants differ in price says "from" and links to "Choose options"
 * (a thumb-sized link to the product page) instead of offering cart buttons. Texts are read from
 * the catalogues; the demo data is prisma/demo-catalogue.ts.
 */
import { bn as bnPage } from "../../app/i18n/bn";
import { en as enPage } from "../../app/i18n/en";
import { listingMessages } from "../../app/i18n/listing-messages";
import { buyableCards, expect, jsEnabled, rendered, test } from "./fixtures";

const bn = { ...bnPage, ...listingMessages.bn };
const en = { ...enPage, ...listingMessages.en };

/** A demo product with options whose active variants cost ৳3,800 and ৳4,200. */
const CEILING_FAN = { name: "Batash Ceiling Fan", nameBn: "বাতাস সিলিং ফ্যান" };
/** The demo's fan category. */
const FANS = { name: "Ceiling & Wall Fans", nameBn: "সিলিং ও ওয়াল ফ্যান" };

test.use({ viewport: { width: 360, height: 740 } });

test("the Bangla home page names categories and featured products in Bangla", async ({ page }) => {
  await page.goto("/bn");
  await rendered(page);
  const categories = page.locator("section", { has: page.getByRole("heading", { name: bn["home.shopByCategory"] }) });
  await expect(categories.getByRole("link", { name: FANS.nameBn })).toBeVisible();
  await expect(categories.getByRole("link", { name: FANS.name })).toHaveCount(0);
  const featured = page.locator("section", { has: page.getByRole("heading", { name: bn["home.featured"] }) });
  await expect(featured.getByRole("heading", { name: CEILING_FAN.nameBn })).toBeVisible();
  await expect(featured.getByRole("heading", { name: CEILING_FAN.name })).toHaveCount(0);
});

test("a category chip on /bn/products is in Bangla and titles the list", async ({ page }) => {
  await page.goto("/bn/products");
  await rendered(page);
  const chips = page.getByRole("complementary");
  await chips.getByRole("link", { name: FANS.nameBn }).click();
  await expect(page).toHaveURL(/\/bn\/products\?category=\d+$/);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(FANS.nameBn);
  await expect(chips.getByRole("link", { name: FANS.nameBn })).toHaveAttribute("aria-current", "page");
});

test("searching ফ্যান on /bn/products finds the fans, named in Bangla", async ({ page }) => {
  await page.goto("/bn/products");
  await rendered(page);
  await page.getByLabel(bn["home.searchLabel"]).fill("ফ্যান");
  await page.getByRole("search").getByRole("button", { name: bn["home.searchButton"] }).click();
  await expect(page).toHaveURL(/\/bn\/products\?q=/);
  await rendered(page);
  const names = await page.getByRole("article").getByRole("heading").allInnerTexts();
  expect(names.length).toBeGreaterThanOrEqual(5);
  for (const name of names) expect(name).toContain("ফ্যান");
  expect(names).toContain(CEILING_FAN.nameBn);
});

test("a card of a product with several variants says 'from' and links to Choose options", async ({ page }) => {
  for (const [path, texts, price] of [
    ["/bn/products", bn, "৳৩,৮০০.০০"],
    ["/products", en, "৳3,800.00"],
  ] as const) {
    await page.goto(`${path}?q=${encodeURIComponent(CEILING_FAN.name)}`);
    await rendered(page);
    const name = path === "/bn/products" ? CEILING_FAN.nameBn : CEILING_FAN.name;
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(card.getByTestId("price")).toHaveText(texts["product.from"].replace("{price}", price));
    // No cart forms: the shopper picks a variant on the product page.
    await expect(card.locator("form")).toHaveCount(0);
    const choose = card.getByRole("link", { name: texts["card.chooseOptionsLabel"].replace("{name}", name) });
    await expect(choose).toHaveText(texts["product.chooseOptions"]);
    const box = (await choose.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    if (path === "/bn/products") {
      await choose.click();
      await expect(page).toHaveURL(/\/bn\/products\/\d+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(CEILING_FAN.nameBn);
    }
  }
});

test("a card of a product sold as one variant adds that variant to the cart", async ({ page }) => {
  await page.goto("/bn/products");
  await rendered(page);
  const card = buyableCards(page).first();
  const name = (await card.getByRole("heading").innerText()).trim();
  // The badge counts the unit at once (optimistic); the cart cookie comes with the answer, which
  // must arrive before the next page is asked for.
  const added = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.includes("/cart"),
  );
  await card.getByRole("button", { name: bn["card.addToCartLabel"].replace("{name}", name) }).click();
  await added;
  // In Bengali digits, as every number on /bn.
  await expect(page.getByTestId("cart-badge")).toHaveText("১");
  await page.goto("/bn/cart");
  await rendered(page);
  await expect(page.getByRole("main")).toContainText(name);
});

test("search suggestions on a Bangla page name products in Bangla, 'from' their lowest price", async ({
  page,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "suggestions are fetched by the search box's script; without it the form submits");
  await page.goto("/bn/products");
  await rendered(page);
  await page.getByRole("combobox", { name: bn["home.searchLabel"] }).pressSequentially("বাতাস সিলিং");
  const option = page.getByRole("option", { name: new RegExp(CEILING_FAN.nameBn) });
  await expect(option).toBeVisible();
  await expect(option).toContainText(bn["product.from"].replace("{price}", "৳৩,৮০০.০০"));
});
