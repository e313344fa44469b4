import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useLang, useT } from "~/hooks/use-t";
import { localDigits } from "~/i18n/format";
import { formatShopDateTime } from "~/i18n/format-date";
import type { FormRefusal } from "~/forms/refusal";
import { advanceLeftToPay, type SendMoneyWallet } from "~/rules/advance";
import { formatMoney } from "~/rules/money";
import { FieldHelp } from "./field-error";
import { ShopTextField } from "./shop-text-field";

/** What the shopper's pages read of an order's advance (app/models/orders/order-for-shopper.server.ts). */
export type ShopperAdvance = {
  /** The order's status: a cancelled order asks nothing more. */
  status: string;
  totalPaisa: number;
  advancePaisa: number;
  advanceStatus: string | null;
  advanceDueBy: Date | string | null;
  advancePaidPaisa: number;
  advanceRefundedPaisa: number;
  /** The latest Send Money reported, if any. */
  payments: { method: string; status: string; trxId: string | null; amountPaisa: number }[];
};

/** The shop's Send Money numbers (01XXXXXXXXX; "" for a wallet it does not offer). */
export type SendMoneyNumbers = Record<SendMoneyWallet, string>;

type Field = "wallet" | "senderNumber" | "trxId";

const WALLET_LABELS = { bkash: "advance.walletBkash", nagad: "advance.walletNagad" } as const;

/**
 * The order's advance for its shopper (docs/decisions/062-advance-payment.md), on the confirmation
 * and tracking pages: nothing when none is asked; while due, "Advance due: ৳X by <time>", the cash
 * left for delivery, the ways to pay (`paymentOptions`, a slot for other payment buttons, then Send
 * Money to each number the shop set) and the Send Money form, a plain post to the page (so it
 * works without JavaScript), refilled with `refusal`'s values and messages; then the payment being
 * checked, paid or refunded.
 */
export function AdvancePayment({
  order,
  numbers,
  refusal,
  paymentOptions,
}: {
  order: ShopperAdvance;
  numbers: SendMoneyNumbers;
  refusal?: FormRefusal<Field> & { formError: string };
  paymentOptions?: ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  if (!order.advanceStatus || order.advancePaisa <= 0) return null;
  // An advance due on a cancelled order (staff cancelled it, or it lapsed) is no longer asked.
  if (order.advanceStatus === "due" && advanceLeftToPay(order) === null) return null;
  const money = (paisa: number) => formatMoney(paisa, { lang });
  const duePaisa = Math.max(0, order.advancePaisa - order.advancePaidPaisa);
  const rest = money(Math.max(0, order.totalPaisa - order.advancePaisa));
  const latest = order.payments[0];
  const wallets = (Object.keys(WALLET_LABELS) as SendMoneyWallet[]).filter((wallet) => numbers[wallet] !== "");
  return (
    <section
      aria-labelledby="advance-title"
      className="rounded-lg border-2 border-sky-300 bg-sky-50 px-4 py-3 text-left"
      data-testid="advance"
    >
      <h2 id="advance-title" className="text-lg font-semibold text-sky-950">
        {t("advance.title")}
      </h2>
      {order.advanceStatus === "due" ? (
        <>
          <p className="mt-1 text-xl font-semibold" data-testid="advance-due">
            {t("advance.due", {
              amount: money(duePaisa),
              time: order.advanceDueBy ? formatShopDateTime(new Date(order.advanceDueBy), lang) : "",
            })}
          </p>
          <p className="mt-1 text-stone-800">{t("advance.dueBody")}</p>
          <p className="mt-1 text-stone-800">{t("advance.rest", { amount: rest })}</p>
          {latest?.status === "rejected" ? (
            <p className="mt-2 font-medium text-red-800" data-testid="advance-rejected">
              {t("advance.rejected")}
            </p>
          ) : null}
          <div className="mt-3 space-y-3" data-testid="payment-options">
            <h3 className="font-semibold">{t("advance.paymentOptions")}</h3>
            {paymentOptions}
            {wallets.map((wallet) => (
              <p key={wallet} data-testid={`send-money-${wallet}`}>
                {t("advance.sendMoney", {
                  amount: money(duePaisa),
                  number: localDigits(numbers[wallet], lang),
                  wallet: t(WALLET_LABELS[wallet]),
                })}
              </p>
            ))}
            {wallets.length > 0 ? (
              <SendMoneyForm wallets={wallets} refusal={refusal} />
            ) : paymentOptions ? null : (
              <p>{t("advance.noWallet")}</p>
            )}
          </div>
        </>
      ) : order.advanceStatus === "to-verify" ? (
        <p className="mt-1" role="status" data-testid="advance-to-verify">
          {t("advance.toVerify", { trxId: latest?.trxId ?? "", amount: money(latest?.amountPaisa ?? duePaisa) })}
        </p>
      ) : order.advanceStatus === "paid" ? (
        <>
          <p className="mt-1 font-semibold text-emerald-800" data-testid="advance-paid">
            {t("advance.paid", { amount: money(order.advancePaidPaisa) })}
          </p>
          <p className="mt-1 text-stone-800">{t("advance.rest", { amount: rest })}</p>
        </>
      ) : order.advanceStatus === "refunded" ? (
        <p className="mt-1" data-testid="advance-refunded">
          {t("advance.refunded", { amount: money(order.advanceRefundedPaisa) })}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The Send Money form: the wallet (the ones the shop offers), the number sent from and the TrxID,
 * posted to the page with `intent=send-money`; a refusal's message above it and beside its fields.
 */
function SendMoneyForm({
  wallets,
  refusal,
}: {
  wallets: SendMoneyWallet[];
  refusal?: FormRefusal<Field> & { formError: string };
}) {
  const t = useT();
  const errors = refusal?.fieldErrors ?? {};
  const chosen = refusal?.values.wallet ?? wallets[0];
  return (
    <Form method="post" className="space-y-3 rounded-md border border-sky-200 bg-white p-3" noValidate>
      <h3 className="font-semibold">{t("advance.formTitle")}</h3>
      {refusal?.formError ? (
        <p role="alert" className="text-sm font-medium text-red-700" data-testid="send-money-error">
          {refusal.formError}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="send-money" />
      <fieldset aria-describedby={errors.wallet ? "send-money-wallet-error" : undefined}>
        <legend className="text-sm font-medium">{t("advance.wallet")}</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {wallets.map((wallet) => (
            <label
              key={wallet}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3"
            >
              <input type="radio" name="wallet" value={wallet} defaultChecked={chosen === wallet} />
              {t(WALLET_LABELS[wallet])}
            </label>
          ))}
        </div>
        <FieldHelp id="send-money-wallet" error={errors.wallet} />
      </fieldset>
      <ShopTextField
        id="send-money-senderNumber"
        name="senderNumber"
        label={t("advance.sender")}
        hint={t("advance.senderHint")}
        error={errors.senderNumber}
        defaultValue={refusal?.values.senderNumber}
        inputMode="tel"
        autoComplete="tel"
      />
      <ShopTextField
        id="send-money-trxId"
        name="trxId"
        label={t("advance.trxId")}
        hint={t("advance.trxIdHint")}
        error={errors.trxId}
        defaultValue={refusal?.values.trxId}
        autoComplete="off"
        autoCapitalize="characters"
      />
      <button
        type="submit"
        className="min-h-11 w-full rounded-md bg-amber-700 px-5 py-2.5 font-medium text-white hover:bg-amber-800"
      >
        {t("advance.submit")}
      </button>
    </Form>
  );
}
