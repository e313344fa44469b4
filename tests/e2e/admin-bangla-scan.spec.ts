/**
 * The Bangla back office shows no Latin letters or ASCII digits a staff member has to read: a
 * staff member (an owner, so every page is theirs) switches to Bangla, then every back-office page
 * is visited in turn, on a phone's 360 px wide screen, and its text scanned: the text of the body
 * (hidden parts too: a dialog's question is read when it opens), option texts, placeholders,
 * aria-labels, titles, the values of submit buttons and the values of the text fields for numbers
 * (shown in Bengali digits). What may be Latin is allowed by its kind, not by its text: e-mail
 * addresses, URLs and IP addresses (by their form), computer code (`code`, `pre`), the provider's
 * own terms below, and the shop's data that has no Bangla form
 * (`latinData`: SKUs and codes, names without a Bangla version, what shoppers typed). Names, phone
 * numbers and codes are scanned too, although the markup marks them `translate="no"`: a name with
 * a Bangla version must show it, a phone number Bengali digits (its `tel:` link keeps ASCII ones).
 * One test, pages in sequence, and a failure message listing each page with its Latin texts.
 */
import type { Page } from "@playwright/test";
import type { Database } from "better-sqlite3";
import { enAdmin } from "../../app/i18n/admin/areas";
import { hashPassword } from "../../app/server/auth/password.server";
import { deleteAdmin, deleteOrderRows, insertAdmin, insertOrder, sqliteDate, withDb } from "./e2e-db";
import { expect, rendered, test } from "./fixtures";

const PASSWORD = "bangla-scan-password-1234";

/**
 * Latin words a Bangla-reading merchant reads as they are: the courier's name and the terms of its
 * portal ("API Key", "Secret Key"), the file types a form takes or offers (CSV, JPEG…), the server's
 * settings a message names (STEADFAST_BASE_URL, SESSION_SECRET), and HTTP in an error's status line.
 */
const PROVIDER_TERMS = [
  "Steadfast",
  // The second courier's brand and the names its merchant panel gives its keys.
  "Pathao",
  "Client id",
  "Client secret",
  "PATHAO_BASE_URL",
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
  "BKASH_BASE_URL",
  "SESSION_SECRET",
  // bKash's name for a transaction's id, as its app and SMS show it.
  "TrxID",
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
  // The SMS gateways' names and their API's words, and the URL template's placeholders as typed.
  "SSL Wireless",
  "BulkSMSBD",
  "SID",
  "URL",
  "JSON",
  "GET",
  "POST",
  "2xx",
  "name=value&…",
  "http://",
  "https://",
  "{to_local}",
  "{to}",
  "{text}",
  "{key}",
  "{reference}",
];

/**
 * The shop's data that is Latin by nature, by kind, read from the database: what a page may show
 * as it is stored.
 * - Codes: SKUs (the variants' and the order lines' snapshots), the courier's consignment ids and
 *   tracking codes, slugs.
 * - Names with no Bangla form: a category's, product's, option's or option value's English name
 *   where its Bangla one is blank, an order line's English snapshot where its Bangla one is blank,
 *   the shop's English name where it has no Bangla one.
 * - What shoppers typed, in the one language they typed it: their names, addresses and areas.
 * - What staff typed about an order, in the language they typed it: its notes, which the activity
 *   trail repeats.
 * - The names the activity trail recorded of products and categories, as they were then (the
 *   trail keeps one name, the English one; the product may be gone since).
 * - The Bangla texts as staff typed them, which may hold a model number ("E27", "IP65").
 * An English name whose Bangla version exists is not here: the Bangla page must show the Bangla one.
 * Images' descriptions (English only, often the product's English name) are allowed in `alt`
 * attributes alone (`imageDescriptions`).
 */
