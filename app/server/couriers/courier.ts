/**
 * The courier hand-off's contract: what haat asks of any courier (Steadfast, Pathao; RedX
 * later), the answers it understands, the ways a request fails, and what a hand-off or a status
 * refresh did in the end. A courier adapter turns these into its own API's calls.
 *
 * Amounts are paisa here, as everywhere in haat; an adapter converts to what its API expects.
 */
import type { DeliveryState } from "~/rules/delivery-state";

/** One parcel to hand over: the order it carries and where the cash is collected. */
export type ConsignmentRequest = {
  /** Our order's reference, unique per shop: the courier's "invoice" (letters, digits, - and _). */
  invoice: string;
  recipientName: string;
  /** 01XXXXXXXXX. */
  recipientPhone: string;
  /** The street address, area and district in one line. */
  recipientAddress: string;
  /** Cash to collect at the door, in paisa (the order's total; 0 when already paid). */
  codAmountPaisa: number;
  /** Delivery instructions for the rider; "" for none. */
  note: string;
  /** What the parcel holds, e.g. "Lamp × 2, Fan × 1"; "" for nothing said. */
  itemDescription: string;
  /**
   * The courier's own ids for where the parcel goes (Pathao's city, zone and optional area), for a
   * courier that needs them; Steadfast reads the address and ignores this.
   */
  destination?: { cityId: number; zoneId: number; areaId: number | null };
  /** The parcel's weight in kg, for a courier that prices by it (Pathao; default 0.5). */
  weightKg?: number;
  /** How many items the parcel holds (Pathao's item_quantity; default 1). */
  itemQuantity?: number;
};

/** A consignment the courier accepted. */
export type Consignment = {
  invoice: string;
  consignmentId: string;
  trackingCode: string;
  /** The courier's own status word as it said it (e.g. "in_review"). */
  courierStatus: string;
  /** The courier's charge for the parcel as it quoted it, in paisa (Pathao's delivery_fee); absent when it says none. */
  feePaisa?: number | null;
};

/**
 * The courier's answer for one parcel of a bulk request. A parcel not accepted says why:
 * `outcome` "refused" (the courier said no; the default), "unknown" (the courier stopped
 * answering after the request left: the parcel may exist there) or "not-sent" (never asked, as
 * the courier stopped answering before).
 */
export type BulkConsignmentResult =
  | ({ ok: true } & Consignment)
  | { ok: false; invoice: string; message: string; outcome?: "refused" | "unknown" | "not-sent" };

/** Where a parcel is, in haat's words (mapped from each courier's own statuses). */
export type { DeliveryState };

/**
 * A courier refused a request, or could not be reached; `message` is safe to show to staff (it
 * never holds a key). `kind` "redirected": the courier's address answered with a redirect, which is
 * never followed (see `CourierRedirectError`).
 */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly kind: "unreachable" | "timeout" | "refused" | "unauthorised" | "bad-answer" | "redirected",
  ) {
    super(message);
    this.name = "CourierError";
  }
}

/**
 * The courier's address answered a request with a redirect (HTTP 3xx). Adapters never follow one:
 * following would send the account's keys, which travel in headers, to wherever the answer points
 * (fetch drops only `Authorization` on a cross-origin redirect, not `Api-Key` or `Secret-Key`). The
 * request is a failure as a whole: nothing the courier may have done is known, so nothing is recorded.
 */
export class CourierRedirectError extends CourierError {
  /**
   * @param status the HTTP status of the answer (300–399)
   * @param target the origin (scheme, host, port) the answer pointed to, or null when it gave no
   *   readable `Location`; the path and query are left out, as they may carry anything
   */
  constructor(
    readonly status: number,
    readonly target: string | null,
  ) {
    super(
      `The courier's address answered with a redirect (HTTP ${status}${target ? ` to ${target}` : ""}); it was not followed and the keys were not sent there.`,
      "redirected",
    );
    this.name = "CourierRedirectError";
  }
}

/** What every courier adapter does. */
export interface Courier {
  /** Creates one consignment. @throws {CourierError} */
  createConsignment(request: ConsignmentRequest): Promise<Consignment>;
  /** Creates many at once (the courier's limit applies); one answer per parcel, in order. @throws {CourierError} */
  createConsignments(requests: ConsignmentRequest[]): Promise<BulkConsignmentResult[]>;
  /**
   * The parcel's state by our invoice (or by the courier's consignment id, for a courier that looks
   * parcels up by it: Pathao), with the courier's own word; `final` when the courier will not change
   * it again (no need to ask later). @throws {CourierError}
   */
  deliveryStatus(
    invoice: string,
    consignmentId?: string,
  ): Promise<{ state: DeliveryState; courierStatus: string; final: boolean }>;
  /**
   * Checks the account's credentials with a harmless read: the balance in paisa, or null for a
   * courier whose API shows none (Pathao). @throws {CourierError}
   */
  checkAccount(): Promise<{ balancePaisa: number | null }>;
}

/** Thrown when no usable courier keys are saved. */
export class NoCourierAccountError extends Error {
  constructor() {
    super("No courier account is saved.");
    this.name = "NoCourierAccountError";
  }
}

/** What happened to each order of a hand-off. */
export type HandOffResult = {
  sent: { orderId: number; trackingCode: string }[];
  /** The courier refused these, with its reason (its own words, safe to show to staff). */
  refused: { orderId: number; message: string }[];
  /** Not asked for: no such order, already with a courier, or delivered or cancelled. */
  skipped: { orderId: number; reason: "not-found" | "already-sent" | "closed" }[];
  /**
   * Asked for, but the courier's answer never came (a timeout, an unreadable answer): the parcel
   * may exist at the courier. The order stays claimed for that courier (not sent elsewhere) until
   * staff check and forget the hand-off on the order's page.
   */
  unknown?: { orderId: number }[];
  /** Never asked for: the courier stopped answering before their turn. Nothing was made; send them again. */
  notSent?: { orderId: number }[];
  /**
   * Accepted by the courier but not recorded, as the order was meanwhile sent another way: a
   * parcel to cancel in that courier's panel (the audit trail names it too).
   */
  orphaned?: { orderId: number; trackingCode: string }[];
};

/** What a status refresh did. */
export type RefreshResult = {
  /** Parcels the courier answered for. */
  checked: number;
  /** Parcels whose courier status changed (each recorded in its order's history). */
  changed: number;
  /** Parcels the courier gave no status for, with its reason. */
  failed: { orderId: number; message: string }[];
  /** Couriers that could not be asked at all (unreachable, keys refused), each with its error; the others were read. */
  courierFailures?: { courier: string; error: unknown }[];
};
