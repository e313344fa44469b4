/**
 * Orders: placing one at checkout, and the back office's reads, status changes and deletion.
 *
 * `placeOrder` writes a cart priced from the database, never from the form, with its line items in
 * one transaction: if any insert fails nothing is written. The checkout token (unique per rendered
 * checkout form) makes a double submit return the first order.
 */
import { toAsciiDigits } from "~/rules/phone";
import { districtSearched, shippingMethodOf } from "~/rules/districts";
import { Prisma } from "~/generated/prisma/client";
import { dialect } from "~/models/db/dialect.server";
import { isLang } from "~/i18n";
import type { Lang } from "~/i18n/lang";
import { getShopSettings, invoiceSeller } from "~/models/settings.server";
import { buildInvoice, type InvoiceView } from "~/rules/invoice";
import { prisma } from "~/models/db/client.server";
import { auditEventData } from "~/models/audit-trail.server";
import { ADMIN_PAGE_SIZE, paginate } from "~/rules/pagination";
import { orderTotals, type PricedCart, type PricedVariant } from "~/rules/pricing";
import type { DeliveryFees } from "~/rules/shipping";
import type { CheckoutInput } from "~/forms/schemas";
import { undoableChange, type OrderStatus } from "~/rules/order-status";
import { addToHistory, DUPLICATE_WINDOW_MS, likelyDuplicates, NO_HISTORY, type PhoneHistory } from "~/rules/order-risk";
import type { StockShortage } from "~/rules/stock";
import { addressKey, limitReached, ORDER_LIMIT_WINDOW_MS, type OrderLimits } from "~/rules/order-limits";
import { OutOfStockError, returnStock, takeStock, takeUnits, type StockActor } from "~/models/catalogue/stock.server";

/** The outcome of placing an order. */
export type PlaceOrderResult =
  | { ok: true; orderId: number; duplicate: boolean }
  | { ok: false; reason: "empty-cart" | "too-large" }
  | { ok: false; reason: "out-of-stock"; shortages: StockShortage[] }
  | { ok: false; reason: "blocked" }
  | { ok: false; reason: "limit"; limit: "phone" | "address" };

/** No checkout limits (the default of `placeOrder`). */
const NO_LIMITS: OrderLimits = { perPhone: 0, perAddress: 0 };

/** Thrown inside placeOrder's transaction to refuse the order (blocked phone, or a limit reached); nothing is written. */
class OrderRefused extends Error {
  constructor(readonly result: PlaceOrderResult & { ok: false }) {
    super(`Order refused: ${result.reason}`);
    this.name = "OrderRefused";
  }
}

/**
 * The largest order total accepted online, in paisa (৳1 crore). Amounts are 32-bit integers in the
 * database (at most 2,147,483,647 paisa); a larger order is refused with a message, not an error.
 */
const MAX_ORDER_TOTAL_PAISA = 1_000_000_000;

/**
 * What an order's line items copy of a variant: its product, the product's name and the variant's
 * label in English and Bangla, its SKU, and its prices in paisa (app/models/catalogue/product.server.ts
 * CartVariant has them all). The copies stay as they were when a product is renamed or deleted.
 */
export type OrderableVariant = PricedVariant & {
  productId: number;
  name: string;
  nameBn: string;
  label: string;
  labelBn: string;
  sku: string | null;
};

/**
 * Places a cash-on-delivery order in one transaction: the order (status and payment "pending"),
 * its first status history entry, its line items and the stock they take (stock.server.ts). The
 * cart comes priced from the database (`priceCart`; the caller checks that the subtotal is the one
 * the shopper saw); the shipping method is the district's (`shippingMethodOf`: never a form's, so an
 * order's zone always agrees with its district), and the shipping fee and total are computed here
 * from it and the current `fees`; the order keeps them. `language` is the one its invoice prints in.
 *
 * Returns the order's id (`duplicate`: this checkout token already placed it, a double submit), or
 * a reason, having written nothing: `empty-cart`, `too-large` (over MAX_ORDER_TOTAL_PAISA),
 * `out-of-stock` (the lines the stock cannot fill), `blocked` (the phone is on the blocklist),
 * `limit` (the phone or address reached `limits` within ORDER_LIMIT_WINDOW_MS; read inside the
 * transaction, so concurrent checkouts cannot slip past; docs/decisions/028).
 * @throws database errors other than a duplicate checkout token, and an Error for a district that
 *   is not one of the 64 (the checkout schema refuses those first); nothing is written then.
 */
