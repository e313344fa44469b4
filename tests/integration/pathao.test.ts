/**
 * The Pathao client (app/server/couriers/pathao.server.ts) against a local server that implements
 * Pathao's documented API (tests/support/pathao-server.ts): tokens issued, refreshed before expiry
 * and after a 401, a refused refresh falling back to the password grant, two refreshes at once;
 * the lists, a parcel created (its fee, the taka rounded up), a refused field, a duplicate invoice,
 * statuses mapped to ours, wrong keys, an unreachable server, a timeout and a redirect (never
 * followed: the password and the token never reach the other host).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CourierError, type ConsignmentRequest } from "~/server/couriers/courier";
import {
  TOKEN_REFRESH_MARGIN_MS,
  pathaoCourier,
  pathaoFinal,
  pathaoState,
  type PathaoTokens,
  type PathaoTokenStore,
} from "~/server/couriers/pathao.server";
import { startFakePathao, type FakePathao } from "../support/pathao-server";
import { startFakeSteadfast, startHeaderRecorder } from "../support/steadfast-server";

let pathao: FakePathao;

beforeEach(async () => {
  pathao = await startFakePathao();
});
afterEach(async () => {
  await pathao.close();
});

/** A token store in memory that compares and sets as the database one does. */
function memoryStore(): PathaoTokenStore & { current: PathaoTokens | null; writes: number } {
  const store = {
    current: null as PathaoTokens | null,
    writes: 0,
    async read() {
      return store.current;
    },
    async write(tokens: PathaoTokens, replaced: PathaoTokens | null) {
      store.writes += 1;
      if (store.current && store.current.accessToken !== replaced?.accessToken) return store.current;
      store.current = tokens;
      return tokens;
    },
  };
  return store;
}

const client = (
  overrides: {
    password?: string;
    baseUrl?: string;
    timeoutMs?: number;
    now?: () => Date;
    tokens?: PathaoTokenStore;
  } = {},
) =>
  pathaoCourier({
    clientId: pathao.clientId,
    clientSecret: pathao.clientSecret,
    username: pathao.username,
    password: overrides.password ?? pathao.password,
    storeId: 7001,
    tokens: overrides.tokens ?? memoryStore(),
    baseUrl: overrides.baseUrl ?? pathao.baseUrl,
    timeoutMs: overrides.timeoutMs,
    now: overrides.now,
  });

const parcel = (invoice: string, overrides: Partial<ConsignmentRequest> = {}): ConsignmentRequest => ({
  invoice,
  recipientName: "Rahima Akter",
  recipientPhone: "01712345678",
  recipientAddress: "House 4, Road 2, Mirpur 10, Dhaka",
  codAmountPaisa: 125_050,
  note: "Call before coming",
  itemDescription: "Lamp × 2",
  destination: { cityId: 1, zoneId: 52, areaId: 501 },
  weightKg: 0.5,
  itemQuantity: 2,
  ...overrides,
});

