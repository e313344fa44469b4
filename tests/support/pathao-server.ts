/**
 * A local HTTP server that implements Pathao's documented merchant API (the endpoints haat uses;
 * sources in app/server/couriers/pathao.server.ts), for tests: a real server on a loopback port,
 * not a mock of `fetch`.
 *
 * - POST /aladdin/api/v1/issue-token: the password grant (client id and secret, username,
 *   password) and the refresh_token grant. As Laravel Passport does, a refresh revokes the refresh
 *   token it used and the access token issued with it; wrong keys or a used refresh token: 400
 *   `{ error: "invalid_grant" }` (401 for a wrong client). Tokens last `tokenLifetimeSeconds`.
 * - Every other endpoint wants `Authorization: Bearer <live access token>`, else 401.
 * - GET /city-list, /cities/{id}/zone-list, /zones/{id}/area-list, /stores: lists (`places`, `stores`).
 * - POST /orders: validates the fields as documented; 422 `{ message, errors: { field: [words] } }`
 *   for a wrong field, an unknown city, zone or area, or a merchant_order_id used before; else 200
 *   with a consignment "Pending" and its `delivery_fee`.
 * - GET /orders/{consignment_id}/info: its status (`setStatus`).
 * - POST /merchant/price-plan: the price (`priceOf`).
 * - `delayMs` holds every answer back, to test timeouts; `expireTokens()` makes every access token
 *   expire now (an expired token answers 401).
 * - POST /__control/status `{ consignment_id, status }` (no token): sets a parcel's status from
 *   another process, as a rider's scan would (the Playwright journeys use it).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A place in the fake's lists: cities (parent 0), their zones and the zones' areas. */
type Place = { id: number; name: string; parentId: number; homeDelivery?: boolean };

export type FakePathao = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** Every request received: method, path, headers (lower-case) and parsed body. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  /** The token grants answered, by grant type (refused ones not counted). */
  grants: { password: number; refresh_token: number };
  /** Seconds a new access token lasts (default 432000, five days, as Pathao's docs say). */
  tokenLifetimeSeconds: number;
  /** Every access token expires now (their refresh tokens stay usable). */
  expireTokens(): void;
  /** The merchant's stores, as /stores lists them. */
  stores: { store_id: number; store_name: string; store_address: string; is_active: number }[];
  /** The cities, zones and areas. Tests remove one to see a place vanish. */
  places: { cities: Place[]; zones: Place[]; areas: Place[] };
  /** The consignments created, by consignment id. */
  consignments: Map<string, { status: string; body: Record<string, unknown>; deliveryFee: number }>;
  setStatus(consignmentId: string, status: string): void;
  /** Pathao's price for a parcel in taka: 60 inside Dhaka city (id 1), 110 elsewhere, +15 per kg above 1. */
  priceOf(cityId: number, weightKg: number): number;
  delayMs: number;
  /**
   * Pathao going silent partway: when set to n, the n-th parcel created from now on (1: the next
   * one) and every one after it are created, but their answers are held back (as `delayMs`, at
   * least 5 s: past the tests' courier timeout). Null (the default): every answer comes at once.
   */
  silentFromCreate: number | null;
  close(): Promise<void>;
};

/** The port of this Vitest worker's Pathao, the one tests/setup/setup-test-env.ts points the app at. */
export function workerPathaoPort(): number {
  return Number(new URL(process.env.PATHAO_BASE_URL!).port);
}

/** The fake's lists: three cities spelled as Pathao spells them, a few zones and areas. */
function defaultPlaces(): FakePathao["places"] {
  return {
    cities: [
      { id: 1, name: "Dhaka", parentId: 0 },
      { id: 2, name: "Chittagong", parentId: 0 },
      { id: 17, name: "Barisal", parentId: 0 },
      { id: 32, name: "B. Baria", parentId: 0 },
      { id: 8, name: "Comilla", parentId: 0 },
    ],
    zones: [
      { id: 298, name: "60 feet", parentId: 1 },
      { id: 52, name: "Mirpur 10", parentId: 1 },
      { id: 68, name: "Dhanmondi", parentId: 1 },
      { id: 120, name: "Agrabad", parentId: 2 },
      { id: 801, name: "Kandirpar", parentId: 8 },
    ],
    areas: [
      { id: 37, name: "Bonolota", parentId: 298, homeDelivery: true },
      { id: 501, name: "Mirpur 10 Golchattar", parentId: 52, homeDelivery: true },
      { id: 502, name: "Senpara Parbata", parentId: 52, homeDelivery: false },
      { id: 610, name: "Road 27", parentId: 68, homeDelivery: true },
      { id: 1201, name: "Agrabad C/A", parentId: 120, homeDelivery: true },
    ],
  };
}

