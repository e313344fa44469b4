/**
 * A product with variants from the back office to the courier, with JavaScript on and off: staff
 * give a product two options (Colour: Brown, White × Sweep: 48″, 56″), a price and a stock per
 * combination (White / 48″ sold out); a shopper cannot buy the sold-out combination, buys White /
 * 56″ and places the order; the order page, its invoice and the courier CSV name "<product> —
 * White / 56″" with its SKU; that variant's stock drops by one and the others' do not.
 *
 * The product is inserted under a name unique to the test and project, and deleted in `finally`
 * with the order.
 */
import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { deleteOrderRows, deleteProduct, insertProduct, setStock, withDb } from "./e2e-db";
import { fillOption } from "./variants-form";
import { expect, jsEnabled, rendered, signIn, test, toast, uniqueTag } from "./fixtures";
import { buyNow, fillShopperDetails } from "./checkout-steps";

const LABELS = ["Brown / 48″", "Brown / 56″", "White / 48″", "White / 56″"];
const PRICES_TAKA = [4000, 4250, 4500, 4750];
const STOCKS = [2, 3, 0, 5];

/** The stored stock of the product's active variants, in display order. */
function stocks(productId: number): number[] {
  return withDb((db) =>
    (
      db
        .prepare(`SELECT stockQuantity FROM ProductVariant WHERE productId = ? AND isActive = 1 ORDER BY position, id`)
        .all(productId) as { stockQuantity: number }[]
    ).map((row) => row.stockQuantity),
  );
}

/** Chooses `value` of `option` on the product page: the chip, then (without JavaScript) Show. */
async function choose(page: Page, testInfo: TestInfo, option: string, value: string) {
  await page.getByRole("group", { name: option }).locator("label", { hasText: value }).click();
  if (!jsEnabled(testInfo)) {
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await rendered(page);
  }
}

test("staff set up two options, a shopper buys one combination, and the order, invoice and courier CSV name it", async ({
  page,
}, testInfo) => {
  // Back office, storefront and back office again on a shared 2-core machine.
  test.setTimeout(150_000);
  const tag = uniqueTag(testInfo);
  const name = `Zz Journey ${tag}`;
  const productId = insertProduct(name, { pricePaisa: 400_000 });
  setStock(productId, true, 0);
  let orderId: number | null = null;
  try {
    // Staff: the options, then a price, a stock and a SKU per combination.
    await signIn(page);
    await page.goto(`/admin/products/variants/${productId}`);
    await rendered(page);
    await fillOption(page, 0, "Colour", ["Brown", "White"]);
    await fillOption(page, 1, "Sweep", ["48″", "56″"]);
    await page.getByRole("button", { name: "Save options and generate combinations" }).click();
    await expect(toast(page)).toContainText("4 combinations");
    // The table of the four combinations, typed into at once.
    await rendered(page);
    await expect(page.getByTestId("variant-row")).toHaveCount(4);
    const skuBase = `ZJ-${tag.replace(/\W/g, "").slice(-10).toUpperCase()}`;
    for (const [index, label] of LABELS.entries()) {
      await page.getByLabel(`SKU for ${label}`, { exact: true }).fill(`${skuBase}-${index + 1}`);
      await page.getByLabel(`Price for ${label}`, { exact: true }).fill(String(PRICES_TAKA[index]));
      await page.getByLabel(`Stock for ${label}`, { exact: true }).fill(String(STOCKS[index]));
    }
    for (const [index, label] of LABELS.entries()) {
      await expect(page.getByLabel(`Stock for ${label}`, { exact: true })).toHaveValue(String(STOCKS[index]));
    }
    await page.getByRole("button", { name: "Save variants" }).click();
    // This save's own message: the options' one ("Options of … saved: 4 combinations.") may still show.
    await expect(toast(page)).toContainText(`Variants of ${name} saved.`);
    expect(stocks(productId)).toEqual(STOCKS);

    // The shopper: White / 48″ is sold out and cannot be bought; White / 56″ can.
    await page.goto(`/products/${productId}`);
    await rendered(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await choose(page, testInfo, "Colour", "White");
    await expect(page.getByTestId("stock-status")).toHaveText("Out of stock");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
    await choose(page, testInfo, "Sweep", "56″");
    await expect(page.getByTestId("variant-sku")).toHaveText(`SKU ${skuBase}-4`);
    await expect(page.locator("main")).toContainText("৳4,750");
    await buyNow(page);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-line")).toContainText(name);
    await expect(page.getByTestId("cart-line").getByTestId("variant-label")).toHaveText("White / 56″");
    const phone = `017${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await fillShopperDetails(page, {
      name: `Journey Shopper ${tag}`,
      phone,
      address: "House 12, Road 5, Dhanmondi",
    });
    await page.getByRole("button", { name: "Place Order (Cash on Delivery)" }).click();
    await expect(page.getByRole("heading", { name: "Order Placed Successfully!" })).toBeVisible();
    orderId = Number((await page.getByTestId("order-number").innerText()).match(/#(\d+)/)![1]);

    // The stock of the bought combination only.
    expect(stocks(productId)).toEqual([2, 3, 0, 4]);

    // Staff: the order page and its invoice name the variant, with its SKU.
    const lineName = `${name} — White / 56″`;
    await page.goto(`/admin/orders/view/${orderId}`);
    await rendered(page);
    await expect(page.locator("main")).toContainText(lineName);
    await expect(page.locator("main")).toContainText(`${skuBase}-4`);
    await expect(page.getByTestId("invoice")).toContainText(lineName);

    // The courier CSV of this order, with the SKU column ticked: the note and the SKU name it.
    await page.goto(`/admin/orders/export?order=${orderId}`);
    await rendered(page);
    // The shop remembers the columns last downloaded, for every test: tick the two read here, and
    // put the choice back as it was afterwards.
    const note = page.getByRole("checkbox", { name: /^Note\b/ });
    const skuColumn = page.getByRole("checkbox", { name: /^SKU\b/ });
    const before = { note: await note.isChecked(), sku: await skuColumn.isChecked() };
    await note.check();
    await skuColumn.check();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const rows = parse(fs.readFileSync(await (await download).path(), "utf8")) as string[][];
    const header = rows[0]!;
    const row = rows[1]!;
    expect(row[header.indexOf("Note")]).toContain(`${lineName} × 1`);
    expect(row[header.indexOf("SKU")]).toContain(`${skuBase}-4`);
    await page.goto(`/admin/orders/export?order=${orderId}`);
    await rendered(page);
    await note.setChecked(before.note);
    await skuColumn.setChecked(before.sku);
    const restored = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    await restored;
  } finally {
    if (orderId !== null) deleteOrderRows(orderId);
    // The variants first: they reference the option values, which the product's deletion removes too.
    withDb((db) => db.prepare(`DELETE FROM ProductVariant WHERE productId = ?`).run(productId));
    deleteProduct(productId);
  }
});
