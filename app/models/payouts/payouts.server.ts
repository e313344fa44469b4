/**
 * The cash coming back from the couriers (docs/decisions/067-courier-payouts.md): a courier's payout
 * and its lines, each matched to the order whose cash it brings back, and the delivered orders
 * whose cash has not come back yet.
 *
 * A payout is recorded in ONE transaction: the payout, its lines, and each matched order's
 * `cashReceivedAt` / `cashPayoutItemId`, taken by a conditional update (`cashPayoutItemId: null`),
 * so that an order is paid once however many payouts name it, at once or one after the other: the
 * second line naming it is "duplicate". A failure anywhere writes nothing. One payout per reference
 * per courier (a unique index): reading or importing it again adds nothing.
 */
import { TZDate } from "@date-fns/tz";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { SHOP_TIME_ZONE } from "~/i18n/format";
import { codAmountPaisa, courierCollectsPaisa, courierInvoice } from "~/rules/courier-parcel";
import { ADMIN_PAGE_SIZE, paginate } from "~/rules/pagination";
import type { PayoutCourier, PayoutLine } from "~/rules/payout-csv";

/** Who recorded a payout: a staff member, or null for the schedule. */
type Actor = { id: number; email: string } | null;

/** A payout as read from a courier's API or file, before it is matched. */
export type PayoutInput = {
  courier: PayoutCourier;
  /** The courier's payment id, or the reference staff gave an imported file. */
  reference: string;
  /** When the courier says it paid; null when it did not say. */
  paidAt: Date | null;
  source: "api" | "csv";
  lines: readonly PayoutLine[];
};

/** How a payout's lines matched. `differing`: matched lines whose collected cash is not what the order expected. */
type PayoutCounts = { matched: number; unmatched: number; duplicate: number; differing: number };

/** What recording a payout did: recorded with its counts, or nothing because the reference is already there. */
export type RecordPayoutOutcome =
  ({ outcome: "recorded"; payoutId: number } & PayoutCounts) | { outcome: "exists"; payoutId: number };

/** The transaction's time limit: a payout file of MAX_PAYOUT_ROWS lines takes a few seconds on SQLite. */
const RECORD_TIMEOUT_MS = 120_000;

/** The order id an invoice names ("haat-42" → 42), or null for an invoice haat did not write. */
function orderIdOfInvoice(invoice: string | null): number | null {
  const match = invoice ? /^haat-(\d{1,9})$/.exec(invoice.trim()) : null;
  // Written back the way courierInvoice writes it, so "haat-007" names no order.
  return match && courierInvoice(Number(match[1])) === match[0] ? Number(match[1]) : null;
}

/** Values bound in one statement at most: SQLite refuses a statement with too many parameters. */
const BATCH = 500;

/** `values` in runs of at most BATCH, in order. */
function batches<T>(values: readonly T[]): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < values.length; start += BATCH) runs.push(values.slice(start, start + BATCH));
  return runs;
}

/** The orders a payout's lines may name: `courier`'s by consignment id, and any by the invoice haat wrote (`haat-<id>`). */
async function ordersNamed(tx: Prisma.TransactionClient, input: PayoutInput) {
  const select = {
    id: true,
    courier: true,
    consignmentId: true,
    totalPaisa: true,
    paymentStatus: true,
    advancePaidPaisa: true,
    advanceRefundedPaisa: true,
  } as const;
  const invoiceIds = [
    ...new Set(input.lines.map((line) => orderIdOfInvoice(line.invoice)).filter((id) => id !== null)),
  ];
  const consignmentIds = [...new Set(input.lines.map((line) => line.consignmentId))];
  // One statement after another: a transaction's statements share one connection.
  const found = [];
  for (const part of batches(consignmentIds)) {
    found.push(
      ...(await tx.order.findMany({ where: { courier: input.courier, consignmentId: { in: part } }, select })),
    );
  }
  for (const part of batches(invoiceIds)) {
    found.push(...(await tx.order.findMany({ where: { id: { in: part } }, select })));
  }
  return [...new Map(found.map((order) => [order.id, order])).values()];
}

