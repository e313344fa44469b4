/**
 * Paying an order's advance by bKash checkout, on the order confirmation and tracking pages
 * (docs/decisions/061-bkash-checkout.md): a plain form posting to /payments/bkash (no JavaScript
 * needed; the answer is a redirect to bKash's page), and the notice of how the last payment went.
 * The amount shown is the server's; the form sends only the order number (and on the tracking page
 * the phone typed there, as its proof), never an amount.
 */
import { useLang, useT } from "~/hooks/use-t";
import type { PaymentMessageKey } from "~/i18n/payment-messages";
import { formatMoney } from "~/rules/money";

/** The payment results a page may be told in its `?payment=` (anything else shows nothing). */
const RESULTS = ["paid", "pending", "failed", "cancelled", "insufficient", "unavailable", "not-due"] as const;

/** The result named by a page's `?payment=` value, or null. */
export function paymentResultOf(value: string | null): (typeof RESULTS)[number] | null {
  return (RESULTS as readonly string[]).includes(value ?? "") ? (value as (typeof RESULTS)[number]) : null;
}

/**
 * The button that pays the advance still due (`amountPaisa`) by bKash, for the advance block's
 * payment options (app/components/advance-payment.tsx). `phone`: the tracking page's proof.
 */
export function BkashPayButton({
  orderId,
  amountPaisa,
  phone,
}: {
  orderId: number;
  amountPaisa: number;
  phone?: string;
}) {
  const t = useT();
  const lang = useLang();
  const amount = formatMoney(amountPaisa, { lang });
  return (
    <form method="post" action="/payments/bkash" className="max-w-sm" data-testid="bkash-pay">
      <input type="hidden" name="order" value={orderId} />
      <input type="hidden" name="lang" value={lang} />
      {phone ? <input type="hidden" name="phone" value={phone} /> : null}
      <button
        type="submit"
        className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-pink-700 px-5 py-2.5 font-semibold text-white hover:bg-pink-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pink-800"
      >
        {t("payment.payWithBkash", { amount })}
      </button>
      <p className="mt-2 text-sm text-stone-700">{t("payment.bkashNote")}</p>
    </form>
  );
}

/** What happened to the shopper's last payment step, said once at the top of the page. */
export function PaymentResultNotice({ result }: { result: (typeof RESULTS)[number] | null }) {
  const t = useT();
  if (!result) return null;
  const good = result === "paid";
  return (
    <p
      role="status"
      className={`mx-auto mt-6 max-w-sm rounded-md border px-4 py-3 text-sm ${good ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-amber-300 bg-amber-50 text-amber-950"}`}
      data-testid="payment-result"
    >
      {t(`payment.result.${result}` as PaymentMessageKey)}
    </p>
  );
}
