/**
 * The back office in the staff member's language, against a real SQLite database: the header's
 * switch stores the choice on the account, every admin text (titles, form messages, toasts, amounts
 * and dates) follows it, the sign-in page follows the browser's remembered language (its own
 * switch's or the storefront's), else its Accept-Language, and an
 * invoice is in the language its order was placed in, whoever prints it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { orderSummary } from "~/components/admin/order-summary";
import { adminTranslator } from "~/i18n/admin";
import { bnAdmin, enAdmin } from "~/i18n/admin/areas";
import { formatInteger } from "~/i18n/format";
import { prisma } from "~/models/db/client.server";
import { action as languageAction } from "~/routes/language";
import { loader as adminLayoutLoader } from "~/routes/admin";
import { action as adminLanguageAction, loader as adminLanguageLoader } from "~/routes/admin.language";
import { action as loginAction, loader as loginLoader } from "~/routes/admin_.login";
import { action as logoutAction } from "~/routes/admin_.logout";
import { loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { action as createProductAction } from "~/routes/admin.products.create";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings/route";
import { action as cartAction } from "~/routes/_shop.cart/route";
import {
  CookieJar,
  createAdmin,
  createCategory,
  createProduct,
  expectData,
  get,
  multipart,
  post,
  run,
  runData,
  signedInJar,
} from "./helpers";

let staffId: number;
let staff: CookieJar;

/** Switches the signed-in staff member's back office to `lang` through the header's form. */
function switchTo(lang: string, next = "/admin/orders") {
  return run(adminLanguageAction, post("/admin/language", { lang, next }, staff));
}

/** Places an order from the storefront page in `prefix` ("" English, "/bn" Bangla); returns its id. */
async function placeOrderFrom(prefix: "" | "/bn") {
  const jar = new CookieJar();
  const product = await createProduct({ name: "Brass Lamp", pricePaisa: 123_456_00 });
  jar.take(
    (await run(cartAction, post(`${prefix}/cart`, { intent: "add", variantId: product.variantId, quantity: 1 }, jar)))
      .headers,
  );
  const placed = await run(
    cartAction,
    post(
      `${prefix}/cart`,
      {
        intent: "checkout",
        name: "Karim",
        phone: "01812345678",
        address: "House 1",
        area: "Mirpur",
        district: "Dhaka",
        shippingMethod: "Inside Dhaka",
        checkoutToken: `lang-${Date.now()}-${Math.random()}`.replace(/[^A-Za-z0-9_-]/g, "x"),
        expectedSubtotalPaisa: 123_456_00,
      },
      jar,
    ),
  );
  expect(placed.status).toBe(302);
  return Number(new URL(placed.location!, "http://x").searchParams.get("order"));
}

beforeEach(async () => {
  staffId = (await createAdmin()).id;
  staff = await signedInJar(staffId);
});

