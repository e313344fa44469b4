/**
 * The cash coming back from the couriers (docs/decisions/067-courier-payouts.md): a courier's payout
 * and its lines, each matched to the order whose cash it brings back, and the delivered orders
 * whose cash has not come back yet.
 *
 * A payout is recorded in ONE transaction: the payout, its lines, and each matched order's
 * `cashReceivedAt` / `cashPayoutItemId`, taken by a conditional update (`cashPayoutItemId: null`),
 * so that an order is paid once however many payouts name it, at once or one after the other: the
 * second line naming it is "duplicate". A returned parcel's charge (a line that brought no cash) is
 * "charge" once per order; a later line charging it again is "duplicate" too. A failure anywhere
 * writes nothing. One payout per reference per courier (a unique index): reading or importing it
 * again adds nothing.
 */
import { TZDate } from "@date-fns/tz";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { SHOP_TIME_ZONE } from "~/i18n/format";
import { codAmountPaisa, courierCollectsPaisa, courierInvoice } from "~/rules/courier-parcel";
import { ADMIN_PAGE_SIZE, paginate } from "~/rules/pagination";
import { broughtCash, PAYOUT_LINE_FILTERS, type PayoutLineFilter } from "~/rules/payout-lines";
import { mergeRepeatedLines, payoutFits, payoutSums, type PayoutCourier, type PayoutLine } from "~/rules/payout-csv";

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

/**
 * How a payout's lines matched, each a count of lines. `duplicate`: lines that brought cash for an
 * order paid already; `charge`: lines matched to their order that brought no cash (a returned
 * parcel's charge); `chargedAgain`: such lines for an order charged already (by an earlier payout
 * or an earlier line of this one), recorded "duplicate" too; `differing`: matched lines whose
 * collected cash is not what the order expected.
 */
type PayoutCounts = {
  matched: number;
  unmatched: number;
  duplicate: number;
  charge: number;
  chargedAgain: number;
  differing: number;
};

/**
 * A payout whose amounts the database cannot hold: a line over MAX_PARCEL_PAISA or a sum over
 * MAX_PAYOUT_SUM_PAISA (app/rules/payout-csv.ts `payoutFits`). Nothing is written.
 */
export class PayoutTooLargeError extends Error {
  constructor(reference: string) {
    super(`Payout ${reference} has amounts too large to record.`);
    this.name = "PayoutTooLargeError";
  }
}

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