export async function placeOrder(
  input: Omit<CheckoutInput, "shippingMethod">,
  cart: PricedCart<OrderableVariant>,
  fees: DeliveryFees,
  language: Lang = "en",
  limits: OrderLimits = NO_LIMITS,
): Promise<PlaceOrderResult> {
  if (cart.lineItems.length === 0) return { ok: false, reason: "empty-cart" };
  const shippingMethod = shippingMethodOf(input.district);
  if (!shippingMethod) throw new Error(`Not one of the 64 districts: ${input.district}`);
  const { shippingFeePaisa, totalPaisa } = orderTotals(cart.subtotalPaisa, shippingMethod, fees);
  if (totalPaisa > MAX_ORDER_TOTAL_PAISA) return { ok: false, reason: "too-large" };

  const key = addressKey(input.address, input.area, input.district);
  try {
    const order = await prisma.$transaction(async (tx) => {
      // Every statement here holds SQLite's write lock (every other checkout, and with several
      // processes every other process, waits for it), so the transaction is as few statements as
      // the rules allow: the order, its history entry, line items and ledger entries are one
      // nested create (docs/decisions/052-one-process-per-core.md).
      if (await tx.blockedPhone.findFirst({ where: { phone: input.phone }, select: { id: true } })) {
        throw new OrderRefused({ ok: false, reason: "blocked" });
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
        if (limit) throw new OrderRefused({ ok: false, reason: "limit", limit });
      }
      const lines = cart.lineItems.map((item) => ({ variantId: item.variant.variantId, quantity: item.quantity }));
      const taken = await takeUnits(tx, lines, "order-placed", null);
      return tx.order.create({
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
          shippingFeePaisa,
          subtotalPaisa: cart.subtotalPaisa,
          totalPaisa,
          status: "pending",
          paymentStatus: "pending",
          itemCount: cart.itemCount,
          productId: cart.lineItems[0]?.variant.productId ?? null,
          checkoutToken: input.checkoutToken,
          // Status history (docs/decisions/015-order-status-history-and-invoice.md): the first entry, by the shopper.
          statusChanges: { create: { fromStatus: null, toStatus: "pending" } },
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
        },
        select: { id: true },
      });
    });
    return { ok: true, orderId: order.id, duplicate: false };
  } catch (error) {
    // A concurrent submit of the same form may have won the race: answer with its order. The
    // second submit then fails on what the first one used up: the checkout token, the last units
    // (the stock is taken before the order is written), or the phone's or address's limit.
    const raced =
      error instanceof OutOfStockError ||
      (error instanceof OrderRefused && error.result.reason === "limit") ||
      (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002");
    if (raced) {
      const winner = await findOrderByCheckoutToken(input.checkoutToken);
      if (winner) return { ok: true, orderId: winner, duplicate: true };
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

/**
 * Filters of the admin orders list (query string of /admin/orders): `status` one of the five
 * statuses or absent for all; `q` a search text (see `orderSearchWhere`), "" for none.
 */
export type OrderListFilters = { status?: OrderStatus | null; q?: string };

/** Largest value of a 32-bit `Int` id column; a longer number cannot be an order id. */
const MAX_INT32 = 2_147_483_647;

/**
 * The `where` for a search text on the admin orders list:
 * - `#123` finds order 123 only;
 * - a number (digits, optionally with spaces, dashes, `+`) finds the order with that id **or** any
 *   order whose phone contains those digits (phones are stored as 01XXXXXXXXX, so a leading
 *   country code 88 before 01 is dropped);
 * - anything else finds customer names containing the text (SQLite LIKE: case-insensitive for
 *   ASCII letters; Bengali has no case), and, when the text is a district's whole name (current or
 *   former English name in any case, or its Bangla name: `districtSearched`), the orders to that
 *   district, stored under its current name or a former one ("Comilla" and "Cumilla" find both).
 * Digits may be typed in Bengali (`#১২৩`, `০১৭১২…`). Blank text means no condition.
 */
export function orderSearchWhere(q: string): Prisma.OrderWhereInput {
  const text = toAsciiDigits(q.trim());
  if (text === "") return {};
  const hashId = /^#\s*(\d+)$/.exec(text);
  if (hashId) {
    const id = Number(hashId[1]);
    return { id: id <= MAX_INT32 ? id : -1 };
  }
  if (/^[\d\s+\-()]+$/.test(text) && /\d/.test(text)) {
    const digits = text.replace(/\D/g, "");
    const phoneDigits = digits.replace(/^88(?=01)/, "");
    const id = Number(digits);
    const byId: Prisma.OrderWhereInput[] = /^\d+$/.test(text) && id >= 1 && id <= MAX_INT32 ? [{ id }] : [];
    return { OR: [...byId, { customerPhone: { contains: phoneDigits } }] };
  }
  const district = districtSearched(text);
  if (!district) return { customerName: { contains: text, ...dialect.insensitive } };
  return {
    OR: [
      { customerName: { contains: text, ...dialect.insensitive } },
      { district: { in: [district.name, ...district.formerNames] } },
    ],
  };
}

/**
 * One page of the admin orders list, newest first, with each order's items for
 * the Products column, filtered by status and search text (`OrderListFilters`).
 * Items of an order are capped at 20 for the Products column (`itemsShown` vs `items.length`).
 */
export async function listOrdersForAdmin(page: number, filters: OrderListFilters = {}) {
  const where: Prisma.OrderWhereInput = {
    ...(filters.status ? { status: filters.status } : {}),
    ...orderSearchWhere(filters.q ?? ""),
  };
  return paginate(
    page,
    ADMIN_PAGE_SIZE,
    () => prisma.order.count({ where }),
    (window) =>
      prisma.order.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...window,
        select: {
          id: true,
          createdAt: true,
          customerName: true,
          customerPhone: true,
          district: true,
          itemCount: true,
          totalPaisa: true,
          status: true,
          confirmedAt: true,
          deliveryState: true,
          _count: { select: { items: true } },
          items: {
            orderBy: { id: "asc" },
            take: ORDER_LIST_ITEMS_SHOWN,
            select: {
              productName: true,
              productNameBn: true,
              variantLabel: true,
              variantLabelBn: true,
              quantity: true,
            },
          },
        },
      }),
  );
}

/** Line items named per order in the list's Products column; more are summarised as "+N more". */
const ORDER_LIST_ITEMS_SHOWN = 20;

/** One order with its items for /admin/orders/view/:id and its invoice, or null. */
export async function getOrderForAdmin(id: number) {
  return prisma.order.findUnique({
    where: { id },
    select: {
      id: true,
      createdAt: true,
      customerName: true,
      customerEmail: true,
      customerPhone: true,
      customerAddress: true,
      district: true,
      language: true,
      area: true,
      shippingMethod: true,
      shippingFeePaisa: true,
      subtotalPaisa: true,
      totalPaisa: true,
      status: true,
      paymentStatus: true,
      itemCount: true,
      confirmedAt: true,
      confirmedByEmail: true,
      updatedAt: true,
      courier: true,
      consignmentId: true,
      trackingCode: true,
      courierStatus: true,
      deliveryState: true,
      sentToCourierAt: true,
      courierCheckedAt: true,
      items: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          productId: true,
          variantId: true,
          productName: true,
          productNameBn: true,
          variantLabel: true,
          variantLabelBn: true,
          sku: true,
          unitPricePaisa: true,
          quantity: true,
          subtotalPaisa: true,
        },
      },
    },
  });
}