/** Starts the server on 127.0.0.1 and `port` (default: a free one). */
export async function startFakePathao(port = 0): Promise<FakePathao> {
  let nextToken = 1;
  let nextConsignment = 1;
  /** Whether the answer being made is one `silentFromCreate` holds back. */
  let silenced = false;
  /** Live access tokens: when each expires (ms) and the refresh token issued with it. */
  const accessTokens = new Map<string, { expiresAt: number; refreshToken: string }>();
  /** Unused refresh tokens and the access token issued with each. */
  const refreshTokens = new Map<string, string>();

  const fake: Omit<FakePathao, "baseUrl" | "close"> = {
    clientId: "test-client-id",
    clientSecret: "test-client-secret",
    username: "shop@example.com",
    password: "test-password",
    requests: [],
    grants: { password: 0, refresh_token: 0 },
    tokenLifetimeSeconds: 432_000,
    expireTokens() {
      for (const token of accessTokens.values()) token.expiresAt = 0;
    },
    stores: [{ store_id: 7001, store_name: "Haat Gulistan", store_address: "Shop 14, Gulistan, Dhaka", is_active: 1 }],
    places: defaultPlaces(),
    consignments: new Map(),
    setStatus(consignmentId, status) {
      const consignment = fake.consignments.get(consignmentId);
      if (!consignment) throw new Error(`No consignment ${consignmentId}`);
      consignment.status = status;
    },
    priceOf(cityId, weightKg) {
      return (cityId === 1 ? 60 : 110) + 15 * Math.max(0, Math.ceil(weightKg - 1));
    },
    delayMs: 0,
    silentFromCreate: null,
  };

  const issue = () => {
    const accessToken = `access-${nextToken}`;
    const refreshToken = `refresh-${nextToken}`;
    nextToken += 1;
    accessTokens.set(accessToken, { expiresAt: Date.now() + fake.tokenLifetimeSeconds * 1000, refreshToken });
    refreshTokens.set(refreshToken, accessToken);
    return {
      token_type: "Bearer",
      expires_in: fake.tokenLifetimeSeconds,
      access_token: accessToken,
      refresh_token: refreshToken,
    };
  };

  const tokenAnswer = (body: Record<string, unknown>): [number, unknown] => {
    if (body.client_id !== fake.clientId || body.client_secret !== fake.clientSecret) {
      return [401, { error: "invalid_client", message: "Client authentication failed" }];
    }
    if (body.grant_type === "password") {
      if (body.username !== fake.username || body.password !== fake.password) {
        return [400, { error: "invalid_grant", message: "The user credentials were incorrect." }];
      }
      fake.grants.password += 1;
      return [200, issue()];
    }
    if (body.grant_type === "refresh_token") {
      const old = typeof body.refresh_token === "string" ? refreshTokens.get(body.refresh_token) : undefined;
      if (old === undefined) {
        return [400, { error: "invalid_request", message: "The refresh token is invalid." }];
      }
      refreshTokens.delete(body.refresh_token as string);
      accessTokens.delete(old);
      fake.grants.refresh_token += 1;
      return [200, issue()];
    }
    return [400, { error: "unsupported_grant_type" }];
  };

  const listAnswer = (message: string, rows: unknown[]) => [
    200,
    { message, type: "success", code: 200, data: { data: rows } },
  ];

  const refusal = (errors: Record<string, string[]>): [number, unknown] => [
    422,
    { message: "Please fix the given errors", type: "error", code: 422, errors },
  ];

  /** The field errors of an order, Laravel-style; empty when it is valid. */
  const orderProblems = (order: Record<string, unknown>): Record<string, string[]> => {
    const errors: Record<string, string[]> = {};
    if (!fake.stores.some((store) => store.store_id === order.store_id))
      errors.store_id = ["The selected store id is invalid."];
    if (typeof order.merchant_order_id === "string") {
      for (const consignment of fake.consignments.values()) {
        if (consignment.body.merchant_order_id === order.merchant_order_id) {
          errors.merchant_order_id = ["The merchant order id has already been taken."];
        }
      }
    }
    const name = order.recipient_name;
    if (typeof name !== "string" || name.length < 3 || name.length > 100) {
      errors.recipient_name = ["The recipient name must be between 3 and 100 characters."];
    }
    if (typeof order.recipient_phone !== "string" || !/^01\d{9}$/.test(order.recipient_phone)) {
      errors.recipient_phone = ["The recipient phone format is invalid."];
    }
    const address = order.recipient_address;
    if (typeof address !== "string" || address.length < 10 || address.length > 220) {
      errors.recipient_address = ["The recipient address must be between 10 and 220 characters."];
    }
    const city = fake.places.cities.find((place) => place.id === order.recipient_city);
    if (order.recipient_city !== undefined && !city)
      errors.recipient_city = ["The selected recipient city is invalid."];
    const zone = fake.places.zones.find((place) => place.id === order.recipient_zone);
    if (order.recipient_zone !== undefined && (!zone || (city && zone.parentId !== city.id))) {
      errors.recipient_zone = ["The selected recipient zone is invalid."];
    }
    const area = fake.places.areas.find((place) => place.id === order.recipient_area);
    if (order.recipient_area !== undefined && (!area || (zone && area.parentId !== zone.id))) {
      errors.recipient_area = ["The selected recipient area is invalid."];
    }
    if (order.delivery_type !== 48 && order.delivery_type !== 12)
      errors.delivery_type = ["The delivery type is invalid."];
    if (order.item_type !== 1 && order.item_type !== 2) errors.item_type = ["The item type is invalid."];
    if (!Number.isInteger(order.item_quantity) || (order.item_quantity as number) < 1) {
      errors.item_quantity = ["The item quantity must be at least 1."];
    }
    const weight = Number(order.item_weight);
    if (!(weight >= 0.5 && weight <= 10)) errors.item_weight = ["The item weight must be between 0.5 and 10."];
    if (!Number.isInteger(order.amount_to_collect) || (order.amount_to_collect as number) < 0) {
      errors.amount_to_collect = ["The amount to collect must be an integer."];
    }
    return errors;
  };

  const answer = (
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    body: unknown,
  ): [number, unknown] => {
    const fields = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
    if (method === "POST" && path === "/__control/status") {
      fake.setStatus(String(fields.consignment_id), String(fields.status));
      return [200, { ok: true }];
    }
    if (method === "POST" && path === "/aladdin/api/v1/issue-token") return tokenAnswer(fields);
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
    const token = bearer ? accessTokens.get(bearer) : undefined;
    if (!token || token.expiresAt <= Date.now()) return [401, { message: "Unauthorized", type: "error", code: 401 }];

    let match: RegExpExecArray | null;
    if (method === "GET" && path === "/aladdin/api/v1/city-list") {
      return listAnswer(
        "City successfully fetched.",
        fake.places.cities.map((city) => ({ city_id: city.id, city_name: city.name })),
      ) as [number, unknown];
    }
    if (method === "GET" && (match = /^\/aladdin\/api\/v1\/cities\/(\d+)\/zone-list$/.exec(path))) {
      const cityId = Number(match[1]);
      return listAnswer(
        "Zone list fetched.",
        fake.places.zones
          .filter((zone) => zone.parentId === cityId)
          .map((zone) => ({ zone_id: zone.id, zone_name: zone.name })),
      ) as [number, unknown];
    }
    if (method === "GET" && (match = /^\/aladdin\/api\/v1\/zones\/(\d+)\/area-list$/.exec(path))) {
      const zoneId = Number(match[1]);
      return listAnswer(
        "Area list fetched.",
        fake.places.areas
          .filter((area) => area.parentId === zoneId)
          .map((area) => ({
            area_id: area.id,
            area_name: area.name,
            home_delivery_available: area.homeDelivery ?? true,
            pickup_available: true,
          })),
      ) as [number, unknown];
    }
    if (method === "GET" && path === "/aladdin/api/v1/stores") {
      return [
        200,
        {
          message: "Store list fetched.",
          type: "success",
          code: 200,
          data: { data: fake.stores, total: fake.stores.length, current_page: 1, per_page: 1000, last_page: 1 },
        },
      ];
    }
    if (method === "POST" && path === "/aladdin/api/v1/merchant/price-plan") {
      const errors: Record<string, string[]> = {};
      if (!fake.stores.some((store) => store.store_id === fields.store_id))
        errors.store_id = ["The selected store id is invalid."];
      if (!fake.places.cities.some((city) => city.id === fields.recipient_city)) {
        errors.recipient_city = ["The selected recipient city is invalid."];
      }
      if (!fake.places.zones.some((zone) => zone.id === fields.recipient_zone)) {
        errors.recipient_zone = ["The selected recipient zone is invalid."];
      }
      const weight = Number(fields.item_weight);
      if (!(weight >= 0.5 && weight <= 10)) errors.item_weight = ["The item weight must be between 0.5 and 10."];
      if (Object.keys(errors).length > 0) return refusal(errors);
      const price = fake.priceOf(Number(fields.recipient_city), weight);
      return [
        200,
        {
          message: "price",
          type: "success",
          code: 200,
          data: {
            price,
            discount: 0,
            promo_discount: 0,
            plan_id: 69,
            cod_enabled: 1,
            cod_percentage: 0.01,
            additional_charge: 0,
            final_price: price,
          },
        },
      ];
    }
    if (method === "POST" && path === "/aladdin/api/v1/orders") {
      const errors = orderProblems(fields);
      if (Object.keys(errors).length > 0) return refusal(errors);
      const consignmentId = `DL${String(nextConsignment++).padStart(6, "0")}TEST`;
      const deliveryFee = fake.priceOf(Number(fields.recipient_city ?? 1), Number(fields.item_weight));
      fake.consignments.set(consignmentId, { status: "Pending", body: fields, deliveryFee });
      if (fake.silentFromCreate !== null && --fake.silentFromCreate <= 0) {
        fake.silentFromCreate = 0;
        silenced = true;
      }
      return [
        200,
        {
          message: "Order Created Successfully",
          type: "success",
          code: 200,
          data: {
            consignment_id: consignmentId,
            merchant_order_id: fields.merchant_order_id ?? null,
            order_status: "Pending",
            delivery_fee: deliveryFee,
          },
        },
      ];
    }
    if (method === "GET" && (match = /^\/aladdin\/api\/v1\/orders\/([^/]+)\/info$/.exec(path))) {
      const id = decodeURIComponent(match[1]!);
      const consignment = fake.consignments.get(id);
      if (!consignment) return [404, { message: "Order not found", type: "error", code: 404 }];
      return [
        200,
        {
          message: "Order info",
          type: "success",
          code: 200,
          data: {
            consignment_id: id,
            merchant_order_id: consignment.body.merchant_order_id ?? null,
            order_status: consignment.status.replace(/_/g, " "),
            order_status_slug: consignment.status,
            updated_at: "2026-11-29 15:11:40",
            invoice_id: null,
          },
        },
      ];
    }
    return [404, { message: "no Route matched with those values" }];
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const path = (request.url ?? "").split("?")[0]!;
      fake.requests.push({ method: request.method ?? "", path, headers: request.headers, body });
      silenced = false;
      const [status, json] = answer(request.method ?? "", path, request.headers, body);
      const delayMs = silenced ? Math.max(fake.delayMs, 5_000) : fake.delayMs;
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(json));
      };
      if (delayMs > 0 && path !== "/__control/status") setTimeout(send, delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
