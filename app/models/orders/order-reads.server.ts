/**
 * The back office's reads of orders: the orders list (its search and filters, one page at a time),
 * one order with its line items (the order page, the edit page, the invoice and the order e-mails),
 * its status history, and the summary on the delete confirmation step.
 */
import { toAsciiDigits } from "~/rules/phone";
import { districtSearched } from "~/rules/districts";
import type { Prisma } from "~/generated/prisma/client";
import { dialect } from "~/models/db/dialect.server";
import { prisma } from "~/models/db/client.server";
import { ADMIN_PAGE_SIZE, paginate } from "~/rules/pagination";
import type { OrderStatus } from "~/rules/order-status";
import type { AdvanceState } from "~/rules/advance";
import type { OrderSource } from "~/rules/order-source";

/**
 * Filters of the admin orders list (query string of /admin/orders): `status` one of the five
 * statuses or absent for all; `advance` the advance's state ("to-verify": Send Money payments staff
 * must check) or absent for all; `source` where the order came from (ORDER_SOURCES) or absent for
 * all; `q` a search text (see `orderSearchWhere`), "" for none.
 */
export type OrderListFilters = {
  status?: OrderStatus | null;
  advance?: AdvanceState | null;
  source?: OrderSource | null;
  q?: string;
};

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

/** Line items named per order in the list's Products column; more are summarised as "+N more". */
const ORDER_LIST_ITEMS_SHOWN = 20;

/** What a row of the admin orders list shows, with up to ORDER_LIST_ITEMS_SHOWN items named. */
const orderListSelect = {
  // The Products column: the first items by name, and how many there are.
  items: {
    orderBy: { id: "asc" },
    take: ORDER_LIST_ITEMS_SHOWN,
    select: { productName: true, productNameBn: true, variantLabel: true, variantLabelBn: true, quantity: true },
  },
  _count: { select: { items: true } },
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
  advanceStatus: true,
  source: true,
} satisfies Prisma.OrderSelect;

/**
 * One page of the admin orders list, newest first, with each order's items for
 * the Products column, filtered by status, the advance's state, the source and search text (`OrderListFilters`).
 * Items of an order are capped at 20 for the Products column (`itemsShown` vs `items.length`).
 */
export async function listOrdersForAdmin(page: number, filters: OrderListFilters = {}) {
  const where: Prisma.OrderWhereInput = {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.advance ? { advanceStatus: filters.advance } : {}),
    ...(filters.source ? { source: filters.source } : {}),
    ...orderSearchWhere(filters.q ?? ""),
  };
  const newestFirst: Prisma.OrderOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];
  return paginate(
    page,
    ADMIN_PAGE_SIZE,
    () => prisma.order.count({ where }),
    (window) => prisma.order.findMany({ where, orderBy: newestFirst, ...window, select: orderListSelect }),
  );
}

/**
 * What editing an order reads of each line item (models/orders/order-edit.server.ts): its ids, the
 * English name and label it keeps, its unit price in paisa and its quantity. The order page's
 * lines (`getOrderForAdmin`) add the rest.
 */
export const editableLineSelect = {
  id: true,
  productId: true,
  variantId: true,
  productName: true,
  variantLabel: true,
  unitPricePaisa: true,
  quantity: true,
} satisfies Prisma.OrderItemSelect;

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
      discountCode: true,
      discountReason: true,
      discountPaisa: true,
      shippingDiscountPaisa: true,
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
      courierFeePaisa: true,
      advancePaisa: true,
      advanceStatus: true,
      advanceDueBy: true,
      advancePaidPaisa: true,
      advanceRefundedPaisa: true,
      source: true,
      createdByEmail: true,
      items: {
        orderBy: { id: "asc" },
        select: {
          ...editableLineSelect,
          productNameBn: true,
          variantLabelBn: true,
          sku: true,
          subtotalPaisa: true,
        },
      },
    },
  });
}

/**
 * Entries of the status history shown on the order page (the newest ones when there are more), and
 * on the tracking page (the oldest ones).
 */
export const STATUS_HISTORY_SHOWN = 100;

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

/** The short summary shown on the delete confirmation step (the orders list with `?delete=<id>`), or null when there is no such order. */
export async function getOrderSummary(id: number) {
  return prisma.order.findUnique({
    where: { id },
    select: { id: true, customerName: true, totalPaisa: true, createdAt: true, status: true },
  });
}
