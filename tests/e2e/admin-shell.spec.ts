/**
 * The admin shell (docs/decisions/012-admin-app-and-dashboard.md): navigation and the mobile menu,
 * the installable app (manifest, icons, service worker, offline page, Install App control) and the
 * dashboard, with JavaScript on and off.
 *
 * Other specs place orders in parallel, so dashboard expectations are computed from the database
 * (tests/e2e/e2e-env.ts E2E_DB_PATH) at assertion time, retried until page and database agree.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { bnAdmin, enAdmin } from "../../app/i18n/admin/areas";
import { hashPassword } from "../../app/server/auth/password.server";
import { expect, jsEnabled, rendered, serverMarkupOnly, signIn, test } from "./fixtures";
import { seriousViolations } from "./axe";
import { deleteAdmin, insertAdmin, sqliteDate, withDb } from "./e2e-db";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Asia/Dhaka is UTC+6 all year (no daylight saving since 2009): an independent oracle for the app's date-fns code. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** Start of the Dhaka day `daysAgo` days before today, as stored text. */
function dhakaDayStart(daysAgo: number, now = Date.now()): string {
  const start = Math.floor((now + DHAKA_OFFSET_MS) / DAY_MS) * DAY_MS - DHAKA_OFFSET_MS - daysAgo * DAY_MS;
  return sqliteDate(new Date(start));
}

