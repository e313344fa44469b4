/**
 * Pathao Courier's merchant API ("Aladdin", v1) as a `Courier` (./courier.ts), with the lists a
 * Pathao hand-off needs: its cities, zones and areas, the merchant's stores and the price plan.
 * Base URL https://api-hermes.pathao.com (sandbox https://courier-api-sandbox.pathao.com).
 *
 * Sources for the shapes used here (no official SDK in our language exists; these agree):
 * - Pathao's merchant developer page, https://merchant.pathao.com/courier/developer-api, as copied
 *   into github.com/Sifat07/pathao-merchant-sdk docs/official-pathao-api-documentation.md
 *   (token grants, stores, orders, /orders/{id}/info, price plan, city/zone/area lists, 422 shape);
 * - Pathao's own WooCommerce plugin, github.com/pathao-eng/courier-woocommerce-plugin
 *   (plugin-api.php: the order status words, `delivery_fee` of a created order);
 * - github.com/codeboxrcodehub/pathao-courier (Laravel: the grants, `Authorization: Bearer`,
 *   401 and 422 `{ message, errors }` handling);
 * - the public tracking page's form, merchant.pathao.com/tracking?consignment_id=…&phone=…, as
 *   shops link to it (many public storefronts; Pathao documents no other).
 *
 * Tokens: OAuth2 password grant (client id and secret, the merchant's username and password), then
 * `refresh_token` grants. Access tokens last days (`expires_in` 432000 s in the docs). This module
 * never stores them itself: `PathaoConfig.tokens` reads and writes them (the database, sealed:
 * ./pathao-account.server.ts), so every request of every node uses one shared token. A token within
 * TOKEN_REFRESH_MARGIN_MS of its expiry is refreshed before use; a 401 refreshes once and asks
 * again; a refused refresh falls back to the password grant. See `PathaoTokenStore` for two
 * refreshes at once.
 *
 * Amounts go as taka (integer `amount_to_collect`: haat rounds paisa up to the taka, as a rider
 * cannot collect paisa); weights as kg. Redirects are never followed (see ./courier.ts
 * `CourierRedirectError`): the bearer token and, on a grant, the password travel with the request.
 */
import { roundUpToTaka } from "~/rules/courier-parcel";
import {
  CourierError,
  type BulkConsignmentResult,
  type Consignment,
  type ConsignmentRequest,
  type Courier,
  type DeliveryState,
} from "./courier";
import { courierAnswer, courierExchange } from "./courier-http.server";

/** Pathao's production API. */
const PATHAO_BASE_URL = "https://api-hermes.pathao.com";

/** How long one request may take before it is given up, in ms. */
const DEFAULT_TIMEOUT_MS = 15_000;

/** An access token this close to its expiry is refreshed before it is used, in ms (one hour). */
export const TOKEN_REFRESH_MARGIN_MS = 60 * 60_000;

/** Pathao's `delivery_type` for a normal (48-hour) delivery; 12 is on demand. */
const NORMAL_DELIVERY = 48;
/** Pathao's `item_type` for a parcel; 1 is a document. */
const PARCEL = 2;

/** The weight a parcel is given when staff say none, in kg (Pathao's smallest plan). */
export const PATHAO_DEFAULT_WEIGHT_KG = 0.5;

/** The tokens of a Pathao account; `expiresAt` is when the access token stops working. */
export type PathaoTokens = { accessToken: string; refreshToken: string; expiresAt: Date };

/**
 * Where a client keeps its tokens. `read` gives the stored ones (null: none yet). `write` stores
 * new ones in place of `replaced` (the tokens they were issued to replace, null for none) and
 * returns the tokens to use: its own when `replaced` was still the stored set, else the set another
 * request (or node) stored first, so that every request converges on one token (compare and set).
 */
export type PathaoTokenStore = {
  read(): Promise<PathaoTokens | null>;
  write(tokens: PathaoTokens, replaced: PathaoTokens | null): Promise<PathaoTokens>;
};

/** The shop's Pathao account and where to reach it (tests point `baseUrl` at a local server). */
export type PathaoConfig = {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** The merchant's store parcels are picked up from; null until chosen (only the lists work). */
  storeId: number | null;
  tokens: PathaoTokenStore;
  baseUrl?: string;
  timeoutMs?: number;
  /** The clock (tests pass a later one to see a token expire). */
  now?: () => Date;
};

