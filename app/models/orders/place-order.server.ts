/**
 * Placing an order at checkout: the cart, priced from the database and never from the form, is
 * written with its line items, its first status history entry and the stock it takes in one
 * transaction (if any insert fails nothing is written), after the blocklist and the checkout limits
 * are read inside that transaction. The checkout token (unique per rendered checkout form) makes a
 * double submit return the first order.
 */
import { shippingMethodOf } from "~/rules/districts";
import { Prisma } from "~/generated/prisma/client";
import { dialect } from "~/models/db/dialect.server";
import type { Lang } from "~/i18n/lang";
import { prisma } from "~/models/db/client.server";
import { orderTotals, type PricedCart, type PricedVariant } from "~/rules/pricing";
import type { DeliveryFees } from "~/rules/shipping";
import type { CheckoutInput } from "~/forms/schemas";
import type { StockShortage } from "~/rules/stock";
import { addressKey, limitReached, ORDER_LIMIT_WINDOW_MS, type OrderLimits } from "~/rules/order-limits";
import { OutOfStockError, takeUnits } from "~/models/catalogue/stock.server";
import type { CartVariant } from "~/models/catalogue/cart-variants.server";
import { advanceFor, asksPhoneHistory, NO_ADVANCE, type AdvanceRule } from "~/rules/advance";
import { claimCodeIn } from "~/models/discounts/code-use.server";
import { messagesQueued, orderMessageData, sendsOrderMessage } from "~/models/sms/outbox.server";
import { discountedTotals, type DiscountRefusal, type DiscountSaving } from "~/rules/discount-codes";
import type { OrderSource } from "~/rules/order-source";

/**
 * The outcome of placing an order. `overridden`: the checks an owner's override let the order past
 * (`StaffTerms.override`; empty otherwise, and on a duplicate).
 */
export type PlaceOrderResult =
  | { ok: true; orderId: number; duplicate: boolean; overridden: OverriddenCheck[] }
  | { ok: false; reason: "empty-cart" | "too-large" | "discount-too-large" }
  | { ok: false; reason: "out-of-stock"; shortages: StockShortage[] }
  | { ok: false; reason: "blocked" }
  | { ok: false; reason: "limit"; limit: "phone" | "address" }
  | { ok: false; reason: "code"; refusal: DiscountRefusal }
  | { ok: false; reason: "code-changed" };

/**
 * The campaign code an order is placed with (normalised, app/rules/discount-codes.ts) and the
 * saving the shopper was shown for it: the order is refused (`code-changed`) when the code now
 * saves anything else.
 */
export type OrderCode = { code: string; shown: DiscountSaving };

/** A check an owner may override for an order staff take: the blocklist, or the checkout limits. */
type OverriddenCheck = "blocked" | "limit";

/**
 * What differs when staff take an order at /admin/orders/new (docs/decisions/063-staff-orders.md):
 * - `by`: the staff member (the order's `createdBy`, and its first status entry's author);
 * - `source`: where the shopper reached the shop (app/rules/order-source.ts);
 * - `shippingFeePaisa`: the owner's fee for this order in paisa, null: the district's zone fee (the
 *   caller checks that only an owner sets one);
 * - `discount`: paisa off the items and why, null: none (never with a campaign code); refused
 *   (`discount-too-large`) above the subtotal;
 * - `note`: written as the order's first note, by `by` ("": none);
 * - `override`: the owner's reason to place an order the blocklist or the checkout limits refuse
 *   (null: refused as a shopper's would be); the checks it passed are returned in `overridden`
 *   for the caller to record in the audit trail;
 * - `draftId`: the draft being placed: its `orderId` is set in the order's transaction.
 */
export type StaffTerms = {
  by: { id: number; email: string };
  source: OrderSource;
  shippingFeePaisa: number | null;
  discount: { paisa: number; reason: string } | null;
  note: string;
  override: string | null;
  draftId: number | null;
};

/** No checkout limits (the default of `placeOrder`). */
const NO_LIMITS: OrderLimits = { perPhone: 0, perAddress: 0 };

/**
 * The terms `placeOrder` places an order on, each with its default: `language` ("en") its invoice
 * prints in, the checkout `limits` (none), the `advance` asked (none) and the campaign `code` (none).
 */
