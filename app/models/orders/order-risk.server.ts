/**
 * The fake-order signals staff see before phoning (docs/decisions/026-fake-order-signals.md): an
 * order's phone's other orders by outcome, and its likely duplicates. The rules are pure
 * (app/rules/order-risk.ts); this reads what they weigh.
 */
import { prisma } from "~/models/db/client.server";
import { addToHistory, DUPLICATE_WINDOW_MS, likelyDuplicates, NO_HISTORY, type PhoneHistory } from "~/rules/order-risk";

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
