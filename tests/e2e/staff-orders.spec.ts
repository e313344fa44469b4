/**
 * Orders staff take on a phone (docs/decisions/063-staff-orders.md), at 360 px, with JavaScript on
 * and off: a Facebook order for a variant and a second product, found by name and added with the
 * form's buttons, for a shopper looked up by phone from an earlier order, whose message staff copy
 * and whom they then find on the customers page with both orders; one saved as a draft, opened from the drafts list and placed; and the form's and
 * the drafts list's controls a thumb's size, in English and Bangla. The orders and drafts are the
 * tests' own, deleted in `finally` (the stock they took put back).
 */
import type { Page } from "@playwright/test";
import { scanPage } from "./axe";
import { hashPassword } from "../../app/server/auth/password.server";
import {
  deleteAdmin,
  deleteOrderRows,
  deleteProduct,
  insertAdmin,
  insertOrder,
  insertProduct,
  variantIdOf,
  withDb,
} from "./e2e-db";
import { E2E_ADMIN, expect, jsEnabled, rendered, signIn, test, toast, uniqueTag } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";

test.use({ viewport: { width: 360, height: 800 } });

const PASSWORD = "staff-orders-password-1234";

/** A demo variant with options a shopper may buy 1 of: its id, its product's name and its line item name. */
function demoVariant(): { id: number; productId: number; product: string; name: string; stock: number } {
  const row = withDb(
    (db) =>
      db
        .prepare(
          `SELECT v.id, v.productId, p.name AS product, v.stockQuantity AS stock, v1.value AS value1, v2.value AS value2
           FROM ProductVariant v JOIN Product p ON p.id = v.productId
           JOIN ProductOptionValue v1 ON v1.id = v.option1ValueId
           LEFT JOIN ProductOptionValue v2 ON v2.id = v.option2ValueId
           WHERE v.isActive = 1 AND p.isPublished = 1 AND v.option3ValueId IS NULL
             AND (p.trackStock = 0 OR v.stockQuantity >= 5)
           ORDER BY p.id, v.position LIMIT 1`,
        )
        .get() as {
        id: number;
        productId: number;
        product: string;
        stock: number;
        value1: string;
        value2: string | null;
      },
  );
  const label = row.value2 ? `${row.value1} / ${row.value2}` : row.value1;
  return {
    id: row.id,
    productId: row.productId,
    product: row.product,
    name: `${row.product} — ${label}`,
    stock: row.stock,
  };
}

/** Searches the form for `query` and adds the result named `name` (its button reads "Add <name>"). */
async function addProduct(page: Page, query: string, name: string) {
  await page.getByLabel("Find a product by name or SKU").fill(query);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("staff-order-result").first()).toBeVisible();
  await page.getByRole("button", { name: `Add ${name}`, exact: true }).click();
  await expect(page.getByLabel(`Quantity of ${name}`)).toBeVisible();
}

/** Fills the shopper's fields. */
async function fillShopper(page: Page, phone: string, name: string) {
  await page.getByLabel("Phone", { exact: true }).fill(phone);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Delivery address").fill("House 7, Road 11");
  await page.getByLabel("Area or thana").fill("Banani");
  await page.getByLabel("District").selectOption("Dhaka");
}

/** Deletes the orders placed from `phone` and the drafts saved for it, putting back the stock of `variantId`. */
function cleanUp(phone: string, variantId: number, stock: number) {
  withDb((db) => {
    db.prepare(`DELETE FROM DraftOrder WHERE customerPhone = ?`).run(phone);
    db.prepare(`UPDATE ProductVariant SET stockQuantity = ? WHERE id = ?`).run(stock, variantId);
  });
  const ids = withDb(
    (db) => db.prepare(`SELECT id FROM "Order" WHERE customerPhone = ?`).all(phone) as { id: number }[],
  );
  for (const { id } of ids) {
    withDb((db) => db.prepare(`DELETE FROM StockMovement WHERE orderId = ?`).run(id));
    deleteOrderRows(id);
  }
}

