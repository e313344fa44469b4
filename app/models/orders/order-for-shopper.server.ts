/**
 * What a shopper may see of an order: the confirmation page after checkout (/order-success) and the
 * tracking page (/orders/track). Both show the lines, totals and delivery zone through one select;
 * each adds what only it shows.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { STATUS_HISTORY_SHOWN } from "~/models/orders/order-reads.server";

/**
 * What both shopper pages show of an order: its status, its phone, delivery area and district, shipping method
 * and fee, subtotal, campaign code and its saving, and total (paisa), and its line items (names and labels in both languages,
 * quantity, line total in paisa), in the order they were added.
 */
const shopperOrderSelect = {
  id: true,
  status: true,
  customerPhone: true,
  area: true,
  district: true,
  shippingMethod: true,
  shippingFeePaisa: true,
  subtotalPaisa: true,
  totalPaisa: true,
  discountCode: true,
  discountReason: true,
  discountPaisa: true,
  shippingDiscountPaisa: true,
  // The advance (docs/decisions/062-advance-payment.md): asked, its state, its deadline, what was
  // received and given back (paisa), and the latest Send Money the shopper reported.
  advancePaisa: true,
  advanceStatus: true,
  advanceDueBy: true,
  advancePaidPaisa: true,
  advanceRefundedPaisa: true,
  payments: {
    where: { method: { in: ["bkash-send-money", "nagad-send-money"] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 1,
    select: { method: true, status: true, trxId: true, amountPaisa: true },
  },
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
} satisfies Prisma.OrderSelect;

/**
 * What a shopper may see of an order on the tracking page (/orders/track), or null: the order
 * with its line items (with unit prices) and status history, and the phone to check the shopper's
 * against; `advanceLapsed` when it was cancelled because its advance was not paid in time
 * (rules/advance.ts `isAdvanceLapse`). No e-mail or street address: the page's URL can be shared
 * and lands in histories.
 */
export async function getOrderForTracking(id: number) {
  const order = await findOrderForTracking(id);
  if (!order) return null;
  const { _count, ...shown } = order;
  return { ...shown, advanceLapsed: order.status === "cancelled" && _count.statusChanges > 0 };
}

/** The tracking page's read of order `id` (`getOrderForTracking`), with the count of its advance lapses. */
function findOrderForTracking(id: number) {
  return prisma.order.findUnique({
    where: { id },
    select: {
      ...shopperOrderSelect,
      createdAt: true,
      customerName: true,
      items: { ...shopperOrderSelect.items, select: { ...shopperOrderSelect.items.select, unitPricePaisa: true } },
      statusChanges: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: STATUS_HISTORY_SHOWN,
        select: { id: true, toStatus: true, createdAt: true },
      },
      // A cancellation by neither staff nor a courier is the lapse job's (rules/advance.ts `isAdvanceLapse`).
      _count: {
        select: {
          statusChanges: {
            where: { fromStatus: { not: null }, toStatus: "cancelled", changedByEmail: null, courier: null },
          },
        },
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
  return prisma.order.findUnique({ where: { id }, select: { ...shopperOrderSelect, customerAddress: true } });
}
