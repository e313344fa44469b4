/**
 * The back office's options and variants page on a 360 px phone, with JavaScript on and off: staff
 * give a product the options Colour (Brown, White) and Sweep (48″, 56″), generate the four
 * combinations, set a different price and stock on each and save; the table (cards on the phone,
 * the page never scrolling sideways, every control a thumb's size) shows four rows with what was
 * saved. A SKU typed on two rows is refused beside the second with everything typed kept and
 * nothing saved. The options form shows only the values in use and adds a row at a time ("Add a
 * value", "Add an option": without JavaScript a round trip that keeps what was typed), so the page
 * of one option of three values stays short.
 *
 * The product is inserted under a name unique to the test and project, and deleted in `finally`.
 */
import { deleteProduct, insertProduct, setStock, withDb } from "./e2e-db";
import { fillOption } from "./variants-form";
import { expect, jsEnabled, rendered, signIn, test, toast, uniqueTag } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";

test.use({ viewport: { width: 360, height: 740 } });

const LABELS = ["Brown / 48″", "Brown / 56″", "White / 48″", "White / 56″"];

/** The stored price (paisa), stock and SKU of the product's variants, in display order. */
function storedVariants(productId: number) {
  return withDb(
    (db) =>
      db
        .prepare(
          `SELECT pricePaisa, stockQuantity, sku FROM ProductVariant WHERE productId = ? AND isActive = 1 ORDER BY position, id`,
        )
        .all(productId) as { pricePaisa: number; stockQuantity: number; sku: string | null }[],
  );
}

