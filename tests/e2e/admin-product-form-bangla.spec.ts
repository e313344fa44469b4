/**
 * The admin product form in two languages, on a 360 px phone, with JavaScript on and off: staff
 * fill the English and Bangla names and descriptions and the SKU, save, find the product in the
 * list by its SKU (typed in another case) with its Bangla name under the English one, and see every
 * value again on its edit form; a SKU another product has is refused beside the field with the
 * typed values kept. The English and Bangla fields are stacked on the phone and side by side from
 * 640 px, and the Bangla ones say they are Bangla (`lang="bn"`). A demo product with options shows
 * its variants' summary and link instead of the price fields. Unticking "Shown in the shop" hides a
 * product: the list marks it "Hidden", its edit form keeps the box unticked and its brand, and its
 * page in the shop is not found.
 *
 * The products are made under names and SKUs unique to the test and project, and deleted in `finally`.
 */
import type { Locator, Page } from "@playwright/test";
import { deleteProduct, insertProduct, withDb } from "./e2e-db";
import { cardLayoutProblems } from "./admin-lists";
import { expect, rendered, signIn, test, toast, uniqueTag } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

/** Deletes the products named `name` (and their variants, by the foreign key's cascade). */
function deleteProductsNamed(name: string) {
  withDb((db) => db.prepare(`DELETE FROM Product WHERE name = ?`).run(name));
}

/** Whether `second` sits below `first` (stacked) rather than beside it. */
async function stacked(first: Locator, second: Locator): Promise<boolean> {
  const a = await first.boundingBox();
  const b = await second.boundingBox();
  if (!a || !b) throw new Error("a field is not visible");
  return b.y >= a.y + a.height;
}

const fields = (page: Page) => ({
  name: page.getByLabel("Name (English)"),
  nameBn: page.getByLabel("Name (Bangla, optional)"),
  sku: page.getByLabel("SKU (optional)"),
  price: page.getByLabel("Price (৳)"),
  description: page.getByLabel("Description (English)"),
  descriptionBn: page.getByLabel("Description (Bangla, optional)"),
});

test("staff save both names, both descriptions and the SKU, and see them in the list and on the edit form", async ({
  page,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const name = `Zz Form ${tag}`;
  const sku = `ZZ-${tag.replace(/\D/g, "")}-${testInfo.project.name}`.toUpperCase();
  const nameBn = `বাংলা নাম ${tag.replace(/\D/g, "")}`;
  try {
    await signIn(page);
    await page.goto("/admin/products/create");
    await rendered(page);
    const form = fields(page);
    await expect(form.nameBn).toHaveAttribute("lang", "bn");
    await expect(form.descriptionBn).toHaveAttribute("lang", "bn");
    expect(await stacked(form.name, form.nameBn), "names stacked at 360 px").toBe(true);
    expect(await stacked(form.description, form.descriptionBn), "descriptions stacked at 360 px").toBe(true);
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await stacked(form.name, form.nameBn), "names side by side at 1024 px").toBe(false);
    expect(await stacked(form.description, form.descriptionBn), "descriptions side by side").toBe(false);
    await page.setViewportSize({ width: 360, height: 740 });

    await form.name.fill(name);
    await form.nameBn.fill(nameBn);
    await form.sku.fill(sku);
    await form.price.fill("1250");
    await page.getByLabel("Category").selectOption({ index: 1 });
    await form.description.fill("A form test product.");
    await form.descriptionBn.fill("ফর্ম পরীক্ষার পণ্য।");
    await page.getByRole("button", { name: "Create Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(toast(page)).toHaveText(`Product “${name}” created.`);

    // The list finds it by its SKU typed in lower case, with the Bangla name under the English one.
    await page.goto(`/admin/products?q=${encodeURIComponent(sku.toLowerCase())}`);
    await rendered(page);
    const row = page.getByTestId("product-row");
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("product-name-bn")).toHaveText(nameBn);
    await expect(row.getByTestId("product-name-bn")).toHaveAttribute("lang", "bn");
    expect(await cardLayoutProblems(page, "main table")).toEqual([]);

    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\/admin\/products\/edit\/\d+$/);
    await rendered(page);
    const edit = fields(page);
    await expect(edit.name).toHaveValue(name);
    await expect(edit.nameBn).toHaveValue(nameBn);
    await expect(edit.sku).toHaveValue(sku);
    await expect(edit.price).toHaveValue("1250.00");
    await expect(edit.description).toHaveValue("A form test product.");
    await expect(edit.descriptionBn).toHaveValue("ফর্ম পরীক্ষার পণ্য।");
    const productId = /\/edit\/(\d+)$/.exec(page.url())![1];
    await expect(page.getByRole("link", { name: "Add options (sizes, colours…)" })).toHaveAttribute(
      "href",
      `/admin/products/variants/${productId}`,
    );
    await expect(page.getByTestId("variants-summary")).toHaveCount(0);

    // A second product with the same SKU in another case is refused beside the field; what was typed stays.
    await page.goto("/admin/products/create");
    await rendered(page);
    const again = fields(page);
    await again.name.fill(`${name} Copy`);
    await again.nameBn.fill(`${nameBn} কপি`);
    await again.sku.fill(sku.toLowerCase());
    await again.price.fill("99");
    await page.getByLabel("Category").selectOption({ index: 1 });
    await again.description.fill("A copy.");
    await page.getByRole("button", { name: "Create Product" }).click();
    await expect(again.sku).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#sku-error")).toContainText("is already used by another product or variant");
    await expect(again.name).toHaveValue(`${name} Copy`);
    await expect(again.nameBn).toHaveValue(`${nameBn} কপি`);
    await expect(again.sku).toHaveValue(sku.toLowerCase());
    await expect(again.price).toHaveValue("99");
  } finally {
    deleteProductsNamed(name);
    deleteProductsNamed(`${name} Copy`);
  }
});

