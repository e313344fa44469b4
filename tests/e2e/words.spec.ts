/**
 * The words a shopper or a staff member reads on the key screens, in English and in Bangla, with
 * JavaScript on and off. The texts are written out here, not read from the message catalogues
 * (app/i18n/): the catalogue test proves both languages have the same keys, and these prove the
 * pages say the right words with them, so a wrong translation, a page that shows the wrong key, or
 * a Bangla page that falls back to English after hydration fails a test. Other specs look texts up
 * in the catalogues to follow a journey; change a text here only when the shop means to change
 * what its readers see.
 */
import type { Page } from "@playwright/test";
import { hashPassword } from "../../app/server/auth/password.server";
import { deleteAdmin, insertAdmin, withDb } from "./e2e-db";
import { buyableCards, expect, rendered, signIn, test, uniqueName } from "./fixtures";

/** `value` in Bengali digits, as a Bangla page writes numbers: 1024 → "১০২৪". */
const bengaliDigits = (value: number) => String(value).replace(/\d/g, (digit) => "০১২৩৪৫৬৭৮৯"[Number(digit)]!);

/** A phone number of its own for each placed order, so the per-phone order limit never refuses one. */
const freshPhone = () => `017${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** Per language: the path prefix, how a page writes an order number, and the words on its screens. */
const SHOP = {
  en: {
    prefix: "",
    number: (value: number) => String(value),
    nav: "Main",
    products: "Products",
    cart: "Cart",
    switchLanguage: "Read this page in",
    featured: "Featured Products",
    byCategory: "Shop by Category",
    search: "Search",
    searchLabel: "Search products",
    footerTrack: "Track your order",
    home: "Home",
    addToCart: "Add to Cart",
    buyNow: "Buy Now",
    quantity: "Quantity",
    cartTitle: "Shopping Cart",
    subtotal: "Subtotal",
    deliveryDetails: "Delivery details",
    name: "Full name",
    phone: "Phone",
    address: "Delivery address",
    area: "Area or thana",
    district: "District",
    placeOrder: "Place Order (Cash on Delivery)",
    nameRequired: "Please enter your name.",
    fixFields: "Please correct the highlighted fields.",
    placed: "Order Placed Successfully!",
    thanks: "Thank you for your order. We'll contact you soon with delivery details.",
    orderNumber: (id: string) => `Your order number is #${id}.`,
    trackTitle: "Track your order",
    trackNumber: "Order number",
    trackPhone: "Phone",
    trackSubmit: "Track order",
    trackedOrder: (id: string) => `Order #${id}`,
    currentStatus: "Current status",
    pending: "pending",
    orderPlaced: "Order placed",
  },
  bn: {
    prefix: "/bn",
    number: bengaliDigits,
    nav: "প্রধান মেনু",
    products: "পণ্যসমূহ",
    cart: "কার্ট",
    switchLanguage: "ভাষা বদলান:",
    featured: "বাছাই করা পণ্য",
    byCategory: "ক্যাটাগরি অনুযায়ী কিনুন",
    search: "খুঁজুন",
    searchLabel: "পণ্য খুঁজুন",
    footerTrack: "অর্ডার ট্র্যাক করুন",
    home: "হোম",
    addToCart: "কার্টে যোগ করুন",
    buyNow: "এখনই কিনুন",
    quantity: "পরিমাণ",
    cartTitle: "শপিং কার্ট",
    subtotal: "সাবটোটাল",
    deliveryDetails: "ডেলিভারির ঠিকানা",
    name: "পুরো নাম",
    phone: "মোবাইল নম্বর",
    address: "ডেলিভারির ঠিকানা (বাড়ি, রোড)",
    area: "এলাকা বা থানা",
    district: "জেলা",
    placeOrder: "অর্ডার করুন (ক্যাশ অন ডেলিভারি)",
    nameRequired: "আপনার নাম লিখুন।",
    fixFields: "চিহ্নিত ঘরগুলো ঠিক করুন।",
    placed: "অর্ডার সফল হয়েছে!",
    thanks: "অর্ডারের জন্য ধন্যবাদ। ডেলিভারির বিষয়ে আমরা শিগগিরই আপনার সাথে যোগাযোগ করব।",
    orderNumber: (id: string) => `আপনার অর্ডার নম্বর #${id}।`,
    trackTitle: "অর্ডার ট্র্যাক করুন",
    trackNumber: "অর্ডার নম্বর",
    trackPhone: "মোবাইল নম্বর",
    trackSubmit: "অর্ডার খুঁজুন",
    trackedOrder: (id: string) => `অর্ডার #${id}`,
    currentStatus: "বর্তমান অবস্থা",
    pending: "অপেক্ষমাণ",
    orderPlaced: "অর্ডার করা হয়েছে",
  },
};

