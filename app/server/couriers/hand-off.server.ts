/**
 * The courier hand-off (docs/decisions/029-courier-hand-off.md): the shop's courier account, sending
 * orders to the courier as consignments, and reading back where each parcel is. The courier is asked
 * first, outside any transaction (it may take seconds); what it answered is then written order by
 * order (app/models/courier.server.ts).
 *
 * The account's keys are sealed before they are stored (../secret-box.server.ts); what a page may
 * show of them is `CourierAccountSummary`. Steadfast is the one courier so far.
 */
import { getEnv } from "~/config/env.server";
import {
  deleteCourierAccountRow,
  getCourierAccountRow,
  listOrdersForHandOff,
  listParcelsToRefresh,
  recordConsignment,
  recordCourierStatus,
  saveCourierAccountRow,
} from "~/models/courier.server";
import { codAmountPaisa, courierInvoice, parcelAddress, parcelItems } from "~/rules/courier-parcel";
import { seal, unseal } from "../secret-box.server";
import { CourierError, type Courier } from "./courier";
import { STEADFAST_FINAL_STATUSES, steadfastCourier, steadfastTrackingUrl } from "./steadfast.server";

/** The courier every function here works with (the only one so far). */
const COURIER = "steadfast";

/** What a page may show about the shop's courier account: never the keys. */
export type CourierAccountSummary = {
  /** Keys are saved. */
  configured: boolean;
  /** The saved keys can be opened (false after SESSION_SECRET changed: enter them again). */
  readable: boolean;
  /** The API key's last 4 characters, "" when none is saved. */
  apiKeyHint: string;
  updatedAt: Date | null;
  updatedByEmail: string | null;
};

/** The Steadfast account as a page may show it. */
export async function getCourierAccountSummary(): Promise<CourierAccountSummary> {
  const row = await getCourierAccountRow(COURIER);
  if (!row) return { configured: false, readable: false, apiKeyHint: "", updatedAt: null, updatedByEmail: null };
  return {
    configured: true,
    readable: unseal(row.apiKeySealed) !== null && unseal(row.secretSealed) !== null,
    apiKeyHint: row.apiKeyHint,
    updatedAt: row.updatedAt,
    updatedByEmail: row.updatedByEmail,
  };
}

/** Saves (or replaces) the Steadfast keys, sealed, as changed by `admin`. */
export async function saveCourierAccount(
  keys: { apiKey: string; secretKey: string },
  admin: { email: string },
): Promise<void> {
  await saveCourierAccountRow(
    COURIER,
    { apiKeySealed: seal(keys.apiKey), secretSealed: seal(keys.secretKey), apiKeyHint: keys.apiKey.slice(-4) },
    admin,
  );
}

/** Forgets the Steadfast keys. Orders already sent keep their consignments. */
export async function removeCourierAccount(): Promise<void> {
  await deleteCourierAccountRow(COURIER);
}

/**
 * A client for the shop's Steadfast account, or null when no keys are saved or they cannot be
 * opened. `keys` instead of the saved ones checks keys before they are saved.
 */
export async function shopCourier(keys?: { apiKey: string; secretKey: string }): Promise<Courier | null> {
  let opened = keys ?? null;
  if (!opened) {
    const row = await getCourierAccountRow(COURIER);
    const apiKey = row ? unseal(row.apiKeySealed) : null;
    const secretKey = row ? unseal(row.secretSealed) : null;
    opened = apiKey && secretKey ? { apiKey, secretKey } : null;
  }
  if (!opened) return null;
  return steadfastCourier({ ...opened, baseUrl: getEnv().STEADFAST_BASE_URL });
}

/** The courier's public tracking page for a parcel, or null for a courier haat does not know. */
export function trackingUrl(courier: string | null, trackingCode: string | null): string | null {
  return courier === COURIER && trackingCode ? steadfastTrackingUrl(trackingCode) : null;
}

/** Order statuses from which a parcel may be handed to the courier. */
const SENDABLE: readonly string[] = ["pending", "processing", "shipped"];

/** What happened to each order of a hand-off. */
export type HandOffResult = {
  sent: { orderId: number; trackingCode: string }[];
  /** The courier refused these, with its reason (its own words, safe to show to staff). */
  refused: { orderId: number; message: string }[];
  /** Not asked for: no such order, already with a courier, or delivered or cancelled. */
  skipped: { orderId: number; reason: "not-found" | "already-sent" | "closed" }[];
};

/** Thrown when no usable courier keys are saved. */
export class NoCourierAccountError extends Error {
  constructor() {
    super("No courier account is saved.");
    this.name = "NoCourierAccountError";
  }
}

/**
 * Hands the orders `orderIds` (at most 500 are taken) to the shop's courier, with the cash to
 * collect (the total, or 0 once paid): one order through the single-parcel call (its refusal names
 * the field), several through the bulk call. Each accepted order stores its consignment, gets a
 * history entry by `admin`, and moves to "shipped".
 *
 * @throws {CourierError} when the courier cannot be reached, refuses the keys or the whole request;
 *   nothing is written then.
 * @throws {NoCourierAccountError} when no usable keys are saved.
 */
