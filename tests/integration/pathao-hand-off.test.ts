/**
 * Pathao beside Steadfast, end to end, against a real SQLite database and a local Pathao
 * (tests/support/pathao-server.ts on this worker's port): the keys checked, sealed and never sent
 * back, the store chosen; the order page's place choice (the city suggested from the district, the
 * zones and areas kept, the price); a parcel sent with the chosen places, which are remembered for
 * the area and used by the ticked orders' hand-off; an area that vanished; the statuses read back;
 * the default courier.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enAdmin } from "~/i18n/admin/areas";
import { prisma } from "~/models/db/client.server";
import { action as courierPageAction, loader as courierPageLoader } from "~/routes/admin.courier";
import { action as handOffAction } from "~/routes/admin.orders.courier";
import { loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { parseWeightKg, priceKey } from "~/rules/courier-places";
import { startFakePathao, workerPathaoPort, type FakePathao } from "../support/pathao-server";
import {
  type CookieJar,
  createAdmin,
  createProduct,
  expectData,
  get,
  post,
  run,
  runData,
  signedInJar,
} from "./helpers";
import { placeOrder } from "./place-order";

let pathao: FakePathao;
let owner: CookieJar;
let variantId: number;

beforeAll(async () => {
  pathao = await startFakePathao(workerPathaoPort());
  variantId = (await createProduct({ name: "Pathao Lamp", pricePaisa: 125_050 })).variantId;
});
afterAll(() => pathao.close());

beforeEach(async () => {
  owner = await signedInJar((await createAdmin()).id);
  pathao.delayMs = 0;
});

let phoneCounter = 0;
const orderIn = (district: string, area: string) =>
  placeOrder([[variantId, 1]], {
    name: "Rahima Akter",
    phone: `0181${String(++phoneCounter).padStart(7, "0")}`,
    district,
    area,
  });

const saveKeys = (password = pathao.password) =>
  run(
    courierPageAction,
    post(
      "/admin/courier",
      {
        intent: "pathao-save",
        clientId: pathao.clientId,
        clientSecret: pathao.clientSecret,
        username: pathao.username,
        password,
      },
      owner,
    ),
  );

const orderPage = (id: number, query = "") =>
  runData(orderLoader, get(`/admin/orders/view/${id}${query}`, owner), { id: String(id) });

/**
 * "Send with Pathao" from the order's page, as the page posts it: the place and weight, and what
 * the price shown was for (the same fields, as if "Show zones, areas and price" was pressed).
 */
const sendWithPathao = (id: number, place: Record<string, string>) =>
  run(
    handOffAction,
    post(
      "/admin/orders/courier",
      {
        intent: "send",
        courier: "pathao",
        order: [String(id)],
        back: `/admin/orders/view/${id}`,
        "pathao-shown": shownKey(place),
        ...place,
      },
      owner,
    ),
  );

/** The `pathao-shown` the order page gives for the price of `place` (its city, zone and weight). */
function shownKey(place: Record<string, string>): string {
  const weightKg = parseWeightKg(place["pathao-weight"] || "0.5") ?? 0;
  return priceKey({ cityId: Number(place["pathao-city"]), zoneId: Number(place["pathao-zone"]), weightKg });
}

