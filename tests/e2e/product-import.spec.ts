/**
 * Moving a catalogue in and out through the back office, with JavaScript on and off: a product CSV
 * is uploaded, its dry run shows a bad row, the import is confirmed and its products are in the
 * shop; the result page lists a picture that could not be fetched, with "Try again"; products can
 * be imported hidden until checked; the catalogue downloads as a CSV that Excel reads as UTF-8.
 */
import type { Page } from "@playwright/test";
import { deleteProduct, withDb } from "./e2e-db";
import { expect, rendered, serverMarkupOnly, signIn, test, toast, uniqueTag } from "./fixtures";

const HEAD =
  "Handle,Title,Body (HTML),Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Compare At Price,Image Src,Image Position,Status";

/**
 * How long the dry run of a small file may take to answer, in ms. It runs on an import thread
 * (app/server/catalogue/import/import-worker.server.ts), which the first check after 10 s without one
 * starts, loading the server build: about 2.5 s on a quiet 2-core machine, more while the other
 * Playwright worker's journeys keep both cores busy.
 */
const CHECK_MS = 15_000;

/** Chooses `csv` as the product CSV to upload, as a file named `name`. */
async function chooseFile(page: Page, name: string, csv: string) {
  await page.getByLabel("Product CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
}

/** Signs in and opens the import page, rendered. */
async function openImport(page: Page) {
  await signIn(page);
  await page.goto("/admin/products/import");
  await rendered(page);
}

test("import a product CSV: dry run with a bad row, confirm, the products are in the shop", async ({
  page,
}, testInfo) => {
  const id = uniqueTag(testInfo).split(" ")[1]!;
  const csv = [
    HEAD,
    // The picture's address is on this machine: the shop refuses to fetch from private addresses.
    `lamp-${id},Import Lamp ${id},<p>Brass <b>lamp</b></p><script>alert(1)</script>,Title,Default Title,IL-${id},1250,1500,http://127.0.0.1:9/lamp-${id}.jpg,1,active`,
    `fan-${id},Import Fan ${id},,Size,48″,IF48-${id},3500,,,,active`,
    `fan-${id},,,,56″,IF56-${id},"৳ ৩,৯০০",,,,`,
    `bad-${id},Bad Lamp ${id},,Title,Default Title,IB-${id},ten,,,,active`,
    "",
  ].join("\n");

  await signIn(page);
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\/import$/);
  await chooseFile(page, "shop.csv", csv);
  await page.getByRole("button", { name: "Check the file" }).click();

  await expect(page).toHaveURL(/\/admin\/products\/import\/\d+$/, { timeout: CHECK_MS });
  await rendered(page);
  await expect(page.getByRole("heading", { name: "Check the import" })).toBeVisible();
  await expect(page.getByTestId("import-count-create")).toHaveText("2 to create");
  await expect(page.getByTestId("import-count-skipped")).toHaveText("1 skipped");
  const problem = page.getByTestId("import-problem");
  await expect(problem).toHaveCount(1);
  await expect(problem).toContainText("Row 5:");
  await expect(problem).toContainText("Variant Price is not a number: “ten”");
  await expect(page.getByTestId("import-products")).toContainText(`Import Lamp ${id}`);

  await page.getByRole("button", { name: "Import now (2 to save)" }).click();
  await expect(toast(page)).toHaveText("The import has started.");
  // The page looks again by itself until the products and pictures are done.
  await expect(page.getByTestId("import-done")).toHaveText("Imported: 2 created, 0 updated, 0 unchanged.", {
    timeout: 15_000,
  });
  const failures = page.getByTestId("import-picture-failures");
  await expect(failures).toContainText(`http://127.0.0.1:9/lamp-${id}.jpg`, { timeout: 15_000 });
  await expect(failures).toContainText("it points to a private network address");
  await expect(failures.getByRole("link", { name: `Import Lamp ${id}` })).toBeVisible();
  // "Try again" queues it once more (it fails again here, for the same reason) and comes back.
  await failures.getByRole("button", { name: `Try again (Import Lamp ${id})` }).click();
  await expect(toast(page)).toHaveText("Pictures being fetched again: 1.");
  await expect(page.getByTestId("import-picture-failures")).toContainText("it points to a private network address", {
    timeout: 15_000,
  });
  await expect(page.getByRole("button", { name: "Try all again" })).toBeVisible();

  // In the shop: both products, the lamp discounted from ৳1,500 to ৳1,250, its description cleaned.
  await page.goto(`/products?q=${id}`);
  await rendered(page);
  await expect(page.getByRole("link", { name: `Import Fan ${id}` }).first()).toBeVisible();
  await expect(page.getByText(`Bad Lamp ${id}`)).toHaveCount(0);
  await page
    .getByRole("link", { name: `Import Lamp ${id}` })
    .first()
    .click();
  // The address changes first, then the page (rendered reads the address it waits for).
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Import Lamp ${id}`);
  await expect(page.getByText("Brass lamp", { exact: true })).toBeVisible();
  await expect(page.locator("main")).toContainText("৳1,250");
  await expect(page.locator("main")).toContainText("৳1,500");
});

test("the dry run says when it was checked, and Check again works it out anew", async ({ page }, testInfo) => {
  const id = uniqueTag(testInfo).split(" ")[1]!;
  const csv = [HEAD, `globe-${id},Recheck Globe ${id},,Title,Default Title,RG-${id},700,,,,active`, ""].join("\n");
  await openImport(page);
  await chooseFile(page, "recheck.csv", csv);
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/import\/\d+$/, { timeout: CHECK_MS });
  await rendered(page);
  await expect(page.getByTestId("import-checked-at")).toContainText("Checked against the shop at");
  await page.getByRole("button", { name: "Check again" }).click();
  await expect(toast(page)).toContainText("Checking the file again.");
  // Without JavaScript the page refreshes itself while the check runs; with it, it revalidates.
  await expect(page.getByTestId("import-checked-at")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("import-count-create")).toHaveText("1 to create");
  await page.getByRole("button", { name: "Discard this file" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/import$/);
});

test("import new products hidden until they are checked", async ({ page }, testInfo) => {
  const id = uniqueTag(testInfo).split(" ")[1]!;
  const csv = [HEAD, `shade-${id},Hidden Shade ${id},,Title,Default Title,HS-${id},800,,,,active`, ""].join("\n");
  await openImport(page);
  await chooseFile(page, "template.csv", csv);
  await page.getByLabel("Keep new products hidden in the shop until I have checked them").check();
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/import\/\d+\?hideNew=1$/, { timeout: CHECK_MS });
  await rendered(page);
  await expect(page.getByTestId("import-visibility")).toContainText("New products will be hidden in the shop");
  await page.getByRole("button", { name: "Import now (1 to save)" }).click();
  await expect(page.getByTestId("import-new-hidden")).toBeVisible({ timeout: 15_000 });

  await page.goto(`/products?q=${id}`);
  await rendered(page);
  await expect(page.getByText(`Hidden Shade ${id}`)).toHaveCount(0);
  // The hidden product goes, so the lists and the sitemap other specs read hold the demo's products.
  const created = withDb((db) => db.prepare("SELECT id FROM Product WHERE name = ?").get(`Hidden Shade ${id}`)) as
    { id: number } | undefined;
  expect(created).toBeDefined();
  deleteProduct(created!.id);
});

test("the product feeds answer through the server, compressed", async ({ request }) => {
  serverMarkupOnly("The feeds are files the server sends");
  const google = await request.get("/feeds/google.xml", { headers: { "Accept-Encoding": "gzip" } });
  expect(google.status()).toBe(200);
  expect(google.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  // The kept copy's gzip body, compressed once when the feed was built.
  expect(google.headers()["content-encoding"]).toBe("gzip");
  expect(await google.text()).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g=/);
  const meta = await request.get("/feeds/facebook.csv?lang=bn");
  expect(meta.status()).toBe(200);
  const text = await meta.text();
  expect(text.split("\n")[0]).toBe(
    "id,title,description,availability,condition,price,sale_price,link,image_link,additional_image_link,brand,item_group_id",
  );
  expect(text).toMatch(/\/bn\/products\/\d+/);
});

test("export the catalogue as a CSV for Excel", async ({ page }) => {
  await signIn(page);
  await page.getByRole("link", { name: "Export", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\/export$/);
  await expect(page.getByText("/feeds/facebook.csv")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^haat-products-\d{12}\.csv$/);
  const bytes = await (await download.createReadStream()).toArray();
  const file = Buffer.concat(bytes);
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = file.toString("utf8");
  expect(text.split("\r\n")[0]).toMatch(/Handle,Title,Body \(HTML\),Vendor,Type/);
  // The demo catalogue's Bangla names, readable.
  expect(text).toMatch(/[\u0980-\u09FF]{3}/);
});
