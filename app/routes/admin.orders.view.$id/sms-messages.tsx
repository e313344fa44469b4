/**
 * The order page's text messages (docs/decisions/065-sms.md): each SMS the order sent or is sending
 * its shopper, with its event, its state in words (not only a colour), when, how many SMS parts,
 * the text sent and, when it failed, the gateway's reason, and "Send again" for a failed one (a
 * plain POST form: it works without JavaScript). The owner's list of every message is
 * /admin/sms/messages.
 */
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/admin/submit-button";
import { SmsMessageTimes, SmsStateBadge, smsEventLabel, smsFailureReason } from "~/components/admin/sms-message";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import type { SmsMessageRow } from "~/models/sms/sms-messages.server";

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
                  {t("admin.smsMessages.reason", { reason: smsFailureReason(message.error, t) })}
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
