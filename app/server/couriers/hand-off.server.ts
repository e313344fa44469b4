/**
 * The courier hand-off (docs/decisions/029-courier-hand-off.md, docs/decisions/066-pathao.md):
 * sending orders to one of the shop's couriers (Steadfast or Pathao) as consignments, and reading
 * back where each parcel is, each courier's parcels with its own client, as staff ask for it (with
 * the message to show and the lines of the audit trail) or as the schedule does
 * (./schedule.server.ts). The courier is asked first, outside any transaction (it may take
 * seconds); what it answered is then written order by order (app/models/orders/courier.server.ts).
 * The keys are ./courier-keys.server.ts's and ./pathao-account.server.ts's.
 */
import type { AdminTranslate } from "~/i18n/admin";
import type { AdminUser } from "~/models/auth/admin-user.server";
import {
  SENDABLE_STATUSES,
  claimForCourier,
  forgetHandOff,
  getHandOffOf,
  listOrdersForHandOff,
  listParcelsToRefresh,
  recordConsignment,
  recordCourierStatus,
  releaseClaim,
} from "~/models/orders/courier.server";
import { getAreaChoices, rememberAreaChoice } from "~/models/orders/courier-places.server";
import { getShopSettings } from "~/models/settings.server";
import { courierDisplayName } from "~/rules/courier-names";
import { areaKey } from "~/rules/courier-places";
import { courierCollectsPaisa, courierInvoice, parcelAddress, parcelItems } from "~/rules/courier-parcel";
import type { Toast } from "~/utils/toast-message";
import { staffTranslator } from "../admin-i18n.server";
import { audit } from "../audit.server";
import { SHOP_COURIER, getCourierAccountSummary, shopCourier } from "./courier-keys.server";
import {
  CourierError,
  NoCourierAccountError,
  type BulkConsignmentResult,
  type ConsignmentRequest,
  type Courier,
  type HandOffResult,
  type RefreshResult,
} from "./courier";
import { courierFailure, handOffMessage, refreshMessage } from "./messages.server";
import { PATHAO, getPathaoAccountSummary, shopPathao } from "./pathao-account.server";
import { checkDestination, forgetDestinationLists, type PathaoDestination } from "./pathao-places.server";
import {
  PATHAO_DEFAULT_WEIGHT_KG,
  PATHAO_FINAL_STATUSES,
  mayHaveArrived,
  pathaoPickupCancelled,
  refusesAsTaken,
  refusesPlace,
  type PathaoClient,
} from "./pathao.server";
import { STEADFAST_FINAL_STATUSES } from "./steadfast.server";

/** The couriers haat hands parcels to, by the name orders and history rows store. */
export type CourierName = typeof SHOP_COURIER | typeof PATHAO;

/** `value` when it names a courier haat knows, else null. */
export function courierName(value: unknown): CourierName | null {
  return value === SHOP_COURIER || value === PATHAO ? value : null;
}

/**
 * Which couriers parcels can go to now (keys saved and readable; Pathao's store chosen), and the
 * default one: ShopSettings.defaultCourier when it is ready, else Steadfast when ready, else Pathao
 * when ready, else null.
 */
export async function readyCouriers(): Promise<{ ready: CourierName[]; defaultCourier: CourierName | null }> {
  const [steadfast, pathao, settings] = await Promise.all([
    getCourierAccountSummary(),
    getPathaoAccountSummary(),
    getShopSettings(),
  ]);
  const ready: CourierName[] = [...(steadfast.readable ? [SHOP_COURIER] : []), ...(pathao.ready ? [PATHAO] : [])];
  const chosen = courierName(settings.defaultCourier);
  return { ready, defaultCourier: chosen && ready.includes(chosen) ? chosen : (ready[0] ?? null) };
}

/** The Pathao client when its keys are usable and its store chosen, else null. */
async function readyPathao(): Promise<PathaoClient | null> {
  return (await getPathaoAccountSummary()).ready ? shopPathao() : null;
}

/** The client of `courier` for the shop's account, or null when it has no usable keys (or store). */
async function clientOf(courier: CourierName): Promise<Courier | null> {
  return courier === SHOP_COURIER ? shopCourier() : readyPathao();
}