test("staff take a Facebook order for a variant and a second product on a phone, copy the shopper's message and find the shopper among the customers", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = uniqueTag(testInfo).replace(/\W+/g, "");
  const variant = demoVariant();
  const capId = insertProduct(`Staff Cap ${tag}`, { pricePaisa: 25_000 });
  const phone = `0161${String(Date.now() % 1e7).padStart(7, "0")}`;
  // The shopper ordered once before, on the website: the look-up offers that order's name and address.
  const earlier = insertOrder({ name: "Nasrin Akter", phone });
  const typedPhone = `+880 ${phone.slice(1, 5)}-${phone.slice(5)}`;
  try {
    await signIn(page);
    await page.goto("/admin/orders/new");
    await rendered(page);
    await expect(page.getByTestId("staff-order-empty")).toBeVisible();
    await addProduct(page, variant.product, variant.name);
    await addProduct(page, `Staff Cap ${tag}`, `Staff Cap ${tag}`);
    // With JavaScript the form is drawn again in place, and the line just added takes focus.
    if (jsEnabled(testInfo)) await expect(page.getByLabel(`Quantity of Staff Cap ${tag}`)).toBeFocused();
    await page.getByLabel(`Quantity of Staff Cap ${tag}`).fill("2");
    await page.getByLabel("Phone", { exact: true }).fill(typedPhone);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByLabel("Full name")).toHaveValue("Nasrin Akter");
    await expect(page.getByLabel("Delivery address")).toHaveValue("House 4, Road 2");
    await expect(page.getByLabel("Area or thana")).toHaveValue("Mirpur 10");
    await expect(page.getByLabel("District")).toHaveValue("Dhaka");
    await expect(page.getByLabel(`Quantity of Staff Cap ${tag}`)).toHaveValue("2");
    await expect(page.getByLabel("Where the shopper ordered")).toHaveValue("facebook");
    await page.getByRole("button", { name: "Update totals" }).click();
    await expect(page.getByTestId("staff-order-zone")).toHaveText(/^Dhaka is Inside Dhaka: delivery charge ৳/);
    await expect(page.getByLabel(`Quantity of Staff Cap ${tag}`)).toHaveValue("2");
    await page.screenshot({ path: testInfo.outputPath("new-order-360.png"), fullPage: true });

    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/view\/\d+$/);
    const id = Number(page.url().split("/").pop());
    await expect(toast(page)).toHaveText(new RegExp(`^Order #${id} placed: ৳`));
    await expect(page.getByTestId("order-item")).toHaveCount(2);
    const order = withDb(
      (db) =>
        db.prepare(`SELECT source, createdByEmail, customerName FROM "Order" WHERE id = ?`).get(id) as Record<
          string,
          string
        >,
    );
    expect(order).toEqual({ source: "facebook", createdByEmail: E2E_ADMIN.email, customerName: "Nasrin Akter" });

    // The message for Messenger: the order's number, its lines and the tracking link, copied with
    // JavaScript; without it, the text box is there to select.
    const message = page.getByTestId("shopper-message");
    const text = page.getByLabel("Message text");
    await expect(text).toHaveValue(new RegExp(`#${id}\\b`));
    await expect(text).toHaveValue(new RegExp(`- Staff Cap ${tag} × 2`));
    await expect(text).toHaveValue(new RegExp(`/orders/track\\?order=${id}$`));
    if (jsEnabled(testInfo)) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await message.getByRole("button", { name: "Copy message" }).click();
      await expect(message.getByRole("status")).toHaveText("Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await text.inputValue());
    }

    // The customers page finds the shopper by the phone as typed, with both orders.
    await page.goto("/admin/customers");
    await rendered(page);
    await page.getByLabel("Phone or name").fill(typedPhone);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("customer-row")).toHaveCount(1);
    await page.getByTestId("customer-row").getByRole("link").click();
    await expect(page).toHaveURL(`/admin/customers/${phone}`);
    await expect(page.getByTestId("customer-figure-orders")).toHaveText("2");
    const orders = page.getByTestId("customer-order");
    await expect(orders.first().getByRole("link", { name: `Order #${id}`, exact: true })).toBeVisible();
    await expect(orders.last().getByRole("link", { name: `Order #${earlier}`, exact: true })).toBeVisible();
  } finally {
    cleanUp(phone, variant.id, variant.stock);
    deleteProduct(capId);
  }
});