/** A place in Pathao's lists. Areas say whether Pathao delivers to the door there. */
type PathaoPlace = { id: number; name: string; homeDelivery?: boolean };

/** A merchant's store, as /stores lists it. */
export type PathaoStore = { id: number; name: string; address: string; active: boolean };

/** Pathao's price for a parcel, in paisa, and its cash-on-delivery fee rate (0.01 = 1 %). */
export type PathaoPrice = { pricePaisa: number; discountPaisa: number; finalPricePaisa: number; codPercentage: number };

/**
 * Pathao's order statuses (`order_status` / `order_status_slug`; its webhook events name the same
 * steps) in haat's words. A parcel picked up or moving between hubs is "with-courier"; one whose
 * pickup or delivery failed is "on-hold" (Pathao tries again or sends it back), and so is one on
 * its way back ("Return", "Return_In_Transit": not final) or exchanged: only a parcel back with the
 * shop ("Returned", "Paid_Return", "Returned_To_Merchant") is "returned", which cancels the order
 * (app/models/orders/courier.server.ts). A cancelled pickup is "on-hold" too: the parcel never
 * left the shop, so the order stays, and staff forget the consignment to send it again.
 */
const STATES: Record<string, DeliveryState> = {
  pending: "with-courier",
  order_created: "with-courier",
  order_updated: "with-courier",
  pickup_requested: "with-courier",
  assigned_for_pickup: "with-courier",
  picked: "with-courier",
  at_the_sorting_hub: "with-courier",
  in_transit: "with-courier",
  received_at_last_mile_hub: "with-courier",
  assigned_for_delivery: "with-courier",
  pickup_failed: "on-hold",
  delivery_failed: "on-hold",
  on_hold: "on-hold",
  delivered: "delivered",
  payment_invoice: "delivered",
  partial_delivery: "partly-delivered",
  return: "on-hold",
  return_id_created: "on-hold",
  return_in_transit: "on-hold",
  exchange: "on-hold",
  returned: "returned",
  paid_return: "returned",
  returned_to_merchant: "returned",
  pickup_cancelled: "on-hold",
};

/** Whether a Pathao status says the pickup was cancelled: the parcel never left the shop. */
export function pathaoPickupCancelled(status: string | null): boolean {
  return status !== null && statusKey(status) === "pickup_cancelled";
}