/** Entries of the status history shown on the order page (the newest ones when there are more). */
const STATUS_HISTORY_SHOWN = 100;

/**
 * The order's status history, oldest first: at most the newest STATUS_HISTORY_SHOWN entries, and
 * `truncated` when older ones exist (`shown` is the limit). `changedByEmail` is the snapshot taken at the time (null for
 * the entry written when the shopper placed the order).
 */
export async function getOrderStatusHistory(orderId: number) {
  const rows = await prisma.orderStatusChange.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: STATUS_HISTORY_SHOWN + 1,
    select: {
      id: true,
      fromStatus: true,
      toStatus: true,
      changedById: true,
      changedByEmail: true,
      courier: true,
      createdAt: true,
    },
  });
  return {
    entries: rows.slice(0, STATUS_HISTORY_SHOWN).reverse(),
    truncated: rows.length > STATUS_HISTORY_SHOWN,
    shown: STATUS_HISTORY_SHOWN,
  };
}

/** The outcome of `changeOrderStatus`. */
export type StatusChangeResult =
  | { outcome: "changed" | "unchanged" | "not-found" | "conflict" }
  | { outcome: "out-of-stock"; shortages: StockShortage[] };

/**
 * Sets an order's status (any status may follow any other) and records the change
 * (from, to, who, when) in the same transaction, with the stock it moves (docs/decisions/027-stock.md):
 * cancelling returns what the order holds; moving it out of cancelled takes its lines' units again.
 * Choosing the status the order already has changes and records nothing (`unchanged`). `conflict`
 * when another change landed between the read and the write, `out-of-stock` (with the lines) when
 * the stock can no longer fill a cancelled order being reinstated: nothing is written then.
 * `not-found` when there is no such order.
 */
