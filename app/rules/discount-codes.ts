/**
 * Campaign codes ("EID10", "FREEDELIVERY"; docs/decisions/060-campaign-codes.md): what a typed code
 * is, whether it applies to a priced cart at an instant for a phone, and what it saves, in integer
 * paisa. Pure: the models read the code, its targets and its uses, and these rules decide. The same
 * rules answer the cart (when the shopper applies a code) and the order's transaction (when it is
 * placed), so a code is never priced two ways.
 *
 * The behaviours follow the peers' documented ones where haat has the same feature:
 * - WooCommerce coupons (woocommerce.com/document/coupon-management/): "percentage discount",
 *   "fixed cart discount", "allow free shipping", "minimum spend" (the subtotal before the
 *   discount), "usage limit per coupon" and "usage limit per user" (here per phone: checkout is
 *   guest-only), "expiry date"; a fixed discount never takes the cart below zero.
 * - Shopify discount codes (help.shopify.com/en/manual/discounts): "amount off products" limited to
 *   collections or products (here categories, products or variants), an active date range, a
 *   limit on total uses and one use per customer, "free shipping"; a percentage is rounded in the
 *   shop's favour (down to the smallest unit).
 */

/** The kinds of code: a percentage or a fixed amount off the items, or free delivery. */
export const DISCOUNT_KINDS = ["percentage", "fixed", "free-delivery"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** The shortest and longest code a shopper can type (after trimming); the forms cap their fields at the longest. */
const CODE_MIN_LENGTH = 3;
export const CODE_MAX_LENGTH = 32;

/** Letters, digits, "-" and "_", CODE_MIN_LENGTH to CODE_MAX_LENGTH of them, in capitals. */
const CODE_PATTERN = new RegExp(`^[A-Z0-9_-]{${CODE_MIN_LENGTH},${CODE_MAX_LENGTH}}$`);

/** 100% in basis points: a percentage code's value is at most this. */
export const FULL_PERCENT_BASIS_POINTS = 10_000;

/**
 * A typed code as it is stored and matched: trimmed and in capitals (" eid10 " → "EID10"); null
 * when it is not 3–32 letters (A–Z), digits, "-" or "_" (a code with spaces or other signs inside
 * is no code the shop can have).
 */
export function normaliseCode(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** A code as the rules read it (the DiscountCode row's fields; money in paisa, value as its kind says). */
export type DiscountCodeRule = {
  id: number;
  code: string;
  kind: string;
  /** Basis points for "percentage" (1000 = 10%), paisa for "fixed", 0 for "free-delivery". */
  value: number;
  maxDiscountPaisa: number | null;
  minSubtotalPaisa: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perPhoneLimit: number | null;
  usedCount: number;
  appliesTo: string;
  isActive: boolean;
  /** What a "selected" code applies to (ignored for "all"). */
  targets: { categoryIds: number[]; productIds: number[]; variantIds: number[] };
};

/** A priced cart line as the rules read it: which variant, product and category, and its subtotal in paisa. */
export type DiscountLine = {
  variantId: number;
  productId: number;
  categoryId: number | null;
  subtotalPaisa: number;
};

/** Why a code does not apply, with what the shopper's message needs. */
export type DiscountRefusal =
  | { reason: "unknown" }
  | { reason: "inactive" }
  | { reason: "not-started"; startsAt: Date }
  | { reason: "ended"; endsAt: Date }
  | { reason: "minimum"; minSubtotalPaisa: number }
  | { reason: "used-up" }
  | { reason: "used-up-for-phone" }
  | { reason: "no-items" };

/** What an applying code saves: off the items, and the shipping fee it waives, in paisa. */
export type DiscountSaving = {
  discountPaisa: number;
  /** True for a free-delivery code: the order's shipping fee is waived (`applyShippingDiscount`). */
  freeDelivery: boolean;
};

/** The answer of `checkCode`: the saving, or the refusal. */
export type DiscountCheck = ({ ok: true } & DiscountSaving) | ({ ok: false } & DiscountRefusal);

/**
 * What the rules need to know of the moment a code is checked: the instant, the phone's uses of
 * the code among orders not cancelled (null: no phone yet, as in the cart before checkout, so the
 * per-phone limit is not checked).
 */
export type CheckContext = { now: Date; phoneUses: number | null };

/**
 * Whether `code` (null: no such code) applies to the priced `lines` (subtotal `subtotalPaisa`,
 * before any discount) at `context.now`, for a phone that has used it `context.phoneUses` times.
 * The checks, in this order, each with its refusal: the code exists and is active; it has started
 * (`startsAt` ≤ now) and not ended (now < `endsAt`); the cart's subtotal reaches the minimum
 * (WooCommerce's "minimum spend" is the subtotal before discounts); uses left in all
 * (`usedCount` < `usageLimit`) and for the phone (`phoneUses` < `perPhoneLimit`); and a "selected"
 * code must target at least one line. Then the saving (`discountFor`).
 */
export function checkCode(
  code: DiscountCodeRule | null,
  lines: readonly DiscountLine[],
  subtotalPaisa: number,
  context: CheckContext,
): DiscountCheck {
  if (!code) return { ok: false, reason: "unknown" };
  if (!code.isActive) return { ok: false, reason: "inactive" };
  const now = context.now.getTime();
  if (code.startsAt && now < code.startsAt.getTime())
    return { ok: false, reason: "not-started", startsAt: code.startsAt };
  if (code.endsAt && now >= code.endsAt.getTime()) return { ok: false, reason: "ended", endsAt: code.endsAt };
  if (code.minSubtotalPaisa !== null && subtotalPaisa < code.minSubtotalPaisa) {
    return { ok: false, reason: "minimum", minSubtotalPaisa: code.minSubtotalPaisa };
  }
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return { ok: false, reason: "used-up" };
  if (code.perPhoneLimit !== null && context.phoneUses !== null && context.phoneUses >= code.perPhoneLimit) {
    return { ok: false, reason: "used-up-for-phone" };
  }
  const eligible = eligibleSubtotalPaisa(code, lines);
  if (eligible === 0) return { ok: false, reason: "no-items" };
  return { ok: true, ...discountFor(code, eligible) };
}

/**
 * The subtotal, in paisa, of the lines `code` applies to: every line for appliesTo "all"; for
 * "selected", the lines whose variant, product or category is among its targets (Shopify's
 * "specific collections or products"). 0 when it applies to none.
 */
export function eligibleSubtotalPaisa(
  code: Pick<DiscountCodeRule, "appliesTo" | "targets">,
  lines: readonly DiscountLine[],
): number {
  if (code.appliesTo !== "selected") return lines.reduce((sum, line) => sum + line.subtotalPaisa, 0);
  const categories = new Set(code.targets.categoryIds);
  const products = new Set(code.targets.productIds);
  const variants = new Set(code.targets.variantIds);
  return lines
    .filter(
      (line) =>
        variants.has(line.variantId) ||
        products.has(line.productId) ||
        (line.categoryId !== null && categories.has(line.categoryId)),
    )
    .reduce((sum, line) => sum + line.subtotalPaisa, 0);
}

/**
 * The saving of `code` on `eligiblePaisa` (the subtotal of the lines it applies to), in paisa:
 * - "percentage": value basis points of it, rounded down to whole paisa (in the shop's favour, as
 *   Shopify rounds), capped by `maxDiscountPaisa` when set;
 * - "fixed": value paisa (WooCommerce's "fixed cart discount");
 * - "free-delivery": nothing off the items; `freeDelivery` waives the fee.
 * Never more than `eligiblePaisa`: a code never takes the items below zero.
 */
export function discountFor(
  code: Pick<DiscountCodeRule, "kind" | "value" | "maxDiscountPaisa">,
  eligiblePaisa: number,
): DiscountSaving {
  let discount = 0;
  if (code.kind === "percentage") {
    discount = Math.floor(
      (eligiblePaisa * Math.min(code.value, FULL_PERCENT_BASIS_POINTS)) / FULL_PERCENT_BASIS_POINTS,
    );
    if (code.maxDiscountPaisa !== null) discount = Math.min(discount, code.maxDiscountPaisa);
  } else if (code.kind === "fixed") {
    discount = code.value;
  }
  return { discountPaisa: Math.max(0, Math.min(discount, eligiblePaisa)), freeDelivery: code.kind === "free-delivery" };
}

/** An order's money with a code's saving, in paisa: totalPaisa = subtotal − discount + shipping fee. */
export type DiscountedTotals = {
  discountPaisa: number;
  shippingFeePaisa: number;
  shippingDiscountPaisa: number;
  totalPaisa: number;
};

/**
 * The order's totals, in paisa, for `subtotalPaisa`, the fee its zone charges (`feePaisa`) and a
 * saving (null: no code): a free-delivery code waives the fee (shippingDiscountPaisa = the fee,
 * shippingFeePaisa 0; WooCommerce's "allow free shipping"); the total is subtotal − discount + fee.
 */
export function discountedTotals(
  subtotalPaisa: number,
  feePaisa: number,
  saving: DiscountSaving | null,
): DiscountedTotals {
  const discountPaisa = Math.min(saving?.discountPaisa ?? 0, subtotalPaisa);
  const shippingDiscountPaisa = saving?.freeDelivery ? feePaisa : 0;
  const shippingFeePaisa = feePaisa - shippingDiscountPaisa;
  return {
    discountPaisa,
    shippingFeePaisa,
    shippingDiscountPaisa,
    totalPaisa: subtotalPaisa - discountPaisa + shippingFeePaisa,
  };
}

/** An order's campaign code saving as its documents show it: off the items, or the delivery charge waived (paisa). */
export type OrderSavingLine = { kind: "items" | "delivery"; code: string; paisa: number };

/**
 * The saving lines of an order (none without a saving): "Discount (EID10) −৳120.00" for what came
 * off the items, "Delivery charge waived (FREEDELIVERY) −৳60.00" for a waived fee. A discount staff
 * gave an order they took has no code: its line names the reason staff gave, which the shopper
 * sees, as Shopify shows a draft order's discount reason ("Discount (Eid gift) −৳100.00"). Documents show
 * the shipping charge before the waiver (shippingFeePaisa + shippingDiscountPaisa), so subtotal +
 * shipping charge − the lines = the total, on every page, invoice, e-mail and export.
 */
export function orderSavingLines(order: {
  discountCode: string | null;
  discountReason: string | null;
  discountPaisa: number;
  shippingDiscountPaisa: number;
}): OrderSavingLine[] {
  const code = order.discountCode ?? order.discountReason ?? "";
  return [
    ...(order.discountPaisa > 0 ? [{ kind: "items" as const, code, paisa: order.discountPaisa }] : []),
    ...(order.shippingDiscountPaisa > 0
      ? [{ kind: "delivery" as const, code, paisa: order.shippingDiscountPaisa }]
      : []),
  ];
}