export type PlacementTerms = {
  language?: Lang;
  limits?: OrderLimits;
  advance?: AdvanceTerms;
  code?: OrderCode | null;
  staff?: StaffTerms | null;
};

/**
 * The advance an order is asked (docs/decisions/062-advance-payment.md): the shop's rule, and the
 * minutes the shopper has to pay it before the order is cancelled.
 */
type AdvanceTerms = { rule: AdvanceRule; windowMinutes: number };

/** No advance (the default of `placeOrder`). */
const NO_ADVANCE_TERMS: AdvanceTerms = { rule: NO_ADVANCE, windowMinutes: 0 };

/** Thrown inside placeOrder's transaction to refuse the order (blocked phone, or a limit reached); nothing is written. */
class OrderRefused extends Error {
  constructor(readonly result: PlaceOrderResult & { ok: false }) {
    super(`Order refused: ${result.reason}`);
    this.name = "OrderRefused";
  }
}

/** Thrown inside placeOrder's transaction when its draft was placed meanwhile; nothing is written. */
class DraftAlreadyPlaced extends Error {
  constructor() {
    super("The draft was placed already");
    this.name = "DraftAlreadyPlaced";
  }
}

/**
 * The largest order total accepted online, in paisa (৳1 crore). Amounts are 32-bit integers in the
 * database (at most 2,147,483,647 paisa); a larger order is refused with a message, not an error.
 */
export const MAX_ORDER_TOTAL_PAISA = 1_000_000_000;

/**
 * What an order's line items copy of a variant: its product, the product's name and the variant's
 * label in English and Bangla, its SKU (the cart's variant, `CartVariant`, has them all), and its
 * prices in paisa. The copies stay as they were when a product is renamed or deleted.
 */
export type OrderableVariant = PricedVariant &
  Pick<CartVariant, "productId" | "name" | "nameBn" | "label" | "labelBn" | "sku">;

/**
 * Places a cash-on-delivery order in one transaction: the order (status and payment "pending"),
 * its first status history entry, its line items, the stock they take (stock.server.ts) and, when
 * the "order placed" SMS is on, that message in the outbox (the sender is woken after commit). The
 * cart comes priced from the database (`priceCart`; the caller checks that the subtotal is the one
 * the shopper saw); the shipping method is the district's (`shippingMethodOf`: never a form's, so an
 * order's zone always agrees with its district), and the shipping fee and total are computed here
 * from it and the current `fees`; the order keeps them. `language` is the one its invoice prints in.
 *
 * Returns the order's id (`duplicate`: this checkout token already placed it, a double submit), or
 * a reason, having written nothing: `empty-cart`, `too-large` (over MAX_ORDER_TOTAL_PAISA),
 * `out-of-stock` (the lines the stock cannot fill), `blocked` (the phone is on the blocklist),
 * `limit` (the phone or address reached `limits` within ORDER_LIMIT_WINDOW_MS; read inside the
 * transaction, so concurrent checkouts cannot slip past; docs/decisions/028), `code` (the campaign
 * `code` is refused, with the rule's reason: checked again and its use taken inside the
 * transaction, `claimCodeIn`, so its last use goes to exactly one order) or `code-changed` (it
 * saves something else than the shopper was shown). With a code the order records it and its
 * saving, and totalPaisa = subtotal − discount + shipping fee (a free-delivery code waives the fee).
 * `advance` decides the advance the order is asked (rules/advance.ts; for "new-phones" the phone's
 * delivered orders are counted inside the transaction; it reads the total and fee after the code's
 * saving): an order asked one has it "due" until `windowMinutes` from now.
 * `staff` (StaffTerms) places an order staff took: its source, author, the owner's fee, a discount
 * (`discount-too-large` above the subtotal), a first note, an owner's override of the blocklist and
 * limits (returned in `overridden`), and the draft it came from (placed once: a second placement
 * of the draft, with the same checkout token, answers with the first order as a duplicate).
 * @throws database errors other than a duplicate checkout token, and an Error for a district that
 *   is not one of the 64 (the checkout schema refuses those first); nothing is written then.
 */