/** Per language: the words of the back office's sign-in page, orders list and dashboard. */
const ADMIN = {
  en: {
    signInTitle: "Admin Login",
    email: "Email address",
    password: "Password",
    signIn: "Sign in",
    nav: "Admin",
    orders: "Orders",
    dashboard: "Dashboard",
    status: "Status",
    allStatuses: "All statuses",
    statuses: ["pending", "processing", "shipped", "delivered", "cancelled"],
    searchOrders: "Search orders",
    today: "Today",
    last7: "Last 7 days",
    last30: "Last 30 days",
    byStatus: "Orders by status",
    topProducts: "Top products (last 30 days)",
    lowStock: "Low stock",
    logout: "Logout",
  },
  bn: {
    signInTitle: "অ্যাডমিন লগইন",
    email: "ইমেইল ঠিকানা",
    password: "পাসওয়ার্ড",
    signIn: "লগইন করুন",
    nav: "অ্যাডমিন মেনু",
    orders: "অর্ডার",
    dashboard: "ড্যাশবোর্ড",
    status: "স্ট্যাটাস",
    allStatuses: "সব স্ট্যাটাস",
    statuses: ["অপেক্ষমাণ", "প্রস্তুত হচ্ছে", "পাঠানো হয়েছে", "ডেলিভারি হয়েছে", "বাতিল"],
    searchOrders: "অর্ডার খুঁজুন",
    today: "আজ",
    last7: "গত ৭ দিন",
    last30: "গত ৩০ দিন",
    byStatus: "স্ট্যাটাস অনুযায়ী অর্ডার",
    topProducts: "সবচেয়ে বেশি বিক্রি হওয়া পণ্য (গত ৩০ দিন)",
    lowStock: "কম স্টক",
    logout: "লগআউট",
  },
};

/** Opens the first product of the listing in `words`' language with cart forms on its card (no options). */
async function openFirstProductIn(page: Page, words: { prefix: string; products: string }) {
  await page.goto(`${words.prefix}/products`);
  await rendered(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.products);
  const link = buyableCards(page).first().getByRole("heading").getByRole("link");
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await rendered(page);
}

