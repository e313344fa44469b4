/**
 * The shop settings (/admin/settings) against a real SQLite database: created on first use from
 * the environment, saved by the owner's form, shown at once by the storefront; the checkout
 * charges the fees of the moment and an order keeps the fee it was placed with.
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { getEnv } from "~/config/env.server";
import { prisma } from "~/models/db/client.server";
import { getShopSettings } from "~/models/settings.server";
import { loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { renderInvoicePng } from "~/server/media/invoice-image.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_shop._index";
import { action as cartAction } from "~/routes/_shop.cart/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings/route";
import { loader as loginLoader } from "~/routes/admin_.login";
import { rememberLanguage } from "~/server/language-cookie.server";
import {
  CookieJar,
  createAdmin,
  createProduct,
  get,
  multipart,
  post,
  run,
  runData,
  signedInJar,
  type Upload,
} from "./helpers";

let owner: CookieJar;

/** The settings form as it comes filled in, with `changes` and the `files` chosen (the logo). */
async function submitSettings(changes: Record<string, string>, files: Upload[] = []) {
  const { values } = await runData(settingsLoader, get("/admin/settings", owner));
  return run(
    settingsAction,
    multipart("/admin/settings", { ...values, ...changes } as Record<string, string>, files, owner),
  );
}

/** Places an order for one product of `pricePaisa` with `method`; returns the stored order. */
async function placeOrderFor(pricePaisa: number, shippingMethod: string) {
  const jar = new CookieJar();
  const product = await createProduct({ name: `Lamp ${pricePaisa}`, pricePaisa });
  jar.take(
    (await run(cartAction, post("/cart", { intent: "add", variantId: product.variantId, quantity: 1 }, jar))).headers,
  );
  const placed = await run(
    cartAction,
    post(
      "/cart",
      {
        intent: "checkout",
        name: "Karim",
        phone: "01812345678",
        address: "House 1",
        area: "Mirpur",
        // The zone follows the district: Dhaka's is Inside Dhaka, Sylhet's Outside.
        district: shippingMethod === "Inside Dhaka" ? "Dhaka" : "Sylhet",
        shippingMethod,
        checkoutToken: `settings-${Date.now()}-${Math.random()}`.replace(/[^A-Za-z0-9_-]/g, "x"),
        expectedSubtotalPaisa: pricePaisa,
      },
      jar,
    ),
  );
  const id = Number(new URL(placed.location!, "http://x").searchParams.get("order"));
  return prisma.order.findUniqueOrThrow({ where: { id } });
}

beforeEach(async () => {
  owner = await signedInJar((await createAdmin()).id);
});