describe("Pathao's keys on the courier page", () => {
  it("refuses keys Pathao refuses: nothing saved, the password never echoed", async () => {
    await prisma.courierAccount.deleteMany({ where: { courier: "pathao" } });
    const refused = await saveKeys("wrong-password");
    expect(refused.status).toBe(400);
    expect(expectData(refused)).toMatchObject({ formError: enAdmin["admin.pathao.keysRefused"] });
    expect(JSON.stringify(expectData(refused))).not.toContain("wrong-password");
    expect(await prisma.courierAccount.count({ where: { courier: "pathao" } })).toBe(0);
  });

  it("checks the keys, chooses the one store, keeps the token sealed and never sends a secret back", async () => {
    const saved = await saveKeys();
    await expect(saved).toSetToast({
      kind: "success",
      message: enAdmin["admin.pathao.saved"].replace("{store}", "Haat Gulistan"),
    });
    const row = await prisma.courierAccount.findUniqueOrThrow({ where: { courier: "pathao" } });
    expect(JSON.parse(row.settings)).toEqual({
      clientId: pathao.clientId,
      username: pathao.username,
      storeId: 7001,
      storeName: "Haat Gulistan",
    });
    for (const secret of [pathao.clientSecret, pathao.password, "access-", "refresh-"]) {
      expect(JSON.stringify(row)).not.toContain(secret);
    }
    expect(row.tokenExpiresAt).not.toBeNull();
    const page = await runData(courierPageLoader, get("/admin/courier", owner));
    expect(page.pathao).toMatchObject({ configured: true, ready: true, apiKeyHint: pathao.clientId.slice(-4) });
    for (const secret of [pathao.clientSecret, pathao.password, "access-"]) {
      expect(JSON.stringify(page)).not.toContain(secret);
    }
  });

  it("asks which store when the account has several, and takes only one of them", async () => {
    pathao.stores.push({ store_id: 7002, store_name: "Haat Mirpur", store_address: "Mirpur 1", is_active: 1 });
    try {
      await expect(await saveKeys()).toSetToast({ kind: "info", message: enAdmin["admin.pathao.chooseStore"] });
      const page = await runData(courierPageLoader, get("/admin/courier", owner));
      expect(page.pathao.ready).toBe(false);
      expect(page.pathaoStores?.stores.map((store) => store.id)).toEqual([7001, 7002]);
      const wrong = await run(
        courierPageAction,
        post("/admin/courier", { intent: "pathao-store", storeId: "9999" }, owner),
      );
      await expect(wrong).toSetToast({ kind: "error", message: enAdmin["admin.pathao.storeGone"] });
      const chosen = await run(
        courierPageAction,
        post("/admin/courier", { intent: "pathao-store", storeId: "7002" }, owner),
      );
      await expect(chosen).toSetToast({
        kind: "success",
        message: enAdmin["admin.pathao.storeChosen"].replace("{store}", "Haat Mirpur"),
      });
    } finally {
      pathao.stores.pop();
    }
    await saveKeys();
  });
});

