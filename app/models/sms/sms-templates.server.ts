/**
 * The texts of the messages to shoppers (docs/decisions/065-sms.md): one row per order event the
 * owner has saved; an event without one sends the default text (app/rules/sms.ts) and is off.
 */
import { prisma } from "~/models/db/client.server";
import { DEFAULT_SMS_TEMPLATES, isOrderSmsEvent, ORDER_SMS_EVENTS, type OrderSmsEvent } from "~/rules/sms";

/** One event's message: on or off, and its text in each language. */
export type SmsTemplate = { enabled: boolean; en: string; bn: string };

/** Every order event's message, the saved ones and the defaults for the rest. */
export async function getSmsTemplates(): Promise<Record<OrderSmsEvent, SmsTemplate>> {
  const rows = await prisma.smsTemplate.findMany({
    select: { event: true, enabled: true, textEn: true, textBn: true },
  });
  const templates = Object.fromEntries(
    ORDER_SMS_EVENTS.map((event) => [event, { enabled: false, ...DEFAULT_SMS_TEMPLATES[event] }]),
  ) as Record<OrderSmsEvent, SmsTemplate>;
  for (const row of rows) {
    if (isOrderSmsEvent(row.event)) templates[row.event] = { enabled: row.enabled, en: row.textEn, bn: row.textBn };
  }
  return templates;
}