describe("shop settings", () => {
  it("are created on first use from the environment's SHOP_* values", async () => {
    const settings = await getShopSettings();
    const env = getEnv();
    expect(settings).toMatchObject({
      name: env.SHOP_NAME,
      phone: env.SHOP_PHONE,
      insideDhakaFeePaisa: 6000,
      outsideDhakaFeePaisa: 12000,
      freeDeliveryMinPaisa: null,
      defaultLanguage: "en",
    });
    expect(await prisma.shopSettings.count()).toBe(1);
  });

  it("a save shows on the storefront at once, in each language", async () => {
    const saved = await submitSettings({ name: "Noor Lighting", nameBn: "নূর লাইটিং" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/settings");
    expect((await runData(rootLoader, get("/"))).shop.name).toBe("Noor Lighting");
    expect((await runData(rootLoader, get("/bn"))).shop.name).toBe("নূর লাইটিং");
    const home = await runData(homeLoader, get("/"));
    expect(home.meta).toContainEqual({ property: "og:site_name", content: "Noor Lighting" });
  });

  it("a save another process commits shows here on the next read (regression: the copy was kept until this process saved)", async () => {
    expect((await getShopSettings()).name).not.toBe("Saved Elsewhere");
    // Another server process's connection to the same file, as a second process of a cluster saves.
    const elsewhere = new Database(getEnv().databasePath);
    try {
      elsewhere
        .prepare(`UPDATE "ShopSettings" SET "name" = ?, "insideDhakaFeePaisa" = ? WHERE "id" = 1`)
        .run("Saved Elsewhere", 7000);
    } finally {
      elsewhere.close();
    }
    expect(await getShopSettings()).toMatchObject({ name: "Saved Elsewhere", insideDhakaFeePaisa: 7000 });
    expect((await runData(rootLoader, get("/"))).shop.name).toBe("Saved Elsewhere");
  });

  it("the checkout charges the fees of the moment, and an order keeps the fee it was placed with", async () => {
    const before = await placeOrderFor(100000, "Outside Dhaka");
    expect(before.shippingFeePaisa).toBe(12000);
    await submitSettings({ outsideDhakaFeePaisa: "150.50", freeDeliveryMinPaisa: "5000" });
    const after = await placeOrderFor(100000, "Outside Dhaka");
    expect(after).toMatchObject({ shippingFeePaisa: 15050, totalPaisa: 115050 });
    const free = await placeOrderFor(500000, "Outside Dhaka");
    expect(free).toMatchObject({ shippingFeePaisa: 0, totalPaisa: 500000 });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: before.id } })).shippingFeePaisa).toBe(12000);
  });

  it("a rejected save says what is wrong, keeps what was typed and saves nothing", async () => {
    const before = await getShopSettings();
    const refused = await submitSettings({ name: "Typed name", email: "not-an-email", outsideDhakaFeePaisa: "-5" });
    expect(refused.status).toBe(400);
    const body = refused.data as { values: Record<string, string>; fieldErrors: Record<string, string> };
    expect(body.fieldErrors).toMatchObject({ email: expect.any(String), outsideDhakaFeePaisa: expect.any(String) });
    expect(body.values).toMatchObject({ name: "Typed name", email: "not-an-email", outsideDhakaFeePaisa: "-5" });
    expect(await getShopSettings()).toEqual(before);
  });

  it("the low-stock threshold is a whole number of units from 0 to 10,000", async () => {
    for (const typed of ["-1", "2.5", "many", "10001"]) {
      const refused = await submitSettings({ lowStockThreshold: typed });
      expect(refused.status, typed).toBe(400);
      const body = refused.data as { values: Record<string, string>; fieldErrors: Record<string, string> };
      expect(body.fieldErrors.lowStockThreshold).toBe(enAdmin["admin.settings.lowStockInvalid"]);
      expect(body.values.lowStockThreshold).toBe(typed);
    }
    expect(await submitSettings({ lowStockThreshold: "১২" })).toRedirectTo("/admin/settings");
    expect((await getShopSettings()).lowStockThreshold).toBe(12);
  });

  it("a Bangla-reading owner sees the numbers in Bengali digits, and the form saves them back as they were", async () => {
    const numbers = { insideDhakaFeePaisa: "60", outsideDhakaFeePaisa: "120", freeDeliveryMinPaisa: "" };
    const counts = { lowStockThreshold: "5", phoneOrderLimit: "3", addressOrderLimit: "5" };
    expect(await submitSettings({ ...numbers, ...counts })).toRedirectTo("/admin/settings");
    const admin = await createAdmin();
    await prisma.adminUser.update({ where: { id: admin.id }, data: { language: "bn" } });
    owner = await signedInJar(admin.id);
    const before = await getShopSettings();
    const { values } = await runData(settingsLoader, get("/admin/settings", owner));
    expect(values).toMatchObject({
      insideDhakaFeePaisa: "৬০.০০",
      outsideDhakaFeePaisa: "১২০.০০",
      lowStockThreshold: "৫",
      phoneOrderLimit: "৩",
      addressOrderLimit: "৫",
    });
    expect(await submitSettings({})).toRedirectTo("/admin/settings");
    expect(await getShopSettings()).toMatchObject({
      insideDhakaFeePaisa: before.insideDhakaFeePaisa,
      outsideDhakaFeePaisa: before.outsideDhakaFeePaisa,
      lowStockThreshold: before.lowStockThreshold,
      phoneOrderLimit: before.phoneOrderLimit,
      addressOrderLimit: before.addressOrderLimit,
    });
    // Typed in Bengali digits, with a fraction of a taka and a free-delivery minimum.
    const typed = { insideDhakaFeePaisa: "৭০.৫০", freeDeliveryMinPaisa: "২৫০০", phoneOrderLimit: "১০" };
    expect(await submitSettings(typed)).toRedirectTo("/admin/settings");
    expect(await getShopSettings()).toMatchObject({
      insideDhakaFeePaisa: 7050,
      freeDeliveryMinPaisa: 250_000,
      phoneOrderLimit: 10,
    });
    expect((await runData(settingsLoader, get("/admin/settings", owner))).values).toMatchObject({
      insideDhakaFeePaisa: "৭০.৫০",
      freeDeliveryMinPaisa: "২৫০০.০০",
      phoneOrderLimit: "১০",
    });
  });

  it("the home page follows the default language for a browser that never chose", async () => {
    await submitSettings({ defaultLanguage: "bn" });
    const home = await run(homeLoader, get("/"));
    expect(home.location).toBe("/bn");
  });

  it("are the staff's only: no session, no settings", async () => {
    const anonymous = await run(settingsLoader, get("/admin/settings"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/login/);
    const post_ = await run(settingsAction, post("/admin/settings", { name: "Evil" }));
    expect(post_.status).toBe(302);
  });
});

/** An 800 × 240 px PNG logo of one colour, with a transparent border. */
async function logoFile(colour = "#c0392b", name = "logo.png"): Promise<Upload> {
  const inner = await sharp({ create: { width: 760, height: 200, channels: 4, background: colour } })
    .png()
    .toBuffer();
  const bytes = await sharp({
    create: { width: 800, height: 240, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: inner, left: 20, top: 20 }])
    .png()
    .toBuffer();
  return { field: "logo", name, bytes, type: "image/png" };
}