/** Inserts an order with one line item; returns its id. */
function insertOrder(fields: {
  name: string;
  productName: string;
  quantity: number;
  unitPaisa: number;
  status?: string;
  createdAt?: Date;
}) {
  return withDb((db) => {
    const created = sqliteDate(fields.createdAt ?? new Date());
    const subtotal = fields.quantity * fields.unitPaisa;
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO "Order" (createdAt, updatedAt, customerName, customerPhone, customerAddress, shippingMethod,
           shippingFeePaisa, subtotalPaisa, totalPaisa, status, paymentStatus, itemCount, checkoutToken)
         VALUES (?, ?, ?, '01712345678', 'Road 1, Dhaka', 'Inside Dhaka', 6000, ?, ?, ?, 'pending', ?, ?)`,
      )
      .run(
        created,
        created,
        fields.name,
        subtotal,
        subtotal + 6000,
        fields.status ?? "pending",
        fields.quantity,
        `e2e-shell-${Math.random()}`,
      );
    db.prepare(
      `INSERT INTO OrderItem (orderId, productId, productName, unitPricePaisa, quantity, subtotalPaisa) VALUES (?, NULL, ?, ?, ?, ?)`,
    ).run(lastInsertRowid, fields.productName, fields.unitPaisa, fields.quantity, subtotal);
    return Number(lastInsertRowid);
  });
}

function deleteOrders(ids: number[]) {
  withDb((db) => {
    for (const id of ids) db.prepare(`DELETE FROM "Order" WHERE id = ?`).run(id);
  });
}

/** Orders and revenue (paisa) since the start of the Dhaka day `daysAgo` days ago, cancelled left out. */
function periodFromDb(daysAgo: number) {
  return withDb(
    (db) =>
      db
        .prepare(
          `SELECT COUNT(*) AS orders, COALESCE(SUM(totalPaisa), 0) AS revenue FROM "Order" WHERE createdAt >= ? AND status <> 'cancelled'`,
        )
        .get(dhakaDayStart(daysAgo)) as { orders: number; revenue: number },
  );
}

function statusCountFromDb(status: string): number {
  return withDb(
    (db) => (db.prepare(`SELECT COUNT(*) AS n FROM "Order" WHERE status = ?`).get(status) as { n: number }).n,
  );
}

const taka = (paisa: number) =>
  `৳${(paisa / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const ordersText = (count: number) => (count === 1 ? "1 order" : `${count} orders`);

test.describe("navigation", () => {
  test("the header links go where they should, and Logout lands on the login page", async ({ page }) => {
    await signIn(page);
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/admin/dashboard");
    await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/admin/products");
    await expect(nav.getByRole("link", { name: "Categories" })).toHaveAttribute("href", "/admin/categories");
    await expect(nav.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/admin/orders");
    await expect(nav.getByRole("link", { name: "View shop" })).toHaveAttribute("href", "/");
    await expect(page.getByTestId("signed-in-as")).toHaveText("Signed in as e2e-admin@haat.example");

    await nav.getByRole("link", { name: "Categories" }).click();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
    await expect(page.getByText("A list of all categories in your store")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Categories" })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();

    await nav.getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);

    // /admin still goes to the products list.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/products$/);

    await nav.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    // The login page is outside the admin layout: no admin header or navigation.
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByText("Install App", { exact: true })).toHaveCount(0);

    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  });

  test("the mobile menu opens and closes at 360 px, with or without JavaScript", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    const menu = page.getByTestId("admin-menu");
    const orders = menu.getByRole("link", { name: "Orders" });
    await expect(orders).toBeHidden();
    // The desktop navigation is hidden at this width, and so is the closed menu's.
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const summary = menu.getByText("Menu", { exact: true });
    await summary.click();
    await expect(orders).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(1);
    for (const name of ["Dashboard", "Products", "Categories", "View shop"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
    await summary.click();
    await expect(orders).toBeHidden();

    // Keyboard: the toggle is focusable and opens with Enter.
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(orders).toBeVisible();
    await orders.click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
  });

  test("admin pages with the menu and install steps open have no serious accessibility violation", async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "axe needs JavaScript; the js-off markup is the same server render");
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    await page.goto("/admin/dashboard");
    // The offer's steps (in the strip under the header bar until dismissed), then the menu.
    await page.getByTestId("install-app").getByText("Install App", { exact: true }).click();
    await page.getByTestId("admin-menu").getByText("Menu", { exact: true }).click();
    // The steps fit a 360 px screen.
    const box = (await page.getByTestId("install-steps").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin/dashboard");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("header", () => {
  const PASSWORD = "header-owner-password-1234";

  /** The shop's name link is whole: nothing cut off (no ellipsis, no hidden overflow) and inside the screen. */
  async function wholeName(page: Page) {
    return page.getByTestId("admin-home").evaluate((link) => {
      const box = link.getBoundingClientRect();
      return link.scrollWidth <= link.clientWidth && box.left >= 0 && box.right <= window.innerWidth;
    });
  }

  test("the shop's name, the e-mail and View shop are whole at 360 and 1280 px, in English and Bangla", async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    // A long e-mail: the header once cut it at 1280 px.
    const email = `header-owner-with-a-long-name-${testInfo.project.name}-${Date.now()}@haat-lights-and-decor.example`;
    const id = insertAdmin(email, await hashPassword(PASSWORD));
    try {
      await page.goto("/admin/login");
      await page.getByLabel(enAdmin["admin.login.email"]).fill(email);
      await page.getByLabel(enAdmin["admin.login.password"], { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: enAdmin["admin.login.submit"] }).click();
      await expect(page).toHaveURL(/\/admin\/products$/);
      for (const [lang, texts] of [
        ["en", enAdmin],
        ["bn", bnAdmin],
      ] as const) {
        withDb((db) => db.prepare(`UPDATE AdminUser SET language = ? WHERE id = ?`).run(lang, id));
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto("/admin/dashboard");
          await rendered(page);
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          await page.screenshot({ path: testInfo.outputPath(`header-${lang}-${width}.png`) });
          expect(await wholeName(page), `${lang} ${width}px: the shop's name`).toBe(true);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          const menu = page.getByTestId("admin-menu");
          await expect(menu.locator(":scope > summary")).toHaveAttribute(
            "title",
            texts["admin.signedInAs"].replace("{email}", email),
          );
          if (width === 1280) {
            // View shop on one line (a wrapped link has two boxes), the menu's e-mail whole.
            const viewShop = page.getByRole("navigation").getByRole("link", { name: texts["admin.nav.viewShop"] });
            expect(await viewShop.evaluate((link) => link.getClientRects().length)).toBe(1);
            await menu.locator(":scope > summary").click();
            const signedIn = page.getByTestId("signed-in-as");
            await expect(signedIn).toBeVisible();
            await expect(signedIn).toHaveText(texts["admin.signedInAs"].replace("{email}", email));
            expect(await signedIn.evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
            const box = (await signedIn.boundingBox())!;
            expect(box.x + box.width).toBeLessThanOrEqual(width);
          }
        }
      }
    } finally {
      deleteAdmin(id);
    }
  });

  test("at 1280 and 1024 px an owner's navigation, View shop and Logout are one line of the bar, in English and Bangla", async ({
    page,
  }, testInfo) => {
    const email = `header-line-${testInfo.project.name}-${Date.now()}@haat.example`;
    const id = insertAdmin(email, await hashPassword(PASSWORD));
    try {
      await signIn(page, { email, password: PASSWORD });
      for (const [lang, texts] of [
        ["en", enAdmin],
        ["bn", bnAdmin],
      ] as const) {
        withDb((db) => db.prepare(`UPDATE AdminUser SET language = ? WHERE id = ?`).run(lang, id));
        for (const width of [1280, 1024]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto("/admin/dashboard");
          await rendered(page);
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          const nav = page.getByRole("banner").getByRole("navigation", { name: texts["admin.nav.label"] });
          await expect(nav.getByRole("button", { name: texts["admin.nav.logout"] })).toBeVisible();
          await page.screenshot({ path: testInfo.outputPath(`bar-${lang}-${width}.png`) });
          // An owner's pages are under "Shop settings", closed: its links are not in the bar.
          await expect(nav.getByRole("link", { name: texts["admin.nav.settings"] })).toBeHidden();
          // Every link, the Shop settings entry and the Logout button: one box each, all centred on the same line.
          const rows = await nav.evaluate((element) =>
            Array.from(element.querySelectorAll(":scope > a, summary, button")).map((control) => {
              const boxes = control.getClientRects();
              return { boxes: boxes.length, middle: Math.round(boxes[0]!.top + boxes[0]!.height / 2) };
            }),
          );
          expect(
            rows.every((row) => row.boxes === 1),
            `${lang} ${width}px: a control wraps inside`,
          ).toBe(true);
          expect(new Set(rows.map((row) => row.middle)).size, `${lang} ${width}px: the bar's rows`).toBe(1);
          // The entry opens (a native disclosure, with or without JavaScript) on the owner's pages.
          await nav.getByText(texts["admin.nav.shopSettings"]).click();
          await expect(nav.getByRole("link", { name: texts["admin.nav.staff"] })).toHaveAttribute(
            "href",
            "/admin/staff",
          );
          await nav.getByRole("link", { name: texts["admin.nav.settings"] }).click();
          await expect(page).toHaveURL(/\/admin\/settings$/);
          expect(await wholeName(page), `${lang} ${width}px: the shop's name`).toBe(true);
        }
      }
    } finally {
      deleteAdmin(id);
    }
  });

  test("the install offer is on the dashboard only, and leaves its header for the menu once dismissed, for good", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    const offer = page.getByTestId("install-offer");
    const menu = page.getByTestId("admin-menu");
    // Other pages keep a phone's screen for their work: the offer is in the menu there.
    await rendered(page);
    await expect(page.getByTestId("admin-language-switch")).toBeVisible();
    await expect(offer).toHaveCount(0);
    await expect(menu.getByTestId("install-app")).toHaveCount(1);
    await page.goto("/admin/dashboard");
    await rendered(page);
    if (!jsEnabled(testInfo)) {
      // Without JavaScript there is no offer in the header: the manual steps are in the menu.
      await expect(offer).toHaveCount(0);
      await menu.getByText("Menu", { exact: true }).click();
      await expect(menu.getByTestId("install-app")).toBeVisible();
      return;
    }
    await expect(offer).toBeVisible();
    await expect(menu.getByTestId("install-app")).toHaveCount(0);
    // Leaving the dashboard (the page running, not reloaded) takes it to the menu.
    await menu.getByText("Menu", { exact: true }).click();
    await menu.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await rendered(page);
    await expect(offer).toHaveCount(0);
    await expect(menu.getByTestId("install-app")).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await rendered(page);
    await expect(offer).toBeVisible();
    // (The menu is still open from the visit: closed, it no longer covers the offer.)
    await menu.locator(":scope > summary").click();
    await expect(menu).not.toHaveAttribute("open");
    await offer.getByRole("button", { name: "Not now" }).click();
    await expect(offer).toHaveCount(0);
    await menu.getByText("Menu", { exact: true }).click();
    await expect(menu.getByTestId("install-app")).toBeVisible();
    // Remembered in this browser: the next page load keeps the header clear.
    await page.reload();
    await rendered(page);
    await expect(page.getByTestId("admin-language-switch")).toBeVisible();
    await expect(offer).toHaveCount(0);
    await expect(menu.getByTestId("install-app")).toHaveCount(1);
  });
});

test.describe("installable app", () => {
  test("the admin links a valid manifest whose icons are PNGs of the stated sizes", async ({ page, request }) => {
    serverMarkupOnly("the manifest and its icons are HTTP answers");
    await signIn(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/admin-app.webmanifest");

    // Public: a browser fetches the manifest without cookies.
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(await response.text());
    expect(manifest).toMatchObject({
      name: "Haat Lights & Decor Admin",
      short_name: "Haat Admin",
      start_url: "/admin/products",
      scope: "/admin/",
      display: "standalone",
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons).toHaveLength(3);
    for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
      const png = await request.get(icon.src);
      expect(png.status()).toBe(200);
      expect(png.headers()["content-type"]).toBe("image/png");
      expect(png.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(await png.body()).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe(icon.type.replace("image/", ""));
    }
    expect(manifest.icons.map((i: { purpose: string }) => i.purpose)).toContain("maskable");
  });

  test("the service worker script is served to an admin only, uncached, as JavaScript", async ({ page, request }) => {
    serverMarkupOnly("the service worker script is an HTTP answer");
    const anonymous = await request.get("/admin/sw.js", { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers()["location"]).toBe("/admin/login?redirectTo=%2Fadmin%2Fsw.js");

    await signIn(page);
    const script = await page.request.get("/admin/sw.js");
    expect(script.status()).toBe(200);
    expect(script.headers()["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(script.headers()["cache-control"]).toBe("no-cache");
  });

  test("the service worker registers for /admin/, never serves stale data, and shows the offline page", async ({
    page,
    context,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "a service worker needs JavaScript");
    const orderId = insertOrder({ name: "E2E SW Shopper", productName: "E2E SW Lamp", quantity: 1, unitPaisa: 1000 });
    try {
      await signIn(page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toMatch(/\/admin\/$/);
      await page.goto("/admin/dashboard");
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      // A status change made elsewhere shows on reload: nothing comes from a cache.
      const delivered = page.getByTestId("status-count-delivered").getByTestId("count");
      await expect(async () => {
        await page.reload();
        expect(Number(await delivered.innerText())).toBe(statusCountFromDb("delivered"));
      }).toPass();
      withDb((db) => db.prepare(`UPDATE "Order" SET status = 'delivered' WHERE id = ?`).run(orderId));
      await expect(async () => {
        const expected = statusCountFromDb("delivered");
        await page.reload();
        expect(Number(await delivered.innerText())).toBe(expected);
      }).toPass();
      // The same through a client-side navigation (a data request, not a page load).
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
      await expect(page).toHaveURL(/\/admin\/orders$/);
      withDb((db) => db.prepare(`UPDATE "Order" SET status = 'shipped' WHERE id = ?`).run(orderId));
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
      await expect(async () => {
        const expected = statusCountFromDb("shipped");
        const shown = Number(await page.getByTestId("status-count-shipped").getByTestId("count").innerText());
        if (shown !== expected) await page.reload();
        expect(shown).toBe(expected);
      }).toPass();

      // Offline: a navigation shows the offline page instead of the browser's error. First let
      // Remix's background route discovery (/__manifest, after each load) finish: cut off, it
      // logs an error in the console, which is not what this test is about.
      await page.waitForLoadState("networkidle");
      await context.setOffline(true);
      await page.goto("/admin/orders").catch(() => undefined);
      await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
      await expect(page.getByText("This page needs a connection to show current data.")).toBeVisible();
      await context.setOffline(false);
      await page.getByRole("link", { name: "Try again" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    } finally {
      await context.setOffline(false);
      deleteOrders([orderId]);
    }
  });

  test("Install App shows the manual steps when the browser offered no prompt", async ({ page }, testInfo) => {
    await signIn(page);
    await page.goto("/admin/dashboard");
    await rendered(page);
    // Without JavaScript the offer is in the menu only; with it, in a strip under the header bar.
    if (!jsEnabled(testInfo)) await page.getByTestId("admin-menu").locator(":scope > summary").click();
    const install = page.getByTestId("install-app");
    const steps = page.getByTestId("install-steps");
    await expect(steps).toBeHidden();
    await install.getByText("Install App", { exact: true }).click();
    await expect(steps).toBeVisible();
    await expect(steps).toContainText("On iPhone or iPad: tap the share button, then 'Add to Home Screen'.");
    await expect(steps).toContainText("Elsewhere: open the browser menu, then 'Install app' or 'Add to Home screen'.");
    await install.getByText("Install App", { exact: true }).click();
    await expect(steps).toBeHidden();
  });

  test("Install App triggers the browser's install prompt when there is one", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "the prompt is a JavaScript API");
    await signIn(page);
    await page.goto("/admin/dashboard");
    await rendered(page);
    await expect(page.getByTestId("install-app")).toBeVisible();
    // Headless Chromium never fires beforeinstallprompt: dispatch one with a prompt() stub.
    await page.evaluate(() => {
      const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & Record<string, unknown>;
      event.prompt = async () => {
        (window as unknown as { prompted: number }).prompted = 1;
      };
      event.userChoice = Promise.resolve({ outcome: "accepted" });
      window.dispatchEvent(event);
    });
    const button = page.getByRole("button", { name: "Install App" });
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
    await expect(page.getByTestId("install-app")).toHaveText("App Installed");
  });

  test("running installed, the header says 'App Installed'", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "display-mode is detected with JavaScript");
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes("display-mode: standalone")
          ? ({
              matches: true,
              media: query,
              onchange: null,
              addEventListener() {},
              removeEventListener() {},
              addListener() {},
              removeListener() {},
              dispatchEvent: () => false,
            } as MediaQueryList)
          : original(query);
    });
    await signIn(page);
    await expect(page.getByTestId("install-app")).toHaveText("App Installed");
    await expect(page.getByRole("button", { name: "Install App" })).toHaveCount(0);
  });
});

test.describe("dashboard", () => {
  test("at 360 px the top products are one card each: the whole name, then the quantity and revenue, labelled", async ({
    page,
  }) => {
    const product = `E2E Phone Top ${Date.now().toString(36)} Batash BLDC 56" Energy-Saver Ceiling Fan with Remote`;
    const id = insertOrder({ name: "E2E Top Shopper", productName: product, quantity: 5000, unitPaisa: 1000 });
    try {
      await page.setViewportSize({ width: 360, height: 800 });
      await signIn(page);
      await page.goto("/admin/dashboard");
      await rendered(page);
      const row = page.getByTestId("top-products").locator("tbody tr").filter({ hasText: product });
      await expect(row).toBeVisible();
      const card = await row.evaluate((tr) => {
        const cells = Array.from(tr.children);
        return {
          display: getComputedStyle(tr).display,
          width: tr.getBoundingClientRect().width,
          nameWidth: cells[0]!.getBoundingClientRect().width,
          labels: cells.slice(1).map((cell) => getComputedStyle(cell, "::before").content),
        };
      });
      // Not a squeezed table row: the name has the card's width, the numbers their labels.
      expect(card.display).not.toBe("table-row");
      expect(card.nameWidth).toBeGreaterThan(card.width - 40);
      expect(card.labels).toEqual(['"Quantity sold"', '"Revenue"']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      deleteOrders([id]);
    }
  });

  test("shows today's, 7 and 30 day numbers, status counts, top products and a bar per day", async ({ page }) => {
    const product = `E2E Dash Bulb ${Date.now().toString(36)}`;
    const ids = [
      insertOrder({ name: "E2E Dash Shopper", productName: product, quantity: 999, unitPaisa: 1000 }),
      // Cancelled: not in the orders or revenue figures.
      insertOrder({
        name: "E2E Dash Shopper",
        productName: product,
        quantity: 5,
        unitPaisa: 1000,
        status: "cancelled",
      }),
      // 10 days ago: in the 30 days only.
      insertOrder({
        name: "E2E Dash Shopper",
        productName: product,
        quantity: 1,
        unitPaisa: 50_000,
        createdAt: new Date(Date.now() - 10 * DAY_MS),
      }),
    ];
    try {
      await signIn(page);
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

      await expect(async () => {
        const today = periodFromDb(0);
        const week = periodFromDb(6);
        const month = periodFromDb(29);
        const pending = statusCountFromDb("pending");
        const cancelled = statusCountFromDb("cancelled");
        await page.reload();
        await expect(page.getByTestId("period-today").getByTestId("revenue")).toHaveText(taka(today.revenue), {
          timeout: 500,
        });
        await expect(page.getByTestId("period-today").getByTestId("orders")).toHaveText(ordersText(today.orders), {
          timeout: 500,
        });
        await expect(page.getByTestId("period-7").getByTestId("revenue")).toHaveText(taka(week.revenue), {
          timeout: 500,
        });
        await expect(page.getByTestId("period-30").getByTestId("revenue")).toHaveText(taka(month.revenue), {
          timeout: 500,
        });
        await expect(page.getByTestId("period-30").getByTestId("orders")).toHaveText(ordersText(month.orders), {
          timeout: 500,
        });
        await expect(page.getByTestId("status-count-pending").getByTestId("count")).toHaveText(String(pending), {
          timeout: 500,
        });
        await expect(page.getByTestId("status-count-cancelled").getByTestId("count")).toHaveText(String(cancelled), {
          timeout: 500,
        });
      }).toPass({ timeout: 15_000 });

      for (const status of ["pending", "processing", "shipped", "delivered", "cancelled"]) {
        await expect(page.getByTestId(`status-count-${status}`)).toContainText(status);
      }
      // This test's product leads the top products.
      await expect(page.getByTestId("top-products").locator("tbody tr").first()).toContainText(product);
      // 999 today + 1 ten days ago (same snapshot name); the 5 cancelled are left out.
      const top = page.getByTestId("top-products").locator("tbody tr").first().getByRole("cell");
      await expect(top).toHaveText([product, "1000", taka(999 * 1000 + 50_000)]);

      const chart = page.getByRole("img", { name: "Daily sales, last 30 days" });
      await expect(chart).toBeVisible();
      await expect(page.getByTestId("chart-bar")).toHaveCount(30);
      const todayBar = page.getByTestId("chart-bar").last();
      expect(Number(await todayBar.getAttribute("data-revenue"))).toBeGreaterThanOrEqual(999 * 1000 + 6000);
      expect(Number(await todayBar.getAttribute("height"))).toBeGreaterThan(0);
      // The same numbers as a table, behind a disclosure that works without JavaScript.
      await page.getByText("Show the numbers as a table").click();
      await expect(page.getByTestId("sales-table").locator("tbody tr")).toHaveCount(30);
    } finally {
      deleteOrders(ids);
    }
  });
});
