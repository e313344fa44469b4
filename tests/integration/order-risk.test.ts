/**
 * The fake-order signals staff see before phoning a shopper (rules/order-risk.ts), against a real
 * SQLite database through the admin order page's and list's loaders: the phone's other orders by
 * outcome, and likely duplicates (same products within 6 hours, from the same phone or to the same
 * name and address from other phones; cancelled ones left out).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { loader as ordersLoader } from "~/routes/admin.orders._index/route";
import { loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { type CookieJar, createAdmin, createProduct, get, runData, signedInJar } from "./helpers";
import { placeOrder } from "./place-order";

let staff: CookieJar;
let lamp: number;
/** The Risk Lamp's default variant: what a cart line names. */
let lampVariant: number;
let fan: number;

/** An order from `phone` for the products `productIds` (one of each), placed `hoursAgo` hours ago with `status`. */
async function makeOrder(phone: string, productIds: number[], hoursAgo: number, status = "pending") {
  const order = await prisma.order.create({
    data: {
      customerName: "Shopper",
      customerPhone: phone,
      customerAddress: "House 1, Mirpur",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      subtotalPaisa: 10000 * productIds.length,
      totalPaisa: 10000 * productIds.length + 6000,
      itemCount: productIds.length,
      status,
      createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
      checkoutToken: `risk-${Math.random()}`.replace(/[^A-Za-z0-9_-]/g, "x"),
      items: {
        create: productIds.map((productId) => ({
          productId,
          productName: `Product ${productId}`,
          unitPricePaisa: 10000,
          quantity: 1,
          subtotalPaisa: 10000,
        })),
      },
    },
  });
  return order.id;
}

/** The signals the order page shows for order `id`. */
async function signalsOf(id: number) {
  return (await runData(orderLoader, get(`/admin/orders/view/${id}`, staff), { id: String(id) })).risk;
}

beforeEach(async () => {
  staff = await signedInJar((await createAdmin()).id);
  ({ id: lamp, variantId: lampVariant } = await createProduct({ name: "Risk Lamp", pricePaisa: 10000 }));
  fan = (await createProduct({ name: "Risk Fan", pricePaisa: 10000 })).id;
});

describe("the phone's history", () => {
  it("counts the phone's other orders by outcome, this order left out", async () => {
    const phone = "01711000001";
    await makeOrder(phone, [lamp], 24 * 30, "delivered");
    await makeOrder(phone, [fan], 24 * 20, "delivered");
    await makeOrder(phone, [lamp], 24 * 10, "cancelled");
    await makeOrder(phone, [fan], 24 * 2, "shipped");
    await makeOrder("01711000002", [lamp], 24 * 5, "delivered"); // another phone
    const id = await makeOrder(phone, [lamp, fan], 1);
    expect(await signalsOf(id)).toEqual({
      history: { delivered: 2, cancelled: 1, returned: 0, open: 1 },
      duplicateOf: [],
      addressDuplicateOf: [],
    });
  });

  it("says a phone's first order is its first", async () => {
    const id = await makeOrder("01711000003", [lamp], 0);
    expect((await signalsOf(id)).history).toEqual({ delivered: 0, cancelled: 0, returned: 0, open: 0 });
  });
});