export async function sendOrdersToCourier(
  orderIds: number[],
  admin: { id: number; email: string } | null,
): Promise<HandOffResult> {
  const courier = await shopCourier();
  if (!courier) throw new NoCourierAccountError();
  const ids = [...new Set(orderIds)].slice(0, 500);
  const orders = await listOrdersForHandOff(ids);
  const result: HandOffResult = { sent: [], refused: [], skipped: [] };
  const found = new Set(orders.map((order) => order.id));
  for (const id of ids) if (!found.has(id)) result.skipped.push({ orderId: id, reason: "not-found" });
  const ready = orders.filter((order) => {
    if (order.consignmentId) result.skipped.push({ orderId: order.id, reason: "already-sent" });
    else if (!SENDABLE.includes(order.status)) result.skipped.push({ orderId: order.id, reason: "closed" });
    else return true;
    return false;
  });
  if (ready.length === 0) return result;

  const requests = ready.map((order) => ({
    invoice: courierInvoice(order.id),
    recipientName: order.customerName,
    recipientPhone: order.customerPhone,
    recipientAddress: parcelAddress(order),
    codAmountPaisa: codAmountPaisa(order),
    note: "",
    itemDescription: parcelItems(order),
  }));
  const answers =
    requests.length === 1
      ? await courier.createConsignment(requests[0]!).then(
          (consignment) => [{ ok: true as const, ...consignment }],
          (error: unknown) => {
            // One parcel refused is that parcel's answer; the courier unreachable is everyone's.
            if (error instanceof CourierError && error.kind === "refused") {
              return [{ ok: false as const, invoice: requests[0]!.invoice, message: error.message }];
            }
            throw error;
          },
        )
      : await courier.createConsignments(requests);

  for (const [index, answer] of answers.entries()) {
    const order = ready[index]!;
    if (!answer.ok) {
      result.refused.push({ orderId: order.id, message: answer.message });
      continue;
    }
    // Two hand-offs of one order at once: the courier refuses the second consignment for the same
    // invoice, so only a race the courier let through reaches here, and the first write wins.
    const stored = await recordConsignment(order.id, COURIER, { ...answer, state: "with-courier" }, admin);
    if (stored) result.sent.push({ orderId: order.id, trackingCode: answer.trackingCode });
    else result.skipped.push({ orderId: order.id, reason: "already-sent" });
  }
  return result;
}

/** What a status refresh did. */
export type RefreshResult = {
  /** Parcels the courier answered for. */
  checked: number;
  /** Parcels whose courier status changed (each recorded in its order's history). */
  changed: number;
  /** Parcels the courier gave no status for, with its reason. */
  failed: { orderId: number; message: string }[];
};

/** How many parcels are asked about at once: a few, to be quick without hammering the courier. */
const REFRESH_CONCURRENCY = 4;

/**
 * Asks the courier where each parcel still on its way is (not in a final status), oldest checked
 * first, at most `limit` (default 200) per call, or only `orderIds` when given, REFRESH_CONCURRENCY
 * at a time; records each answer (app/models/courier.server.ts `recordCourierStatus`), with `admin`
 * as who asked.
 *
 * @throws {CourierError} when the courier cannot be reached or refuses the keys: the run stops,
 *   what was recorded before stays.
 * @throws {NoCourierAccountError} when no usable keys are saved.
 */
export async function refreshDeliveryStatuses(
  options: { orderIds?: number[]; admin?: { id: number; email: string } | null; limit?: number } = {},
): Promise<RefreshResult> {
  const courier = await shopCourier();
  if (!courier) throw new NoCourierAccountError();
  const parcels = await listParcelsToRefresh(COURIER, STEADFAST_FINAL_STATUSES, {
    orderIds: options.orderIds,
    limit: options.limit ?? 200,
  });
  const result: RefreshResult = { checked: 0, changed: 0, failed: [] };
  /** The courier's answer for one parcel, or its reason for having none; an unreachable courier throws. */
  type Reply =
    | { orderId: number; ok: true; answer: Awaited<ReturnType<Courier["deliveryStatus"]>> }
    | { orderId: number; ok: false; failure: string };
  const ask = async (orderId: number): Promise<Reply> => {
    try {
      return { orderId, ok: true, answer: await courier.deliveryStatus(courierInvoice(orderId)) };
    } catch (error) {
      if (error instanceof CourierError && (error.kind === "refused" || error.kind === "bad-answer")) {
        return { orderId, ok: false, failure: error.message };
      }
      throw error;
    }
  };
  for (let start = 0; start < parcels.length; start += REFRESH_CONCURRENCY) {
    const batch = parcels.slice(start, start + REFRESH_CONCURRENCY);
    for (const reply of await Promise.all(batch.map((parcel) => ask(parcel.id)))) {
      if (!reply.ok) {
        result.failed.push({ orderId: reply.orderId, message: reply.failure });
        continue;
      }
      result.checked += 1;
      if (await recordCourierStatus(reply.orderId, COURIER, reply.answer, options.admin ?? null)) result.changed += 1;
    }
  }
  return result;
}