function latinData(): { anywhere: string[]; imageDescriptions: string[] } {
  const column = (db: Database, sqls: string[]) =>
    sqls
      .flatMap((sql) => (db.prepare(sql).all() as { value: string | null }[]).map((row) => row.value))
      .filter((value): value is string => Boolean(value?.trim()))
      // Longest first, so that a name containing another is removed whole.
      .sort((a, b) => b.length - a.length);
  return withDb((db) => ({
    imageDescriptions: column(db, [`SELECT alt AS value FROM Image`]),
    anywhere: [
      // The couriers' own names, brands with no Bangla form.
      "Steadfast",
      ...column(db, [
        `SELECT sku AS value FROM ProductVariant`,
        `SELECT sku AS value FROM OrderItem`,
        `SELECT consignmentId AS value FROM "Order"`,
        `SELECT trackingCode AS value FROM "Order"`,
        `SELECT slug AS value FROM Product`,
        `SELECT slug AS value FROM Category`,
        `SELECT name AS value FROM Category WHERE TRIM(nameBn) = ''`,
        `SELECT name AS value FROM Product WHERE TRIM(nameBn) = ''`,
        `SELECT name AS value FROM ProductOption WHERE TRIM(nameBn) = ''`,
        `SELECT value AS value FROM ProductOptionValue WHERE TRIM(valueBn) = ''`,
        `SELECT productName AS value FROM OrderItem WHERE TRIM(productNameBn) = ''`,
        `SELECT variantLabel AS value FROM OrderItem WHERE TRIM(variantLabelBn) = ''`,
        `SELECT name AS value FROM ShopSettings WHERE TRIM(nameBn) = ''`,
        `SELECT DISTINCT customerName AS value FROM "Order"`,
        `SELECT DISTINCT customerAddress AS value FROM "Order"`,
        `SELECT DISTINCT area AS value FROM "Order"`,
        `SELECT DISTINCT body AS value FROM OrderNote`,
        `SELECT DISTINCT summary AS value FROM AuditEvent WHERE action = 'order.note-added'`,
        // The name of a file a staff member uploaded (an import's), as their computer named it.
        `SELECT DISTINCT fileName AS value FROM ProductImport`,
        `SELECT DISTINCT summary AS value FROM AuditEvent WHERE subjectType IN ('product', 'category')`,
        `SELECT nameBn AS value FROM Category`,
        `SELECT nameBn AS value FROM Product`,
        `SELECT nameBn AS value FROM ProductOption`,
        `SELECT valueBn AS value FROM ProductOptionValue`,
        `SELECT productNameBn AS value FROM OrderItem`,
        `SELECT variantLabelBn AS value FROM OrderItem`,
        `SELECT nameBn AS value FROM ShopSettings`,
      ]),
    ],
  }));
}

/**
 * Every Latin letter or ASCII digit run in the page's readable text, outside e-mail addresses,
 * URLs, IP addresses (where a sign-in came from) and the allow-list.
 */
async function latinTexts(page: Page, allowed: { anywhere: string[]; imageDescriptions: string[] }): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // Skipped: what is not shown as text (scripts, styles, icons), a text field's value (what staff
    // typed, in the field's language), computer code (`code`, `pre`: a record's raw details), and
    // parts in another language (the invoice is in the order's language; a language's own name in
    // the language switch; the English fields of a form).
    const skipped = (element: Element | null) =>
      !element ||
      element.closest("script, style, noscript, template, svg, textarea, code, pre") !== null ||
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
    // Buttons' texts, and the numbers in text fields for numbers (amounts, counts): shown in Bengali
    // digits. A `type="number"` field is left out: browsers hold its value in ASCII digits only.
    for (const element of document.body.querySelectorAll<HTMLInputElement>(
      'input[type="submit"], input[type="button"], input[inputmode="numeric"]:not([type="number"]), input[inputmode="decimal"]:not([type="number"])',
    )) {
      if (!skipped(element) && element.value.trim()) found.push(`value=${element.value.trim()}`);
    }
    return found;
  });
  const email = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
  const url = /\bhttps?:\/\/\S+/g;
  // Where a sign-in came from, in the activity trail: an IPv4 or IPv6 address.
  const ipAddress = /(?<![\w:])(?:\d{1,3}(?:\.\d{1,3}){3}|[\da-f]*(?::[\da-f]*){2,7})(?![\w:])/gi;
  return [
    ...new Set(
      texts.filter((text) => {
        let rest = text
          .replace(/^(placeholder|aria-label|title|alt|value)=/, "")
          .replace(email, " ")
          .replace(url, " ")
          .replace(ipAddress, " ");
        const terms = text.startsWith("alt=") ? [...allowed.imageDescriptions, ...allowed.anywhere] : allowed.anywhere;
        for (const term of terms) rest = rest.split(term).join(" ");
        return /[A-Za-z0-9]/.test(rest);
      }),
    ),
  ];
}

