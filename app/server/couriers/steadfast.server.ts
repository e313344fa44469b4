/**
 * Steadfast Courier's merchant API (v1) as a `Courier` (./courier.ts). Base URL
 * https://portal.packzy.com/api/v1; every request carries the shop's `Api-Key` and `Secret-Key`
 * headers, which never leave the server and are never logged.
 *
 * Endpoints used: POST /create_order, POST /create_order/bulk-order (at most 500 parcels),
 * GET /status_by_invoice/{invoice}, GET /get_balance (to check the keys). Amounts go as taka (cod_amount, a number); phones as 11 digits.
 *
 * Redirects are never followed (`redirect: "manual"`): the keys are headers, and fetch would send
 * them on to any host a 3xx answer names. A 3xx is a `CourierRedirectError`, the whole request failed.
 */
import {
  CourierError,
  type BulkConsignmentResult,
  type Consignment,
  type ConsignmentRequest,
  type Courier,
  type DeliveryState,
} from "./courier";
import { courierAnswer, courierExchange } from "./courier-http.server";

/** Steadfast's production API. */
export const STEADFAST_BASE_URL = "https://portal.packzy.com/api/v1";

/** The most parcels one bulk request may carry (Steadfast's limit). */
const STEADFAST_BULK_LIMIT = 500;

/** How long one request may take before it is given up, in ms. */
const DEFAULT_TIMEOUT_MS = 15_000;

/** The shop's Steadfast account and where to reach it (tests point `baseUrl` at a local server). */
export type SteadfastConfig = { apiKey: string; secretKey: string; baseUrl?: string; timeoutMs?: number };

/**
 * Steadfast's delivery statuses in haat's words. The `*_approval_pending` ones wait for Steadfast's
 * own check and are read as what they will most likely become; "cancelled" means the parcel came
 * back to the shop (a refused or failed delivery).
 */
const STATES: Record<string, DeliveryState> = {
  in_review: "with-courier",
  pending: "with-courier",
  hold: "on-hold",
  delivered: "delivered",
  delivered_approval_pending: "delivered",
  partial_delivered: "partly-delivered",
  partial_delivered_approval_pending: "partly-delivered",
  cancelled: "returned",
  cancelled_approval_pending: "returned",
  unknown: "unknown",
  unknown_approval_pending: "unknown",
};

/** The state of a Steadfast delivery status word; "unknown" for a word it does not document. */
export function steadfastState(status: string): DeliveryState {
  return STATES[status] ?? "unknown";
}

/**
 * The statuses Steadfast does not change again: delivered, partly delivered and cancelled once its
 * own check is done (the `*_approval_pending` forms may still change).
 */
export const STEADFAST_FINAL_STATUSES = ["delivered", "partial_delivered", "cancelled"] as const;

/** Paisa as the taka number Steadfast's cod_amount takes (two decimals at most). */
function taka(paisa: number): number {
  return Math.round(paisa) / 100;
}

function body(request: ConsignmentRequest) {
  return {
    invoice: request.invoice,
    recipient_name: request.recipientName.slice(0, 100),
    recipient_phone: request.recipientPhone,
    recipient_address: request.recipientAddress.slice(0, 250),
    cod_amount: taka(request.codAmountPaisa),
    note: request.note,
    item_description: request.itemDescription,
  };
}

/**
 * A request to the shop's Steadfast account: `call(method, path, payload?)` sends it with the keys
 * (never following a redirect) and gives the answer's JSON object or array. Other readers of the
 * same API (the payouts, app/server/payouts/steadfast-payouts.server.ts) use it too.
 * @throws {CourierError} "timeout", "unreachable", "unauthorised" (401/403), "refused" (another
 *   error status, with Steadfast's message), "bad-answer" (not JSON); {CourierRedirectError} on a 3xx.
 */