/** What staff chose on an order's page for a Pathao parcel: where it goes and its weight in kg. */
export type PathaoChoice = PathaoDestination & { weightKg: number };

/** Parcels one staff click of "Refresh parcel statuses" asks about (four at a time), so the page answers soon. */
const REFRESH_PER_CLICK = 50;

/**
 * Staff's "Send to courier" for the orders `orderIds`, to `courier` (default: the shop's default
 * courier), by `admin` from the request whose load context is `context`: hands them over
 * (`handOff`; `pathao` is the place and weight chosen on one order's page), records each parcel
 * sent in the audit trail, and returns the one message that says what was sent, refused and
 * skipped. The courier unreachable, refusing the keys, or no keys saved changes nothing, and the
 * message says so. A failure that is not the courier's is thrown.
 */
export async function sendOrdersToCourier(
  orderIds: number[],
  admin: AdminUser,
  context: unknown,
  options: { courier?: CourierName | null; pathao?: PathaoChoice | null } = {},
): Promise<Toast> {
  const t = staffTranslator(admin);
  const courier = options.courier ?? (await readyCouriers()).defaultCourier ?? SHOP_COURIER;
  try {
    const result = await handOff(orderIds, admin, courier, t, options.pathao ?? null);
    for (const parcel of result.sent) {
      await audit(context, admin, {
        action: "order.sent-to-courier",
        subjectType: "order",
        subjectId: parcel.orderId,
        summary: `${courierDisplayName(courier)} ${parcel.trackingCode}`,
      });
    }
    for (const parcel of result.orphaned ?? []) {
      await audit(context, admin, {
        action: "order.courier-orphan",
        subjectType: "order",
        subjectId: parcel.orderId,
        // The action says what happened; the summary is the courier and its parcel (worded by the activity page).
        summary: `${courierDisplayName(courier)} ${parcel.trackingCode}`,
      });
    }
    for (const parcel of result.unknown ?? []) {
      await audit(context, admin, {
        action: "order.courier-unanswered",
        subjectType: "order",
        subjectId: parcel.orderId,
        summary: `${courierDisplayName(courier)} ${courierInvoice(parcel.orderId)}`,
      });
    }
    return handOffMessage(result, t, courier);
  } catch (error) {
    return failureToast(error, t, courier);
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
    const result = await refreshDeliveryStatuses({ admin, orderIds, limit: REFRESH_PER_CLICK });
    const failures = (result.courierFailures ?? []).map(({ courier, error }) => {
      const message = courierFailure(error, t, courier);
      if (message === null) throw error;
      return message;
    });
    const toast = refreshMessage(result, t);
    if (failures.length === 0) return toast;
    const nothingRead = result.checked === 0 && result.failed.length === 0;
    return {
      kind: nothingRead ? "error" : "info",
      message: (nothingRead ? failures : [toast.message, ...failures]).join(" "),
    };
  } catch (error) {
    return failureToast(error, t);
  }
}

/** The error toast for a hand-off or refresh that failed as a whole; rethrows what is not the courier's. */
function failureToast(error: unknown, t: AdminTranslate, courier?: string): Toast {
  const message = courierFailure(error, t, courier);
  if (message === null) throw error;
  return { kind: "error", message };
}

/**
 * Staff's "Forget this hand-off" on an order's page, by `admin`: clears the order's courier,
 * consignment and courier status so it can be sent again, when that is safe to offer: a Pathao
 * parcel whose pickup Pathao cancelled (it never left the shop), or a hand-off whose answer never
 * came (claimed, no consignment: staff checked the courier's panel). Audited. Returns the message.
 */
export async function forgetOrderHandOff(orderId: number, admin: AdminUser, context: unknown): Promise<Toast> {
  const t = staffTranslator(admin);
  const seen = await getHandOffOf(orderId);
  if (!seen || !canForgetHandOff(seen)) return { kind: "error", message: t("admin.courier.cannotForget") };
  if (!(await forgetHandOff(seen))) return { kind: "error", message: t("admin.courier.cannotForget") };
  await audit(context, admin, {
    action: "order.courier-forgotten",
    subjectType: "order",
    subjectId: orderId,
    summary: `${courierDisplayName(seen.courier)} ${seen.consignmentId ?? courierInvoice(orderId)}`,
  });
  return { kind: "success", message: t("admin.courier.forgotten", { id: orderId }) };
}