describe("sending with Pathao", () => {
  beforeAll(async () => {
    await saveKeys();
  });

  it("suggests the city from the district, lists its zones and areas, and shows the price", async () => {
    const id = await orderIn("Chattogram", "Agrabad");
    expect((await orderPage(id)).pathaoChoice).toBeNull(); // Pathao is not asked on a plain visit
    const suggested = (await orderPage(id, "?pathao=1")).pathaoChoice!;
    expect(suggested).toMatchObject({ cityId: 2, zoneId: null, source: "suggested", price: null });
    expect(suggested.zones).toEqual([{ id: 120, name: "Agrabad" }]);
    const chosen = (await orderPage(id, "?pathao=1&pathao-city=2&pathao-zone=120&pathao-weight=2")).pathaoChoice!;
    expect(chosen).toMatchObject({ cityId: 2, zoneId: 120, weightValid: true });
    expect(chosen.areas).toEqual([{ id: 1201, name: "Agrabad C/A", homeDelivery: true }]);
    expect(chosen.price?.finalPricePaisa).toBe(12_500);
    // The lists are kept: a second look does not ask Pathao for them again.
    const asked = pathao.requests.length;
    await orderPage(id, "?pathao=1&pathao-city=2&pathao-zone=120&pathao-weight=abc");
    expect(pathao.requests.slice(asked).map((request) => request.path)).toEqual([]);
  });

  it("sends with the chosen places and weight, keeps Pathao's fee, and remembers the places for the area", async () => {
    const id = await orderIn("Dhaka", "Mirpur 10");
    const sent = await sendWithPathao(id, {
      "pathao-city": "1",
      "pathao-zone": "52",
      "pathao-area": "501",
      "pathao-weight": "1.5",
    });
    const order = await prisma.order.findUniqueOrThrow({ where: { id } });
    await expect(sent).toSetToast({
      kind: "success",
      message: enAdmin["admin.pathao.sentOne"].replace("{id}", String(id)).replace("{code}", order.trackingCode!),
    });
    expect(sent.location).toBe(`/admin/orders/view/${id}`);
    expect(order).toMatchObject({ courier: "pathao", status: "shipped", courierFeePaisa: 7_500 });
    expect(order.trackingCode).toBe(order.consignmentId);
    expect(pathao.consignments.get(order.consignmentId!)!.body).toMatchObject({
      merchant_order_id: `haat-${id}`,
      recipient_city: 1,
      recipient_zone: 52,
      recipient_area: 501,
      item_weight: 1.5,
    });
    const page = await orderPage(id);
    expect(page.trackingUrl).toBe(
      `https://merchant.pathao.com/tracking?consignment_id=${order.consignmentId}&phone=${order.customerPhone}`,
    );
    // The next order for the same area, typed differently, is offered the same places first.
    const next = await orderIn("Dhaka", "  mirpur   10 ");
    expect((await orderPage(next, "?pathao=1")).pathaoChoice).toMatchObject({
      cityId: 1,
      zoneId: 52,
      areaId: 501,
      source: "remembered",
    });
  });

  it("sends ticked orders with their remembered places, and refuses those without a zone", async () => {
    const known = await orderIn("Dhaka", "Mirpur 10");
    const unknown = await orderIn("Dhaka", "Somewhere New");
    const sent = await run(
      handOffAction,
      post(
        "/admin/orders/courier",
        { intent: "send", courier: "pathao", order: [known, unknown], back: "/admin/orders" },
        owner,
      ),
    );
    expect(sent.location).toBe("/admin/orders");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: known } })).courier).toBe("pathao");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: unknown } })).consignmentId).toBeNull();
    await expect(sent).toSetToast({
      kind: "info",
      message: expect.stringContaining(
        enAdmin["admin.pathao.refusedOne"]
          .replace("{id}", String(unknown))
          .replace("{message}", enAdmin["admin.pathao.chooseZoneFirst"]),
      ),
    });
  });

  it("an area that vanished from Pathao's list, or that Pathao refuses, sends nothing and asks again", async () => {
    const id = await orderIn("Dhaka", "Dhanmondi 27");
    // Kept before it vanishes: the area list of zone 68.
    await orderPage(id, "?pathao=1&pathao-city=1&pathao-zone=68");
    const area = pathao.places.areas.findIndex((place) => place.id === 610);
    const [removed] = pathao.places.areas.splice(area, 1);
    try {
      const place = { "pathao-city": "1", "pathao-zone": "68", "pathao-area": "610", "pathao-weight": "0.5" };
      const refused = await sendWithPathao(id, place);
      // Pathao refused the area the kept list still had: the message asks again, the lists are read anew.
      await expect(refused).toSetToast({
        kind: "error",
        message: expect.stringContaining(enAdmin["admin.pathao.placeRefused"]),
      });
      expect(refused.location).toMatch(new RegExp(`^/admin/orders/view/${id}\\?pathao=1&pathao-city=1&pathao-zone=68`));
      expect((await prisma.order.findUniqueOrThrow({ where: { id } })).consignmentId).toBeNull();
      // Now the area is gone from the list read again: the same choice is refused before Pathao is asked.
      const again = await sendWithPathao(id, place);
      await expect(again).toSetToast({
        kind: "error",
        message: enAdmin["admin.pathao.refusedOne"]
          .replace("{id}", String(id))
          .replace("{message}", enAdmin["admin.pathao.area-gone"]),
      });
      expect(
        (await orderPage(id, "?pathao=1&pathao-city=1&pathao-zone=68&pathao-area=610")).pathaoChoice?.areaId,
      ).toBeNull();
    } finally {
      pathao.places.areas.splice(area, 0, removed!);
    }
  });

  it("reads Pathao's statuses back with the schedule's refresh, and a delivered parcel delivers the order", async () => {
    const id = await orderIn("Dhaka", "Mirpur 10");
    await sendWithPathao(id, { "pathao-city": "1", "pathao-zone": "52", "pathao-weight": "0.5" });
    const { consignmentId } = await prisma.order.findUniqueOrThrow({ where: { id } });
    pathao.setStatus(consignmentId!, "Delivered");
    const refreshed = await run(
      handOffAction,
      post("/admin/orders/courier", { intent: "refresh", order: [String(id)], back: "/admin/orders" }, owner),
    );
    await expect(refreshed).toSetToast({ kind: "success", message: expect.any(String) });
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "delivered",
      deliveryState: "delivered",
      courierStatus: "Delivered",
    });
  });

  it("the owner chooses the default courier among those ready", async () => {
    await prisma.courierAccount.upsert({
      where: { courier: "steadfast" },
      create: { courier: "steadfast", apiKeySealed: "x", secretSealed: "y", apiKeyHint: "1234" },
      update: {},
    });
    const saved = await run(
      courierPageAction,
      post("/admin/courier", { intent: "default-courier", courier: "pathao" }, owner),
    );
    await expect(saved).toSetToast({
      kind: "success",
      message: enAdmin["admin.pathao.defaultSaved"].replace("{courier}", "Pathao"),
    });
    expect((await prisma.shopSettings.findFirstOrThrow()).defaultCourier).toBe("pathao");
    await prisma.courierAccount.deleteMany({ where: { courier: "steadfast" } });
  });
});
