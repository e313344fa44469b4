/**
 * The shop settings (/admin/settings) against a real SQLite database: created on first use from
 * the environment, saved by the owner's form, shown at once by the storefront; the checkout
 * charges the fees of the moment and an order keeps the fee it was placed with.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { prisma } from "~/models/db.server";
import { getShopSettings } from "~/models/settings.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_shop._index";
import { action as cartAction } from "~/routes/_shop.cart/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings";
import { CookieJar, createAdmin, createProduct, get, post, run, runData, signedInJar } from "./helpers";

let owner: CookieJar;

/** The settings form as it comes filled in, with `changes`. */
async function submitSettings(changes: Record<string, string>) {
  const { values } = await runData(settingsLoader, get("/admin/settings", owner));
  return run(settingsAction, post("/admin/settings", { ...values, ...changes } as Record<string, string>, owner));
}

/** Places an order for one product of `pricePaisa` with `method`; returns the stored order. */
async function placeOrderFor(pricePaisa: number, shippingMethod: string) {
  const jar = new CookieJar();
  const product = await createProduct({ name: `Lamp ${pricePaisa}`, pricePaisa });
  jar.take((await run(cartAction, post("/cart", { intent: "add", productId: product.id, quantity: 1 }, jar))).headers);
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
        district: "Dhaka",
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