export async function changeOrderStatus(
  id: number,
  status: OrderStatus,
  admin: { id: number; email: string },
): Promise<StatusChangeResult> {
  try {
    return await prisma.$transaction((tx) => changeStatusIn(tx, id, status, admin));
  } catch (error) {
    if (error instanceof OutOfStockError) return { outcome: "out-of-stock", shortages: error.shortages };
    throw error;
  }
}

/**
 * Undoes `admin`'s latest status change of order `id`: sets its `from` status again, when the
 * change may still be undone (rules/order-status.ts `undoableChange`, asked again here inside the
 * transaction) and is the one the page offered (`offered`). `not-undoable` (nothing written) when
 * the order changed since, the change is not theirs, too old, or moved stock; otherwise as
 * `changeOrderStatus`.
 */
export async function undoStatusChange(
  id: number,
  offered: { from: string; to: string },
  admin: { id: number; email: string },
): Promise<StatusChangeResult | { outcome: "not-undoable" }> {
  return prisma.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id }, select: { status: true, consignmentId: true } });
    if (!order) return { outcome: "not-found" };
    const latest = await tx.orderStatusChange.findFirst({
      where: { orderId: id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { fromStatus: true, toStatus: true, changedById: true, courier: true, createdAt: true },
    });
    const undo = undoableChange(
      latest ?? undefined,
      { status: order.status, handedOver: order.consignmentId !== null },
      admin.id,
    );
    if (!undo || undo.from !== offered.from || undo.to !== offered.to) return { outcome: "not-undoable" };
    return changeStatusIn(tx, id, undo.from, admin);
  });
}

/**
 * `changeOrderStatus` inside the caller's transaction `tx`. `admin` is who made the change (null
 * for the schedule), `courier` the courier whose status report made it (null for staff).
 * @throws {OutOfStockError} when reinstating a cancelled order finds too little stock.
 */
export async function changeStatusIn(
  tx: Prisma.TransactionClient,
  id: number,
  status: OrderStatus,
  admin: { id: number; email: string } | null,
  courier: string | null = null,
): Promise<StatusChangeResult> {
  const order = await tx.order.findUnique({
    where: { id },
    select: { status: true, items: { select: { variantId: true, quantity: true } } },
  });
  if (!order) return { outcome: "not-found" };
  if (order.status === status) return { outcome: "unchanged" };
  const { count } = await tx.order.updateMany({ where: { id, status: order.status }, data: { status } });
  if (count !== 1) return { outcome: "conflict" };
  if (status === "cancelled") await returnStock(tx, id, "order-cancelled", admin);
  else if (order.status === "cancelled") {
    const lines = order.items.flatMap((item) =>
      item.variantId === null ? [] : [{ variantId: item.variantId, quantity: item.quantity }],
    );
    await takeStock(tx, { orderId: id, lines }, "order-reinstated", admin);
  }
  await tx.orderStatusChange.create({
    data: {
      orderId: id,
      fromStatus: order.status,
      toStatus: status,
      changedById: admin?.id ?? null,
      changedByEmail: admin?.email ?? null,
      courier,
    },
  });
  return { outcome: "changed" };
}