describe("the back office's language", () => {
  it("is English until the staff member switches; the switch stores it on the account and goes back", async () => {
    expect((await runData(adminLayoutLoader, get("/admin/orders", staff))).adminLang).toBe("en");
    const switched = await switchTo("bn", "/admin/orders?status=pending");
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/admin/orders?status=pending");
    expect((await prisma.adminUser.findUniqueOrThrow({ where: { id: staffId } })).language).toBe("bn");
    expect((await runData(adminLayoutLoader, get("/admin/orders", staff))).adminLang).toBe("bn");
    // Another device with a new session sees the same choice: it is on the account, not a cookie.
    const elsewhere = await signedInJar(staffId);
    expect((await runData(adminLayoutLoader, get("/admin/dashboard", elsewhere))).adminLang).toBe("bn");
    await switchTo("en");
    expect((await runData(adminLayoutLoader, get("/admin/orders", staff))).adminLang).toBe("en");
  });

  it("refuses an unknown language, a foreign `next` and a visitor without a session", async () => {
    await expect(switchTo("fr")).resolves.toMatchObject({ status: 400 });
    expect((await prisma.adminUser.findUniqueOrThrow({ where: { id: staffId } })).language).toBe("en");
    expect((await switchTo("bn", "https://evil.example/admin")).location).toBe("/admin/dashboard");
    expect((await switchTo("bn", "/cart")).location).toBe("/admin/dashboard");
    // A visitor without a session changes no account: sent to sign in (the sign-in page's switch posts to /language).
    expect(await run(adminLanguageAction, post("/admin/language", { lang: "bn", next: "/admin/orders" }))).toRedirectTo(
      "/admin/login?redirectTo=%2Fadmin%2Flanguage",
    );
    expect((await run(adminLanguageLoader, get("/admin/language", staff))).location).toBe("/admin/dashboard");
    expect(await run(adminLanguageLoader, get("/admin/language"))).toRedirectTo(
      "/admin/login?redirectTo=%2Fadmin%2Flanguage",
    );
  });

  it("form messages and toasts follow it: a rejected settings form in Bangla, then a saved one", async () => {
    await switchTo("bn");
    const { values } = await runData(settingsLoader, get("/admin/settings", staff));
    const rejected = expectData(
      await run(
        settingsAction,
        multipart("/admin/settings", { ...values, name: "", insideDhakaFeePaisa: "-5" }, [], staff),
      ),
    );
    expect(rejected.formError).toBe(bnAdmin["admin.settings.fixErrors"]);
    expect(rejected.fieldErrors.name).toBe(bnAdmin["admin.settings.nameRequired"]);
    expect(rejected.fieldErrors.insideDhakaFeePaisa).toBe(bnAdmin["admin.settings.feeInvalid"]);
    const saved = await run(settingsAction, multipart("/admin/settings", values as Record<string, string>, [], staff));
    await expect(saved).toSetToast({ kind: "success", message: bnAdmin["admin.settings.saved"] });
  });

  it("a product form refused in Bangla answers in Bangla; in English in English", async () => {
    const category = await createCategory();
    const fields = { name: "", price: "১২০", discountedPrice: "", categoryId: String(category.id), description: "x" };
    await switchTo("bn");
    const bangla = expectData(await run(createProductAction, multipart("/admin/products/create", fields, [], staff)));
    expect(bangla.fieldErrors.name).toBe(bnAdmin["admin.productForm.nameRequired"]);
    expect(bangla.fieldErrors.price).toBeUndefined(); // Bengali digits are a price
    await switchTo("en");
    const english = expectData(await run(createProductAction, multipart("/admin/products/create", fields, [], staff)));
    expect(english.fieldErrors.name).toBe(enAdmin["admin.productForm.nameRequired"]);
  });

  it("the logged-out toast is in the staff member's language", async () => {
    await switchTo("bn");
    const out = await run(logoutAction, post("/admin/logout", {}, staff));
    await expect(out).toSetToast({ kind: "info", message: bnAdmin["admin.loggedOut"] });
  });

  it("the sign-in page follows the browser's languages, and its switch (no session) is remembered in the browser", async () => {
    const bangla = (path: string, jar?: CookieJar) => {
      const request = get(path, jar);
      request.headers.set("Accept-Language", "bn-BD,bn;q=0.9,en;q=0.8");
      return request;
    };
    expect((await runData(loginLoader, bangla("/admin/login"))).adminLang).toBe("bn");
    const english = get("/admin/login");
    english.headers.set("Accept-Language", "en-GB,bn;q=0.5");
    expect((await runData(loginLoader, english)).adminLang).toBe("en");
    // The switch on the page: English chosen over the header, kept for the next visit; `next` stays on the sign-in pages.
    const browser = new CookieJar();
    const switched = await run(
      languageAction,
      post("/language", { lang: "en", next: "/admin/login?redirectTo=%2Fadmin%2Forders" }, browser),
    );
    expect(switched.status).toBe(303);
    expect(switched.location).toBe("/admin/login?redirectTo=%2Fadmin%2Forders");
    browser.take(switched.headers);
    expect((await runData(loginLoader, bangla("/admin/login", browser))).adminLang).toBe("en");
    expect((await run(languageAction, post("/language", { lang: "bn", next: "/admin/two-factor" }))).location).toBe(
      "/admin/two-factor",
    );
    expect((await run(languageAction, post("/language", { lang: "xx", next: "/admin/login" }))).status).toBe(400);
  });

  it("the sign-in page follows the browser's remembered storefront language", async () => {
    const browser = new CookieJar();
    expect((await runData(loginLoader, get("/admin/login", browser))).adminLang).toBe("en");
    browser.take((await run(languageAction, post("/language", { lang: "bn", next: "/" }, browser))).headers);
    expect((await runData(loginLoader, get("/admin/login", browser))).adminLang).toBe("bn");
    const refused = await run(
      loginAction,
      post("/admin/login", { email: "nobody@haat.example", password: "wrong" }, browser),
      {},
      { clientAddress: "10.77.0.1" },
    );
    expect(refused.status).toBe(401);
    expect(expectData(refused).error).toBe(bnAdmin["admin.login.invalidDetail"]);
  });
});

describe("amounts, dates and invoices", () => {
  it("a Bangla back office writes an order's amount and date in Bengali digits, with lakh grouping", async () => {
    const id = await placeOrderFrom("");
    const order = await prisma.order.findUniqueOrThrow({ where: { id } });
    const bangla = orderSummary(order, adminTranslator("bn"), "bn");
    expect(bangla).toContain("১,২৩,৫১৬.০০ ৳");
    expect(bangla).toContain(`#${formatInteger(id, "bn")}`);
    expect(bangla).not.toMatch(/[0-9]/);
    expect(orderSummary(order, adminTranslator("en"), "en")).toContain("1,23,516.00 ৳");
  });

  it("an order placed in Bangla keeps its language, and its invoice is in Bangla for every staff member", async () => {
    const id = await placeOrderFrom("/bn");
    expect((await prisma.order.findUniqueOrThrow({ where: { id } })).language).toBe("bn");
    const { invoice } = await runData(orderLoader, get(`/admin/orders/view/${id}`, staff), { id: String(id) });
    expect(invoice.lang).toBe("bn");
    expect(invoice.shippingMethod).toBe("ঢাকার ভিতরে");
    expect(invoice.customer.address).toBe("House 1\nMirpur, ঢাকা");
    expect(invoice.totalAmount).toBe("৳১,২৩,৪৫৬.০০");
    expect(invoice.lines[0]?.quantity).toBe("১");
  });

  it("an order placed in English has an English invoice, even for a Bangla back office", async () => {
    const id = await placeOrderFrom("");
    await switchTo("bn");
    const { invoice } = await runData(orderLoader, get(`/admin/orders/view/${id}`, staff), { id: String(id) });
    expect(invoice.lang).toBe("en");
    expect(invoice.shippingMethod).toBe("Inside Dhaka");
    expect(invoice.customer.address).toBe("House 1\nMirpur, Dhaka");
    expect(invoice.totalAmount).toBe("৳1,23,456.00");
  });
});