/**
 * Whether staff may forget an order's hand-off (`forgetOrderHandOff`): Pathao's pickup cancelled,
 * or a claim without a consignment (the courier's answer never came).
 */
export function canForgetHandOff(order: {
  courier: string | null;
  consignmentId: string | null;
  courierStatus: string | null;
}): boolean {
  if (order.courier === null) return false;
  if (order.consignmentId === null) return true;
  return order.courier === PATHAO && pathaoPickupCancelled(order.courierStatus);
}

/**
 * Hands the orders `orderIds` (at most 500 are taken) to `courier`, with the cash to collect
 * (`courierCollectsPaisa`: the total, or 0 once paid; whole taka for Pathao): one order through
 * the single-parcel call (its refusal names the field), several through the bulk call.
 *
 * Each order is claimed for `courier` before the courier is asked (app/models/orders/courier.server.ts
 * `claimForCourier`), so two hand-offs at once (to one courier or to two) ask for one parcel: the
 * later one is refused ("being sent to …"). A claim is given back when the courier refused the
 * parcel, could not be reached or was never asked; it is kept when the answer never came (a
 * timeout: the parcel may exist), and the order is listed in `unknown` for staff to check. Each
 * accepted order stores its consignment (and the courier's quoted fee), gets a history entry by
 * `admin`, and moves to "shipped"; one whose claim was lost meanwhile is listed in `orphaned`.
 *
 * Pathao needs its own place ids: `pathao` (one order's page) gives them, checked against the kept
 * lists (a place that vanished refuses the order with a message asking again) and remembered for
 * the order's area text when the parcel is accepted; without it each order takes the places
 * remembered for its area text, and one without a remembered zone, or without an area text, is
 * refused ("choose the zone on the order's page").
 *
 * @throws {CourierError} when the courier cannot be reached, refuses the keys or the whole request
 *   before any parcel may have been made; nothing is written then (the claims are given back).
 * @throws {NoCourierAccountError} when no usable keys are saved.
 */
