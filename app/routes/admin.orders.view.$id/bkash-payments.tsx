import { Form } from "@remix-run/react";
import { AdminField } from "~/components/admin/form-field";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { formatShopDateTime } from "~/i18n/format-date";
import { formatMoney, formatTakaInput } from "~/rules/money";

/** One bKash payment as the order page gets it (app/models/payments/bkash-payments.server.ts, serialised). */
type Payment = {
  id: number;
  amountPaisa: number;
  status: string;
  trxId: string | null;
  reason: string;
  createdAt: string | Date;
  refundablePaisa: number;
  refunds: {
    id: number;
    amountPaisa: number;
    refundTrxId: string | null;
    createdByEmail: string | null;
    createdAt: string | Date;
  }[];
};

const STATUSES = ["created", "completed", "failed", "cancelled"] as const;

/**
 * The order's bKash checkout payments, newest first, with their refunds; for an owner, a refund
 * form under each payment that can still give money back (at most what is left, filled in).
 * Nothing when the order has no bKash payment.
 */
export function BkashPayments({
  orderId,
  payments,
  canRefund,
}: {
  orderId: number;
  payments: Payment[];
  canRefund: boolean;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const refunding = usePending({ formAction: `/admin/orders/refund/${orderId}`, state: "submitting" });
  if (payments.length === 0) return null;
  const status = (value: string) =>
    (STATUSES as readonly string[]).includes(value)
      ? t(`admin.payments.status.${value as (typeof STATUSES)[number]}`)
      : value;
  return (
    <section
      aria-labelledby="bkash-payments-title"
      className="rounded-lg border border-stone-200 bg-white p-5"
      data-testid="bkash-payments"
    >
      <h2 id="bkash-payments-title" className="text-lg font-semibold">
        {t("admin.payments.orderTitle")}
      </h2>
      <ul className="mt-3 space-y-4">
        {payments.map((payment) => (
          <li key={payment.id} className="text-sm">
            <p>
              {t("admin.payments.paymentLine", {
                amount: formatMoney(payment.amountPaisa, { lang }),
                status: status(payment.status),
                when: formatShopDateTime(new Date(payment.createdAt), lang),
              })}
            </p>
            {payment.trxId ? (
              <p className="font-mono" translate="no">
                {t("admin.payments.trx", { trx: payment.trxId })}
              </p>
            ) : null}
            {payment.reason ? <p className="text-stone-600">{payment.reason}</p> : null}
            {payment.refunds.map((refund) => (
              <p key={refund.id} className="text-stone-700">
                {t("admin.payments.refundLine", {
                  amount: formatMoney(refund.amountPaisa, { lang }),
                  trx: refund.refundTrxId ?? "—",
                  email: refund.createdByEmail ?? "—",
                  when: formatShopDateTime(new Date(refund.createdAt), lang),
                })}
              </p>
            ))}
            {canRefund && payment.refundablePaisa > 0 ? (
              <Form
                method="post"
                action={`/admin/orders/refund/${orderId}`}
                className="mt-3 space-y-3 rounded-md bg-stone-50 p-3"
              >
                <p>{t("admin.payments.refundable", { amount: formatMoney(payment.refundablePaisa, { lang }) })}</p>
                <input type="hidden" name="paymentId" value={payment.id} />
                <AdminField
                  id={`refund-amount-${payment.id}`}
                  name="amount"
                  label={t("admin.payments.refundAmount")}
                  inputMode="decimal"
                  required
                  defaultValue={formatTakaInput(payment.refundablePaisa, lang)}
                />
                <AdminField
                  id={`refund-reason-${payment.id}`}
                  name="reason"
                  label={t("admin.payments.refundReason")}
                  maxLength={255}
                />
                <SubmitButton pending={refunding} pendingLabel={t("admin.payments.refunding")} look="danger-outline">
                  {t("admin.payments.refund")}
                </SubmitButton>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