test("staff generate four combinations, price and stock each, and a duplicate SKU is refused with the form kept", async ({
  page,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const productId = insertProduct(`Zz Variants ${tag}`, { pricePaisa: 450_000 });
  setStock(productId, true, 0);
  try {
    await signIn(page);
    await page.goto(`/admin/products/variants/${productId}`);
    await rendered(page);
    await expect(page.getByRole("heading", { name: "Options and variants" })).toBeVisible();
    // Every field, button and checkbox of both steps is a thumb's size (44 px, or 24 px with room).
    expect(await tapTargetOffenders(page)).toEqual([]);

    await fillOption(page, 0, "Colour", ["Brown", "White"]);
    await fillOption(page, 1, "Sweep", ["48″", "56″"]);
    await page.getByRole("button", { name: "Save options and generate combinations" }).click();
    await expect(toast(page)).toContainText("4 combinations");
    await rendered(page);
    const rows = page.getByTestId("variant-row");
    await expect(rows).toHaveCount(4);
    await expect(page.getByTestId("variant-label")).toHaveText(LABELS);

    // On the phone each row is a card (two fields a row) with visible labels, and the page does not scroll sideways.
    expect(await rows.first().evaluate((row) => getComputedStyle(row).display)).toBe("grid");
    await expect(rows.first().getByText("Price (৳)", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await tapTargetOffenders(page)).toEqual([]);

    for (const [index, label] of LABELS.entries()) {
      await page.getByLabel(`Price for ${label}`, { exact: true }).fill(String(4000 + index * 250));
      await page.getByLabel(`Stock for ${label}`, { exact: true }).fill(String(index + 2));
    }
    await page.getByRole("button", { name: "Save variants" }).click();
    await expect(toast(page)).toContainText("saved");
    await rendered(page);
    await expect(page.getByTestId("variant-row")).toHaveCount(4);
    await expect(page.getByLabel("Price for White / 56″", { exact: true })).toHaveValue("4750.00");
    await expect(page.getByLabel("Stock for White / 56″", { exact: true })).toHaveValue("5");
    expect(storedVariants(productId).map((variant) => [variant.pricePaisa, variant.stockQuantity])).toEqual([
      [400_000, 2],
      [425_000, 3],
      [450_000, 4],
      [475_000, 5],
    ]);

    // The same SKU on two rows: refused beside the second, everything typed kept, nothing saved.
    const sku = `ZZ-${tag.replace(/\D/g, "")}`;
    await page.getByLabel("SKU for Brown / 48″", { exact: true }).fill(sku);
    await page.getByLabel("SKU for Brown / 56″", { exact: true }).fill(sku.toLowerCase());
    await page.getByLabel("Price for Brown / 48″", { exact: true }).fill("999");
    await page.getByRole("button", { name: "Save variants" }).click();
    await expect(page.getByText(`Another row of this table has the SKU ${sku.toLowerCase()}.`)).toBeVisible();
    await expect(page.getByLabel("SKU for Brown / 56″", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("SKU for Brown / 48″", { exact: true })).toHaveValue(sku);
    await expect(page.getByLabel("SKU for Brown / 56″", { exact: true })).toHaveValue(sku.toLowerCase());
    await expect(page.getByLabel("Price for Brown / 48″", { exact: true })).toHaveValue("999");
    expect(storedVariants(productId).map((variant) => [variant.pricePaisa, variant.sku])).toEqual([
      [400_000, null],
      [425_000, null],
      [450_000, null],
      [475_000, null],
    ]);
  } finally {
    // The variants first: they reference the option values, which the product's deletion removes too.
    withDb((db) => db.prepare(`DELETE FROM ProductVariant WHERE productId = ?`).run(productId));
    deleteProduct(productId);
  }
});

/** The options of the product, with their values, as stored. */
function storedOptions(productId: number): string[] {
  return withDb(
    (db) =>
      db
        .prepare(
          `SELECT o.name || ': ' || (SELECT group_concat(value, ', ') FROM
             (SELECT value FROM ProductOptionValue WHERE optionId = o.id ORDER BY position)) AS text
           FROM ProductOption o WHERE o.productId = ? ORDER BY o.position`,
        )
        .all(productId) as { text: string }[],
  ).map((row) => row.text);
}

test("the options form shows the values in use, adds a row at a time keeping what was typed, and stays short", async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const productId = insertProduct(`Zz Short options ${uniqueTag(testInfo)}`, { pricePaisa: 450_000 });
  setStock(productId, true, 0);
  try {
    await signIn(page);
    await page.goto(`/admin/products/variants/${productId}`);
    await rendered(page);
    // No options yet: one block with its names and one value row, not dozens of empty fields.
    const blocks = page.getByTestId("option-block");
    await expect(blocks).toHaveCount(1);
    const block = blocks.first();
    await expect(block.getByRole("textbox")).toHaveCount(4);

    await block.getByLabel("Name (English)").fill("Colour");
    await block.getByLabel("Value 1", { exact: true }).fill("Red");
    await block.getByRole("button", { name: "Add a value" }).click();
    const second = block.getByLabel("Value 2", { exact: true });
    await expect(second).toBeVisible();
    // With JavaScript the new row takes the focus; without, the page came back with it.
    if (js) await expect(second).toBeFocused();
    await expect(block.getByLabel("Name (English)")).toHaveValue("Colour");
    await expect(block.getByLabel("Value 1", { exact: true })).toHaveValue("Red");
    expect(storedOptions(productId)).toEqual([]);
    await second.fill("Green");
    await block.getByRole("button", { name: "Add a value" }).click();
    await block.getByLabel("Value 3", { exact: true }).fill("Blue");

    // Up to three options: at the third the button gives way to the limit. Empty blocks are ignored.
    await page.getByRole("button", { name: "Add an option" }).click();
    await expect(blocks).toHaveCount(2);
    if (js) await expect(blocks.nth(1).getByLabel("Name (English)")).toBeFocused();
    await page.getByRole("button", { name: "Add an option" }).click();
    await expect(blocks).toHaveCount(3);
    await expect(page.getByRole("button", { name: "Add an option" })).toHaveCount(0);
    await expect(page.getByText("A product can have at most 3 options.")).toBeVisible();
    await expect(block.getByLabel("Value 3", { exact: true })).toHaveValue("Blue");
    expect(await tapTargetOffenders(page)).toEqual([]);

    // Enter in a field saves (it is not an Add button's click).
    await block.getByLabel("Value 3", { exact: true }).press("Enter");
    await expect(toast(page)).toContainText("3 combinations");
    await rendered(page);
    expect(storedOptions(productId)).toEqual(["Colour: Red, Green, Blue"]);
    await expect(blocks).toHaveCount(1);
    await expect(block.getByRole("textbox")).toHaveCount(2 + 3 * 2);
    await expect(page.getByTestId("variant-row")).toHaveCount(3);

    // The whole page, both steps, on a 360 px phone (it was 4,870 px with 60 empty fields).
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    testInfo.annotations.push({ type: "page height (px)", description: String(height) });
    expect(height).toBeLessThan(2_500);
    expect(await tapTargetOffenders(page)).toEqual([]);
  } finally {
    withDb((db) => db.prepare(`DELETE FROM ProductVariant WHERE productId = ?`).run(productId));
    deleteProduct(productId);
  }
});