async function handOff(
  orderIds: number[],
  admin: { id: number; email: string } | null,
  courierName: CourierName,
  t: AdminTranslate,
  pathao: PathaoChoice | null,
): Promise<HandOffResult> {
  const pathaoClient = courierName === PATHAO ? await readyPathao() : null;
  const courier = pathaoClient ?? (courierName === PATHAO ? null : await shopCourier());
  if (!courier) throw new NoCourierAccountError();
  const ids = [...new Set(orderIds)].slice(0, 500);
  const orders = await listOrdersForHandOff(ids);
  const result: HandOffResult = { sent: [], refused: [], skipped: [], unknown: [], notSent: [], orphaned: [] };
  const found = new Set(orders.map((order) => order.id));
  for (const id of ids) if (!found.has(id)) result.skipped.push({ orderId: id, reason: "not-found" });
  let ready = orders.filter((order) => {
    if (order.consignmentId) result.skipped.push({ orderId: order.id, reason: "already-sent" });
    else if (!SENDABLE_STATUSES.includes(order.status)) result.skipped.push({ orderId: order.id, reason: "closed" });
    else return true;
    return false;
  });
  if (ready.length === 0) return result;

  const requests = new Map<number, ConsignmentRequest>(
    ready.map((order) => [
      order.id,
      {
        invoice: courierInvoice(order.id),
        recipientName: order.customerName,
        recipientPhone: order.customerPhone,
        recipientAddress: parcelAddress(order),
        codAmountPaisa: courierCollectsPaisa(order, courierName),
        note: "",
        itemDescription: parcelItems(order),
        itemQuantity: order.items.reduce((sum, item) => sum + item.quantity, 0),
      },
    ]),
  );
  if (pathaoClient) {
    if (pathao && ready.length === 1) {
      const outcome = await checkDestination(pathaoClient, pathao);
      if (outcome !== "ok") {
        result.refused.push({ orderId: ready[0]!.id, message: t(`admin.pathao.${outcome}`) });
        return result;
      }
      Object.assign(requests.get(ready[0]!.id)!, { destination: pathao, weightKg: pathao.weightKg });
    } else {
      const keys = ready.map((order) => areaKey(order.district, order.area));
      const choices = await getAreaChoices(
        PATHAO,
        keys.filter((key): key is string => key !== null),
      );
      ready = ready.filter((order) => {
        const key = areaKey(order.district, order.area);
        const choice = key === null ? undefined : choices.get(key);
        if (!choice) {
          result.refused.push({ orderId: order.id, message: t("admin.pathao.chooseZoneFirst") });
          return false;
        }
        Object.assign(requests.get(order.id)!, {
          destination: { cityId: choice.cityId, zoneId: choice.zoneId, areaId: choice.areaId },
          weightKg: PATHAO_DEFAULT_WEIGHT_KG,
        });
        return true;
      });
      if (ready.length === 0) return result;
    }
  }

  // Claim each order for this courier before asking it: a hand-off of the same order at once (to
  // either courier) finds it claimed and asks for nothing.
  const claimedAt = new Date();
  const claimed: typeof ready = [];
  for (const order of ready) {
    const claim = await claimForCourier(order.id, courierName, claimedAt);
    if (claim.outcome === "claimed") claimed.push(order);
    else if (claim.outcome === "sent") result.skipped.push({ orderId: order.id, reason: "already-sent" });
    else if (claim.outcome === "claimed-elsewhere") {
      const other = courierDisplayName(claim.courier);
      result.refused.push({ orderId: order.id, message: t("admin.courier.beingSent", { courier: other }) });
    } else result.skipped.push({ orderId: order.id, reason: claim.outcome === "gone" ? "not-found" : "closed" });
  }
  if (claimed.length === 0) return result;
  const release = (orderId: number) => releaseClaim(orderId, courierName, claimedAt);

  const list = claimed.map((order) => requests.get(order.id)!);
  let answers: BulkConsignmentResult[];
  try {
    answers =
      list.length === 1
        ? await courier.createConsignment(list[0]!).then(
            (consignment) => [{ ok: true as const, ...consignment }],
            async (error: unknown) => {
              // One parcel refused is that parcel's answer; the courier unreachable is everyone's.
              if (error instanceof CourierError && error.kind === "refused") {
                const placeRefused = courierName === PATHAO && refusesPlace(error);
                // The kept lists named a place Pathao no longer takes: read them again next time.
                if (placeRefused && pathao) await forgetDestinationLists(pathao);
                const again = placeRefused ? ` ${t("admin.pathao.placeRefused")}` : "";
                return [{ ok: false as const, invoice: list[0]!.invoice, message: `${error.message}${again}` }];
              }
              throw error;
            },
          )
        : await courier.createConsignments(list);
  } catch (error) {
    // No answer to a request that left (a timeout): the parcels may exist, so the claims stay.
    if (!mayHaveArrived(error)) {
      for (const order of claimed) await release(order.id);
      throw error;
    }
    answers = list.map((request) => ({
      ok: false as const,
      invoice: request.invoice,
      message: (error as Error).message,
      outcome: "unknown" as const,
    }));
  }

  for (const [index, answer] of answers.entries()) {
    const order = claimed[index]!;
    if (!answer.ok) {
      if (answer.outcome === "unknown") {
        result.unknown!.push({ orderId: order.id });
      } else if (courierName === PATHAO && refusesAsTaken(answer.message)) {
        // Pathao has a parcel for this order already (an earlier answer that never came): the
        // order stays claimed for Pathao, so it does not go to another courier as well.
        result.refused.push({
          orderId: order.id,
          message: t("admin.pathao.alreadyTaken", { invoice: answer.invoice }),
        });
      } else if (answer.outcome === "not-sent") {
        await release(order.id);
        result.notSent!.push({ orderId: order.id });
      } else {
        await release(order.id);
        result.refused.push({ orderId: order.id, message: answer.message });
      }
      continue;
    }
    const stored = await recordConsignment(
      order.id,
      courierName,
      { ...answer, state: "with-courier" },
      admin,
      claimedAt,
    );
    if (!stored) {
      result.orphaned!.push({ orderId: order.id, trackingCode: answer.trackingCode });
      continue;
    }
    result.sent.push({ orderId: order.id, trackingCode: answer.trackingCode });
    const key = areaKey(order.district, order.area);
    if (courierName === PATHAO && pathao && key !== null) {
      const { cityId, zoneId, areaId } = pathao;
      await rememberAreaChoice(PATHAO, key, { cityId, zoneId, areaId }, admin);
    }
  }
  return result;
}

