/**
 * Courier payouts on PostgreSQL (docs/decisions/067-courier-payouts.md): only what differs from
 * SQLite, where one writer at a time makes every race a queue. Here the payouts are recorded on
 * separate connections of the pool (separate sessions, as two nodes' would be) under READ
 * COMMITTED: payouts naming the same order at once pay it once (the conditional update on
 * `cashPayoutItemId` waits for the first one's row lock, then finds the order taken), payouts
 * charging the same returned parcel at once charge it once and flag the other (the second waits for
 * the first's row lock, then reads its charge line), and the same payout recorded at once is
 * recorded once (the unique reference). Also what PostgreSQL alone
 * refuses or reads differently: a payout's sums up to its INTEGER columns' limit, and the overdue
 * total summed in SQL written by hand.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { listOverdueCash, PayoutTooLargeError, recordPayout, type PayoutInput } from "~/models/payouts/payouts.server";
import { MAX_PARCEL_PAISA, MAX_PAYOUT_SUM_PAISA } from "~/rules/payout-csv";

let counter = 0;

/** A delivered Steadfast order with its own consignment id; its id and consignment. */
async function deliveredOrder() {
  const consignmentId = `PG${Date.now()}${++counter}`;
  const order = await prisma.order.create({
    data: {
      customerName: "PG Payout Shopper",
      customerPhone: `0181${String(counter).padStart(7, "0")}`,
      customerAddress: "House 4, Road 2",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6_000,
      subtotalPaisa: 110_000,
      totalPaisa: 116_000,
      itemCount: 1,
      checkoutToken: randomUUID(),
      status: "delivered",
      deliveredAt: new Date(),
      courier: "steadfast",
      consignmentId,
    },
  });
  return { id: order.id, consignmentId };
}

/** A payout of one line per consignment: each parcel's cash, or (`returned`) only its charge. */
const payout = (reference: string, consignmentIds: string[], { returned = false } = {}): PayoutInput => ({
  courier: "steadfast",
  reference,
  paidAt: null,
  source: "api",
  lines: consignmentIds.map((consignmentId, index) => ({
    row: index + 1,
    consignmentId,
    invoice: null,
    collectedPaisa: returned ? 0 : 116_000,
    deliveryChargePaisa: 6_000,
    codFeePaisa: 0,
    paidPaisa: returned ? -6_000 : 110_000,
  })),
});

describe("payouts recorded at once", () => {
  it("pay an order they both name once: one line matched, the others duplicates", async () => {
    const orders = await Promise.all([deliveredOrder(), deliveredOrder(), deliveredOrder()]);
    const consignments = orders.map((order) => order.consignmentId);
    const stamp = Date.now();
    // Six payouts, each naming all three orders (in different orders, to cross the row locks).
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        recordPayout(payout(`PG-RACE-${stamp}-${index}`, index % 2 ? [...consignments].reverse() : consignments), null),
      ),
    );
    expect(outcomes.every((outcome) => outcome.outcome === "recorded")).toBe(true);
    const items = await prisma.courierPayoutItem.findMany({
      where: { consignmentId: { in: consignments } },
      select: { id: true, orderId: true, matchState: true },
    });
    expect(items).toHaveLength(18);
    for (const order of orders) {
      const lines = items.filter((item) => item.orderId === order.id);
      expect(lines.filter((item) => item.matchState === "matched")).toHaveLength(1);
      expect(lines.filter((item) => item.matchState === "duplicate")).toHaveLength(5);
      const paid = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
      expect(paid.cashPayoutItemId).toBe(lines.find((item) => item.matchState === "matched")!.id);
    }
  });

  it("charge a returned parcel they both name once: one line a charge, the other a duplicate", async () => {
    const orders = await Promise.all([deliveredOrder(), deliveredOrder(), deliveredOrder()]);
    const consignments = orders.map((order) => order.consignmentId);
    const stamp = Date.now();
    // Two payouts, each charging all three parcels (in opposite orders, to cross the row locks).
    const outcomes = await Promise.all([
      recordPayout(payout(`PG-CHARGE-${stamp}-0`, consignments, { returned: true }), null),
      recordPayout(payout(`PG-CHARGE-${stamp}-1`, [...consignments].reverse(), { returned: true }), null),
    ]);
    expect(outcomes.every((outcome) => outcome.outcome === "recorded")).toBe(true);
    const items = await prisma.courierPayoutItem.findMany({
      where: { consignmentId: { in: consignments } },
      select: { orderId: true, matchState: true },
    });
    expect(items).toHaveLength(6);
    for (const order of orders) {
      const states = items.filter((item) => item.orderId === order.id).map((item) => item.matchState);
      expect(states.sort()).toEqual(["charge", "duplicate"]);
      expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
        cashPayoutItemId: null,
        cashReceivedAt: null,
      });
    }
  });

  it("record the same payout once; the others find it recorded", async () => {
    const order = await deliveredOrder();
    const reference = `PG-SAME-${Date.now()}`;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => recordPayout(payout(reference, [order.consignmentId]), null)),
    );
    const recorded = outcomes.filter((outcome) => outcome.outcome === "recorded");
    expect(recorded).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === "exists")).toHaveLength(4);
    expect(new Set(outcomes.map((outcome) => outcome.payoutId))).toEqual(new Set([recorded[0]!.payoutId]));
    expect(await prisma.courierPayoutItem.count({ where: { consignmentId: order.consignmentId } })).toBe(1);
  });
});