export function steadfastRequest(config: SteadfastConfig) {
  const baseUrl = (config.baseUrl ?? STEADFAST_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return async function call(method: "GET" | "POST", path: string, payload?: unknown): Promise<unknown> {
    const answer = await courierExchange({
      courier: "Steadfast",
      url: `${baseUrl}${path}`,
      method,
      headers: { "Api-Key": config.apiKey, "Secret-Key": config.secretKey },
      payload,
      timeoutMs,
    });
    return courierAnswer("Steadfast", answer, "Steadfast refused the API key or secret key.", messageOf);
  };
}

/** A Steadfast client for the shop's account. */
export function steadfastCourier(config: SteadfastConfig): Courier {
  const call = steadfastRequest(config);

  return {
    async createConsignment(request) {
      const answer = (await call("POST", "/create_order", body(request))) as {
        status?: number;
        message?: string;
        consignment?: { consignment_id?: unknown; tracking_code?: unknown; status?: unknown };
      };
      const consignment = answer.consignment;
      if (answer.status !== 200 || !consignment || consignment.consignment_id == null || !consignment.tracking_code) {
        throw new CourierError(`Steadfast refused the parcel: ${messageOf(answer) ?? "no consignment"}`, "refused");
      }
      return {
        invoice: request.invoice,
        consignmentId: String(consignment.consignment_id),
        trackingCode: String(consignment.tracking_code),
        courierStatus: String(consignment.status ?? "in_review"),
      } satisfies Consignment;
    },

    async createConsignments(requests) {
      if (requests.length === 0) return [];
      if (requests.length > STEADFAST_BULK_LIMIT) {
        throw new CourierError(`Steadfast takes at most ${STEADFAST_BULK_LIMIT} parcels at once.`, "refused");
      }
      const answer = await call("POST", "/create_order/bulk-order", { data: requests.map(body) });
      const rows = Array.isArray(answer) ? answer : (answer as { data?: unknown }).data;
      if (!Array.isArray(rows)) throw new CourierError("Steadfast's bulk answer has no list.", "bad-answer");
      const byInvoice = new Map<string, Record<string, unknown>>();
      for (const row of rows as Record<string, unknown>[]) byInvoice.set(String(row.invoice), row);
      return requests.map((request): BulkConsignmentResult => {
        const row = byInvoice.get(request.invoice);
        if (!row) return { ok: false, invoice: request.invoice, message: "Steadfast did not answer for this parcel." };
        if (row.status !== "success" || row.consignment_id == null || !row.tracking_code) {
          return { ok: false, invoice: request.invoice, message: messageOf(row) ?? "Steadfast refused this parcel." };
        }
        return {
          ok: true,
          invoice: request.invoice,
          consignmentId: String(row.consignment_id),
          trackingCode: String(row.tracking_code),
          courierStatus: "in_review",
        };
      });
    },

    async deliveryStatus(invoice) {
      const answer = (await call("GET", `/status_by_invoice/${encodeURIComponent(invoice)}`)) as {
        status?: number;
        delivery_status?: unknown;
      };
      if (answer.status !== 200 || typeof answer.delivery_status !== "string") {
        throw new CourierError(
          `Steadfast has no status for ${invoice}: ${messageOf(answer) ?? "no status"}`,
          "refused",
        );
      }
      const courierStatus = answer.delivery_status;
      return {
        state: steadfastState(courierStatus),
        courierStatus,
        final: (STEADFAST_FINAL_STATUSES as readonly string[]).includes(courierStatus),
      };
    },

    async checkAccount() {
      const answer = (await call("GET", "/get_balance")) as { status?: number; current_balance?: unknown };
      const balance = Number(answer.current_balance);
      if (answer.status !== 200 || !Number.isFinite(balance)) {
        throw new CourierError(
          `Steadfast did not give the balance: ${messageOf(answer) ?? "no balance"}`,
          "bad-answer",
        );
      }
      return { balancePaisa: Math.round(balance * 100) };
    },
  };
}

/** A human message from a Steadfast answer (`message`, or the first of `errors`), if there is one. */
function messageOf(json: unknown): string | null {
  if (!json || typeof json !== "object") return null;
  const record = json as { message?: unknown; errors?: unknown };
  if (typeof record.message === "string" && record.message) return record.message;
  if (record.errors && typeof record.errors === "object") {
    const first = Object.values(record.errors as Record<string, unknown>)[0];
    if (Array.isArray(first) && typeof first[0] === "string") return first[0];
    if (typeof first === "string") return first;
  }
  return null;
}