/** A status word as the table keys it: "Pickup Requested", "pickup-requested" → "pickup_requested". */
function statusKey(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** The state of a Pathao order status; "unknown" for a word its sources do not name. */
export function pathaoState(status: string): DeliveryState {
  return STATES[statusKey(status)] ?? "unknown";
}

/**
 * The statuses Pathao does not change again: delivered, partly delivered, the parcel back with the
 * shop, and a cancelled pickup (the parcel never left). "Return" is not final: the parcel is on
 * its way back and may still become "Paid_Return" (the shopper paid the delivery charge).
 */
export const PATHAO_FINAL_STATUSES = [
  "Delivered",
  "Partial_Delivery",
  "Paid_Return",
  "Returned_to_Merchant",
  "Pickup_Cancelled",
  "Payment_Invoice",
] as const;

/** Whether a Pathao status is final (PATHAO_FINAL_STATUSES, compared in any spelling). */
export function pathaoFinal(status: string): boolean {
  return PATHAO_FINAL_STATUSES.some((final) => statusKey(final) === statusKey(status));
}

/**
 * Paisa as the whole taka Pathao's `amount_to_collect` takes, rounded up (a rider collects no
 * paisa): the rule app/rules/courier-parcel.ts `courierCollectsPaisa` shares with the payouts.
 */
function wholeTaka(paisa: number): number {
  return roundUpToTaka(paisa) / 100;
}

/** Taka from an answer (a number or a numeric string) in paisa; null when it is not a number. */
function paisaOf(value: unknown): number | null {
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? Math.round(number * 100) : null;
}

/** A Pathao client: the `Courier` contract and the lists and price plan its hand-off needs. */
export type PathaoClient = Courier & {
  /** Issues a token with the password grant and stores it: the keys' check. @throws {CourierError} */
  signIn(): Promise<void>;
  stores(): Promise<PathaoStore[]>;
  cities(): Promise<PathaoPlace[]>;
  zones(cityId: number): Promise<PathaoPlace[]>;
  areas(zoneId: number): Promise<PathaoPlace[]>;
  /** The price of a parcel of `weightKg` to the city and zone, from the chosen store. @throws {CourierError} */
  pricePlan(place: { cityId: number; zoneId: number; weightKg: number }): Promise<PathaoPrice>;
};

/** A Pathao client for the shop's account (see the module's comment for tokens). */
export function pathaoCourier(config: PathaoConfig): PathaoClient {
  const baseUrl = (config.baseUrl ?? PATHAO_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = config.now ?? (() => new Date());

  /** One HTTP exchange (./courier-http.server.ts), with the bearer token when given. */
  function exchange(method: "GET" | "POST", path: string, payload: unknown, accessToken: string | null) {
    return courierExchange({
      courier: "Pathao",
      url: `${baseUrl}${path}`,
      method,
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
      payload,
      timeoutMs,
    });
  }

  /** A token grant; the new tokens, or a CourierError ("unauthorised" when Pathao refuses the grant). */
  async function grant(body: Record<string, string>): Promise<PathaoTokens> {
    const issuedAt = now().getTime();
    const { status, json } = await exchange(
      "POST",
      "/aladdin/api/v1/issue-token",
      { client_id: config.clientId, client_secret: config.clientSecret, ...body },
      null,
    );
    if (status === 400 || status === 401 || status === 403 || status === 422) {
      throw new CourierError("Pathao refused the client id, secret, username or password.", "unauthorised");
    }
    if (status < 200 || status >= 300) {
      throw new CourierError(`Pathao refused the request: ${messageOf(json) ?? `HTTP ${status}`}`, "refused");
    }
    const answer = (json ?? {}) as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown };
    const expiresIn = Number(answer.expires_in);
    if (typeof answer.access_token !== "string" || typeof answer.refresh_token !== "string" || !(expiresIn > 0)) {
      throw new CourierError("Pathao's token answer has no token.", "bad-answer");
    }
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresAt: new Date(issuedAt + expiresIn * 1000),
    };
  }

  const passwordGrant = () => grant({ grant_type: "password", username: config.username, password: config.password });

  /**
   * New tokens in place of `stale` (null: none stored): the refresh grant, or the password grant
   * when there is no refresh token or Pathao refuses it; stored through the token store, which may
   * answer with a set another request stored first.
   */
  async function renew(stale: PathaoTokens | null): Promise<PathaoTokens> {
    let fresh: PathaoTokens;
    if (stale) {
      try {
        fresh = await grant({ grant_type: "refresh_token", refresh_token: stale.refreshToken });
      } catch (error) {
        if (!(error instanceof CourierError) || error.kind !== "unauthorised") throw error;
        fresh = await passwordGrant();
      }
    } else {
      fresh = await passwordGrant();
    }
    return config.tokens.write(fresh, stale);
  }

  /** The refresh under way in this process, shared by the requests that need one meanwhile. */
  let renewing: Promise<PathaoTokens> | null = null;
  const renewOnce = (stale: PathaoTokens | null) => {
    renewing ??= renew(stale).finally(() => (renewing = null));
    return renewing;
  };

  /** A usable access token: the stored one, renewed first when missing or about to expire. */
  async function usableTokens(): Promise<PathaoTokens> {
    const stored = await config.tokens.read();
    if (stored && stored.expiresAt.getTime() - now().getTime() > TOKEN_REFRESH_MARGIN_MS) return stored;
    return renewOnce(stored);
  }

  /** An API call with the account's token; a 401 renews the token once and asks again. */
  async function call(method: "GET" | "POST", path: string, payload?: unknown): Promise<unknown> {
    let tokens = await usableTokens();
    let answer = await exchange(method, path, payload, tokens.accessToken);
    if (answer.status === 401) {
      const stored = await config.tokens.read();
      // Another request may have renewed it already: use that one before renewing again.
      tokens =
        stored && stored.accessToken !== tokens.accessToken && stored.expiresAt.getTime() > now().getTime()
          ? stored
          : await renewOnce(stored);
      answer = await exchange(method, path, payload, tokens.accessToken);
    }
    return courierAnswer("Pathao", answer, "Pathao refused the shop's keys.", messageOf);
  }

  /** The list in an answer's `data.data` (or `data`), each row read by `row`; a bad answer throws. */
  function listOf<T>(answer: unknown, row: (item: Record<string, unknown>) => T | null): T[] {
    const data = (answer as { data?: unknown }).data;
    const rows = Array.isArray(data) ? data : (data as { data?: unknown } | undefined)?.data;
    if (!Array.isArray(rows)) throw new CourierError("Pathao's answer has no list.", "bad-answer");
    return rows.flatMap((item) => {
      const read = item && typeof item === "object" ? row(item as Record<string, unknown>) : null;
      return read === null ? [] : [read];
    });
  }

  const place = (idKey: string, nameKey: string) => (item: Record<string, unknown>) => {
    const id = Number(item[idKey]);
    const name = typeof item[nameKey] === "string" ? (item[nameKey] as string).trim() : "";
    return Number.isInteger(id) && id > 0 && name ? { id, name } : null;
  };

  function orderBody(request: ConsignmentRequest, storeId: number) {
    const destination = request.destination;
    return {
      store_id: storeId,
      merchant_order_id: request.invoice,
      recipient_name: request.recipientName.slice(0, 100),
      recipient_phone: request.recipientPhone,
      recipient_address: request.recipientAddress.slice(0, 220),
      // Omitted, not null, when unknown: Pathao then reads the place from the address.
      ...(destination ? { recipient_city: destination.cityId, recipient_zone: destination.zoneId } : {}),
      ...(destination?.areaId ? { recipient_area: destination.areaId } : {}),
      delivery_type: NORMAL_DELIVERY,
      item_type: PARCEL,
      special_instruction: request.note,
      item_quantity: Math.max(1, request.itemQuantity ?? 1),
      item_weight: request.weightKg ?? PATHAO_DEFAULT_WEIGHT_KG,
      amount_to_collect: wholeTaka(request.codAmountPaisa),
      item_description: request.itemDescription,
    };
  }

  function requireStore(): number {
    if (config.storeId === null) throw new CourierError("No Pathao store is chosen yet.", "refused");
    return config.storeId;
  }

  const client: PathaoClient = {
    async signIn() {
      await config.tokens.write(await passwordGrant(), await config.tokens.read());
    },

    async stores() {
      return listOf(await call("GET", "/aladdin/api/v1/stores"), (item) => {
        const id = Number(item.store_id);
        if (!Number.isInteger(id) || id <= 0) return null;
        return {
          id,
          name: String(item.store_name ?? id),
          address: String(item.store_address ?? ""),
          active: item.is_active === undefined || Number(item.is_active) === 1 || item.is_active === true,
        };
      });
    },

    async cities() {
      return listOf(await call("GET", "/aladdin/api/v1/city-list"), place("city_id", "city_name"));
    },

    async zones(cityId) {
      return listOf(await call("GET", `/aladdin/api/v1/cities/${cityId}/zone-list`), place("zone_id", "zone_name"));
    },

    async areas(zoneId) {
      return listOf(await call("GET", `/aladdin/api/v1/zones/${zoneId}/area-list`), (item) => {
        const read = place("area_id", "area_name")(item);
        return read && { ...read, homeDelivery: item.home_delivery_available !== false };
      });
    },

    async pricePlan({ cityId, zoneId, weightKg }) {
      const answer = (await call("POST", "/aladdin/api/v1/merchant/price-plan", {
        store_id: requireStore(),
        item_type: PARCEL,
        delivery_type: NORMAL_DELIVERY,
        item_weight: weightKg,
        recipient_city: cityId,
        recipient_zone: zoneId,
      })) as { data?: Record<string, unknown> };
      const data = answer.data ?? {};
      const price = paisaOf(data.price);
      const finalPrice = paisaOf(data.final_price);
      if (price === null || finalPrice === null)
        throw new CourierError("Pathao's price answer has no price.", "bad-answer");
      return {
        pricePaisa: price,
        discountPaisa: (paisaOf(data.discount) ?? 0) + (paisaOf(data.promo_discount) ?? 0),
        finalPricePaisa: finalPrice,
        codPercentage: Number(data.cod_percentage) || 0,
      };
    },

    async createConsignment(request) {
      const answer = (await call("POST", "/aladdin/api/v1/orders", orderBody(request, requireStore()))) as {
        data?: { consignment_id?: unknown; order_status?: unknown; delivery_fee?: unknown };
      };
      const data = answer.data;
      if (!data || data.consignment_id == null || data.consignment_id === "") {
        throw new CourierError(`Pathao refused the parcel: ${messageOf(answer) ?? "no consignment"}`, "refused");
      }
      const consignmentId = String(data.consignment_id);
      return {
        invoice: request.invoice,
        consignmentId,
        // Pathao's consignment id is what its tracking page and riders go by.
        trackingCode: consignmentId,
        courierStatus: typeof data.order_status === "string" ? data.order_status : "Pending",
        feePaisa: paisaOf(data.delivery_fee),
      } satisfies Consignment;
    },

    async createConsignments(requests) {
      // Pathao's bulk call only queues the parcels (202, no consignment ids), so each parcel is
      // created on its own: every answer names its consignment, or the field Pathao refused. When
      // Pathao stops answering partway, the parcels it accepted so far are still answered for: the
      // one it was asked about is "unknown" (it may exist there), the rest "not-sent".
      const results: BulkConsignmentResult[] = [];
      for (const [index, request] of requests.entries()) {
        try {
          results.push({ ok: true, ...(await client.createConsignment(request)) });
        } catch (error) {
          if (!(error instanceof CourierError)) throw error;
          if (error.kind === "refused") {
            results.push({ ok: false, invoice: request.invoice, message: error.message, outcome: "refused" });
            continue;
          }
          // Nothing accepted yet and the request surely never reached Pathao: a failure as a whole.
          if (results.every((result) => !result.ok) && !mayHaveArrived(error)) throw error;
          results.push({
            ok: false,
            invoice: request.invoice,
            message: error.message,
            outcome: mayHaveArrived(error) ? "unknown" : "not-sent",
          });
          for (const rest of requests.slice(index + 1)) {
            results.push({ ok: false, invoice: rest.invoice, message: error.message, outcome: "not-sent" });
          }
          break;
        }
      }
      return results;
    },

    async deliveryStatus(invoice, consignmentId) {
      if (!consignmentId) throw new CourierError(`Pathao has no consignment for ${invoice}.`, "refused");
      const answer = (await call("GET", `/aladdin/api/v1/orders/${encodeURIComponent(consignmentId)}/info`)) as {
        data?: { order_status?: unknown; order_status_slug?: unknown };
      };
      const status = answer.data?.order_status_slug ?? answer.data?.order_status;
      if (typeof status !== "string" || !status) {
        throw new CourierError(
          `Pathao has no status for ${consignmentId}: ${messageOf(answer) ?? "no status"}`,
          "refused",
        );
      }
      return { state: pathaoState(status), courierStatus: status, final: pathaoFinal(status) };
    },

    async checkAccount() {
      await client.stores();
      return { balancePaisa: null };
    },
  };
  return client;
}