for (const lang of ["en", "bn"] as const) {
  const words = SHOP[lang];
  const staff = ADMIN[lang];

  test.describe(`in ${lang === "en" ? "English" : "Bangla"}`, () => {
    test("the home page, the product list and a product page", async ({ page }) => {
      await page.goto(words.prefix || "/");
      await rendered(page);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const nav = page.getByRole("navigation", { name: words.nav });
      await expect(nav.getByRole("link", { name: words.products, exact: true })).toBeVisible();
      await expect(nav.getByRole("link", { name: words.cart, exact: true })).toBeVisible();
      await expect(page.getByText(words.switchLanguage)).toBeVisible();
      await expect(page.getByRole("heading", { name: words.featured })).toBeVisible();
      await expect(page.getByRole("heading", { name: words.byCategory })).toBeVisible();
      await expect(page.getByLabel(words.searchLabel, { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: words.search, exact: true })).toBeVisible();
      await expect(page.getByRole("contentinfo").getByRole("link", { name: words.footerTrack })).toBeVisible();

      await openFirstProductIn(page, words);
      await expect(page.getByRole("link", { name: words.home, exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: words.addToCart, exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: words.buyNow, exact: true })).toBeVisible();
      await expect(page.getByLabel(words.quantity, { exact: true })).toBeVisible();
    });

    test("the cart, a refused checkout, the confirmation and tracking the order", async ({ page }, testInfo) => {
      test.setTimeout(60_000);
      const phone = freshPhone();
      await openFirstProductIn(page, words);
      await page.getByRole("button", { name: words.buyNow, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${words.prefix}/cart$`));
      await rendered(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.cartTitle);
      await expect(page.getByText(words.subtotal, { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: words.deliveryDetails, exact: true })).toBeVisible();

      // Nothing typed: the refusal names the first thing missing in the page's language.
      await page.getByRole("button", { name: words.placeOrder }).click();
      await expect(page.getByText(words.nameRequired, { exact: true })).toBeVisible();
      await expect(page.getByText(words.fixFields, { exact: true })).toBeVisible();

      await page.getByLabel(words.name).fill(uniqueName(testInfo));
      await page.getByLabel(words.phone, { exact: true }).fill(phone);
      await page.getByLabel(words.address).fill("House 12, Road 5");
      await page.getByLabel(words.area).fill("Dhanmondi");
      await page.getByLabel(words.district, { exact: true }).selectOption("Dhaka");
      await page.getByRole("button", { name: words.placeOrder }).click();
      await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
      await rendered(page);
      const orderId = Number(new URL(page.url()).searchParams.get("order"));
      const id = words.number(orderId);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.placed);
      await expect(page.getByText(words.thanks)).toBeVisible();
      await expect(page.getByText(words.orderNumber(id))).toBeVisible();

      await page.goto(`${words.prefix}/orders/track`);
      await rendered(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.trackTitle);
      await page.getByLabel(words.trackNumber).fill(String(orderId));
      await page.getByLabel(words.trackPhone, { exact: true }).fill(phone);
      await page.getByRole("button", { name: words.trackSubmit }).click();
      await expect(page.getByRole("heading", { name: words.trackedOrder(id) })).toBeVisible();
      await expect(page.getByText(words.currentStatus)).toBeVisible();
      await expect(page.getByTestId("order-status").first()).toHaveText(words.pending);
      await expect(page.getByText(words.orderPlaced, { exact: true })).toBeVisible();
    });

    test("the back office's sign-in page, orders list and dashboard", async ({ page }) => {
      test.setTimeout(60_000);
      // The sign-in page speaks the browser's remembered storefront language.
      if (lang === "bn") {
        await page.goto("/");
        await page.getByTestId("language-switch").click();
        await expect(page).toHaveURL(/\/bn$/);
      }
      await page.goto("/admin/login");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(staff.signInTitle);
      await expect(page).toHaveTitle(staff.signInTitle);
      await expect(page.getByLabel(staff.email)).toBeVisible();
      await expect(page.getByLabel(staff.password, { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: staff.signIn })).toBeVisible();

      // A staff member of its own, whose back office is in this language.
      const email = `words-${lang}-${test.info().project.name}-${Date.now()}@haat.example`;
      const password = "words-staff-password-1234";
      const staffId = insertAdmin(email, await hashPassword(password));
      try {
        withDb((db) => db.prepare(`UPDATE AdminUser SET language = ? WHERE id = ?`).run(lang, staffId));
        await page.context().clearCookies();
        await signIn(page, { email, password });
        await page.goto("/admin/orders");
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(staff.orders);
        const nav = page.getByRole("navigation", { name: staff.nav }).first();
        await expect(nav.getByRole("link", { name: staff.orders, exact: true })).toBeVisible();
        await expect(nav.getByRole("link", { name: staff.dashboard, exact: true })).toBeVisible();
        await expect(page.getByRole("button", { name: staff.logout })).toBeVisible();
        await expect(page.getByLabel(staff.searchOrders)).toBeVisible();
        const status = page.getByLabel(staff.status, { exact: true });
        await expect(status.locator("option")).toHaveText([staff.allStatuses, ...staff.statuses]);
        await expect(page.getByTestId("order-status").first()).toHaveText(
          new RegExp(`^(${staff.statuses.join("|")})$`),
        );

        await page.goto("/admin/dashboard");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(staff.dashboard);
        await expect(page).toHaveTitle(staff.dashboard);
        for (const period of [staff.today, staff.last7, staff.last30]) {
          await expect(page.getByText(period, { exact: true })).toBeVisible();
        }
        await expect(page.getByRole("heading", { name: staff.byStatus })).toBeVisible();
        await expect(page.getByRole("heading", { name: staff.topProducts })).toBeVisible();
        await expect(page.getByRole("heading", { name: staff.lowStock })).toBeVisible();
        for (const [index, name] of staff.statuses.entries()) {
          const key = ["pending", "processing", "shipped", "delivered", "cancelled"][index]!;
          await expect(page.getByTestId(`status-count-${key}`).getByTestId("order-status")).toHaveText(name);
        }
      } finally {
        deleteAdmin(staffId);
      }
    });
  });
}
