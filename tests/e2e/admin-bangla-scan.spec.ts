/**
 * The Bangla back office shows no Latin letters or ASCII digits a staff member has to read: a
 * staff member (an owner, so every page is theirs) switches to Bangla, then every back-office page
 * is visited in turn and its text scanned: the text of the body (hidden parts too: a dialog's
 * question is read when it opens), option texts, placeholders, aria-labels, titles and the values
 * of submit buttons. What is Latin by nature is skipped: elements marked `translate="no"` (names,
 * phone numbers, addresses, SKUs, codes: the markup says a value is not to be translated), e-mail
 * addresses, URLs, and the provider's own terms below. One test, pages in sequence, and a failure
 * message listing each page with its Latin texts.
 */
import type { Page } from "@playwright/test";
import { enAdmin } from "../../app/i18n/admin/catalogue";
import { hashPassword } from "../../app/server/auth/password.server";
import { deleteAdmin, deleteOrderRows, insertAdmin, insertOrder, withDb } from "./e2e-db";
import { expect, rendered, test } from "./fixtures";

const PASSWORD = "bangla-scan-password-1234";

/**
 * Latin words a Bangla-reading merchant reads as they are: the courier's name and the terms of its
 * portal ("API Key", "Secret Key"), the file types a form takes or offers (CSV, JPEG…), the server's
 * settings a message names (STEADFAST_BASE_URL, SESSION_SECRET), and HTTP in an error's status line.
 */
const PROVIDER_TERMS = [
  "Steadfast",
  "API Key",
  "Secret Key",
  "API",
  "CSV",
  "HTTP",
  "PNG",
  "JPEG",
  "WebP",
  "GIF",
  "TIFF",
  "AVIF",
  "STEADFAST_BASE_URL",
  "SESSION_SECRET",
  // Where a catalogue comes from and goes to, and the file's encoding as Excel names it.
  "Shopify",
  "WooCommerce",
  "haat",
  "UTF-8",
  "MB",
  "Excel",
  "File → Save As → “CSV UTF-8”",
  "Facebook",
  "Google",
  "Meta Commerce Manager (Catalogue → Data sources)",
  "Google Merchant Center (Products → Add products from a file)",
  "?lang=bn",
];

/** Every Latin letter or ASCII digit run in the page's readable text, outside the allow-list. */
async function latinTexts(page: Page, allowed: string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // Skipped: what the markup marks as not to be translated, and parts in another language (the
    // invoice is in the order's language; a language's own name in the language switch).
    const skipped = (element: Element | null) =>
      !element ||
      element.closest('[translate="no"], script, style, noscript, template, svg') !== null ||
      !(element.closest("[lang]")?.getAttribute("lang") ?? "bn").startsWith("bn");
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!skipped(node.parentElement) && node.textContent?.trim()) found.push(node.textContent.trim());
    }
    for (const element of document.body.querySelectorAll("[placeholder], [aria-label], [title], [alt]")) {
      if (skipped(element)) continue;
      for (const name of ["placeholder", "aria-label", "title", "alt"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(`${name}=${value}`);
      }
    }
    for (const element of document.body.querySelectorAll<HTMLInputElement>(
      'input[type="submit"], input[type="button"]',
    )) {
      if (!skipped(element) && element.value.trim()) found.push(element.value.trim());
    }
    return found;
  });
  const email = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
  const url = /\bhttps?:\/\/\S+/g;
  return [
    ...new Set(
      texts.filter((text) => {
        let rest = text
          .replace(/^(placeholder|aria-label|title|alt)=/, "")
          .replace(email, " ")
          .replace(url, " ");
        for (const term of allowed) rest = rest.split(term).join(" ");
        return /[A-Za-z0-9]/.test(rest);
      }),
    ),
  ];
}