/** Whether the stored image `key` still has its folder under UPLOADS_DIR. */
const stored = (key: string) => fs.existsSync(path.join(process.env.UPLOADS_DIR!, key));

describe("the shop's logo", () => {
  afterEach(async () => {
    // Other test files of this worker share the database: leave it without a logo.
    await prisma.shopSettings.updateMany({ data: { logoId: null } });
  });

  it("goes through the image pipeline and shows in the header, the share tags and the invoice", async () => {
    // (An earlier test made Bangla the default language: "/" would redirect.)
    const saved = await submitSettings({ defaultLanguage: "en" }, [await logoFile()]);
    expect(saved.status).toBe(302);
    const settings = await prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 }, include: { logo: true } });
    const key = settings.logo!.key;
    expect(stored(key)).toBe(true);
    expect(settings.logo!.variantWidths).toBe("320,640,768");
    expect(settings.logo!.alt).toBe(settings.name);

    const { shop } = await runData(rootLoader, get("/"));
    expect(shop.logo).toMatchObject({ key, width: 768, height: 230 });
    const home = await runData(homeLoader, get("/"));
    expect(home.meta).toContainEqual({
      property: "og:image",
      content: `http://localhost:3000/uploads/${key}/768.webp`,
    });
    expect(home.meta).toContainEqual({
      "script:ld+json": expect.objectContaining({
        "@type": "Organization",
        logo: `http://localhost:3000/uploads/${key}/768.webp`,
      }),
    });

    const order = await placeOrderFor(50_000, "Inside Dhaka");
    const { invoice } = await runData(orderLoader, get(`/admin/orders/view/${order.id}`, owner), {
      id: String(order.id),
    });
    expect(invoice.seller.logo?.key).toBe(key);
    // The PNG draws the red logo left of the title: its middle pixel is red, not the white page.
    const { png } = await renderInvoicePng(invoice);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    const [r, g, b] = at(80 + 106, 106);
    // (WebP is lossy: each channel within a few steps of the logo's #c0392b.)
    expect(Math.max(Math.abs(r! - 0xc0), Math.abs(g! - 0x39), Math.abs(b! - 0x2b))).toBeLessThanOrEqual(6);
  });

  it("a new logo replaces the old one, whose files go; removing it leaves the name alone", async () => {
    await submitSettings({}, [await logoFile("#c0392b")]);
    const first = (await prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 }, include: { logo: true } })).logo!;
    await submitSettings({}, [await logoFile("#2e86c1")]);
    const second = (await prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 }, include: { logo: true } })).logo!;
    expect(second.key).not.toBe(first.key);
    expect(stored(first.key)).toBe(false);
    expect(await prisma.image.count({ where: { key: first.key } })).toBe(0);

    const removed = await submitSettings({ removeLogo: "on" });
    expect(removed.status).toBe(302);
    expect((await prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } })).logoId).toBeNull();
    expect(stored(second.key)).toBe(false);
    expect((await runData(rootLoader, get("/"))).shop.logo).toBeNull();
  });

  it("the sign-in page shows the shop's name in the page's language and its logo, and no other setting", async () => {
    await submitSettings({ name: "Noor Lighting", nameBn: "নূর লাইটিং", defaultLanguage: "en" }, [await logoFile()]);
    const { key } = (await prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 }, include: { logo: true } })).logo!;
    const english = await runData(loginLoader, get("/admin/login"));
    expect(english).toEqual({
      adminLang: "en",
      shop: { name: "Noor Lighting", logo: expect.objectContaining({ key, alt: "Noor Lighting" }) },
    });
    const bangla = new CookieJar();
    bangla.take(new Headers({ "Set-Cookie": await rememberLanguage("bn") }));
    const banglaPage = await runData(loginLoader, get("/admin/login", bangla));
    expect(banglaPage.adminLang).toBe("bn");
    expect(banglaPage.shop.name).toBe("নূর লাইটিং");
  });

  it("a file that is not an image is refused with the rest kept, and nothing is saved", async () => {
    const imagesBefore = await prisma.image.count();
    const refused = await submitSettings({ tagline: "Kept as typed" }, [
      { field: "logo", name: "logo.png", bytes: Buffer.from("not an image at all"), type: "image/png" },
    ]);
    expect(refused.status).toBe(400);
    const problem = refused.data as { values: Record<string, string>; fileErrors: string[] };
    expect(problem.values.tagline).toBe("Kept as typed");
    expect(problem.fileErrors[0]).toContain("logo.png");
    expect((await prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } })).tagline).not.toBe("Kept as typed");
    expect(await prisma.image.count()).toBe(imagesBefore);
  });

  it("a logo sent with a refused field is not stored", async () => {
    const imagesBefore = await prisma.image.count();
    const refused = await submitSettings({ name: "" }, [await logoFile()]);
    expect(refused.status).toBe(400);
    expect(await prisma.image.count()).toBe(imagesBefore);
    expect((await prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } })).logoId).toBeNull();
  });
});
