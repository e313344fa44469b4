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

/**
 * Saves every event's message (`templates`, already checked by the caller: placeholders known,
 * texts within MAX_SMS_PARTS) in one transaction, one row per event, noting `admin` as the one who
 * saved them. The outbox renders a message from its event's row when it sends it, so a change
 * applies to every message not yet sent.
 */
export async function saveSmsTemplates(
  templates: Readonly<Record<OrderSmsEvent, SmsTemplate>>,
  admin: { email: string },
): Promise<void> {
  await prisma.$transaction(
    ORDER_SMS_EVENTS.map((event) => {
      const { enabled, en, bn } = templates[event];
      const row = { enabled, textEn: en, textBn: bn, updatedByEmail: admin.email };
      return prisma.smsTemplate.upsert({ where: { event }, create: { event, ...row }, update: row });
    }),
  );
}
