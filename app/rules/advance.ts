/**
 * The advance a shop asks before dispatch (docs/decisions/062-advance-payment.md). A refused
 * cash-on-delivery parcel costs a Bangladeshi shop two courier fees, so many shops ask first-time
 * or high-value buyers to pay the delivery charge, a fixed amount or a part of the order in advance
 * by bKash or Nagad, and collect the rest on delivery. The owner picks what is asked (`AdvanceKind`)
 * and of which orders (`AdvanceFor`); this module turns that and an order's totals into paisa, and
 * checks what a shopper types to report a Send Money. Pure: no database, no clock.
 */
import { toAsciiDigits } from "./phone";

/** What is asked: nothing, the order's delivery charge, a fixed amount, or a share of the total. */
export const ADVANCE_KINDS = ["none", "delivery", "fixed", "percentage"] as const;
type AdvanceKind = (typeof ADVANCE_KINDS)[number];

/** Of which orders: every one, those whose total reaches an amount, or those of phones with no delivered order yet. */
export const ADVANCE_FOR = ["all", "above", "new-phones"] as const;
type AdvanceFor = (typeof ADVANCE_FOR)[number];

/**
 * The shop's advance rule, as ShopSettings keeps it: `value` is paisa for "fixed" and basis points
 * of the total for "percentage" (1000 = 10%), unused otherwise; `abovePaisa` is the total from which
 * "above" asks.
 */
export type AdvanceRule = { kind: AdvanceKind; value: number; for: AdvanceFor; abovePaisa: number };

/** No advance: what a shop asks until its owner sets a rule. */
export const NO_ADVANCE: AdvanceRule = { kind: "none", value: 0, for: "all", abovePaisa: 0 };

/**
 * The rule of the shop's settings (`advanceKind`, `advanceValue`, `advanceFor`, `advanceAbovePaisa`).
 * A kind or scope the rule does not know, or a negative value, reads as no advance, so a bad row
 * never asks a shopper for money.
 */
export function advanceRuleOf(settings: {
  advanceKind: string;
  advanceValue: number;
  advanceFor: string;
  advanceAbovePaisa: number;
}): AdvanceRule {
  const kind = (ADVANCE_KINDS as readonly string[]).includes(settings.advanceKind)
    ? (settings.advanceKind as AdvanceKind)
    : "none";
  const scope = (ADVANCE_FOR as readonly string[]).includes(settings.advanceFor)
    ? (settings.advanceFor as AdvanceFor)
    : null;
  if (kind === "none" || scope === null || settings.advanceValue < 0 || settings.advanceAbovePaisa < 0) {
    return NO_ADVANCE;
  }
  return { kind, value: settings.advanceValue, for: scope, abovePaisa: settings.advanceAbovePaisa };
}

/** Whether placing an order under `rule` needs to know if the phone already had an order delivered. */
export function asksPhoneHistory(rule: AdvanceRule): boolean {
  return rule.kind !== "none" && rule.for === "new-phones";
}

/**
 * The advance asked of an order, in paisa (0: none), from its totals in paisa after any campaign
 * code (`totalPaisa` includes `shippingFeePaisa`) and whether its phone already had an order
 * delivered (`phoneHasDelivered`; only "new-phones" reads it):
 * - "delivery": the shipping fee (0 when delivery is free);
 * - "fixed": `value` paisa;
 * - "percentage": `value` basis points of the total, rounded UP to whole taka (shops ask for round
 *   amounts: 10% of ৳1,234.50 is ৳124, never ৳123.45; rounding up keeps the shop's share whole);
 * - never more than the total, never negative.
 * "above" asks only orders whose total is at least `abovePaisa`.
 */
export function advanceFor(
  rule: AdvanceRule,
  order: { totalPaisa: number; shippingFeePaisa: number },
  phoneHasDelivered: boolean,
): number {
  if (rule.kind === "none") return 0;
  if (rule.for === "above" && order.totalPaisa < rule.abovePaisa) return 0;
  if (rule.for === "new-phones" && phoneHasDelivered) return 0;
  const asked = advanceAmount(rule, order);
  return Math.max(0, Math.min(asked, order.totalPaisa));
}

/** What `rule`'s kind asks of an order of these totals, before the scope and the total's cap. */
function advanceAmount(rule: AdvanceRule, order: { totalPaisa: number; shippingFeePaisa: number }): number {
  switch (rule.kind) {
    case "delivery":
      return order.shippingFeePaisa;
    case "fixed":
      return rule.value;
    case "percentage":
      // Integer arithmetic: paisa × basis points stays far below 2^53 for any accepted order.
      return Math.ceil((order.totalPaisa * rule.value) / 1_000_000) * 100;
    case "none":
      return 0;
  }
}

/**
 * What is left to pay of an order's advance now, in paisa (`advancePaisa − advancePaidPaisa`), or
 * null when nothing may be paid: the advance is not "due" (none asked, being checked, paid,
 * refunded) or the order is cancelled. The amount every payment form takes, never a form's.
 */
export function advanceLeftToPay(order: {
  status: string;
  advanceStatus: string | null;
  advancePaisa: number;
  advancePaidPaisa: number;
}): number | null {
  if (order.advanceStatus !== "due" || order.status === "cancelled") return null;
  const left = order.advancePaisa - order.advancePaidPaisa;
  return left > 0 ? left : null;
}

/** The wallets a shopper may report a Send Money from, and the Payment.method each records. */
export const SEND_MONEY_WALLETS = { bkash: "bkash-send-money", nagad: "nagad-send-money" } as const;
export type SendMoneyWallet = keyof typeof SEND_MONEY_WALLETS;

/**
 * A wallet's transaction id as the shopper's SMS shows it: bKash's TrxID is 10 letters and digits
 * ("9ABC1DEF2G"; bKash's own documents show ids such as "5C8300HJ6V"), Nagad's TxnID 8
 * ("7KX3B2QA"). Sources in docs/decisions/062-advance-payment.md.
 */
const TRX_ID_PATTERNS: Record<SendMoneyWallet, RegExp> = {
  bkash: /^[A-Z0-9]{10}$/,
  nagad: /^[A-Z0-9]{8}$/,
};

/**
 * The TrxID a shopper typed for `wallet`, as stored: spaces dropped, letters in capitals, Bengali
 * digits as ASCII ("9abc 1def2g" → "9ABC1DEF2G"); null when it is not that wallet's format.
 */
export function normalizeTrxId(wallet: SendMoneyWallet, typed: string): string | null {
  const id = toAsciiDigits(typed).replace(/\s+/g, "").toUpperCase();
  return TRX_ID_PATTERNS[wallet].test(id) ? id : null;
}

/** The Payment.method values of a Send Money a shopper reports. */
export function isSendMoneyMethod(method: string): boolean {
  return (Object.values(SEND_MONEY_WALLETS) as string[]).includes(method);
}

/** The Order.advanceStatus values (null: no advance asked), as staff see them beside the status and filter by. */
export const ADVANCE_STATES = ["due", "to-verify", "paid", "refunded"] as const;
export type AdvanceState = (typeof ADVANCE_STATES)[number];

/**
 * Whether a status history entry is the advance's lapse: a cancellation, after the order was
 * placed, by neither staff nor a courier (only the lapse job,
 * app/models/payments/advance-lapse.server.ts, writes one).
 */
export function isAdvanceLapse(change: {
  fromStatus: string | null;
  toStatus: string;
  changedByEmail: string | null;
  courier: string | null;
}): boolean {
  return (
    change.fromStatus !== null &&
    change.toStatus === "cancelled" &&
    change.changedByEmail === null &&
    change.courier === null
  );
}