/** The payout with `reference` of `courier`, if recorded. */
async function findPayout(courier: string, reference: string): Promise<{ id: number } | null> {
  return prisma.courierPayout.findUnique({
    where: { courier_reference: { courier, reference } },
    select: { id: true },
  });
}

/** The references of `courier`'s payouts among `references` that are recorded already. */
export async function recordedReferences(courier: string, references: readonly string[]): Promise<Set<string>> {
  const rows = await prisma.courierPayout.findMany({
    where: { courier, reference: { in: [...references] } },
    select: { reference: true },
  });
  return new Set(rows.map((row) => row.reference));
}

/**
 * Records a payout and matches its lines to orders, all in one transaction.
 *
 * Matching, per line: the order with the line's consignment id sent with the same courier; else the
 * order its invoice names ("haat-<order number>", app/rules/courier-parcel.ts `courierInvoice`) when
 * that order went to this courier or to none through haat (a parcel typed into the courier's portal
 * from the CSV export). A matched line records what the order expected the rider to collect
 * (`codAmountPaisa`) so a differing amount shows; the order is marked paid by this line unless
 * another line (of this payout or an earlier one) paid it already: then the line is "duplicate".
 *
 * @param input the payout; `reference` is trimmed by the caller, non-empty.
 * @param actor who records it (null: the schedule).
 * @param now when the cash is taken as received if the payout gives no `paidAt`.
 * @returns the payout's id and counts, or `exists` when the courier's reference is recorded already
 *   (also when another request recorded it a moment earlier).
 * @throws the database's error when the transaction fails; nothing is written then.
 */
export async function recordPayout(
  input: PayoutInput,
  actor: Actor,
  now: Date = new Date(),
): Promise<RecordPayoutOutcome> {
  const existing = await findPayout(input.courier, input.reference);
  if (existing) return { outcome: "exists", payoutId: existing.id };
  const sum = (pick: (line: PayoutLine) => number) => input.lines.reduce((total, line) => total + pick(line), 0);
  try {
    return await prisma.$transaction(
      async (tx) => {
        const payout = await tx.courierPayout.create({
          data: {
            courier: input.courier,
            reference: input.reference,
            paidAt: input.paidAt,
            source: input.source,
            collectedPaisa: sum((line) => line.collectedPaisa),
            chargesPaisa: sum((line) => line.deliveryChargePaisa + line.codFeePaisa),
            paidPaisa: sum((line) => line.paidPaisa),
            createdById: actor?.id ?? null,
            createdByEmail: actor?.email ?? null,
          },
          select: { id: true },
        });
        const orders = await ordersNamed(tx, input);
        // The orders named stay as read until the payout is recorded: on PostgreSQL another payout
        // naming one of them waits here, in id order, before either writes a line pointing at it
        // (a line's foreign key share-locks its order, which a claim's update would then wait for,
        // each payout for the other's); SQLite's transactions already run one at a time.
        const ids = [...new Set(orders.map((order) => order.id))].sort((x, y) => x - y);
        for (const part of batches(ids)) {
          await tx.$queryRaw`SELECT o."id" FROM "Order" o
            WHERE o."id" IN (${Prisma.join(part)})
            ORDER BY o."id" ${dialect.lockRowsOf("o")}`;
        }
        const byConsignment = new Map(
          orders.filter((order) => order.courier === input.courier).map((order) => [order.consignmentId, order]),
        );
        const byId = new Map(orders.map((order) => [order.id, order]));
        const counts: PayoutCounts = { matched: 0, unmatched: 0, duplicate: 0, differing: 0 };
        const cashAt = input.paidAt ?? now;
        const claims: { itemId: number; orderId: number; differs: boolean }[] = [];
        for (const line of input.lines) {
          const invoiced = byId.get(orderIdOfInvoice(line.invoice) ?? 0);
          const order =
            byConsignment.get(line.consignmentId) ??
            (invoiced && (invoiced.courier === null || invoiced.courier === input.courier) ? invoiced : undefined);
          const expectedPaisa = order ? courierCollectsPaisa(order, input.courier) : null;
          const item = await tx.courierPayoutItem.create({
            data: {
              payoutId: payout.id,
              consignmentId: line.consignmentId,
              invoice: line.invoice,
              orderId: order?.id ?? null,
              matchState: order ? "matched" : "unmatched",
              expectedPaisa,
              collectedPaisa: line.collectedPaisa,
              deliveryChargePaisa: line.deliveryChargePaisa,
              codFeePaisa: line.codFeePaisa,
              paidPaisa: line.paidPaisa,
            },
            select: { id: true },
          });
          if (order)
            claims.push({ itemId: item.id, orderId: order.id, differs: expectedPaisa !== line.collectedPaisa });
          else counts.unmatched++;
        }
        // Each order is taken only if no line paid it yet: a line of another payout, or an earlier
        // line of this one (lines are taken in the file's order), found it first, and this line is
        // a duplicate.
        for (const claim of claims) {
          const { count } = await tx.order.updateMany({
            where: { id: claim.orderId, cashPayoutItemId: null },
            data: { cashPayoutItemId: claim.itemId, cashReceivedAt: cashAt },
          });
          if (count === 1) {
            counts.matched++;
            if (claim.differs) counts.differing++;
          } else {
            await tx.courierPayoutItem.update({ where: { id: claim.itemId }, data: { matchState: "duplicate" } });
            counts.duplicate++;
          }
        }
        return { outcome: "recorded" as const, payoutId: payout.id, ...counts };
      },
      { timeout: RECORD_TIMEOUT_MS, maxWait: RECORD_TIMEOUT_MS },
    );
  } catch (error) {
    // The same reference recorded by another request meanwhile: the unique index refused this one.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const recorded = await findPayout(input.courier, input.reference);
      if (recorded) return { outcome: "exists", payoutId: recorded.id };
    }
    throw error;
  }
}