describe("what PostgreSQL's columns and SQL make of payouts", () => {
  it("stores a payout whose sum is the INTEGER limit, and refuses one paisa more before writing", async () => {
    const stamp = Date.now();
    const amounts = [
      ...Array.from({ length: 21 }, () => MAX_PARCEL_PAISA),
      MAX_PAYOUT_SUM_PAISA - 21 * MAX_PARCEL_PAISA,
    ];
    const input = (reference: string, extra: number): PayoutInput => ({
      courier: "steadfast",
      reference,
      paidAt: null,
      source: "api",
      lines: amounts.map((paisa, index) => ({
        row: index + 1,
        consignmentId: `PGMAX${stamp}-${index}`,
        invoice: null,
        collectedPaisa: paisa + (index === amounts.length - 1 ? extra : 0),
        deliveryChargePaisa: 0,
        codFeePaisa: 0,
        paidPaisa: paisa + (index === amounts.length - 1 ? extra : 0),
      })),
    });
    const outcome = await recordPayout(input(`PG-MAX-${stamp}`, 0), null);
    expect(outcome.outcome).toBe("recorded");
    expect(await prisma.courierPayout.findUniqueOrThrow({ where: { id: outcome.payoutId } })).toMatchObject({
      collectedPaisa: MAX_PAYOUT_SUM_PAISA,
      paidPaisa: MAX_PAYOUT_SUM_PAISA,
    });
    await expect(recordPayout(input(`PG-OVER-${stamp}`, 1), null)).rejects.toBeInstanceOf(PayoutTooLargeError);
    expect(await prisma.courierPayout.count({ where: { reference: `PG-OVER-${stamp}` } })).toBe(0);
  });

  it("totals the overdue cash per order in SQL: an advance over the total adds 0", async () => {
    const now = new Date();
    const before = await listOverdueCash(now, 7);
    const old = new Date(now.getTime() - 10 * 86_400_000);
    const overpaid = await deliveredOrder();
    const plain = await deliveredOrder();
    await prisma.order.updateMany({ where: { id: { in: [overpaid.id, plain.id] } }, data: { deliveredAt: old } });
    await prisma.order.update({ where: { id: overpaid.id }, data: { advancePaidPaisa: 200_000 } });
    const after = await listOverdueCash(now, 7);
    expect(after.count).toBe(before.count + 2);
    expect(after.expectedPaisa).toBe(before.expectedPaisa + 116_000);
  });
});