test("a product with options shows its variants' summary and link instead of the price, SKU and stock", async ({
  page,
}) => {
  const productId = withDb(
    (db) =>
      (db.prepare(`SELECT productId AS id FROM ProductOption ORDER BY productId LIMIT 1`).get() as { id: number }).id,
  );
  await signIn(page);
  await page.goto(`/admin/products/edit/${productId}`);
  await rendered(page);
  const summary = page.getByTestId("variants-summary");
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: "Options and variants" })).toHaveAttribute(
    "href",
    `/admin/products/variants/${productId}`,
  );
  for (const label of ["Price (৳)", "SKU (optional)", "Quantity on hand", "Discounted price (৳, optional)"]) {
    await expect(page.getByLabel(label), label).toHaveCount(0);
  }
  await expect(page.getByLabel("Track stock")).toBeVisible();
  await expect(page.getByLabel("Name (Bangla, optional)")).not.toHaveValue("");
});

test("unticking 'Shown in the shop' hides the product: marked in the list, its page not found; the brand is kept", async ({
  page,
}, testInfo) => {
  const name = `Zz Hidden ${uniqueTag(testInfo)}`;
  const productId = insertProduct(name);
  try {
    expect((await page.goto(`/products/${productId}`))?.status(), "shown before").toBe(200);

    await signIn(page);
    await page.goto(`/admin/products/edit/${productId}`);
    await rendered(page);
    const shown = page.getByLabel("Shown in the shop");
    await expect(shown).toBeChecked();
    await shown.uncheck();
    await page.getByLabel("Brand (optional)").fill("Walton");
    await page.getByLabel("Category").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Save Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(toast(page)).toHaveText(`Product “${name}” saved.`);

    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await rendered(page);
    await expect(page.getByTestId("product-row").getByTestId("product-hidden")).toHaveText("Hidden");
    await page.goto(`/admin/products/edit/${productId}`);
    await rendered(page);
    await expect(page.getByLabel("Shown in the shop")).not.toBeChecked();
    await expect(page.getByLabel("Brand (optional)")).toHaveValue("Walton");

    // A shopper (no staff session) gets the shop's not-found page, in both languages.
    await page.context().clearCookies();
    const response = await page.goto(`/products/${productId}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product not found");
    expect((await page.goto(`/bn/products/${productId}`))?.status()).toBe(404);
  } finally {
    deleteProduct(productId);
  }
});
