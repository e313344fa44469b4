/**
 * Full-page screenshots of the back office in Bangla on a 360 px phone: the orders list (a page of
 * 50 orders), one order and the variants page of the demo product with options (the Jonaki LED
 * bulb), with each page's height. Every run attaches them to the report; with
 * `SAVE_SCREENSHOTS=before` or `SAVE_SCREENSHOTS=after` the JavaScript-on run also writes them to
 * docs/screenshots/2026-11-bangla-phone/ as `<when>-<page>.png` (a JPEG at quality 70, `.jpg`,
 * when the PNG would pass 400 KB, only the page's top when even that would) with
 * `<when>-heights.json` (the full heights, whatever the picture shows), so the pictures of a
 * layout change are made by the same code before and after it. A normal run writes nothing there.
 *
 * The 50 orders are inserted by the test (their names, phones, products and quantities vary; some
 * share a phone, so the duplicate warning shows) and deleted afterwards, as is its Bangla staff account.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { hashPassword } from "../../app/server/auth/password.server";
import { PAGE_SIZE } from "./admin-lists";
import { deleteAdmin, deleteOrderRows, insertAdmin, insertOrder, withDb } from "./e2e-db";
import { expect, gotoSteadily, jsEnabled, rendered, signIn, test } from "./fixtures";

const FOLDER = "docs/screenshots/2026-11-bangla-phone";
const PASSWORD = "bangla-phone-password-1234";
/** Over this a screenshot is saved as a JPEG instead of a PNG (bytes). */
const PNG_LIMIT = 400_000;

const when = process.env.SAVE_SCREENSHOTS;
if (when !== undefined && when !== "before" && when !== "after") {
  throw new Error(`SAVE_SCREENSHOTS must be "before" or "after", not ${JSON.stringify(when)}`);
}

test.use({ viewport: { width: 360, height: 800 } });

const FIRST = ["Rahima", "Karim", "Nusrat", "Tanvir", "Farhana", "Sabbir", "Mitu", "Arif", "Sharmin", "Rafiq"];
const LAST = ["Akter", "Uddin", "Jahan", "Hossain", "Begum", "Rahman", "Islam", "Chowdhury", "Khatun", "Ahmed"];
const PRODUCTS = ["Jonaki LED Bulb (Cool Daylight)", 'Batash 56" Ceiling Fan', "Mayabati Table Lamp"];

/** Inserts `count` pending orders as shoppers would have placed them; every fifth shares a phone. */
function insertOrders(count: number): number[] {
  return Array.from({ length: count }, (_, i) =>
    insertOrder({
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
      phone: i % 5 === 0 ? "01712000555" : `017${String(11_000_000 + i * 7919).padStart(8, "0")}`,
      productName: PRODUCTS[i % PRODUCTS.length],
      quantity: (i % 3) + 1,
    }),
  );
}

/** Signs in as `email` (English sign-in form) and switches the back office to Bangla. */
async function signInInBangla(page: Page, email: string) {
  await signIn(page, { email, password: PASSWORD });
  await rendered(page);
  await page.getByTestId("admin-language-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
}

/**
 * The page as a JPEG (quality 70) of at most PNG_LIMIT bytes: the whole page when it fits, else its
 * top, cut at the height that fits (estimated from the size of the whole, 10 % spare).
 */
async function smallJpeg(page: Page, height: number): Promise<Buffer> {
  let shown = height;
  for (;;) {
    const jpeg = await page.screenshot({
      type: "jpeg",
      quality: 70,
      animations: "disabled",
      ...(shown === height
        ? { fullPage: true }
        : { fullPage: true, clip: { x: 0, y: 0, width: page.viewportSize()!.width, height: shown } }),
    });
    if (jpeg.length <= PNG_LIMIT) return jpeg;
    shown = Math.floor((shown * PNG_LIMIT * 0.9) / jpeg.length);
  }
}

/**
 * Opens `url`, measures the page's full height (CSS px), takes a full-page screenshot, attaches it
 * and, when saving, writes it to FOLDER as `<when>-<name>`; returns the height.
 */
async function shoot(page: Page, testInfo: TestInfo, name: string, url: string): Promise<number> {
  await gotoSteadily(page, url);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const png = await page.screenshot({ fullPage: true, animations: "disabled" });
  await testInfo.attach(`${name}-${testInfo.project.name}`, { body: png, contentType: "image/png" });
  if (when && jsEnabled(testInfo)) {
    fs.mkdirSync(FOLDER, { recursive: true });
    for (const ext of ["png", "jpg"]) fs.rmSync(path.join(FOLDER, `${when}-${name}.${ext}`), { force: true });
    if (png.length <= PNG_LIMIT) fs.writeFileSync(path.join(FOLDER, `${when}-${name}.png`), png);
    else fs.writeFileSync(path.join(FOLDER, `${when}-${name}.jpg`), await smallJpeg(page, height));
  }
  return height;
}

test("the orders list, an order and the variants page in Bangla at 360 px", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const email = `bangla-phone-${testInfo.project.name}-${Date.now()}@haat.example`;
  const staffId = insertAdmin(email, await hashPassword(PASSWORD));
  const orderIds = insertOrders(PAGE_SIZE);
  try {
    const bulbId = withDb(
      (db) =>
        (db.prepare(`SELECT id FROM Product WHERE name = 'Jonaki LED Bulb (Cool Daylight)'`).get() as { id: number })
          .id,
    );
    await signInInBangla(page, email);
    const heights: Record<string, number> = {};
    heights["orders-list"] = await shoot(page, testInfo, "orders-list", "/admin/orders");
    const cards = page.getByTestId("order-row");
    await expect(cards).toHaveCount(PAGE_SIZE);
    heights["order-card"] = Math.round((await cards.first().boundingBox())!.height);
    heights["order"] = await shoot(page, testInfo, "order", `/admin/orders/view/${orderIds.at(-1)}`);
    heights["variants"] = await shoot(page, testInfo, "variants", `/admin/products/variants/${bulbId}`);
    await testInfo.attach(`heights-${testInfo.project.name}`, {
      body: JSON.stringify(heights, null, 2),
      contentType: "application/json",
    });
    if (when && jsEnabled(testInfo)) {
      fs.writeFileSync(path.join(FOLDER, `${when}-heights.json`), `${JSON.stringify(heights, null, 2)}\n`);
    }
  } finally {
    for (const id of orderIds) deleteOrderRows(id);
    deleteAdmin(staffId);
  }
});