/**
 * A human message from a Pathao answer: its field errors' words first (a 422 names the field:
 * "recipient_zone: The selected recipient zone is invalid."), else its `message`.
 */
function messageOf(json: unknown): string | null {
  if (!json || typeof json !== "object") return null;
  const record = json as { message?: unknown; errors?: unknown };
  if (record.errors && typeof record.errors === "object") {
    const words = Object.values(record.errors as Record<string, unknown>)
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .filter((value): value is string => typeof value === "string" && value !== "");
    if (words.length > 0) return words.join(" ");
  }
  return typeof record.message === "string" && record.message ? record.message : null;
}

/**
 * Whether a request that failed with `error` may still have been carried out by the courier: it
 * left and no answer came in time, or the answer could not be read. A courier unreachable, a
 * redirect (not followed) or keys refused did nothing.
 */
export function mayHaveArrived(error: unknown): boolean {
  return error instanceof CourierError && (error.kind === "timeout" || error.kind === "bad-answer");
}

/**
 * Whether Pathao's refusal `message` says it already has one for the order (its 422
 * "The merchant order id has already been taken."): an earlier hand-off whose answer never came.
 * Pathao's API looks parcels up only by consignment id, so the parcel is found in its panel.
 */
export function refusesAsTaken(message: string): boolean {
  return /merchant[ _]order[ _]id has already been taken/i.test(message);
}

/** The fields of a Pathao refusal that name a place, so the caller can ask for the place again. */
export function refusesPlace(error: unknown): boolean {
  return error instanceof CourierError && /recipient[ _](city|zone|area)/i.test(error.message);
}