describe("Pathao's tokens", () => {
  it("issues a token with the password grant once and uses it for every call", async () => {
    const tokens = memoryStore();
    const courier = client({ tokens });
    await courier.cities();
    await courier.stores();
    expect(pathao.grants).toEqual({ password: 1, refresh_token: 0 });
    expect(tokens.current?.accessToken).toBe("access-1");
    const authorised = pathao.requests.filter((request) => request.path !== "/aladdin/api/v1/issue-token");
    expect(authorised.every((request) => request.headers.authorization === "Bearer access-1")).toBe(true);
  });

  it("refreshes a token shortly before it expires", async () => {
    const tokens = memoryStore();
    await client({ tokens }).cities();
    const later = new Date(tokens.current!.expiresAt.getTime() - TOKEN_REFRESH_MARGIN_MS + 1000);
    await client({ tokens, now: () => later }).cities();
    expect(pathao.grants).toEqual({ password: 1, refresh_token: 1 });
    expect(tokens.current?.accessToken).toBe("access-2");
  });

  it("refreshes once after a 401 (an expired token) and asks again", async () => {
    const tokens = memoryStore();
    const courier = client({ tokens });
    await courier.cities();
    pathao.expireTokens();
    expect((await courier.cities()).map((city) => city.name)).toContain("Dhaka");
    expect(pathao.grants).toEqual({ password: 1, refresh_token: 1 });
  });

  it("falls back to the password grant when the refresh token is refused", async () => {
    const tokens = memoryStore();
    await client({ tokens }).cities();
    tokens.current = { ...tokens.current!, accessToken: "revoked", refreshToken: "used-up" };
    await client({ tokens }).cities();
    expect(pathao.grants).toEqual({ password: 2, refresh_token: 0 });
    expect(tokens.current.accessToken).toBe("access-2");
  });

  it("shares one refresh between the requests of a client that need it at once", async () => {
    const tokens = memoryStore();
    const courier = client({ tokens });
    await courier.cities();
    pathao.expireTokens();
    await Promise.all([courier.cities(), courier.zones(1), courier.stores()]);
    expect(pathao.grants).toEqual({ password: 1, refresh_token: 1 });
  });

  it("two clients refreshing at once end on the one token stored first, and both calls succeed", async () => {
    const tokens = memoryStore();
    await client({ tokens }).cities();
    pathao.expireTokens();
    const [a, b] = await Promise.all([client({ tokens }).cities(), client({ tokens }).stores()]);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBe(1);
    // One refresh won; the other's refresh token was revoked by it, so it signed in again and
    // found the winner's token stored.
    expect(pathao.grants.refresh_token).toBe(1);
    expect(await client({ tokens }).cities()).toHaveLength(5);
  });

  it("wrong keys are 'unauthorised', and the message never holds the password", async () => {
    const error = await client({ password: "wrong-password" })
      .cities()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CourierError);
    expect((error as CourierError).kind).toBe("unauthorised");
    expect((error as CourierError).message).not.toContain("wrong-password");
  });
});

describe("Pathao's lists and price", () => {
  it("reads cities, a city's zones, a zone's areas with home delivery, and the stores", async () => {
    const courier = client();
    expect(await courier.cities()).toContainEqual({ id: 2, name: "Chittagong" });
    expect(await courier.zones(1)).toContainEqual({ id: 52, name: "Mirpur 10" });
    expect(await courier.areas(52)).toEqual([
      { id: 501, name: "Mirpur 10 Golchattar", homeDelivery: true },
      { id: 502, name: "Senpara Parbata", homeDelivery: false },
    ]);
    expect(await courier.stores()).toEqual([
      { id: 7001, name: "Haat Gulistan", address: "Shop 14, Gulistan, Dhaka", active: true },
    ]);
  });

  it("gives the price plan in paisa", async () => {
    expect(await client().pricePlan({ cityId: 2, zoneId: 120, weightKg: 2 })).toEqual({
      pricePaisa: 12_500,
      discountPaisa: 0,
      finalPricePaisa: 12_500,
      codPercentage: 0.01,
    });
  });
});

