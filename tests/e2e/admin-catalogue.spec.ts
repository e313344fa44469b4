/**
 * The admin catalogue end to end (docs/decisions/013-image-uploads.md),
 * JavaScript on and off: products and categories created, listed, edited and deleted with real
 * photographs uploaded; bad uploads refused with clear messages while the typed fields are kept;
 * with JavaScript, the forms' upload progress and 'Saving...' state while a save is in flight.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, jsEnabled, rendered, signIn, test, toast, uniqueTag } from "./fixtures";
import { seriousViolations, scanPage } from "./axe";
import { withDb } from "./e2e-db";

const FIXTURES = path.resolve("tests/fixtures/images");
const photo = (name: string) => path.join(FIXTURES, name);

function unique(prefix: string, project: string) {
  return `${prefix} ${project} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The stored variant `/uploads/<key>/<width>.webp` decoded: its size and whether it kept EXIF. */
async function storedVariant(page: Page, key: string, width: number) {
  const response = await page.request.get(`/uploads/${key}/${width}.webp`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["x-content-type-options"]).toContain("nosniff");
  return sharp(await response.body()).metadata();
}

async function fillProduct(page: Page, name: string) {
  await page.getByLabel("Name (English)", { exact: true }).fill(name);
  await page.getByLabel("Price (৳)").fill("1,250.50");
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Description (English)", { exact: true }).fill("Hand-made brass lamp, 40 cm.");
  await page.getByLabel("Featured product").check();
}