/**
 * Marks an order as confirmed with the shopper by phone, by `admin` now (docs/decisions/028), or
 * removes the mark when `admin` is null. Marking an order that is already marked keeps the first
 * mark (who and when).
 * @returns false when there is no such order.
 */
export async function setOrderConfirmation(id: number, admin: { id: number; email: string } | null): Promise<boolean> {
  if (admin === null) {
    const { count } = await prisma.order.updateMany({
      where: { id },
      data: { confirmedAt: null, confirmedById: null, confirmedByEmail: null },
    });
    return count === 1;
  }
  const { count } = await prisma.order.updateMany({
    where: { id, confirmedAt: null },
    data: { confirmedAt: new Date(), confirmedById: admin.id, confirmedByEmail: admin.email },
  });
  return count === 1 || (await prisma.order.count({ where: { id } })) === 1;
}

/**
 * Deletes an order (its line items, then the order) in ONE transaction,
 * returning to stock what it still holds (`admin` recorded as who): if any write fails nothing is
 * deleted and the error is thrown. The status history goes with the order (cascade); its stock
 * ledger entries stay, without the order; the audit trail gets, in the same transaction, the whole
 * order as it was (items, history, notes, edits, courier events) with `admin` and the client
 * `address` (docs/decisions/035-audit-trail.md). Returns false when there was no such order.
 */
export async function deleteOrder(id: number, admin: StockActor = null, address = ""): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    // Everything the order was, for the audit trail, which keeps it after the order is gone.
    const snapshot = await tx.order.findUnique({
      where: { id },
      include: {
        items: true,
        statusChanges: true,
        notes: true,
        edits: true,
        courierEvents: true,
        stockMovements: true,
      },
    });
    if (!snapshot) return false;
    await returnStock(tx, id, "order-deleted", admin);
    await tx.orderItem.deleteMany({ where: { orderId: id } });
    const deleted = await tx.order.deleteMany({ where: { id } });
    await tx.auditEvent.create({
      data: auditEventData({
        actor: admin ?? { id: null, email: "" },
        address,
        action: "order.deleted",
        subjectType: "order",
        subjectId: id,
        summary: `${snapshot.customerName}, ${snapshot.customerPhone}`,
        details: { order: snapshot },
      }),
    });
    return deleted.count === 1;
  });
}

/** The short summary shown on the delete confirmation step (the orders list with `?delete=<id>`), or null when there is no such order. */
export async function getOrderSummary(id: number) {
  return prisma.order.findUnique({
    where: { id },
    select: { id: true, customerName: true, totalPaisa: true, createdAt: true, status: true },
  });
}

/**
 * What a shopper may see of an order on the tracking page (/orders/track), or null: the order
 * with its line items and status history, and the phone to check the shopper's against. No
 * e-mail or street address: the page's URL can be shared and lands in histories.
 */
export async function getOrderForTracking(id: number) {
  return prisma.order.findUnique({
    where: { id },
    select: {
      id: true,
      createdAt: true,
      customerName: true,
      customerPhone: true,
      district: true,
      area: true,
      shippingMethod: true,
      shippingFeePaisa: true,
      subtotalPaisa: true,
      totalPaisa: true,
      status: true,
      items: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          productName: true,
          productNameBn: true,
          variantLabel: true,
          variantLabelBn: true,
          unitPricePaisa: true,
          quantity: true,
          subtotalPaisa: true,
        },
      },
      statusChanges: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: STATUS_HISTORY_SHOWN,
        select: { id: true, toStatus: true, createdAt: true },
      },
    },
  });
}

/**
 * What the confirmation page (/order-success) shows the browser that placed order `id`, or null
 * when there is no such order: its line items (name, quantity, line total), subtotal, shipping
 * method and fee, total (the cash to pay on delivery; all in paisa), the phone the shop will call
 * and the delivery address, area and district (its English name; null on orders placed before
 * checkout asked for them). The caller must first know that this browser placed the order: order
 * numbers are sequential, and this is the shopper's address.
 */
export async function getOrderConfirmation(id: number) {
  return prisma.order.findUnique({
    where: { id },
    select: {
      id: true,
      customerPhone: true,
      customerAddress: true,
      area: true,
      district: true,
      shippingMethod: true,
      shippingFeePaisa: true,
      subtotalPaisa: true,
      totalPaisa: true,
      items: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          productName: true,
          productNameBn: true,
          variantLabel: true,
          variantLabelBn: true,
          quantity: true,
          subtotalPaisa: true,
        },
      },
    },
  });
}

