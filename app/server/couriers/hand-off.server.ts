/**
 * The courier hand-off (docs/decisions/029-courier-hand-off.md): sending orders to the shop's
 * courier as consignments, and reading back where each parcel is, as staff ask for it (with the
 * message to show and the lines of the audit trail) or as the schedule does (./schedule.server.ts).
 * The courier is asked first, outside any transaction (it may take seconds); what it answered is
 * then written order by order (app/models/orders/courier.server.ts). The keys are ./account.server.ts's.
 */
import type { AdminTranslate } from "~/i18n/admin";
import type { AdminUser } from "~/models/auth/admin-user.server";
import {
  listOrdersForHandOff,
  listParcelsToRefresh,
  recordConsignment,
  recordCourierStatus,
} from "~/models/orders/courier.server";
import { codAmountPaisa, courierInvoice, parcelAddress, parcelItems } from "~/rules/courier-parcel";
import type { Toast } from "~/utils/toast-message";
import { staffTranslator } from "../admin-i18n.server";
import { audit } from "../audit.server";
import { SHOP_COURIER, shopCourier } from "./courier-keys.server";
import { CourierError, NoCourierAccountError, type Courier, type HandOffResult, type RefreshResult } from "./courier";
import { courierFailure, handOffMessage, refreshMessage } from "./messages.server";
import { STEADFAST_FINAL_STATUSES, steadfastTrackingUrl } from "./steadfast.server";

/** Parcels one staff click of "Refresh parcel statuses" asks about (four at a time), so the page answers soon. */
const REFRESH_PER_CLICK = 50;

/**
 * Staff's "Send to courier" for the orders `orderIds`, by `admin` from the request whose load
 * context is `context`: hands them over (`handOff`), records each parcel sent in the audit trail,
 * and returns the one message that says what was sent, refused and skipped. The courier
 * unreachable, refusing the keys, or no keys saved changes nothing, and the message says so. A
 * failure that is not the courier's is thrown.
 */
export async function sendOrdersToCourier(orderIds: number[], admin: AdminUser, context: unknown): Promise<Toast> {
  const t = staffTranslator(admin);
  try {
    const result = await handOff(orderIds, admin);
    for (const parcel of result.sent) {
      await audit(context, admin, {
        action: "order.sent-to-courier",
        subjectType: "order",
        subjectId: parcel.orderId,
        summary: `Steadfast ${parcel.trackingCode}`,
      });
    }
    return handOffMessage(result, t);
  } catch (error) {
    return failureToast(error, t);
  }
}

/**
 * Staff's "Refresh parcel statuses", by `admin`: asks the courier about the parcels of `orderIds`,
 * or, without them, about at most REFRESH_PER_CLICK parcels still on their way, the longest unread
 * first (a click waits for the answers; the schedule reads the rest). Returns the message to show;
 * a failure as a whole is a message too, unless it is not the courier's (then it is thrown).
 */
export async function refreshParcelStatuses(admin: AdminUser, orderIds?: number[]): Promise<Toast> {
  const t = staffTranslator(admin);
  try {
    return refreshMessage(await refreshDeliveryStatuses({ admin, orderIds, limit: REFRESH_PER_CLICK }), t);
  } catch (error) {
    return failureToast(error, t);
  }
}

/** The error toast for a hand-off or refresh that failed as a whole; rethrows what is not the courier's. */
function failureToast(error: unknown, t: AdminTranslate): Toast {
  const message = courierFailure(error, t);
  if (message === null) throw error;
  return { kind: "error", message };
}

/** The courier's public tracking page for a parcel, or null for a courier haat does not know. */
export function trackingUrl(courier: string | null, trackingCode: string | null): string | null {
  return courier === SHOP_COURIER && trackingCode ? steadfastTrackingUrl(trackingCode) : null;
}

/** Order statuses from which a parcel may be handed to the courier. */
const SENDABLE: readonly string[] = ["pending", "processing", "shipped"];

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
async function handOff(orderIds: number[], admin: { id: number; email: string } | null): Promise<HandOffResult> {
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
    const stored = await recordConsignment(order.id, SHOP_COURIER, { ...answer, state: "with-courier" }, admin);
    if (stored) result.sent.push({ orderId: order.id, trackingCode: answer.trackingCode });
    else result.skipped.push({ orderId: order.id, reason: "already-sent" });
  }
  return result;
}

/** How many parcels are asked about at once: a few, to be quick without hammering the courier. */
const REFRESH_CONCURRENCY = 4;

/**
 * Asks the courier where each parcel still on its way is (not in a final status), oldest checked
 * first, at most `limit` (default 200) per call, or only `orderIds` when given, REFRESH_CONCURRENCY
 * at a time; records each answer (app/models/orders/courier.server.ts `recordCourierStatus`), with `admin`
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
  const parcels = await listParcelsToRefresh(SHOP_COURIER, STEADFAST_FINAL_STATUSES, {
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
      if (await recordCourierStatus(reply.orderId, SHOP_COURIER, reply.answer, options.admin ?? null))
        result.changed += 1;
    }
  }
  return result;
}