/** The payouts, newest first (page `page` of ADMIN_PAGE_SIZE), each with how its lines matched. */
export async function listPayouts(page = 1) {
  const { items: payouts, ...window } = await paginate(
    page,
    ADMIN_PAGE_SIZE,
    () => prisma.courierPayout.count(),
    ({ skip, take }) =>
      prisma.courierPayout.findMany({
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip,
        take,
        select: {
          id: true,
          courier: true,
          reference: true,
          paidAt: true,
          source: true,
          collectedPaisa: true,
          chargesPaisa: true,
          paidPaisa: true,
          createdAt: true,
        },
      }),
  );
  const groups = await prisma.courierPayoutItem.groupBy({
    by: ["payoutId", "matchState"],
    where: { payoutId: { in: payouts.map((payout) => payout.id) } },
    _count: { _all: true },
  });
  const countsOf = (payoutId: number) => {
    const of = (state: string) =>
      groups.find((group) => group.payoutId === payoutId && group.matchState === state)?._count._all ?? 0;
    return { matched: of("matched"), unmatched: of("unmatched"), duplicate: of("duplicate") };
  };
  return { ...window, items: payouts.map((payout) => ({ ...payout, ...countsOf(payout.id) })) };
}

/** A payout with its lines in the order the courier listed them; null when there is none. */
export async function getPayout(id: number) {
  return prisma.courierPayout.findUnique({
    where: { id },
    select: {
      id: true,
      courier: true,
      reference: true,
      paidAt: true,
      source: true,
      collectedPaisa: true,
      chargesPaisa: true,
      paidPaisa: true,
      createdAt: true,
      createdByEmail: true,
      items: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          consignmentId: true,
          invoice: true,
          orderId: true,
          matchState: true,
          expectedPaisa: true,
          collectedPaisa: true,
          deliveryChargePaisa: true,
          codFeePaisa: true,
          paidPaisa: true,
          // The payout line that did pay the order, for a duplicate line's link to it.
          order: { select: { cashPayoutItem: { select: { payoutId: true } } } },
        },
      },
    },
  });
}