/**
 * What staff see about an order before phoning: its phone's other orders, and its likely
 * duplicates by reason: `duplicateOf`, from the same phone; `addressDuplicateOf`, from other phones
 * to the same name and delivery address (ids ascending).
 */
export type OrderRiskSignals = { history: PhoneHistory; duplicateOf: number[]; addressDuplicateOf: number[] };

/**
 * The fake-order signals of each of `orders` (a page of the admin list, or one order), in three
 * queries whatever their number (rules/order-risk.ts):
 * - `history`: the other orders from the same phone, by outcome (this order left out);
 * - `duplicateOf`: the ids of other orders, not cancelled, from the same phone with the same
 *   products within DUPLICATE_WINDOW_MS;
 * - `addressDuplicateOf`: the same, from other phones to the same delivery address (`addressKey`)
 *   and customer name (`nameKey`).
 * A cancelled order gets no duplicates: staff have dealt with it.
 *
 * @returns a map from each order's id to its signals.
 */
export async function getOrderRiskSignals(
  orders: { id: number; customerPhone: string; status: string; deliveryState: string | null; createdAt: Date }[],
): Promise<Map<number, OrderRiskSignals>> {
  const signals = new Map<number, OrderRiskSignals>();
  if (orders.length === 0) return signals;
  const phones = [...new Set(orders.map((order) => order.customerPhone))];
  const times = orders.map((order) => order.createdAt.getTime());
  const addressKeys = (
    await prisma.order.findMany({
      where: { id: { in: orders.map((order) => order.id) }, addressKey: { not: null } },
      select: { addressKey: true },
    })
  ).flatMap((order) => (order.addressKey ? [order.addressKey] : []));
  const [counts, nearby] = await Promise.all([
    prisma.order.groupBy({
      by: ["customerPhone", "status", "deliveryState"],
      where: { customerPhone: { in: phones } },
      _count: { _all: true },
    }),
    prisma.order.findMany({
      where: {
        OR: [{ customerPhone: { in: phones } }, { addressKey: { in: [...new Set(addressKeys)] } }],
        status: { not: "cancelled" },
        createdAt: {
          gte: new Date(Math.min(...times) - DUPLICATE_WINDOW_MS),
          lte: new Date(Math.max(...times) + DUPLICATE_WINDOW_MS),
        },
      },
      select: {
        id: true,
        customerPhone: true,
        customerName: true,
        addressKey: true,
        createdAt: true,
        items: { select: { variantId: true, productName: true } },
      },
    }),
  ]);
  const comparable = nearby.map((order) => ({
    id: order.id,
    phone: order.customerPhone,
    name: order.customerName,
    addressKey: order.addressKey,
    createdAt: order.createdAt,
    products: order.items.map((item) => item.variantId ?? item.productName),
  }));
  for (const order of orders) {
    let history = NO_HISTORY;
    for (const row of counts) {
      if (row.customerPhone === order.customerPhone) {
        history = addToHistory(history, row.status, row._count._all, row.deliveryState);
      }
    }
    history = addToHistory(history, order.status, -1, order.deliveryState);
    const self = comparable.find((other) => other.id === order.id);
    const duplicates =
      self && order.status !== "cancelled" ? likelyDuplicates(self, comparable) : { samePhone: [], sameAddress: [] };
    signals.set(order.id, { history, duplicateOf: duplicates.samePhone, addressDuplicateOf: duplicates.sameAddress });
  }
  return signals;
}

/**
 * The invoice view model of `order` (app/rules/invoice.ts) with the shop's details: the one the
 * order page shows and invoice.png draws. The invoice goes in the parcel, so it is in the language
 * the shopper ordered in (English for a stored value that is not a language).
 */
export async function orderInvoice(
  order: NonNullable<Awaited<ReturnType<typeof getOrderForAdmin>>>,
): Promise<InvoiceView> {
  const lang = isLang(order.language) ? order.language : "en";
  return buildInvoice(order, invoiceSeller(await getShopSettings(), lang), lang);
}