test("a product is created with real photos, listed, edited and deleted", async ({ page }, testInfo) => {
  test.slow(); // three photos through sharp, on a machine shared with other test runs
  const js = jsEnabled(testInfo);
  const name = unique("E2E Lamp", testInfo.project.name);
  await signIn(page);
  await page.getByRole("link", { name: "Add Product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/create$/);
  await expect(page.getByRole("heading", { name: "Add New Product" })).toBeVisible();
  await expect(page.getByLabel("Category").locator("option").first()).toHaveText("Select a category");
  await expect(page.getByLabel("Description (English)", { exact: true })).toHaveAttribute("rows", "3");

  await fillProduct(page, name);
  const images = page.locator('input[type="file"][name="images"]');
  await expect(images).toHaveAttribute("accept", "image/*");
  await images.setInputFiles([
    photo("ladybird-exif-orientation-6.jpg"),
    photo("yellowflower-transparent.png"),
    photo("garden.webp"),
  ]);
  if (js) {
    await expect(page.getByTestId("images-chosen")).toHaveText(
      "Chosen: ladybird-exif-orientation-6.jpg, yellowflower-transparent.png, garden.webp",
    );
    await expect(page.getByTestId("images-previews").getByRole("img")).toHaveCount(3);
    await expect(page.getByRole("img", { name: "Preview of garden.webp" })).toBeVisible();
  }
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(toast(page)).toHaveText(`Product “${name}” created.`);

  // Listed (search by name), with the price in taka.
  await page.getByLabel("Search products by name").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId("product-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("৳1,250.50");

  // Edit: the three images in order; the JPEG is stored upright and without EXIF.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  await expect(page.getByLabel("Price (৳)")).toHaveValue("1250.50");
  const existing = page.getByTestId("existing-image");
  await expect(existing).toHaveCount(3);
  const keys = await existing.evaluateAll((items) => items.map((item) => item.getAttribute("data-image-key")!));
  const jpeg = await storedVariant(page, keys[0]!, 640);
  expect(jpeg.height).toBeGreaterThan(jpeg.width); // raw 1200 × 750 with orientation 6 → 750 × 1200
  expect(jpeg.exif).toBeUndefined();
  const png = await storedVariant(page, keys[1]!, 320);
  expect(png.hasAlpha).toBe(true);
  expect((await storedVariant(page, keys[2]!, 640)).width).toBe(640);

  // Rename, remove the PNG, put the WebP first.
  const renamed = `${name} Renamed`;
  await page.getByLabel("Name (English)", { exact: true }).fill(renamed);
  await page.getByLabel("Remove: Image 2").check();
  if (js) {
    await page.getByRole("button", { name: "Move up: Image 3" }).click();
    await page.getByRole("button", { name: "Move up: Image 2" }).click();
  } else {
    await page.getByLabel("Position: Image 3").fill("0");
  }
  await page.getByRole("button", { name: "Save Product" }).click();
  await expect(toast(page)).toHaveText(`Product “${renamed}” saved.`);
  await page.goto(`/admin/products?q=${encodeURIComponent(renamed)}`);
  await page.getByRole("link", { name: `Edit ${renamed}` }).click();
  await expect(page.getByTestId("existing-image")).toHaveCount(2);
  expect(
    await page.getByTestId("existing-image").evaluateAll((items) => items.map((i) => i.getAttribute("data-image-key"))),
  ).toEqual([keys[2], keys[0]]);
  expect((await page.request.get(`/uploads/${keys[1]}/320.webp`)).status()).toBe(404);

  // Delete, from the product's own page (the list has none): a dialog with JavaScript, the list's
  // confirmation step without.
  await page.goto(`/admin/products?q=${encodeURIComponent(renamed)}`);
  const listed = page.getByTestId("product-row").filter({ hasText: renamed });
  await expect(listed.getByRole("link")).toHaveText(["Edit"]);
  await listed.getByRole("link", { name: `Edit ${renamed}` }).click();
  const danger = page.getByTestId("danger-zone");
  await danger.getByRole("link", { name: "Delete product" }).click();
  if (js) {
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this product?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await danger.getByRole("link", { name: "Delete product" }).click();
    await dialog.getByRole("button", { name: "Delete product" }).click();
  } else {
    await expect(page).toHaveURL(/delete=\d+/);
    const step = page.getByTestId("confirm-delete");
    await expect(step.getByRole("heading", { name: "Are you sure you want to delete this product?" })).toBeVisible();
    await step.getByRole("button", { name: "Delete product" }).click();
  }
  await expect(toast(page)).toHaveText(`Product “${renamed}” deleted.`);
  await expect(page.getByTestId("product-row").filter({ hasText: renamed })).toHaveCount(0);
  expect((await page.request.get(`/uploads/${keys[0]}/640.webp`)).status()).toBe(404);
});

test("bad uploads are refused with clear messages and the typed fields are kept", async ({ page }, testInfo) => {
  test.slow(); // an 11 MB file goes through the browser (and, without JavaScript, the server)
  const name = unique("E2E Rejected", testInfo.project.name);
  await signIn(page);
  await page.goto("/admin/products/create");
  await fillProduct(page, name);
  const images = page.locator('input[type="file"][name="images"]');

  const textAsJpeg = {
    name: "holiday.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("This is a text file, not a photo.\n".repeat(50)),
  };
  const bomb = {
    name: "pixel-bomb-20000x20000.png",
    mimeType: "image/png",
    buffer: fs.readFileSync(photo("pixel-bomb-20000x20000.png")),
  };
  if (jsEnabled(testInfo)) {
    // Only the real photo is previewed: the bomb's header says 400 megapixels, so the browser
    // never decodes it, and the text is no image. (The previews of one choice appear together.)
    await images.setInputFiles([
      textAsJpeg,
      bomb,
      { name: "garden.webp", mimeType: "image/webp", buffer: fs.readFileSync(photo("garden.webp")) },
    ]);
    await expect(page.getByTestId("images-previews").getByRole("img")).toHaveCount(1);
    await expect(page.getByTestId("images-previews").getByRole("img")).toHaveAttribute("alt", /garden\.webp/);
  }

  // A text file named .jpg and a pixel bomb: refused by the server after sniffing the content.
  await images.setInputFiles([textAsJpeg, bomb]);
  await page.getByRole("button", { name: "Create Product" }).click();
  const fileErrors = page.getByTestId("file-errors");
  await expect(fileErrors).toContainText("holiday.jpg is not an image we can read.");
  await expect(fileErrors).toContainText("pixel-bomb-20000x20000.png has too many pixels (at most 40 megapixels).");
  await expect(fileErrors).toContainText("please choose the images again");
  await expect(page.getByTestId("form-error")).toBeVisible();
  await expect(page.getByLabel("Name (English)", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Price (৳)")).toHaveValue("1,250.50");
  await expect(page.getByLabel("Description (English)", { exact: true })).toHaveValue("Hand-made brass lamp, 40 cm.");
  await expect(page.getByLabel("Featured product")).toBeChecked();
  await expect(page.getByLabel("Category")).not.toHaveValue("");

  // An oversized file (11 MB): refused before upload with JavaScript, by the server without.
  await images.setInputFiles([
    { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(11 * 1024 * 1024, 0xff) },
  ]);
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByTestId("file-errors")).toContainText("huge.jpg is larger than 10 MB.");
  await expect(page.getByLabel("Name (English)", { exact: true })).toHaveValue(name);

  // Field errors from the server, values kept.
  await page.getByLabel("Price (৳)").fill("12.345");
  await page.getByLabel("Description (English)", { exact: true }).fill("");
  await images.setInputFiles([]);
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(
    page.getByText("Please enter an amount in taka with at most 2 decimals, for example 1250 or 1250.50."),
  ).toBeVisible();
  await expect(page.getByText("Please enter a description.")).toBeVisible();
  await expect(page.getByLabel("Price (৳)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Price (৳)")).toHaveValue("12.345");

  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  await expect(page.getByText(`No products match “${name}”.`)).toBeVisible();
});

test("a category is created with a photo, listed, edited and deleted; one with products is kept", async ({
  page,
}, testInfo) => {
  const js = jsEnabled(testInfo);
  const name = unique("E2E Category", testInfo.project.name);
  await signIn(page);
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { name: "Categories", exact: true })).toBeVisible();
  await expect(page.getByText("A list of all categories in your store")).toBeVisible();
  await page.getByRole("link", { name: "Add Category" }).click();
  await expect(page.getByRole("heading", { name: "Add New Category" })).toBeVisible();
  await expect(page.getByText("Create a new category for your products")).toBeVisible();

  await page.getByLabel("Name (English)", { exact: true }).fill(name);
  await page.getByLabel("Upload Image").setInputFiles(photo("ladybird-exif-orientation-6.jpg"));
  if (js) {
    await expect(page.getByTestId("image-chosen")).toHaveText("Chosen: ladybird-exif-orientation-6.jpg");
    await expect(page.getByRole("img", { name: "Preview of ladybird-exif-orientation-6.jpg" })).toBeVisible();
  }
  await page.getByRole("button", { name: "Create Category" }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(toast(page)).toHaveText(`Category “${name}” created.`);

  const slug = name.toLowerCase().replace(/\s+/g, "-");
  const row = page.getByTestId("category-row").filter({ hasText: name });
  await expect(row).toContainText(slug);
  const thumbnail = row.getByRole("img");
  await expect(thumbnail).toHaveAttribute("loading", "lazy");

  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Category" })).toBeVisible();
  await expect(page.getByText("Update category information")).toBeVisible();
  // The slug is called what a shop owner knows it as.
  await expect(page.locator("#slug-note")).toContainText(`Web address: ${slug}.`);
  await page.getByLabel("Name (English)", { exact: true }).fill(`${name} Renamed`);
  await page.getByLabel("Change Image").setInputFiles(photo("garden.webp"));
  await page.getByRole("button", { name: "Update Category" }).click();
  await expect(toast(page)).toHaveText(`Category “${name} Renamed” saved.`);
  const renamedRow = page.getByTestId("category-row").filter({ hasText: `${name} Renamed` });
  await expect(renamedRow).toContainText(slug); // the slug is made on create only
  // With JavaScript, the list the save redirected to must have rendered before Delete is clicked:
  // a click that lands earlier is an ordinary link to the page's own confirmation panel, not the
  // dialog (seen once with two workers keeping both cores busy).
  await rendered(page);

  await renamedRow.getByRole("link", { name: `Delete ${name} Renamed` }).click();
  if (js) {
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this category?" });
    await dialog.getByRole("button", { name: "Delete category" }).click();
  } else {
    await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete category" }).click();
  }
  await expect(toast(page)).toHaveText(`Category “${name} Renamed” deleted.`);
  await expect(page.getByTestId("category-row").filter({ hasText: name })).toHaveCount(0);

  // A demo category with products is not deleted (docs/decisions/014-deleting-a-category-with-products.md).
  const full = page.getByTestId("category-row").filter({ hasNotText: "E2E" }).first();
  const fullName = (await full.locator("td").first().innerText()).split("\n")[0]!.trim();
  await full.getByRole("link", { name: `Delete ${fullName}` }).click();
  if (js) {
    await page.getByRole("dialog").getByRole("button", { name: "Delete category" }).click();
  } else {
    await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete category" }).click();
  }
  await expect(toast(page)).toContainText(`“${fullName}” still has`);
  await expect(page.getByTestId("category-row").filter({ hasText: fullName })).toHaveCount(1);
});

test("missing product and category pages say so with a way back", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/products/edit/99999999");
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Products" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto("/admin/categories/edit/99999999");
  await expect(page.getByRole("heading", { name: "Category not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Categories" })).toBeVisible();
});

test("with JavaScript an upload shows its progress and 'Saving...'", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the progress bar needs JavaScript; without it the browser shows its own");
  test.slow();
  const name = unique("E2E Progress", testInfo.project.name);
  await signIn(page);
  await page.goto("/admin/categories/create");
  await page.getByLabel("Name (English)", { exact: true }).fill(name);
  await page.getByLabel("Upload Image").setInputFiles(photo("yellowflower-transparent.png"));
  // About 200 KB at 64 KB/s: a few seconds of upload.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  });
  await page.getByRole("button", { name: "Create Category" }).click();
  await expect(page.getByTestId("upload-progress")).toBeVisible();
  await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(toast(page)).toHaveText(`Category “${name}” created.`, { timeout: 30_000 });
});

test("with JavaScript, the product form's submit button says 'Saving...' and is disabled while the save is in flight", async ({
  page,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the browser shows its own loading state");
  const name = `zzz E2E Saving ${uniqueTag(testInfo)}`;
  const { promise: held, resolve: release } = Promise.withResolvers<void>();
  const { promise: postArrived, resolve: arrived } = Promise.withResolvers<void>();
  const saveEndpoint = (url: URL) => url.pathname === "/admin/products/upload";
  try {
    await signIn(page);
    await page.goto("/admin/products/create");
    await page.getByLabel("Name (English)", { exact: true }).fill(name);
    await page.getByLabel("Price (৳)").fill("450");
    await page.getByLabel("Category").selectOption({ index: 1 });
    await page.getByLabel("Description (English)", { exact: true }).fill("A product to watch being saved.");
    await page.route(saveEndpoint, async (route) => {
      if (route.request().method() === "POST") {
        arrived();
        await held;
      }
      await route.continue();
    });

    const submit = page.locator('form[action="/admin/products/create"] button[type="submit"]');
    await expect(submit).toHaveText("Create Product");
    // Hydrated (the image field lists chosen files only then): the save goes through the upload endpoint.
    await expect(page.getByTestId("images-chosen")).toBeAttached();
    await expect(submit).toBeEnabled();
    await submit.click();
    await postArrived;
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await expect(submit).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("button", { name: "Create Product" })).toHaveCount(0);
    // Still on the form, and nothing saved yet.
    await expect(page).toHaveURL(/\/admin\/products\/create$/);
    await rendered(page);
    expect(
      withDb((db) => (db.prepare(`SELECT COUNT(*) AS n FROM Product WHERE name = ?`).get(name) as { n: number }).n),
    ).toBe(0);

    release();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await rendered(page);
    await expect(toast(page)).toHaveText(`Product “${name}” created.`);
    expect(
      withDb((db) => (db.prepare(`SELECT COUNT(*) AS n FROM Product WHERE name = ?`).get(name) as { n: number }).n),
    ).toBe(1);
  } finally {
    release();
    await page.unroute(saveEndpoint);
    withDb((db) => db.prepare(`DELETE FROM Product WHERE name = ?`).run(name));
  }
});

test("the catalogue pages have no serious accessibility violation", async ({ page, browser }, testInfo) => {
  test.slow();
  const scan = await scanPage(page, browser, testInfo);
  await signIn(scan);
  await scan.goto("/admin/products/create");
  await scan.getByRole("button", { name: "Create Product" }).click();
  await expect(scan.getByText("Please enter the product name.")).toBeVisible();
  expect(await seriousViolations(scan)).toEqual([]);
  await scan.goto("/admin/products");
  const firstEdit = scan.getByRole("link", { name: /^Edit / }).first();
  await firstEdit.click();
  await expect(scan.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  expect(await seriousViolations(scan)).toEqual([]);
  for (const path of ["/admin/categories", "/admin/categories/create", "/admin/products?delete=1"]) {
    await scan.goto(path);
    expect(await seriousViolations(scan), path).toEqual([]);
  }
});
