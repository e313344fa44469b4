/**
 * The outbox's rows as the sender (app/server/sms/sender.server.ts) reads and writes them
 * (docs/decisions/065-sms.md): the messages due, the claim (one conditional update that one writer
 * alone wins, on SQLite and PostgreSQL alike), the order a message tells about, and the outcome,
 * written only while the claim is still the sender's.
 */
import { prisma } from "~/models/db/client.server";
import type { SmsOrder } from "~/rules/sms-order";

/** A message the sender may claim: queued and due, or "sending" with its claim ended (cut off). */
export type DueMessage = { id: number; state: string; attempts: number };

/** A claimed message: what the sender needs of its row. */
export type ClaimedMessage = {
  id: number;
  event: string;
  orderId: number | null;
  phone: string;
  language: string;
  text: string;
  /** The claim's attempt number (1 for the first) and its end: together the claim's token. */
  attempts: number;
  claimedUntil: Date;
  /** Times staff sent it again: part of its reference (app/server/sms/gateway.ts `messageReference`). */
  resends: number;
  createdAt: Date;
  /** True when it was taken over from a claim that ended (a cut-off attempt). */
  resumed: boolean;
};

/**
 * The messages a sender may claim at `now`, at most `limit`: queued with `nextAttemptAt` passed, and
 * "sending" whose `claimedUntil` passed (their process stopped). Checkout codes come first, then
 * the rest oldest due first: a shopper waits at the checkout for a code, which dies in 5 minutes,
 * while a burst of order messages (a courier refresh delivering a hundred parcels) can wait.
 */
export async function dueMessages(now: Date, limit: number): Promise<DueMessage[]> {
  const due = [
    { state: "queued", nextAttemptAt: { lte: now } },
    { state: "sending", claimedUntil: { lt: now } },
  ];
  const select = { id: true, state: true, attempts: true } as const;
  const orderBy = [{ nextAttemptAt: "asc" as const }, { id: "asc" as const }];
  const codes = await prisma.smsMessage.findMany({
    where: { event: "checkout-code", OR: due },
    orderBy,
    take: limit,
    select,
  });
  if (codes.length >= limit) return codes;
  const rest = await prisma.smsMessage.findMany({
    where: { event: { not: "checkout-code" }, OR: due },
    orderBy,
    take: limit - codes.length,
    select,
  });
  return [...codes, ...rest];
}

/**
 * Claims `candidate` until `claimedUntil` with ONE conditional update: a queued message must still
 * be queued and due at `now`, a cut-off one still "sending" with its claim ended, and either still
 * at the attempt number read. The update counts the attempt up. Of several senders (processes,
 * nodes) reaching for one message, exactly one matches the row: the database applies the condition
 * to the row's latest committed version (SQLite writes one at a time; PostgreSQL's READ COMMITTED
 * re-checks it after waiting for another writer's row lock), so no SKIP LOCKED is needed and no lock
 * is held over the gateway call. Returns the claimed row, or null when another sender won it.
 */
export async function claimMessage(
  candidate: DueMessage,
  now: Date,
  claimedUntil: Date,
): Promise<ClaimedMessage | null> {
  const resumed = candidate.state === "sending";
  const { count } = await prisma.smsMessage.updateMany({
    where: resumed
      ? { id: candidate.id, state: "sending", attempts: candidate.attempts, claimedUntil: { lt: now } }
      : { id: candidate.id, state: "queued", attempts: candidate.attempts, nextAttemptAt: { lte: now } },
    data: { state: "sending", claimedUntil, attempts: { increment: 1 } },
  });
  if (count !== 1) return null;
  const row = await prisma.smsMessage.findUnique({
    where: { id: candidate.id },
    select: {
      id: true,
      event: true,
      orderId: true,
      phone: true,
      language: true,
      text: true,
      attempts: true,
      resends: true,
      createdAt: true,
    },
  });
  // The claim's token is the attempt number it set; a row that moved on since (only possible once
  // this claim ended) is another sender's.
  return row && row.attempts === candidate.attempts + 1 ? { ...row, claimedUntil, resumed } : null;
}

/** What an order's message needs of order `orderId` (rules/sms-order.ts), or null when it is gone. */
export function orderForSms(orderId: number): Promise<SmsOrder | null> {
  return prisma.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      customerName: true,
      customerPhone: true,
      totalPaisa: true,
      paymentStatus: true,
      advancePaidPaisa: true,
      advanceRefundedPaisa: true,
      courier: true,
      trackingCode: true,
    },
  });
}

/** An attempt's outcome as stored: sent, queued again for later, or failed. */
export type SmsOutcomeData = {
  state: "sent" | "queued" | "failed";
  text: string;
  parts: number;
  sentAt?: Date;
  provider?: string;
  gatewayReference?: string | null;
  error: string | null;
  nextAttemptAt?: Date;
};

/**
 * Writes `outcome` for `message` while its claim is still this sender's (state "sending" with the
 * claim's attempt number and end: "Send again" starts the count again, the end is this claim's
 * own), ending the claim. Returns false, writing nothing, when the claim was
 * taken over meanwhile.
 */
export async function recordOutcome(message: ClaimedMessage, outcome: SmsOutcomeData): Promise<boolean> {
  const { count } = await prisma.smsMessage.updateMany({
    where: { id: message.id, state: "sending", attempts: message.attempts, claimedUntil: message.claimedUntil },
    data: { ...outcome, claimedUntil: null },
  });
  return count === 1;
}