describe("Pathao's parcels", () => {
  it("creates a parcel with the cash in whole taka (rounded up), the places, weight and description", async () => {
    const consignment = await client().createConsignment(parcel("haat-7"));
    expect(consignment).toEqual({
      invoice: "haat-7",
      consignmentId: "DL000001TEST",
      trackingCode: "DL000001TEST",
      courierStatus: "Pending",
      feePaisa: 6_000,
    });
    expect(pathao.consignments.get("DL000001TEST")!.body).toMatchObject({
      store_id: 7001,
      merchant_order_id: "haat-7",
      recipient_city: 1,
      recipient_zone: 52,
      recipient_area: 501,
      delivery_type: 48,
      item_type: 2,
      item_quantity: 2,
      item_weight: 0.5,
      amount_to_collect: 1251,
      item_description: "Lamp × 2",
      special_instruction: "Call before coming",
    });
  });

  it("refuses a wrong field and a merchant order id used before, in Pathao's words", async () => {
    const courier = client();
    const badZone = await courier
      .createConsignment(parcel("haat-8", { destination: { cityId: 1, zoneId: 120, areaId: null } }))
      .catch((caught: unknown) => caught);
    expect(badZone).toMatchObject({ kind: "refused", message: expect.stringContaining("recipient zone is invalid") });
    await courier.createConsignment(parcel("haat-9"));
    const again = await courier.createConsignment(parcel("haat-9")).catch((caught: unknown) => caught);
    expect(again).toMatchObject({ kind: "refused", message: expect.stringContaining("already been taken") });
  });

  it("creates many one by one, each with its own answer", async () => {
    const answers = await client().createConsignments([
      parcel("haat-10"),
      parcel("haat-11", { recipientPhone: "123" }),
    ]);
    expect(answers[0]).toMatchObject({ ok: true, invoice: "haat-10" });
    expect(answers[1]).toMatchObject({ ok: false, invoice: "haat-11", message: expect.stringContaining("phone") });
  });

  it("reads a parcel's status by its consignment id, mapped to ours", async () => {
    const courier = client();
    const { consignmentId } = await courier.createConsignment(parcel("haat-12"));
    expect(await courier.deliveryStatus("haat-12", consignmentId)).toEqual({
      state: "with-courier",
      courierStatus: "Pending",
      final: false,
    });
    pathao.setStatus(consignmentId, "Delivered");
    expect(await courier.deliveryStatus("haat-12", consignmentId)).toEqual({
      state: "delivered",
      courierStatus: "Delivered",
      final: true,
    });
  });

  it("maps Pathao's statuses and knows the final ones", () => {
    expect(pathaoState("Pickup_Requested")).toBe("with-courier");
    expect(pathaoState("In Transit")).toBe("with-courier");
    expect(pathaoState("On_Hold")).toBe("on-hold");
    expect(pathaoState("Partial_Delivery")).toBe("partly-delivered");
    // On its way back, or a pickup cancelled (the parcel never left): not returned, the order stays.
    expect(pathaoState("Return")).toBe("on-hold");
    expect(pathaoState("Return_In_Transit")).toBe("on-hold");
    expect(pathaoState("Pickup_Cancelled")).toBe("on-hold");
    expect(pathaoState("paid_return")).toBe("returned");
    expect(pathaoState("Returned")).toBe("returned");
    expect(pathaoState("Something new")).toBe("unknown");
    expect(pathaoFinal("Paid_Return")).toBe(true);
    expect(pathaoFinal("Return")).toBe(false);
  });
});

describe("Pathao unreachable or slow", () => {
  it("an address nothing listens on is 'unreachable'", async () => {
    const closed = await startFakePathao();
    await closed.close();
    const error = await client({ baseUrl: closed.baseUrl })
      .cities()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "unreachable", message: "Pathao could not be reached." });
  });

  it("an answer slower than the timeout is 'timeout'", async () => {
    pathao.delayMs = 400;
    const error = await client({ timeoutMs: 100 })
      .cities()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "timeout", message: "Pathao did not answer within 0.1 s." });
  });

  it("never follows a redirect: the sign-in fails as redirected and the other host receives nothing", async () => {
    // Any server that answers with a redirect will do: the local Steadfast can be told to.
    const moved = await startFakeSteadfast();
    const elsewhere = await startHeaderRecorder();
    try {
      moved.redirect = { status: 307, to: elsewhere.origin };
      const error = await client({ baseUrl: moved.baseUrl })
        .cities()
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: "redirected", status: 307, target: elsewhere.origin });
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await moved.close();
      await elsewhere.close();
    }
  });
});
