/**
 * The back office's controls are a thumb's size on a 360 px phone (tests/e2e/tap-targets.ts: 44 ×
 * 44 px, or at least 24 px with room around them), in English and in Bangla, with JavaScript on and
 * off: the orders list, an order, the products list, a product's form (with pictures), its options
 * and variants, the settings, the dashboard and the text messages sent.
 */
import { hashPassword } from "../../app/server/auth/password.server";
import { scanPage } from "./axe";
import { deleteAdmin, deleteOrderRows, insertAdmin, insertOrder, withDb } from "./e2e-db";
import { expect, rendered, signIn, test } from "./fixtures";
import { tapTargetOffenders } from "./tap-targets";

const PASSWORD = "tap-targets-password-1234";

/** The pages to check: the demo product with the most pictures, the one with options, and `orderId`. */
function pagesOf(orderId: number): string[] {
  return withDb((db) => {
    const pictures = db
      .prepare(
        `SELECT p.id FROM Product p JOIN ProductImage pi ON pi.productId = p.id
         GROUP BY p.id ORDER BY COUNT(*) DESC, p.id LIMIT 1`,
      )
      .get() as { id: number };
    const options = db.prepare(`SELECT productId AS id FROM ProductOption ORDER BY productId LIMIT 1`).get() as {
      id: number;
    };
    return [
      "/admin/orders",
      `/admin/orders/view/${orderId}`,
      "/admin/customers",
      "/admin/customers/01711000444",
      "/admin/products",
      `/admin/products/edit/${pictures.id}`,
      `/admin/products/variants/${options.id}`,
      "/admin/settings",
      "/admin/dashboard",
      "/admin/reports",
      "/admin/sms/messages",
    ];
  });
}

for (const lang of ["en", "bn"] as const) {
  test(`every control of the orders, customers, products, variants, settings, dashboard and reports pages is a thumb's size at 360 px (${lang})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = `tap-${lang}-${testInfo.project.name}-${Date.now()}@haat.example`;
    const staffId = insertAdmin(email, await hashPassword(PASSWORD));
    withDb((db) => db.prepare(`UPDATE AdminUser SET language = ? WHERE id = ?`).run(lang, staffId));
    const orderId = insertOrder({ name: "Tap Target Shopper", phone: "01711000444" });
    try {
      const scan = await scanPage(page, browser, testInfo);
      await scan.setViewportSize({ width: 360, height: 800 });
      await signIn(scan, { email, password: PASSWORD });
      const offenders: string[] = [];
      for (const path of pagesOf(orderId)) {
        await scan.goto(path);
        await rendered(scan);
        await expect(scan.locator("html")).toHaveAttribute("lang", lang);
        for (const o of await tapTargetOffenders(scan)) {
          offenders.push(
            `${path}: ${o.selector} "${o.text}" ${o.width}×${o.height}${o.crowdedBy ? ` crowded by ${o.crowdedBy}` : ""}`,
          );
        }
      }
      expect(offenders).toEqual([]);
    } finally {
      deleteOrderRows(orderId);
      deleteAdmin(staffId);
    }
  });
}