export async function placeOrder(
  input: Omit<CheckoutInput, "shippingMethod">,
  cart: PricedCart<OrderableVariant>,
  fees: DeliveryFees,
  terms: PlacementTerms = {},
): Promise<PlaceOrderResult> {
  const { language = "en", limits = NO_LIMITS, advance = NO_ADVANCE_TERMS, code = null, staff = null } = terms;
  if (cart.lineItems.length === 0) return { ok: false, reason: "empty-cart" };
  const shippingMethod = shippingMethodOf(input.district);
  if (!shippingMethod) throw new Error(`Not one of the 64 districts: ${input.district}`);
  const zone = orderTotals(cart.subtotalPaisa, shippingMethod, fees);
  const shippingFeePaisa = staff?.shippingFeePaisa ?? zone.shippingFeePaisa;
  if (cart.subtotalPaisa + shippingFeePaisa > MAX_ORDER_TOTAL_PAISA) return { ok: false, reason: "too-large" };
  if (staff?.discount && staff.discount.paisa > cart.subtotalPaisa) return { ok: false, reason: "discount-too-large" };
  const overridden: OverriddenCheck[] = [];

  const key = addressKey(input.address, input.area, input.district);
  // Read before the transaction, so the message adds no statement to it (it is part of the order's create).
  const tellShopper = await sendsOrderMessage("order-placed");
  try {
    const order = await prisma.$transaction(async (tx) => {
      // Every statement here holds SQLite's write lock (every other checkout, and with several
      // processes every other process, waits for it), so the transaction is as few statements as
      // the rules allow: the order, its history entry, line items, ledger entries and the shopper's
      // SMS (when that message is on) are one nested create (docs/decisions/052-one-process-per-core.md).
      if (await tx.blockedPhone.findFirst({ where: { phone: input.phone }, select: { id: true } })) {
        if (staff?.override == null) throw new OrderRefused({ ok: false, reason: "blocked" });
        overridden.push("blocked");
      }
      if (limits.perPhone > 0 || limits.perAddress > 0) {
        // Two checkouts of one phone or address count, then write, one after the other: SQLite's
        // transactions already do; on PostgreSQL, advisory locks on the phone and the address.
        await dialect.lockKeys(tx, [
          ...(limits.perPhone > 0 ? [`order-limit:phone:${input.phone}`] : []),
          ...(limits.perAddress > 0 ? [`order-limit:address:${key}`] : []),
        ]);
        const since = new Date(Date.now() - ORDER_LIMIT_WINDOW_MS);
        const [byPhone, byAddress] = await Promise.all([
          limits.perPhone > 0
            ? tx.order.count({ where: { customerPhone: input.phone, createdAt: { gte: since } } })
            : 0,
          limits.perAddress > 0 ? tx.order.count({ where: { addressKey: key, createdAt: { gte: since } } }) : 0,
        ]);
        const limit = limitReached(limits, { byPhone, byAddress });
        if (limit && staff?.override == null) throw new OrderRefused({ ok: false, reason: "limit", limit });
        if (limit) overridden.push("limit");
      }
      let saving: DiscountSaving | null = null;
      let discountCodeId: number | null = null;
      if (code) {
        const codeLines = cart.lineItems.map((item) => ({
          variantId: item.variant.variantId,
          productId: item.variant.productId,
          subtotalPaisa: item.subtotalPaisa,
        }));
        const claim = await claimCodeIn(tx, code.code, codeLines, cart.subtotalPaisa, input.phone);
        if (!claim.ok) throw new OrderRefused({ ok: false, reason: "code", refusal: claim });
        if (claim.discountPaisa !== code.shown.discountPaisa || claim.freeDelivery !== code.shown.freeDelivery) {
          throw new OrderRefused({ ok: false, reason: "code-changed" });
        }
        saving = claim;
        discountCodeId = claim.codeId;
      }
      const discounted = discountedTotals(
        cart.subtotalPaisa,
        shippingFeePaisa,
        staff?.discount ? { discountPaisa: staff.discount.paisa, freeDelivery: false } : saving,
      );
      const lines = cart.lineItems.map((item) => ({ variantId: item.variant.variantId, quantity: item.quantity }));
      const taken = await takeUnits(tx, lines, "order-placed", null);
      const advancePaisa = advanceFor(
        advance.rule,
        { totalPaisa: discounted.totalPaisa, shippingFeePaisa: discounted.shippingFeePaisa },
        asksPhoneHistory(advance.rule) &&
          (await tx.order.count({ where: { customerPhone: input.phone, status: "delivered" }, take: 1 })) > 0,
      );
      const created = await tx.order.create({
        data: {
          customerName: input.name,
          customerEmail: input.email ?? null,
          customerPhone: input.phone,
          customerAddress: input.address,
          district: input.district,
          area: input.area,
          addressKey: key,
          language,
          shippingMethod,
          shippingFeePaisa: discounted.shippingFeePaisa,
          subtotalPaisa: cart.subtotalPaisa,
          totalPaisa: discounted.totalPaisa,
          discountCode: discountCodeId === null ? null : code?.code,
          discountCodeId,
          discountPaisa: discounted.discountPaisa,
          shippingDiscountPaisa: discounted.shippingDiscountPaisa,
          advancePaisa,
          advanceStatus: advancePaisa > 0 ? "due" : null,
          advanceDueBy: advancePaisa > 0 ? new Date(Date.now() + advance.windowMinutes * 60_000) : null,
          status: "pending",
          paymentStatus: "pending",
          itemCount: cart.itemCount,
          productId: cart.lineItems[0]?.variant.productId ?? null,
          checkoutToken: input.checkoutToken,
          source: staff?.source ?? "website",
          createdById: staff?.by.id ?? null,
          createdByEmail: staff?.by.email ?? null,
          discountReason: staff?.discount ? staff.discount.reason : null,
          // Status history (docs/decisions/015-order-status-history-and-invoice.md): the first
          // entry, by the shopper, or by the staff member who took the order.
          statusChanges: {
            create: {
              fromStatus: null,
              toStatus: "pending",
              changedById: staff?.by.id ?? null,
              changedByEmail: staff?.by.email ?? null,
            },
          },
          ...(staff?.note
            ? { notes: { create: { body: staff.note, authorId: staff.by.id, authorEmail: staff.by.email } } }
            : {}),
          items: {
            createMany: {
              data: cart.lineItems.map((item) => ({
                productId: item.variant.productId,
                variantId: item.variant.variantId,
                productName: item.variant.name,
                productNameBn: item.variant.nameBn,
                variantLabel: item.variant.label,
                variantLabelBn: item.variant.labelBn,
                sku: item.variant.sku ?? "",
                unitPricePaisa: item.unitPricePaisa,
                quantity: item.quantity,
                subtotalPaisa: item.subtotalPaisa,
              })),
            },
          },
          ...(taken.length > 0 ? { stockMovements: { createMany: { data: taken } } } : {}),
          ...(tellShopper
            ? { smsMessages: { create: orderMessageData("order-placed", { phone: input.phone, language }) } }
            : {}),
        },
        select: { id: true },
      });
      if (staff?.draftId != null) {
        // A draft is placed once: a second placement of it (another tab) fails here and finds the first order.
        const marked = await tx.draftOrder.updateMany({
          where: { id: staff.draftId, orderId: null },
          data: { orderId: created.id },
        });
        if (marked.count !== 1) throw new DraftAlreadyPlaced();
      }
      return created;
    });
    if (tellShopper) messagesQueued();
    return { ok: true, orderId: order.id, duplicate: false, overridden };
  } catch (error) {
    // A concurrent submit of the same form may have won the race: answer with its order. The
    // second submit then fails on what the first one used up: the checkout token, the last units
    // (the stock is taken before the order is written), the phone's or address's limit, or the
    // campaign code's last use.
    const raced =
      error instanceof OutOfStockError ||
      error instanceof DraftAlreadyPlaced ||
      (error instanceof OrderRefused && (error.result.reason === "limit" || error.result.reason === "code")) ||
      (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002");
    if (raced) {
      const winner = await findOrderByCheckoutToken(input.checkoutToken);
      if (winner) return { ok: true, orderId: winner, duplicate: true, overridden: [] };
    }
    if (error instanceof OrderRefused) return error.result;
    if (error instanceof OutOfStockError) return { ok: false, reason: "out-of-stock", shortages: error.shortages };
    throw error;
  }
}

/** The id of the order placed with `checkoutToken` (one per rendered checkout form), or null. */
export async function findOrderByCheckoutToken(checkoutToken: string): Promise<number | null> {
  const row = await prisma.order.findUnique({ where: { checkoutToken }, select: { id: true } });
  return row?.id ?? null;
}
