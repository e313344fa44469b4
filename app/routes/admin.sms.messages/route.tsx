import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ActivityList } from "~/components/admin/activity-list";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { SmsMessageTimes, SmsStateBadge, smsEventLabel, smsFailureReason } from "~/components/admin/sms-message";
import { SmsPageHeader } from "~/components/admin/sms-navigation";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { MessageKey } from "~/i18n/admin";
import { localDigits } from "~/i18n/format";
import { SMS_STATES } from "~/models/sms/outbox.server";
import { isSmsState, listSmsMessages } from "~/models/sms/sms-messages.server";
import { parsePage } from "~/rules/pagination";
import { normalizeBdMobile } from "~/rules/phone";
import { requireOwner } from "~/server/auth/auth.server";

export const meta = adminTitle("admin.smsMessages.title");

/**
 * GET /admin/sms/messages?state=&phone=&page=: the outbox for the owner, newest first, 50 a page:
 * only the messages in `state` (queued, sending, sent, failed) when given, only those to `phone`
 * (any form checkout accepts: +880, Bengali digits…) when given. A phone that is not a Bangladeshi
 * mobile number lists nothing and says so; an unknown state is dropped.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const params = new URL(request.url).searchParams;
  const state = params.get("state");
  const phoneTyped = (params.get("phone") ?? "").trim();
  const phone = phoneTyped === "" ? null : normalizeBdMobile(phoneTyped);
  const knownState = isSmsState(state) ? state : null;
  const filters = { state: knownState ?? "", phone: phoneTyped };
  if (phoneTyped !== "" && phone === null) {
    return {
      messages: { items: [], page: 1, pageCount: 1, total: 0 },
      filters,
      states: SMS_STATES,
      phoneInvalid: true,
    };
  }
  const messages = await listSmsMessages(
    { ...(knownState ? { state: knownState } : {}), ...(phone ? { phone } : {}) },
    parsePage(params),
  );
  return { messages, filters, states: SMS_STATES, phoneInvalid: false };
}

/**
 * The outbox list: the filter (a GET form: works without JavaScript), the count, a row per message
 * (its event and text, the phone, its state in words with the gateway's reason, when; each order's
 * message links to its order), the page links, and an empty state.
 */
export default function SmsMessagesPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { messages, filters, states, phoneInvalid } = useLoaderData<typeof loader>();
  const filtered = filters.state !== "" || filters.phone !== "";
  const field = "mt-1 block min-h-11 w-full rounded-md border border-stone-300 px-3 py-2";
  return (
    <section aria-labelledby="sms-messages-title" className="space-y-6">
      <SmsPageHeader
        id="sms-messages-title"
        title={t("admin.smsMessages.title")}
        subtitle={t("admin.smsMessages.subtitle")}
      />

      <Form
        method="get"
        className="grid gap-4 rounded-lg border border-stone-200 bg-white p-5 sm:grid-cols-[1fr_2fr_auto] sm:items-start"
      >
        <div>
          <label htmlFor="sms-state" className="block text-sm font-medium">
            {t("admin.smsMessages.filterState")}
          </label>
          <select id="sms-state" name="state" defaultValue={filters.state} className={field}>
            <option value="">{t("admin.smsMessages.allStates")}</option>
            {states.map((state) => (
              <option key={state} value={state}>
                {t(`admin.smsMessages.state.${state}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sms-phone" className="block text-sm font-medium">
            {t("admin.smsMessages.phone")}
          </label>
          <input
            id="sms-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            defaultValue={filters.phone}
            aria-describedby={phoneInvalid ? "sms-phone-error sms-phone-hint" : "sms-phone-hint"}
            aria-invalid={phoneInvalid || undefined}
            className={field}
          />
          <p id="sms-phone-hint" className="mt-1 text-sm text-stone-600">
            {t("admin.smsMessages.phoneHint")}
          </p>
          {phoneInvalid ? (
            <p id="sms-phone-error" className="mt-1 text-sm font-medium text-red-700" role="alert">
              {t("admin.smsMessages.phoneInvalid", { phone: filters.phone })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3 sm:mt-6">
          <button
            type="submit"
            className="min-h-11 rounded-md bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800"
          >
            {t("admin.smsMessages.filter")}
          </button>
          {filtered ? (
            <Link
              to="/admin/sms/messages"
              className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-4 text-sm font-medium hover:bg-stone-50"
            >
              {t("admin.smsMessages.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      <ActivityList
        name="sms-messages"
        rows={messages.items}
        empty={t(filtered ? "admin.smsMessages.noneMatching" : "admin.smsMessages.empty")}
        count={t("admin.smsMessages.count", { count: messages.total })}
        page={messages.page}
        pageCount={messages.pageCount}
        columns={[
          { label: t("admin.smsMessages.colMessage") },
          { label: t("admin.smsMessages.colTo") },
          { label: t("admin.smsMessages.colState") },
          { label: t("admin.smsMessages.colWhen"), card: "value" },
        ]}
      >
        {(message) => (
          <>
            <td className="px-4 py-3">
              <strong data-testid="sms-event">{smsEventLabel(message.event, t)}</strong>
              {message.orderId !== null ? (
                <>
                  {" · "}
                  <Link to={`/admin/orders/view/${message.orderId}`} className="text-amber-800 underline">
                    {t("admin.smsMessages.order", { id: message.orderId })}
                  </Link>
                </>
              ) : null}
              {message.text ? (
                <p className="mt-1 whitespace-pre-wrap break-words text-sm text-stone-700" lang={message.language}>
                  {message.text}
                </p>
              ) : null}
            </td>
            <td className="whitespace-nowrap px-4 py-3" translate="no">
              {localDigits(message.phone, lang)}
            </td>
            <td className="px-4 py-3">
              <SmsStateBadge state={message.state} />
              {message.parts > 0 ? (
                <span className="ms-2 text-sm text-stone-600">
                  {t("admin.smsMessages.parts", { count: message.parts })}
                </span>
              ) : null}
              {message.error ? (
                <p className="mt-1 text-sm text-red-800" data-testid="sms-reason">
                  {t("admin.smsMessages.reason", { reason: smsFailureReason(message.error, t) })}
                </p>
              ) : null}
            </td>
            <td className="px-4 py-3 text-sm">
              <SmsMessageTimes message={message} />
            </td>
          </>
        )}
      </ActivityList>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  backTo: "/admin/sms/messages",
  backLabel: "admin.smsMessages.title",
});
