/**
 * The order page's text messages (docs/decisions/065-sms.md): each SMS the order sent or is sending
 * its shopper, with its event, its state in words (not only a colour), when, how many SMS parts,
 * the text sent and, when it failed, the gateway's reason, and "Send again" for a failed one (a
 * plain POST form: it works without JavaScript). The owner's list of every message is
 * /admin/sms/messages.
 */
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import type { AdminTranslate, MessageKey } from "~/i18n/admin";
import { formatShopDateTime } from "~/i18n/format-date";
import type { SmsMessageRow } from "~/models/sms/sms-messages.server";
import type { SmsEvent } from "~/rules/sms";

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

/** When a message was sent, or queued (and, waiting for a retry, when it is tried again). */
export function SmsMessageTimes({ message }: { message: SmsMessageRow }) {
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
    </>
  );
}

/** The order's messages (`messages`, oldest first) with "Send again" on each failed one. */
export function OrderSmsMessages({ orderId, messages }: { orderId: number; messages: SmsMessageRow[] }) {
  const t = useAdminT();
  const resending = usePending({ intent: "sms-send-again" });
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-5"
      aria-labelledby="sms-messages-heading"
      data-testid="order-sms-messages"
    >
      <h2 id="sms-messages-heading" className="mb-3 text-lg font-semibold">
        {t("admin.smsMessages.orderTitle")}
      </h2>
      {messages.length === 0 ? (
        <>
          <p className="text-sm text-stone-700" data-testid="order-sms-empty">
            {t("admin.smsMessages.orderEmpty")}
          </p>
          <p className="mt-1 text-sm text-stone-600">{t("admin.smsMessages.orderHint")}</p>
        </>
      ) : (
        <ul className="divide-y divide-stone-100">
          {messages.map((message) => (
            <li key={message.id} className="py-3 first:pt-0 last:pb-0" data-testid="order-sms">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <strong data-testid="sms-event">{smsEventLabel(message.event, t)}</strong>
                <SmsStateBadge state={message.state} />
                <span className="text-sm text-stone-600">
                  <SmsMessageTimes message={message} />
                </span>
                {message.parts > 0 ? (
                  <span className="text-sm text-stone-600">
                    {t("admin.smsMessages.parts", { count: message.parts })}
                  </span>
                ) : null}
              </div>
              {message.text ? (
                <p
                  className="mt-2 whitespace-pre-wrap break-words rounded bg-stone-50 p-2 text-sm"
                  lang={message.language}
                  data-testid="sms-text"
                >
                  {message.text}
                </p>
              ) : (
                <p className="mt-2 text-sm text-stone-600">{t("admin.smsMessages.textNotYet")}</p>
              )}
              {message.error ? (
                <p className="mt-2 text-sm text-red-800" data-testid="sms-reason">
                  {t("admin.smsMessages.reason", { reason: message.error })}
                </p>
              ) : null}
              {message.state === "failed" ? (
                <Form method="post" action={`/admin/orders/view/${orderId}`} className="mt-2">
                  <input type="hidden" name="message" value={message.id} />
                  <SubmitButton
                    look="secondary"
                    name="intent"
                    value="sms-send-again"
                    pending={resending}
                    pendingLabel={t("admin.smsMessages.sendingAgain")}
                  >
                    {t("admin.smsMessages.sendAgain")}
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