describe("likely duplicates", () => {
  it("flags the same phone and products within 6 hours, both ways, and nothing else", async () => {
    const phone = "01711000004";
    const first = await makeOrder(phone, [lamp, fan], 3);
    const second = await makeOrder(phone, [fan, lamp], 1);
    const older = await makeOrder(phone, [lamp, fan], 8.5); // 7.5 h before `second`, 5.5 h before `first`
    await makeOrder(phone, [lamp], 2); // other products
    await makeOrder("01711000005", [lamp, fan], 2); // another phone
    expect((await signalsOf(second)).duplicateOf).toEqual([first]);
    expect((await signalsOf(first)).duplicateOf).toEqual([second, older].sort((a, b) => a - b));
  });

  it("leaves cancelled orders out: staff have dealt with them", async () => {
    const phone = "01711000006";
    const cancelled = await makeOrder(phone, [lamp], 2, "cancelled");
    const id = await makeOrder(phone, [lamp], 1);
    expect((await signalsOf(id)).duplicateOf).toEqual([]);
    expect((await signalsOf(cancelled)).duplicateOf).toEqual([]);
  });

  it("shows on the orders list too, for every order of the page", async () => {
    const phone = "01711000007";
    const first = await makeOrder(phone, [fan], 2, "delivered");
    const second = await makeOrder(phone, [fan], 1);
    const list = await runData(ordersLoader, get(`/admin/orders?q=${phone}`, staff));
    expect(list.orders.items.map((order) => order.id).sort()).toEqual([first, second].sort());
    expect(list.risks[second]).toEqual({
      history: { delivered: 1, cancelled: 0, returned: 0, open: 0 },
      duplicateOf: [first],
      addressDuplicateOf: [],
    });
    expect(list.risks[first]).toEqual({
      history: { delivered: 0, cancelled: 0, returned: 0, open: 1 },
      duplicateOf: [second],
      addressDuplicateOf: [],
    });
  });
});

describe("likely duplicates by name and address", () => {
  it("flags 8 checkouts of one cart from 8 new phones to one name and address, and not the neighbours", async () => {
    // The owner has lifted the per-address limit (the default would refuse the sixth order).
    const { id: _id, updatedAt: _updatedAt, logoId: _logoId, logo: _logo, ...settings } = await getShopSettings();
    await saveShopSettings({ ...settings, addressOrderLimit: 0 });
    const shopper = { name: "Rahim Uddin", address: "House 12, Road 5", area: "Kandirpar", district: "Cumilla" };
    const flood: number[] = [];
    for (let i = 0; i < 8; i++) {
      // Each typed a little differently, as a script or a hurried person would.
      const name = i % 2 === 0 ? shopper.name : "  RAHIM   uddin ";
      const address = i % 3 === 0 ? shopper.address : "house-12, rd 5";
      flood.push(await placeOrder([[lampVariant, 1]], { ...shopper, name, address, phone: `0181100010${i}` }));
    }
    // In the same area: a neighbour with the same cart, and the same name at another house.
    const neighbour = await placeOrder([[lampVariant, 1]], { ...shopper, name: "Karim Mia", phone: "01811000200" });
    const otherHouse = await placeOrder([[lampVariant, 1]], {
      ...shopper,
      address: "House 14, Road 5",
      phone: "01811000201",
    });

    for (const [index, id] of flood.entries()) {
      const signals = await signalsOf(id);
      expect(signals.history, `order ${index + 1}`).toEqual({ delivered: 0, cancelled: 0, returned: 0, open: 0 });
      expect(signals.duplicateOf, `order ${index + 1}`).toEqual([]);
      expect(signals.addressDuplicateOf, `order ${index + 1}`).toEqual(flood.filter((other) => other !== id));
    }
    expect(await signalsOf(neighbour)).toMatchObject({ duplicateOf: [], addressDuplicateOf: [] });
    expect(await signalsOf(otherHouse)).toMatchObject({ duplicateOf: [], addressDuplicateOf: [] });

    // The orders list shows the same for every order of its page; a cancelled one drops out.
    await prisma.order.update({ where: { id: flood[0]! }, data: { status: "cancelled" } });
    const list = await runData(ordersLoader, get("/admin/orders?q=Rahim", staff));
    expect(list.risks[flood[0]!]?.addressDuplicateOf).toEqual([]);
    expect(list.risks[flood[7]!]?.addressDuplicateOf).toEqual(flood.slice(1, 7));
    expect(list.risks[otherHouse]?.addressDuplicateOf).toEqual([]);
  });
});
