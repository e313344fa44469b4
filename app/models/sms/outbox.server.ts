/**
 * The SMS outbox (docs/decisions/065-sms.md): a message is written here in the same transaction as
 * the change that causes it (an order placed, confirmed, shipped, delivered, cancelled), so a change
 * that rolls back leaves no message and a committed one is never without its message. The sender
 * (app/server/sms/sender.server.ts) sends what is due after commit.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import type { OrderSmsEvent, SmsEvent } from "~/rules/sms";

/** A message's states: queued (due at nextAttemptAt), sending (claimed), sent, failed (given up). */
export const SMS_STATES = ["queued", "sending", "sent", "failed"] as const;
export type SmsState = (typeof SMS_STATES)[number];

/**
 * Queues `event`'s message for order `orderId` inside the caller's transaction `tx`, to the order's
 * phone in its language, when the event's message is switched on and a gateway is set. An order
 * gets each event's message at most once (an order shipped, taken back and shipped again is told
 * once). The text is written from the template when the message is sent. `holdMs` keeps it back
 * that long (ms) while the change that queued it may still be undone (`withdrawOrderMessageIn`).
 * The caller has already written the order's row in `tx` (its status, its confirmation mark): on
 * PostgreSQL that row's lock makes two transactions queueing for one order take turns, so the
 * second finds the first's message and the (orderId, event) unique key is never hit.
 * @returns true when a message was queued.
 */
export async function queueOrderMessageIn(
  tx: Prisma.TransactionClient,
  orderId: number,
  event: OrderSmsEvent,
  holdMs = 0,
): Promise<boolean> {
  if (!(await messageOn(tx, event))) return false;
  if (await tx.smsMessage.findFirst({ where: { orderId, event }, select: { id: true } })) return false;
  const order = await tx.order.findUnique({ where: { id: orderId }, select: { customerPhone: true, language: true } });
  if (!order) return false;
  await tx.smsMessage.create({
    data: {
      event,
      orderId,
      phone: order.customerPhone,
      language: order.language,
      nextAttemptAt: new Date(Date.now() + holdMs),
    },
  });
  return true;
}

/**
 * Withdraws order `orderId`'s `event` message inside `tx` while it was never tried (queued, no
 * attempt): the change that queued it was undone before the message left. One already tried
 * stays (it may have reached the phone). Returns true when one was withdrawn; the event may then be
 * queued again later.
 */
export async function withdrawOrderMessageIn(
  tx: Prisma.TransactionClient,
  orderId: number,
  event: OrderSmsEvent,
): Promise<boolean> {
  const { count } = await tx.smsMessage.deleteMany({ where: { orderId, event, state: "queued", attempts: 0 } });
  return count > 0;
}

/**
 * True when `event`'s message is switched on and a gateway is set: what `queueOrderMessageIn`
 * checks first, read before a transaction that must stay short (placing an order holds SQLite's
 * write lock) so that only the insert happens inside it (`orderMessageData`).
 */
export function sendsOrderMessage(event: OrderSmsEvent): Promise<boolean> {
  return messageOn(prisma, event);
}

/** Whether `event`'s message is on and a gateway set, read through `db` (the client, or a transaction). */
async function messageOn(db: Prisma.TransactionClient, event: OrderSmsEvent): Promise<boolean> {
  const [template, gateway] = await Promise.all([
    db.smsTemplate.findUnique({ where: { event }, select: { enabled: true } }),
    db.smsGateway.findUnique({ where: { id: 1 }, select: { id: true } }),
  ]);
  return Boolean(template?.enabled && gateway);
}

/**
 * The outbox row of a new order's `event` message, for the order's nested create (the order's own
 * phone and language): no statement of its own inside the order's transaction.
 */
export function orderMessageData(event: OrderSmsEvent, order: { phone: string; language: string }) {
  return { event, phone: order.phone, language: order.language };
}

/**
 * Queues a message that belongs to no order (a checkout code, the owner's test) with its `text`,
 * inside the caller's transaction `tx`: it is committed with the change that causes it, or not at
 * all. `phone` is 01XXXXXXXXX. Call `messagesQueued()` after the commit. Returns the message's id.
 */
export async function queueMessageIn(
  tx: Prisma.TransactionClient,
  message: { event: Exclude<SmsEvent, OrderSmsEvent>; phone: string; language: string; text: string },
): Promise<number> {
  const { id } = await tx.smsMessage.create({ data: message, select: { id: true } });
  return id;
}

const listeners = new Set<() => void>();

/**
 * Tells this process's sender that messages were queued and committed (call it after the
 * transaction that queued them): it sends them now rather than at its next look.
 */
export function messagesQueued(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` on every `messagesQueued`; returns the function that stops it. */
export function whenMessagesQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