/** Which of the orders `ids` a payout line has charged already without bringing cash (matchState "charge"). */
async function ordersCharged(tx: Prisma.TransactionClient, ids: readonly number[]): Promise<Set<number>> {
  const charged = new Set<number>();
  for (const part of batches(ids)) {
    const lines = await tx.courierPayoutItem.findMany({
      where: { orderId: { in: part }, matchState: "charge" },
      select: { orderId: true },
    });
    for (const line of lines) if (line.orderId !== null) charged.add(line.orderId);
  }
  return charged;
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
 * (`courierCollectsPaisa`) so a differing amount shows. A matched line that collected cash (more than 0,
 * all of it or part) marks the order's cash received by this line unless another line (of this
 * payout or an earlier one) did already: then the line is "duplicate". A matched line that
 * collected nothing (a returned parcel: only the courier's charge, a negative payout) is "charge":
 * it stays with its order but claims no cash, so the order is never said to be paid by it; unless a
 * line (of an earlier payout, or an earlier line of this one) charged that order already: then it
 * is "duplicate" (counted as `chargedAgain`), the same charge taken twice.
 * A consignment the payout lists twice is recorded once, its amounts added (`mergeRepeatedLines`).
 *
 * @param input the payout; `reference` is trimmed by the caller, non-empty.
 * @param actor who records it (null: the schedule).
 * @param now when the cash is taken as received if the payout gives no `paidAt`.
 * @returns the payout's id and counts, or `exists` when the courier's reference is recorded already
 *   (also when another request recorded it a moment earlier).
 * @throws {PayoutTooLargeError} when an amount or a sum is more than the columns hold (`payoutFits`);
 *   the database's error when the transaction fails; nothing is written then.
 */
export async function recordPayout(
  input: PayoutInput,
  actor: Actor,
  now: Date = new Date(),
): Promise<RecordPayoutOutcome> {
  const existing = await findPayout(input.courier, input.reference);
  if (existing) return { outcome: "exists", payoutId: existing.id };
  const lines = mergeRepeatedLines(input.lines);
  if (!payoutFits(lines)) throw new PayoutTooLargeError(input.reference);
  try {
    return await prisma.$transaction(
      async (tx) => {
        const payout = await tx.courierPayout.create({
          data: {
            courier: input.courier,
            reference: input.reference,
            paidAt: input.paidAt,
            source: input.source,
            ...payoutSums(lines),
            createdById: actor?.id ?? null,
            createdByEmail: actor?.email ?? null,
          },
          select: { id: true },
        });
        const orders = await ordersNamed(tx, { ...input, lines });
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
        // The orders named that a line has charged already. Safe to read here, after the locks:
        // on PostgreSQL another payout charging one of these orders either committed before this
        // transaction took the order's lock (and this read, a new statement under READ COMMITTED,
        // sees its line) or takes the lock after this one commits (and its own read sees this
        // one's line); SQLite runs one transaction at a time.
        const charged = await ordersCharged(tx, ids);
        const byConsignment = new Map(
          orders.filter((order) => order.courier === input.courier).map((order) => [order.consignmentId, order]),
        );
        const byId = new Map(orders.map((order) => [order.id, order]));
        const counts: PayoutCounts = {
          matched: 0,
          unmatched: 0,
          duplicate: 0,
          charge: 0,
          chargedAgain: 0,
          differing: 0,
        };
        const cashAt = input.paidAt ?? now;
        const claims: { itemId: number; orderId: number; differs: boolean }[] = [];
        for (const line of lines) {
          const invoiced = byId.get(orderIdOfInvoice(line.invoice) ?? 0);
          const order =
            byConsignment.get(line.consignmentId) ??
            (invoiced && (invoiced.courier === null || invoiced.courier === input.courier) ? invoiced : undefined);
          const expectedPaisa = order ? courierCollectsPaisa(order, input.courier) : null;
          // Cash came back only if the rider collected some: a returned parcel's line is a charge,
          // and a charge of an order charged already is a duplicate.
          const brought = broughtCash(line);
          const chargedAgain = order !== undefined && !brought && charged.has(order.id);
          const item = await tx.courierPayoutItem.create({
            data: {
              payoutId: payout.id,
              consignmentId: line.consignmentId,
              invoice: line.invoice,
              orderId: order?.id ?? null,
              matchState: !order ? "unmatched" : brought ? "matched" : chargedAgain ? "duplicate" : "charge",
              expectedPaisa,
              collectedPaisa: line.collectedPaisa,
              deliveryChargePaisa: line.deliveryChargePaisa,
              codFeePaisa: line.codFeePaisa,
              paidPaisa: line.paidPaisa,
            },
            select: { id: true },
          });
          if (!order) counts.unmatched++;
          else if (chargedAgain) counts.chargedAgain++;
          else if (!brought) {
            counts.charge++;
            charged.add(order.id);
          } else claims.push({ itemId: item.id, orderId: order.id, differs: expectedPaisa !== line.collectedPaisa });
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

/**
 * The payouts, newest first (page `page` of ADMIN_PAGE_SIZE), each with how many of its lines
 * matched, are not matched, brought cash for an order paid already (`duplicate`), only charged
 * their order (`charge`) or charged an order charged already (`chargedAgain`).
 */
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
        select: PAYOUT_FIELDS,
      }),
  );
  const ids = payouts.map((payout) => payout.id);
  const [groups, again] = await Promise.all([
    prisma.courierPayoutItem.groupBy({
      by: ["payoutId", "matchState"],
      where: { payoutId: { in: ids } },
      _count: { _all: true },
    }),
    // The duplicates that brought no cash: orders charged again, counted apart from those paid again.
    prisma.courierPayoutItem.groupBy({
      by: ["payoutId"],
      where: { payoutId: { in: ids }, matchState: "duplicate", collectedPaisa: { lte: 0 } },
      _count: { _all: true },
    }),
  ]);
  const countsOf = (payoutId: number) => {
    const of = (state: string) =>
      groups.find((group) => group.payoutId === payoutId && group.matchState === state)?._count._all ?? 0;
    const chargedAgain = again.find((group) => group.payoutId === payoutId)?._count._all ?? 0;
    return {
      matched: of("matched"),
      unmatched: of("unmatched"),
      duplicate: of("duplicate") - chargedAgain,
      charge: of("charge"),
      chargedAgain,
    };
  };
  return { ...window, items: payouts.map((payout) => ({ ...payout, ...countsOf(payout.id) })) };
}

/** A payout's own columns as the payouts list and a payout's page show them. */
const PAYOUT_FIELDS = {
  id: true,
  courier: true,
  reference: true,
  paidAt: true,
  source: true,
  collectedPaisa: true,
  chargesPaisa: true,
  paidPaisa: true,
  createdAt: true,
} as const;

/** The lines of payout `payoutId` that `filter` keeps, as a Prisma condition. */
function linesWhere(payoutId: number, filter: PayoutLineFilter): Prisma.CourierPayoutItemWhereInput {
  if (filter === "all") return { payoutId };
  if (filter !== "flagged") return { payoutId, matchState: filter };
  return {
    payoutId,
    OR: [
      { matchState: { in: ["unmatched", "duplicate"] } },
      { matchState: "matched", collectedPaisa: { lt: prisma.courierPayoutItem.fields.expectedPaisa } },
      { matchState: "matched", collectedPaisa: { gt: prisma.courierPayoutItem.fields.expectedPaisa } },
    ],
  };
}

/**
 * A payout with one page (ADMIN_PAGE_SIZE) of its lines that `filter` keeps, in the order the
 * courier listed them, and how many lines each filter keeps (for its links); null when there is none.
 */
export async function getPayout(id: number, { page = 1, filter = "all" as PayoutLineFilter } = {}) {
  const payout = await prisma.courierPayout.findUnique({
    where: { id },
    select: {
      ...PAYOUT_FIELDS,
      createdByEmail: true,
    },
  });
  if (!payout) return null;
  const [lines, counts] = await Promise.all([
    paginate(
      page,
      ADMIN_PAGE_SIZE,
      () => prisma.courierPayoutItem.count({ where: linesWhere(id, filter) }),
      ({ skip, take }) =>
        prisma.courierPayoutItem.findMany({
          where: linesWhere(id, filter),
          orderBy: { id: "asc" },
          skip,
          take,
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
            // The payout line that did pay the order, and the one that charged it first (a returned
            // parcel's), for a duplicate line's link to it.
            order: {
              select: {
                cashPayoutItem: { select: { payoutId: true } },
                payoutItems: {
                  where: { matchState: "charge" },
                  orderBy: { id: "asc" },
                  take: 1,
                  select: { payoutId: true },
                },
              },
            },
          },
        }),
    ),
    Promise.all(
      PAYOUT_LINE_FILTERS.map(async (each) => [
        each,
        await prisma.courierPayoutItem.count({ where: linesWhere(id, each) }),
      ]),
    ),
  ]);
  return { ...payout, lines, counts: Object.fromEntries(counts) as Record<PayoutLineFilter, number> };
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
 * the order's total less the advance kept (`codAmountPaisa`), never below 0 — per order, in the
 * total as in the rows, so that an order whose advance exceeds its total adds 0, not less.
 */
export async function listOverdueCash(now: Date, days: number) {
  const before = overdueBefore(now, days);
  const where = {
    status: "delivered",
    deliveredAt: { lt: before },
    cashReceivedAt: null,
    courier: { not: null },
    paymentStatus: { not: "paid" },
  };
  const [[totals], rows] = await Promise.all([
    // The same orders as `where`, each one's cash to come as `codAmountPaisa` works it out.
    prisma.$queryRaw<{ count: number | bigint; expected: number | bigint }[]>`
      SELECT COUNT(*) AS "count",
        COALESCE(SUM(CASE WHEN o."totalPaisa" - (o."advancePaidPaisa" - o."advanceRefundedPaisa") > 0
          THEN o."totalPaisa" - (o."advancePaidPaisa" - o."advanceRefundedPaisa") ELSE 0 END), 0) AS "expected"
      FROM "Order" o
      WHERE o."status" = 'delivered' AND o."deliveredAt" < ${dialect.timestamp(before)}
        AND o."cashReceivedAt" IS NULL AND o."courier" IS NOT NULL AND o."paymentStatus" <> 'paid'`,
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
  return {
    count: Number(totals?.count ?? 0),
    expectedPaisa: Number(totals?.expected ?? 0),
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

/**
 * When an order's cash came back and with which payout; null while it has not (a payout line that
 * only charged the order, a returned parcel's, brings no cash: see `getOrderCharges`).
 */
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

/**
 * The payout lines that settled a charge for an order without bringing its cash (a returned
 * parcel's delivery or return charge: matchState "charge", or "duplicate" for a charge taken again
 * after the first), oldest first: each line's charges and what it paid (negative: deducted), in
 * paisa, its payout, whether it charged the order again (`again`) and then the payout that charged
 * it first (`firstCharge`; null for a first charge).
 */
export async function getOrderCharges(orderId: number) {
  const lines = await prisma.courierPayoutItem.findMany({
    where: {
      orderId,
      OR: [{ matchState: "charge" }, { matchState: "duplicate", collectedPaisa: { lte: 0 } }],
    },
    orderBy: { id: "asc" },
    select: {
      id: true,
      matchState: true,
      deliveryChargePaisa: true,
      codFeePaisa: true,
      paidPaisa: true,
      payout: { select: { id: true, courier: true, reference: true, paidAt: true, createdAt: true } },
    },
  });
  const first = lines.find((line) => line.matchState === "charge")?.payout ?? null;
  return lines.map(({ matchState, ...line }) => {
    const again = matchState === "duplicate";
    return { ...line, again, firstCharge: again ? first : null };
  });
}