test("the Bangla back office shows no Latin letters or digits outside names, e-mails and codes", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `bangla-scan-${testInfo.project.name}-${Date.now()}@haat.example`;
  const staffId = insertAdmin(email, await hashPassword(PASSWORD));
  const orderId = insertOrder({ name: "Scan Shopper", phone: "01711000111", productName: "Scan Lamp", quantity: 3 });
  const { productId, optionsProductId, categoryId, data } = withDb((db) => {
    const column = (sql: string) => (db.prepare(sql).all() as { value: string | null }[]).map((row) => row.value);
    return {
      // A demo product without options (its form has the price, SKU and stock fields).
      productId: (
        db
          .prepare(`SELECT id FROM Product WHERE id NOT IN (SELECT productId FROM ProductOption) ORDER BY id LIMIT 1`)
          .get() as { id: number }
      ).id,
      // A demo product with options: its edit form shows the variants' summary, and its variants page.
      optionsProductId: (
        db.prepare(`SELECT productId AS id FROM ProductOption ORDER BY productId LIMIT 1`).get() as { id: number }
      ).id,
      categoryId: (db.prepare(`SELECT id FROM Category ORDER BY id LIMIT 1`).get() as { id: number }).id,
      // The shop's data, Latin in the demo shop and legitimately so: product and category names,
      // descriptions, slugs and image descriptions, option names and values, customers' names, the
      // shop's name. SKUs are not here: the pages mark them as not to be translated.
      data: [
        `SELECT name AS value FROM Product`,
        `SELECT description AS value FROM Product`,
        // The Bangla texts as staff typed them, in the form's fields: "B22", "6500K" belong there.
        `SELECT nameBn AS value FROM Product`,
        `SELECT descriptionBn AS value FROM Product`,
        `SELECT nameBn AS value FROM Category`,
        `SELECT slug AS value FROM Product`,
        `SELECT name AS value FROM Category`,
        `SELECT name AS value FROM ProductOption`,
        `SELECT value AS value FROM ProductOptionValue`,
        `SELECT slug AS value FROM Category`,
        `SELECT DISTINCT customerName AS value FROM "Order"`,
        `SELECT DISTINCT productName AS value FROM OrderItem`,
        `SELECT name AS value FROM ShopSettings`,
        `SELECT alt AS value FROM Image`,
      ]
        .flatMap(column)
        .filter((value): value is string => Boolean(value?.trim())),
    };
  });
  try {
    await page.goto("/admin/login");
    await page.getByLabel(enAdmin["admin.login.email"]).fill(email);
    await page.getByLabel(enAdmin["admin.login.password"], { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: enAdmin["admin.login.submit"] }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await rendered(page);
    await page.getByTestId("admin-language-switch").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");

    const pages = [
      "/admin/dashboard",
      "/admin/orders",
      `/admin/orders/view/${orderId}`,
      `/admin/orders/edit/${orderId}`,
      "/admin/orders/export",
      "/admin/products",
      "/admin/products/create",
      "/admin/products/import",
      "/admin/products/export",
      `/admin/products/edit/${productId}`,
      `/admin/products/edit/${optionsProductId}`,
      `/admin/products/variants/${optionsProductId}`,
      `/admin/products/variants/${productId}`,
      "/admin/categories",
      "/admin/categories/create",
      `/admin/categories/edit/${categoryId}`,
      "/admin/courier",
      "/admin/settings",
      "/admin/staff",
      "/admin/account",
      "/admin/blocklist",
      "/admin/activity",
      "/admin/activity/refused",
    ];
    // Longest first, so that a name containing another is removed whole.
    const allowed = [...PROVIDER_TERMS, ...data].sort((a, b) => b.length - a.length);
    const report: string[] = [];
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await rendered(page);
      await expect(page.locator("html"), path).toHaveAttribute("lang", "bn");
      for (const text of await latinTexts(page, allowed)) report.push(`${path}: ${JSON.stringify(text)}`);
    }
    expect(report, `Latin letters or ASCII digits in the Bangla back office:\n${report.join("\n")}`).toEqual([]);
  } finally {
    deleteOrderRows(orderId);
    deleteAdmin(staffId);
  }
});
