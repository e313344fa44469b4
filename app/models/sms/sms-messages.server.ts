/**
 * The outbox as staff read it (docs/decisions/065-sms.md): an order's messages on its page, the
 * owner's list of every message (/admin/sms/messages), and "Send again" for an order's failed one.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { ADMIN_PAGE_SIZE, paginate, type Page } from "~/rules/pagination";
import { maskCheckoutCode } from "~/rules/sms-order";
import { messagesQueued, SMS_STATES, type SmsState } from "./outbox.server";

/** What a message shows: its event, state, attempts, times, parts, the text sent and the gateway's reason. */
const MESSAGE_FIELDS = {
  id: true,
  event: true,
  orderId: true,
  phone: true,
  language: true,
  text: true,
  state: true,
  attempts: true,
  parts: true,
  error: true,
  createdAt: true,
  sentAt: true,
  nextAttemptAt: true,
} as const;

/** One message as the order page and the list show it. */
export type SmsMessageRow = Prisma.SmsMessageGetPayload<{ select: typeof MESSAGE_FIELDS }>;

/** True when `value` is one of SMS_STATES. */
export function isSmsState(value: string | null): value is SmsState {
  return (SMS_STATES as readonly (string | null)[]).includes(value);
}

/** Order `orderId`'s messages, oldest first (an order has at most one per event). */
export function listOrderMessages(orderId: number): Promise<SmsMessageRow[]> {
  return prisma.smsMessage.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: MESSAGE_FIELDS,
  });
}

/**
 * One page (ADMIN_PAGE_SIZE, 1-based `page`) of every message, newest first: only those in `state`
 * when given, only those to `phone` (01XXXXXXXXX, normalised by the caller) when given. A checkout
 * code's digits never show.
 */
export function listSmsMessages(
  filters: { state?: SmsState; phone?: string },
  page: number,
): Promise<Page<SmsMessageRow>> {
  const where: Prisma.SmsMessageWhereInput = {
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.phone ? { phone: filters.phone } : {}),
  };
  return paginate(
    page,
    ADMIN_PAGE_SIZE,
    () => prisma.smsMessage.count({ where }),
    async (window) =>
      (
        await prisma.smsMessage.findMany({
          where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          select: MESSAGE_FIELDS,
          ...window,
        })
      ).map(shownText),
  );
}

/**
 * `row` as a page may show it: a checkout code's digits masked while it still waits to be sent (the
 * sender masks them in the row once it is sent or failed), so nobody at the back office can read a
 * live code and prove a stranger's phone with it.
 */
function shownText(row: SmsMessageRow): SmsMessageRow {
  return row.event === "checkout-code" ? { ...row, text: maskCheckoutCode(row.text) } : row;
}

/**
 * Queues order `orderId`'s failed message `id` again, as new: due now, its attempts at 0, its text
 * written afresh from the template at send time (the owner may have fixed what failed it, such as a
 * text too long), and wakes the sender. Only a failed message of that order is sent again (a sent
 * one never is: the shopper has it).
 * @returns the message's event, or null when there is no such failed message (sent meanwhile, or
 *   already queued by another click).
 */
export async function sendAgain(id: number, orderId: number): Promise<string | null> {
  const message = await prisma.smsMessage.findFirst({
    where: { id, orderId, state: "failed" },
    select: { event: true },
  });
  if (!message) return null;
  const { count } = await prisma.smsMessage.updateMany({
    where: { id, orderId, state: "failed" },
    data: {
      state: "queued",
      attempts: 0,
      // A new sending, with a new reference: the gateway may remember the one it refused.
      resends: { increment: 1 },
      nextAttemptAt: new Date(),
      claimedUntil: null,
      error: null,
      text: "",
      parts: 0,
    },
  });
  if (count !== 1) return null;
  messagesQueued();
  return message.event;
}