/** How many parcels are asked about at once: a few, to be quick without hammering the courier. */
const REFRESH_CONCURRENCY = 4;

/**
 * Asks each courier with usable keys (Steadfast, Pathao) where its parcels still on their way are
 * (not in a final status), oldest checked first, at most `limit` (default 200) per courier and
 * call, or only `orderIds` when given, REFRESH_CONCURRENCY at a time; records each answer
 * (app/models/orders/courier.server.ts `recordCourierStatus`), with `admin` as who asked.
 *
 * A courier that cannot be reached or refuses the keys is listed in `courierFailures` (with its
 * error) and the next courier is still asked; what was recorded before stays.
 * @throws {NoCourierAccountError} when no courier has usable keys.
 */
export async function refreshDeliveryStatuses(
  options: { orderIds?: number[]; admin?: { id: number; email: string } | null; limit?: number } = {},
): Promise<RefreshResult> {
  const couriers = (
    await Promise.all(([SHOP_COURIER, PATHAO] as const).map(async (name) => ({ name, client: await clientOf(name) })))
  ).filter((entry): entry is { name: CourierName; client: Courier } => entry.client !== null);
  if (couriers.length === 0) throw new NoCourierAccountError();
  const result: RefreshResult = { checked: 0, changed: 0, failed: [] };
  for (const { name, client } of couriers) {
    const finals = name === PATHAO ? PATHAO_FINAL_STATUSES : STEADFAST_FINAL_STATUSES;
    const parcels = await listParcelsToRefresh(name, finals, {
      orderIds: options.orderIds,
      limit: options.limit ?? 200,
    });
    try {
      await refreshParcels(name, client, parcels, options.admin ?? null, result);
    } catch (error) {
      // One courier down must not stop the other's parcels being read.
      if (!(error instanceof CourierError)) throw error;
      (result.courierFailures ??= []).push({ courier: name, error });
    }
  }
  return result;
}

/** Asks `courier` about `parcels`, REFRESH_CONCURRENCY at a time, and adds what happened to `result`. */
async function refreshParcels(
  name: CourierName,
  courier: Courier,
  parcels: { id: number; consignmentId: string | null }[],
  admin: { id: number; email: string } | null,
  result: RefreshResult,
): Promise<void> {
  /** The courier's answer for one parcel, or its reason for having none; an unreachable courier throws. */
  type Reply =
    | { orderId: number; ok: true; answer: Awaited<ReturnType<Courier["deliveryStatus"]>> }
    | { orderId: number; ok: false; failure: string };
  const ask = async (parcel: { id: number; consignmentId: string | null }): Promise<Reply> => {
    try {
      const answer = await courier.deliveryStatus(courierInvoice(parcel.id), parcel.consignmentId ?? undefined);
      return { orderId: parcel.id, ok: true, answer };
    } catch (error) {
      if (error instanceof CourierError && (error.kind === "refused" || error.kind === "bad-answer")) {
        return { orderId: parcel.id, ok: false, failure: error.message };
      }
      throw error;
    }
  };
  for (let start = 0; start < parcels.length; start += REFRESH_CONCURRENCY) {
    const batch = parcels.slice(start, start + REFRESH_CONCURRENCY);
    for (const reply of await Promise.all(batch.map(ask))) {
      if (!reply.ok) {
        result.failed.push({ orderId: reply.orderId, message: reply.failure });
        continue;
      }
      result.checked += 1;
      if (await recordCourierStatus(reply.orderId, name, reply.answer, admin)) result.changed += 1;
    }
  }
}
