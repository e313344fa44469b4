/**
 * The shopper's Send Money form (docs/decisions/062-advance-payment.md), posted to the page that
 * shows it: the confirmation page (/order-success) and the tracking page (/orders/track). A plain
 * form post: it works without JavaScript. The page proves the browser may act on the order (the
 * placed-orders cookie, or the tracking look-up's order number and phone) before calling here.
 */
import { data, redirect } from "@remix-run/node";
import type { FormRefusal } from "~/forms/refusal";
import type { ServerTranslate } from "~/i18n";
import { reportSendMoney } from "~/models/payments/send-money.server";
import { getShopSettings } from "~/models/settings.server";
import { normalizeTrxId, SEND_MONEY_WALLETS, type SendMoneyWallet } from "~/rules/advance";
import { normalizeBdMobile } from "~/rules/phone";

/** The form's fields. */
type SendMoneyField = "wallet" | "senderNumber" | "trxId";

/** A refused report (status 400): what was typed, a message per field and one for the form. */
export type SendMoneyRefusal = { sendMoney: FormRefusal<SendMoneyField> & { formError: string } };

/**
 * Records the Send Money reported in `form` (wallet "bkash" or "nagad", the sender's mobile number,
 * the TrxID) for order `orderId`, which the page proved this browser may act on (`allowed`; false
 * gives a refusal and writes nothing). The amount is the order's advance due, never a form's.
 * Success: a redirect to `backTo` (the page, which then shows the payment being checked). Refusals,
 * 400 with SendMoneyRefusal, messages through `t`: a field that is not valid (a wallet the shop
 * shows a number for, a Bangladeshi mobile number, the wallet's TrxID format), a TrxID already used in the shop, an order
 * with no advance due, or a browser without proof (403).
 */
export async function submitSendMoney(options: {
  form: FormData;
  orderId: number | null;
  allowed: boolean;
  backTo: string;
  t: ServerTranslate;
}) {
  const { form, orderId, allowed, backTo, t } = options;
  const values: Record<SendMoneyField, string> = {
    wallet: String(form.get("wallet") ?? ""),
    senderNumber: String(form.get("senderNumber") ?? "").slice(0, 40),
    trxId: String(form.get("trxId") ?? "").slice(0, 40),
  };
  const refuse = (formError: string, fieldErrors: SendMoneyRefusal["sendMoney"]["fieldErrors"] = {}, status = 400) =>
    data<SendMoneyRefusal>({ sendMoney: { values, fieldErrors, formError } }, { status });
  if (orderId === null || !allowed) return refuse(t("advance.notAllowed"), {}, 403);

  // Only a wallet the shop shows a number for: a report for another could never be verified.
  const settings = await getShopSettings();
  const offered = { bkash: settings.bkashSendMoneyNumber, nagad: settings.nagadSendMoneyNumber };
  const wallet =
    Object.hasOwn(SEND_MONEY_WALLETS, values.wallet) && offered[values.wallet as SendMoneyWallet] !== ""
      ? (values.wallet as SendMoneyWallet)
      : null;
  const senderNumber = normalizeBdMobile(values.senderNumber);
  const trxId = wallet ? normalizeTrxId(wallet, values.trxId) : null;
  const fieldErrors: SendMoneyRefusal["sendMoney"]["fieldErrors"] = {};
  if (!wallet) fieldErrors.wallet = t("advance.walletRequired");
  if (!senderNumber) fieldErrors.senderNumber = t("advance.senderInvalid");
  if (wallet && !trxId) fieldErrors.trxId = t("advance.trxIdInvalid");
  if (!wallet || !senderNumber || !trxId) return refuse(t("advance.formErrors"), fieldErrors);

  const result = await reportSendMoney(orderId, { wallet, senderNumber, trxId });
  switch (result.outcome) {
    case "recorded":
      return redirect(backTo);
    case "trx-used":
      return refuse(t("advance.trxIdUsed"), { trxId: t("advance.trxIdUsed") });
    case "not-due":
      return refuse(t("advance.notDue"));
  }
}