test("the Bangla back office shows no Latin letters or digits outside names, e-mails and codes", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const email = `bangla-scan-${testInfo.project.name}-${Date.now()}@haat.example`;
  const staffId = insertAdmin(email, await hashPassword(PASSWORD));
  // A product with options whose stock is counted: the scan's order bought one of its variants
  // (the order keeps the names in both languages), which its stock history and the order's show.
  const { productId, optionsProductId, categoryId, variant } = withDb((db) => {
    const id = (sql: string) => (db.prepare(sql).get() as { id: number }).id;
    const variant = db
      .prepare(
        `SELECT v.id, v.productId, v.sku, p.name, p.nameBn, v.stockQuantity,
           v1.value AS value1, v1.valueBn AS valueBn1, v2.value AS value2, v2.valueBn AS valueBn2
         FROM ProductVariant v JOIN Product p ON p.id = v.productId
         JOIN ProductOptionValue v1 ON v1.id = v.option1ValueId
         LEFT JOIN ProductOptionValue v2 ON v2.id = v.option2ValueId
         WHERE p.nameBn <> '' AND v1.valueBn <> '' ORDER BY p.id, v.position LIMIT 1`,
      )
      .get() as {
      id: number;
      productId: number;
      sku: string | null;
      name: string;
      nameBn: string;
      stockQuantity: number;
      value1: string;
      valueBn1: string;
      value2: string | null;
      valueBn2: string | null;
    };
    return {
      // A demo product without options (its form has the price, SKU and stock fields).
      productId: id(`SELECT id FROM Product WHERE id NOT IN (SELECT productId FROM ProductOption) ORDER BY id LIMIT 1`),
      optionsProductId: variant.productId,
      categoryId: id(`SELECT id FROM Category ORDER BY id LIMIT 1`),
      variant: {
        ...variant,
        label: [variant.value1, variant.value2].filter(Boolean).join(" / "),
        labelBn: [variant.valueBn1, variant.value2 === null ? null : variant.valueBn2 || variant.value2]
          .filter(Boolean)
          .join(" / "),
      },
    };
  });
  const scanOrder = () =>
    insertOrder({
      name: "Scan Shopper",
      phone: "01711000111",
      productName: variant.name,
      quantity: 3,
      item: {
        productId: variant.productId,
        variantId: variant.id,
        productNameBn: variant.nameBn,
        variantLabel: variant.label,
        variantLabelBn: variant.labelBn,
        sku: variant.sku ?? "",
      },
    });
  // Two orders of it: one handed to the courier (below), and one still open to edits.
  const orderId = scanOrder();
  const editableOrderId = scanOrder();
  const trackStock = withDb((db) => {
    const tracked = (
      db.prepare(`SELECT trackStock FROM Product WHERE id = ?`).get(variant.productId) as {
        trackStock: number;
      }
    ).trackStock;
    db.prepare(`UPDATE Product SET trackStock = 1 WHERE id = ?`).run(variant.productId);
    // Handed to the courier: the order page shows its consignment id and tracking code.
    db.prepare(
      `UPDATE "Order" SET courier = 'steadfast', consignmentId = '90210', trackingCode = 'SCANTRACK42',
         deliveryState = 'with-courier', sentToCourierAt = createdAt WHERE id = ?`,
    ).run(orderId);
    db.prepare(
      `INSERT INTO StockMovement (productId, productName, variantId, variantLabel, orderId, change, balance, reason, createdAt)
       VALUES (?, ?, ?, ?, ?, -3, ?, 'order-placed', ?)`,
    ).run(
      variant.productId,
      variant.name,
      variant.id,
      variant.label,
      orderId,
      variant.stockQuantity,
      sqliteDate(new Date()),
    );
    return tracked;
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
      `/admin/orders/edit/${editableOrderId}`,
      "/admin/orders/export",
      "/admin/customers",
      "/admin/customers/01711000111",
      "/admin/reports",
      "/admin/payouts",
      "/admin/payouts/import",
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
      "/admin/payments",
      "/admin/sms",
      "/admin/settings",
      "/admin/staff",
      "/admin/account",
      "/admin/blocklist",
      "/admin/discounts",
      "/admin/discounts/new",
      "/admin/orders/new",
      "/admin/orders/drafts",
      "/admin/activity",
      "/admin/activity/refused",
      "/admin/sms/messages",
    ];
    const data = latinData();
    const allowed = {
      anywhere: [...PROVIDER_TERMS, ...data.anywhere].sort((a, b) => b.length - a.length),
      imageDescriptions: data.imageDescriptions,
    };
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
    withDb((db) => {
      db.prepare(`DELETE FROM StockMovement WHERE orderId = ?`).run(orderId);
      db.prepare(`UPDATE Product SET trackStock = ? WHERE id = ?`).run(trackStock, variant.productId);
    });
    deleteOrderRows(orderId);
    deleteOrderRows(editableOrderId);
    deleteAdmin(staffId);
  }
});