/**
 * The first instant that is not overdue: the start of the Asia/Dhaka day `days - 1` days before
 * `now`'s. A parcel delivered before it was delivered `days` or more Dhaka days ago (delivered on
 * the 20th, 7 days: overdue from the 27th).
 */
export function overdueBefore(now: Date, days: number): Date {
  const today = new TZDate(now.getTime(), SHOP_TIME_ZONE);
  return new Date(
    new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1), SHOP_TIME_ZONE).getTime(),
  );
}

/** `date`'s calendar day in Asia/Dhaka, "2026-11-21". */
function dhakaDay(date: Date): string {
  const local = new TZDate(date.getTime(), SHOP_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** Whole Asia/Dhaka days from `from`'s day to `to`'s (0 on the same day). */
function dhakaDaysBetween(from: Date, to: Date): number {
  return Math.round((Date.parse(dhakaDay(to)) - Date.parse(dhakaDay(from))) / 86_400_000);
}

/** Overdue orders listed on the payouts page (the totals count them all). */
const OVERDUE_SHOWN = 200;

/**
 * Delivered orders handed to a courier whose cash has not come back `days` Asia/Dhaka days after
 * delivery (`overdueBefore`), oldest delivery first: at most OVERDUE_SHOWN of them (each with its
 * Dhaka delivery day, the Dhaka days since and the cash to come), and the count and the cash to
 * come (paisa) of all, summed by the database (a shop that never imports a payout may have
 * thousands). Orders paid before delivery (nothing to collect) are left out; the cash to come is
 * the order's total less the advance kept (`codAmountPaisa`).
 */
export async function listOverdueCash(now: Date, days: number) {
  const where = {
    status: "delivered",
    deliveredAt: { lt: overdueBefore(now, days) },
    cashReceivedAt: null,
    courier: { not: null },
    paymentStatus: { not: "paid" },
  };
  const [totals, rows] = await Promise.all([
    prisma.order.aggregate({
      where,
      _count: { _all: true },
      _sum: { totalPaisa: true, advancePaidPaisa: true, advanceRefundedPaisa: true },
    }),
    prisma.order.findMany({
      where,
      orderBy: [{ deliveredAt: "asc" }, { id: "asc" }],
      take: OVERDUE_SHOWN,
      select: {
        id: true,
        customerName: true,
        courier: true,
        consignmentId: true,
        deliveredAt: true,
        totalPaisa: true,
        paymentStatus: true,
        advancePaidPaisa: true,
        advanceRefundedPaisa: true,
      },
    }),
  ]);
  const sum = totals._sum;
  return {
    count: totals._count._all,
    expectedPaisa: Math.max(0, (sum.totalPaisa ?? 0) - ((sum.advancePaidPaisa ?? 0) - (sum.advanceRefundedPaisa ?? 0))),
    orders: rows.map((order) => ({
      id: order.id,
      customerName: order.customerName,
      courier: order.courier,
      consignmentId: order.consignmentId,
      deliveredDay: dhakaDay(order.deliveredAt!),
      daysOut: dhakaDaysBetween(order.deliveredAt!, now),
      expectedPaisa: codAmountPaisa(order),
    })),
  };
}

/** When an order's cash came back and with which payout; null while it has not. */
export async function getOrderCash(orderId: number) {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      cashReceivedAt: true,
      cashPayoutItem: { select: { payout: { select: { id: true, courier: true, reference: true } } } },
    },
  });
  if (!order?.cashReceivedAt || !order.cashPayoutItem) return null;
  return { receivedAt: order.cashReceivedAt, payout: order.cashPayoutItem.payout };
}
