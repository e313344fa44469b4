/**
 * The order page's advance (docs/decisions/062-advance-payment.md): what was asked, received and
 * given back, the deadline, the cash the courier collects, and the payments towards it (method,
 * amount, state, sender, TrxID, when, who decided). A Send Money "to verify" has Verify and Not
 * verified (with a reason) buttons for staff and owners: plain POST forms, they work without
 * JavaScript.
 */
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import type { AdminTranslate } from "~/i18n/admin";
import { formatShopDateTime } from "~/i18n/format-date";
import { localDigits } from "~/i18n/format";
import { isSendMoneyMethod } from "~/rules/advance";
import { codAmountPaisa } from "~/rules/courier-parcel";
import { formatMoney } from "~/rules/money";

/** One payment as app/models/payments/send-money.server.ts `listOrderPayments` returns it. */
export type AdvancePaymentRow = {
  id: number;
  method: string;
  amountPaisa: number;
  status: string;
  trxId: string | null;
  senderNumber: string | null;
  reason: string;
  verifiedByEmail: string | null;
  verifiedAt: Date | null;
  createdAt: Date;
};

/** The order's fields the block reads (paisa, and the advance's state and deadline). */
type AdvanceOrder = {
  id: number;
  totalPaisa: number;
  paymentStatus: string;
  advancePaisa: number;
  advanceStatus: string | null;
  advanceDueBy: Date | null;
  advancePaidPaisa: number;
  advanceRefundedPaisa: number;
};

/** A payment method's label ("bKash Send Money"); an unknown one as stored. */
export function paymentMethodLabel(method: string, t: AdminTranslate): string {
  return ["bkash", "bkash-send-money", "nagad-send-money"].includes(method)
    ? t(`admin.advance.method.${method}` as "admin.advance.method.bkash")
    : method;
}

/** A payment state's label ("to verify"); an unknown one as stored. */
function paymentStatusLabel(status: string, t: AdminTranslate): string {
  return ["to-verify", "verified", "rejected", "created", "completed", "failed", "cancelled"].includes(status)
    ? t(`admin.advance.payment.${status}` as "admin.advance.payment.verified")
    : status;
}

/**
 * The advance block of the order page (the module's comment); nothing for an order asked no advance
 * and with no payment.
 */
export function AdvanceSection({ order, payments }: { order: AdvanceOrder; payments: AdvancePaymentRow[] }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const money = (paisa: number) => formatMoney(paisa, { lang });
  if (!order.advanceStatus && payments.length === 0) return null;
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-5 print:hidden"
      aria-labelledby="advance-heading"
      data-testid="advance-section"
    >
      <h2 id="advance-heading" className="mb-3 flex flex-wrap items-center gap-2 text-lg font-semibold">
        {t("admin.advance.title")}
        {order.advanceStatus ? (
          <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs text-sky-900" data-testid="advance-state">
            {t(`admin.advance.state.${order.advanceStatus}` as "admin.advance.state.due")}
          </span>
        ) : null}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{t("admin.advance.asked")}</dt>
        <dd data-testid="advance-asked">{money(order.advancePaisa)}</dd>
        <dt className="text-stone-600">{t("admin.advance.paid")}</dt>
        <dd data-testid="advance-paid">{money(order.advancePaidPaisa)}</dd>
        {order.advanceRefundedPaisa > 0 ? (
          <>
            <dt className="text-stone-600">{t("admin.advance.refunded")}</dt>
            <dd>{money(order.advanceRefundedPaisa)}</dd>
          </>
        ) : null}
        {order.advanceDueBy && (order.advanceStatus === "due" || order.advanceStatus === "to-verify") ? (
          <>
            <dt className="text-stone-600">{t("admin.advance.dueBy")}</dt>
            <dd>
              <time dateTime={order.advanceDueBy.toISOString()}>{formatShopDateTime(order.advanceDueBy, lang)}</time>
            </dd>
          </>
        ) : null}
        <dt className="text-stone-600">{t("admin.advance.cash")}</dt>
        <dd data-testid="advance-cash">{money(codAmountPaisa(order))}</dd>
      </dl>
      <h3 className="mb-2 mt-4 font-semibold">{t("admin.advance.payments")}</h3>
      {payments.length === 0 ? (
        <p className="text-sm text-stone-600">{t("admin.advance.noPayments")}</p>
      ) : (
        <ol className="space-y-3">
          {payments.map((payment) => (
            <PaymentItem key={payment.id} orderId={order.id} payment={payment} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** One payment: what, how much, its state, the sender and TrxID, when; the decision forms while it is to verify. */
function PaymentItem({ orderId, payment }: { orderId: number; payment: AdvancePaymentRow }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const deciding = usePending({ state: "submitting" });
  const status = paymentStatusLabel(payment.status, t);
  const open = payment.status === "to-verify" && isSendMoneyMethod(payment.method);
  const action = `/admin/orders/view/${orderId}`;
  return (
    <li className="rounded-md bg-stone-50 px-3 py-2 text-sm" data-testid="advance-payment">
      <p className="font-medium">
        {t("admin.advance.paymentLine", {
          method: paymentMethodLabel(payment.method, t),
          amount: formatMoney(payment.amountPaisa, { lang }),
          status,
        })}
      </p>
      {payment.senderNumber ? (
        <p>{t("admin.advance.sender", { number: localDigits(payment.senderNumber, lang) })}</p>
      ) : null}
      {payment.trxId ? (
        <p translate="no" data-testid="advance-trx-id">
          {t("admin.advance.trxId", { trxId: payment.trxId })}
        </p>
      ) : null}
      <p className="text-stone-600">
        {t("admin.advance.reported", { time: formatShopDateTime(payment.createdAt, lang) })}
      </p>
      {payment.verifiedAt ? (
        <p className="text-stone-600">
          {t("admin.advance.decidedBy", {
            status,
            email: payment.verifiedByEmail ?? "—",
            time: formatShopDateTime(payment.verifiedAt, lang),
          })}
        </p>
      ) : null}
      {payment.reason ? <p>{t("admin.advance.reason", { reason: payment.reason })}</p> : null}
      {open ? (
        <div className="mt-2 space-y-2">
          <p className="text-stone-700">{t("admin.advance.checkHint")}</p>
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="verify-payment" />
            <input type="hidden" name="paymentId" value={payment.id} />
            <SubmitButton pending={deciding} look="primary-small" className="disabled:cursor-wait">
              {t("admin.advance.verify")}
            </SubmitButton>
          </Form>
          <Form method="post" action={action} className="space-y-1">
            <input type="hidden" name="intent" value="reject-payment" />
            <input type="hidden" name="paymentId" value={payment.id} />
            <label htmlFor={`reject-reason-${payment.id}`} className="block font-medium">
              {t("admin.advance.rejectReason")}
            </label>
            <input
              id={`reject-reason-${payment.id}`}
              name="reason"
              type="text"
              required
              maxLength={300}
              aria-describedby={`reject-reason-${payment.id}-hint`}
              className="block min-h-11 w-full rounded-md border border-stone-300 px-3 py-2"
            />
            <p id={`reject-reason-${payment.id}-hint`} className="text-stone-600">
              {t("admin.advance.rejectReasonHint")}
            </p>
            <SubmitButton pending={deciding} look="secondary" className="disabled:cursor-wait">
              {t("admin.advance.reject")}
            </SubmitButton>
          </Form>
        </div>
      ) : null}
    </li>
  );
}
