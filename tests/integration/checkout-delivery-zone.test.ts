/**
 * The district decides an order's shipping method and fee, whatever the checkout form posts: every
 * one of the 64 districts (and each former name) with each zone a form may post (Inside Dhaka,
 * Outside Dhaka, none), through the /cart route's action against a real database (SQLite, and
 * PostgreSQL in `npm run test:postgresql`). A form that showed another zone with another fee is
 * answered with the district's, to confirm, and nothing is written until then.
 */
import assert from "node:assert/strict";
import { beforeAll, describe, expect, it } from "vitest";
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import { catalogueChangesSettled } from "~/models/catalogue/changes/change-log.server";
import { prisma } from "~/models/db/client.server";
import { getShopSettings } from "~/models/settings.server";
import { DISTRICTS } from "~/rules/districts";
import { SHIPPING_METHODS } from "~/rules/shipping";
import { CookieJar, createProduct, expectData, get, post, run, runData } from "./helpers";

const SUBTOTAL_PAISA = 150_000;
let variantId: number;
let shopper = 0;

beforeAll(async () => {
  ({ variantId } = await createProduct({ name: "Zone Lamp", pricePaisa: SUBTOTAL_PAISA }));
});

/** A new shopper's cart with the lamp in it, and the checkout form's hidden fields as the page renders them. */
async function cartWithLamp() {
  const jar = new CookieJar();
  jar.take(
    (await run(cartAction, post("/cart", { intent: "add", variantId, quantity: 1, redirectTo: "/" }, jar))).headers,
  );
  const page = await runData(cartLoader, get("/cart", jar));
  return { jar, hidden: { checkoutToken: page.checkoutToken, expectedSubtotalPaisa: page.subtotalPaisa } };
}

/** Posts the checkout for `district`, with `shippingMethod` as the form's ticked zone (left out when undefined). */
async function checkout(district: string, shippingMethod: string | undefined) {
  const { jar, hidden } = await cartWithLamp();
  shopper += 1;
  const fields = {
    intent: "checkout",
    name: `Zone Shopper ${shopper}`,
    phone: `0171${String(shopper).padStart(7, "0")}`,
    address: `House ${shopper}, Road 1`,
    area: "Sadar",
    district,
    ...(shippingMethod === undefined ? {} : { shippingMethod }),
    ...hidden,
  };
  const outcome = await run(cartAction, post("/cart", fields, jar));
  return { outcome, jar, fields };
}

const orderOf = (checkoutToken: string) =>
  prisma.order.findUnique({
    where: { checkoutToken },
    select: { district: true, shippingMethod: true, shippingFeePaisa: true, totalPaisa: true },
  });

const CASES = DISTRICTS.flatMap((district) =>
  [district.name, ...district.formerNames].flatMap((posted) =>
    [...SHIPPING_METHODS, undefined].map((method) => ({
      posted,
      district: district.name,
      method,
      zone: district.name === "Dhaka" ? "Inside Dhaka" : "Outside Dhaka",
    })),
  ),
);

describe("the delivery fee follows the district", () => {
  it(`charges the district's zone for all ${CASES.length} combinations of district and posted zone`, async () => {
    const wrong: string[] = [];
    for (const { posted, district, method, zone } of CASES) {
      const fee = zone === "Inside Dhaka" ? 6000 : 12_000;
      const first = await checkout(posted, method);
      let token = String(first.fields.checkoutToken);
      if (method !== undefined && method !== zone) {
        // Another fee than the one the form showed: the district's zone and fee, to confirm.
        const data = expectData(first.outcome);
        assert("formError" in data, `expected a confirmation for ${posted}/${method}`);
        expect(first.outcome.status).toBe(400);
        expect(data.values.shippingMethod, posted).toBe(zone);
        expect(data.formError).toContain(zone);
        expect(data.formError).toContain(zone === "Inside Dhaka" ? "৳60.00" : "৳120.00");
        expect(await orderOf(token), `${posted}/${method}: nothing written before the confirmation`).toBeNull();
        // The page as re-rendered: the district's zone ticked, the same form.
        const again = await run(
          cartAction,
          post("/cart", { ...first.fields, shippingMethod: data.values.shippingMethod! }, first.jar),
        );
        expect(again.status, `${posted}/${method}: placed once confirmed`).toBe(302);
        token = String(first.fields.checkoutToken);
      } else {
        expect(first.outcome.status, `${posted}/${method ?? "none"}: placed at once`).toBe(302);
      }
      const order = await orderOf(token);
      const got = order && [order.district, order.shippingMethod, order.shippingFeePaisa, order.totalPaisa];
      const want = [district, zone, fee, SUBTOTAL_PAISA + fee];
      if (JSON.stringify(got) !== JSON.stringify(want))
        wrong.push(`${posted}/${method ?? "none"}: ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    }
    expect(wrong).toEqual([]);
    // Every order placed carries its district's zone: none disagrees.
    const placed = await prisma.order.findMany({ select: { district: true, shippingMethod: true } });
    expect(placed).toHaveLength(CASES.length);
    expect(
      placed.filter((order) => (order.district === "Dhaka") !== (order.shippingMethod === "Inside Dhaka")),
    ).toEqual([]);
  }, 120_000);

  it("places at once when both zones are free: the district's zone is stored, at no fee", async () => {
    await getShopSettings(); // creates the row on a first start
    await prisma.shopSettings.updateMany({ data: { freeDeliveryMinPaisa: 100_000 } });
    // On PostgreSQL the settings' copy follows the change log: wait until this process has read it.
    await catalogueChangesSettled();
    try {
      const { outcome, fields } = await checkout("Chattogram", "Inside Dhaka");
      expect(outcome.status).toBe(302);
      expect(await orderOf(String(fields.checkoutToken))).toEqual({
        district: "Chattogram",
        shippingMethod: "Outside Dhaka",
        shippingFeePaisa: 0,
        totalPaisa: SUBTOTAL_PAISA,
      });
    } finally {
      await prisma.shopSettings.updateMany({ data: { freeDeliveryMinPaisa: null } });
      await catalogueChangesSettled();
    }
  });
});
