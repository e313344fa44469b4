/**
 * What a text message to a shopper shows wherever it is listed (the order page, /admin/sms/messages):
 * its event in words, its state as a badge whose words say it (the colour only repeats them), and
 * when it was sent or queued.
 */
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { AdminTranslate, MessageKey } from "~/i18n/admin";
import { formatShopDateTime } from "~/i18n/format-date";
import { MAX_SMS_PARTS, type SmsEvent } from "~/rules/sms";

/** What the times of a message need of it (app/models/sms/sms-messages.server.ts SmsMessageRow). */
type MessageTimes = { state: string; attempts: number; createdAt: Date; sentAt: Date | null; nextAttemptAt: Date };

/** Each state's look: a badge whose words say the state, its colour only repeating it. */
const STATE_LOOKS: Record<string, string> = {
  queued: "border-stone-300 bg-stone-50 text-stone-800",
  sending: "border-sky-300 bg-sky-50 text-sky-900",
  sent: "border-green-300 bg-green-50 text-green-900",
  failed: "border-red-300 bg-red-50 text-red-900",
};

const EVENT_LABELS: Record<SmsEvent, MessageKey> = {
  "order-placed": "admin.smsMessages.event.order-placed",
  "order-confirmed": "admin.smsMessages.event.order-confirmed",
  "order-shipped": "admin.smsMessages.event.order-shipped",
  "order-delivered": "admin.smsMessages.event.order-delivered",
  "order-cancelled": "admin.smsMessages.event.order-cancelled",
  "checkout-code": "admin.smsMessages.event.checkout-code",
  test: "admin.smsMessages.event.test",
};

/** A message's event in words ("Order placed"), or the stored word for one this version does not know. */
export function smsEventLabel(event: string, t: AdminTranslate): string {
  const key = EVENT_LABELS[event as SmsEvent] as MessageKey | undefined;
  return key ? t(key) : event;
}

/** The reasons the sender writes itself (app/server/sms/sender.server.ts SENDER_REASONS), by code. */
const SENDER_REASON_KEYS: Record<string, MessageKey> = {
  "no-gateway": "admin.smsMessages.why.noGateway",
  interrupted: "admin.smsMessages.why.interrupted",
  "no-answer": "admin.smsMessages.why.noAnswer",
  expired: "admin.smsMessages.why.expired",
  "not-mobile": "admin.smsMessages.why.notMobile",
  "no-text": "admin.smsMessages.why.noText",
  "too-long": "admin.smsMessages.why.tooLong",
};

/**
 * Why a message was not sent, in the reader's language when the sender wrote it ("sender:<code>",
 * "sender:too-long:7"); a gateway's own words as it gave them.
 */
export function smsFailureReason(error: string, t: AdminTranslate): string {
  const [source, code = "", count = "0"] = error.split(":");
  const key = source === "sender" ? SENDER_REASON_KEYS[code] : undefined;
  return key ? t(key, { count: Number(count), max: MAX_SMS_PARTS }) : error;
}

/** A message's state as a badge with its words. */
export function SmsStateBadge({ state }: { state: string }) {
  const t = useAdminT();
  const known = state in STATE_LOOKS;
  return (
    <span
      className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-medium ${STATE_LOOKS[state] ?? STATE_LOOKS.queued}`}
      data-testid="sms-state"
    >
      {known ? t(`admin.smsMessages.state.${state}` as MessageKey) : state}
    </span>
  );
}

/**
 * True when a message never tried was queued to go later than it was written: held back while the
 * change that queued it may be undone. Read from the row alone (never the clock), so the server's
 * page and the browser's agree.
 */
const isHeld = (message: MessageTimes) => message.nextAttemptAt.getTime() - message.createdAt.getTime() > 5_000;

/**
 * When a message was sent, or queued (and, waiting for a retry, when it is tried again; held back
 * while its change may be undone, until when).
 */
export function SmsMessageTimes({ message }: { message: MessageTimes }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const time = (date: Date) => formatShopDateTime(date, lang);
  if (message.sentAt) return <span>{t("admin.smsMessages.sentAt", { time: time(message.sentAt) })}</span>;
  return (
    <>
      <span className="block">{t("admin.smsMessages.queuedAt", { time: time(message.createdAt) })}</span>
      {message.state === "queued" && message.attempts > 0 ? (
        <span className="block">
          {t("admin.smsMessages.nextAttempt", { time: time(message.nextAttemptAt), count: message.attempts })}
        </span>
      ) : null}
      {message.state === "queued" && message.attempts === 0 && isHeld(message) ? (
        <span className="block" data-testid="sms-held">
          {t("admin.smsMessages.heldUntil", { time: time(message.nextAttemptAt) })}
        </span>
      ) : null}
    </>
  );
}