test("a draft holds the order until it is placed from the drafts list", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const tag = uniqueTag(testInfo).replace(/\W+/g, "");
  const lampId = insertProduct(`Draft Lamp ${tag}`, { pricePaisa: 40_000 });
  const phone = `0162${String(Date.now() % 1e7).padStart(7, "0")}`;
  try {
    await signIn(page);
    await page.goto("/admin/orders/new");
    await rendered(page);
    await addProduct(page, `Draft Lamp ${tag}`, `Draft Lamp ${tag}`);
    await page.getByLabel("Phone", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page).toHaveURL("/admin/orders/drafts");
    await expect(toast(page)).toHaveText(/^Draft #\d+ saved\. It holds no stock\.$/);
    const row = page.getByTestId("draft-row").filter({ hasText: phone });
    await expect(row).toContainText("৳400.00");
    await page.screenshot({ path: testInfo.outputPath("drafts-360.png"), fullPage: true });
    await row.getByRole("link", { name: /^Open draft #\d+$/ }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/new\?draft=\d+$/);
    await rendered(page);
    await expect(page.getByLabel(`Quantity of Draft Lamp ${tag}`)).toHaveValue("1");
    await expect(page.getByLabel("Phone", { exact: true })).toHaveValue(phone);
    await fillShopper(page, phone, "Karim Uddin");
    await page.getByLabel("Where the shopper ordered").selectOption("phone");
    // The draft had no district, so no delivery charge: the total staff saw was ৳400. Placing shows
    // the total with the district's charge first, to read out to the shopper; then it places.
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByTestId("staff-order-error")).toHaveText(/^The total is now ৳460\.00:/);
    await expect(page.getByLabel(`Quantity of Draft Lamp ${tag}`)).toHaveValue("1");
    await expect(page.getByLabel("Full name")).toHaveValue("Karim Uddin");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/view\/\d+$/);
    const id = Number(page.url().split("/").pop());
    await page.goto("/admin/orders/drafts");
    await rendered(page);
    await expect(
      page
        .getByTestId("draft-row")
        .filter({ hasText: phone })
        .getByRole("link", { name: `Placed: order #${id}` }),
    ).toBeVisible();
    expect(withDb((db) => db.prepare(`SELECT source FROM "Order" WHERE id = ?`).get(id))).toEqual({ source: "phone" });
  } finally {
    cleanUp(phone, variantIdOf(lampId), 0);
    deleteProduct(lampId);
  }
});

for (const lang of ["en", "bn"] as const) {
  test(`the new order form's and the drafts' controls are a thumb's size at 360 px (${lang})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    const tag = uniqueTag(testInfo).replace(/\W+/g, "");
    const email = `staff-order-tap-${lang}-${testInfo.project.name}-${Date.now()}@haat.example`;
    const staffId = insertAdmin(email, await hashPassword(PASSWORD));
    withDb((db) => db.prepare(`UPDATE AdminUser SET language = ?, role = 'staff' WHERE id = ?`).run(lang, staffId));
    const lampId = insertProduct(`Thumb Lamp ${tag}`, { pricePaisa: 10_000 });
    try {
      const scan = await scanPage(page, browser, testInfo);
      await scan.setViewportSize({ width: 360, height: 800 });
      await signIn(scan, { email, password: PASSWORD });
      await scan.goto("/admin/orders/new");
      await rendered(scan);
      await expect(scan.locator("html")).toHaveAttribute("lang", lang);
      // A search with its results and a line, so every kind of button is on the page.
      await scan.locator("#q").fill(`Thumb Lamp ${tag}`);
      await scan.locator('button[value="search"]').click();
      await scan.locator(`button[value="add-${variantIdOf(lampId)}"]`).click();
      await expect(scan.locator(`#quantity-${variantIdOf(lampId)}`)).toBeVisible();
      const offenders: string[] = [];
      const measure = async (path: string) => {
        for (const o of await tapTargetOffenders(scan)) {
          offenders.push(
            `${path}: ${o.selector} "${o.text}" ${o.width}×${o.height}${o.crowdedBy ? ` crowded by ${o.crowdedBy}` : ""}`,
          );
        }
        expect(await scan.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      };
      await measure("/admin/orders/new");
      await scan.locator('button[value="draft"]').click();
      await expect(scan).toHaveURL("/admin/orders/drafts");
      await rendered(scan);
      await measure("/admin/orders/drafts");
      expect(offenders).toEqual([]);
    } finally {
      withDb((db) => db.prepare(`DELETE FROM DraftOrder WHERE createdById = ?`).run(staffId));
      deleteAdmin(staffId);
      deleteProduct(lampId);
    }
  });
}
