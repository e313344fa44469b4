import type { ReactNode } from "react";
import type { AdminTranslate, MessageKey } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";
import { localDigits } from "~/i18n/format";
import { formatMoney } from "~/rules/money";
import { ADVANCE_KINDS } from "~/rules/advance";
import { BKASH_ACTOR_NAME } from "~/rules/audit-actions";
import { orderStatusLabel } from "~/rules/order-status";
import { isOrderSource } from "~/rules/order-source";
import { isSmsProvider, smsProviderName } from "~/rules/sms";
import { paymentStatusLabel } from "./order-summary";
import { payoutCourierName } from "./payout-courier";
import { smsEventLabel } from "./sms-message";

/** The actions whose summary holds a phone number: shown in the staff member's digits. */
const PHONE_SUMMARIES = new Set(["phone.blocked", "phone.unblocked", "order.deleted", "customer.note-added"]);

/**
 * The codes a sign-in or account row stores as its summary: why a sign-in failed
 * (server/auth/sign-in.server.ts), how a second step was passed, and what a password check was for
 * (server/auth/password-check.server.ts). Each has its words in both languages.
 */
const AUTH_CODES = new Set([
  "invalid-credentials",
  "wrong-code",
  "disabled",
  "code",
  "recovery-code",
  "password-change",
  "two-factor-setup",
  "two-factor-codes",
  "two-factor-off",
  "two-factor-reset",
]);

/** The sign-in limits a refused attempt names (server/auth/sign-in-limits.server.ts). */
const LIMITS = new Set(["account", "address", "address+email", "two-factor"]);

/**
 * An audit row's stored summary (app/models/audit-trail.server.ts: written when the row was, in the
 * shop's own terms) as a staff member reads it, in their language: an order status or payment
 * status by its label, a staff order's source by its label, a text message's event by its label, an edited order's total (paisa) as money, a new account's role by its label, a recorded payout's courier and counts and the payouts' overdue days in words,
 * a sign-in limit by its wording. Everything else in a summary is a name, an e-mail, a tracking code
 * or a reason code, shown as stored and marked not to be translated; null when the row has none.
 */
export function ActivitySummary({
  action,
  summary,
  t,
  lang,
}: {
  action: string;
  summary: string;
  t: AdminTranslate;
  lang: Lang;
}): ReactNode {
  if (!summary) return null;
  const raw = (text: string) => <span translate="no">{text}</span>;
  let shown: ReactNode = raw(summary);
  if (action === "order.status-changed") shown = orderStatusLabel(summary, t);
  else if (action === "order.payment-changed") shown = paymentStatusLabel(summary, t);
  else if (action === "order.created" && isOrderSource(summary))
    shown = t(`admin.staffOrder.source.${summary}` as MessageKey);
  else if (action === "order.edited" && /^\d+$/.test(summary)) shown = formatMoney(Number(summary), { lang });
  else if (action === "sms.message-resent") shown = smsEventLabel(summary, t);
  else if (action.startsWith("sms.")) shown = smsSummary(summary, t, lang) ?? shown;
  else if (action.startsWith("sign-in.") && LIMITS.has(summary))
    shown = t(`admin.refused.limit.${summary}` as MessageKey);
  else if ((action.startsWith("sign-in.") || action.startsWith("account.")) && AUTH_CODES.has(summary))
    shown = t(`admin.activity.code.${summary}` as MessageKey);
  else if (PHONE_SUMMARIES.has(action)) shown = raw(localDigits(summary, lang));
  else if (action === "settings.advance-updated" && (ADVANCE_KINDS as readonly string[]).includes(summary))
    shown = t(`admin.payments.kind.${summary}` as MessageKey);
  else if (action === "payout.recorded") shown = payoutSummary(summary, t) ?? shown;
  else if (action === "settings.payout-overdue-days" && /^\d+$/.test(summary))
    shown = t("admin.activity.overdueDays", { days: Number(summary) });
  else if (action === "order.advance-verified" && /^payment \d+$/.test(summary))
    shown = t("admin.activity.paymentRef", { id: localDigits(summary.slice("payment ".length), lang) });
  else if (action.startsWith("payment.") || action.startsWith("payments."))
    shown = bkashSummary(summary, t, lang) ?? shown;
  else if (action.startsWith("courier.") || action.startsWith("order.")) {
    // "Steadfast B015BAE4", "Pathao …1234, store 7001", "Pathao, store 7001": the courier's name,
    // then a tracking code, invoice or key's end as code, then the pickup store in words.
    const match = /^(Steadfast|Pathao)(?: (\S+?))?(?:,? store (\d+))?$/.exec(summary);
    if (match && (match[2] || match[3]))
      shown = (
        <>
          {raw(match[1]!)}
          {match[2] ? (
            <>
              {" "}
              <code translate="no">{match[2]}</code>
            </>
          ) : null}
          {match[3] ? `, ${t("admin.activity.pickupStore", { id: localDigits(match[3], lang) })}` : null}
        </>
      );
  } else if (action.startsWith("discount.")) {
    // A campaign code as shoppers type it ("EID10"): a code, never words to translate.
    shown = <code translate="no">{summary}</code>;
  } else if (action === "staff.added") {
    const match = /^(.*) \((owner|staff)\)$/.exec(summary);
    if (match) {
      const role = t(match[2] === "owner" ? "admin.staff.roleOwner" : "admin.staff.roleStaff");
      shown = (
        <>
          {raw(match[1]!)} ({role})
        </>
      );
    }
  }
  return <span className="break-words font-normal"> · {shown}</span>;
}

/**
 * An SMS gateway row's summary (app/server/sms/gateway-settings.server.ts: "bulksmsbd …0002" when a
 * gateway is saved or removed, "01712345678: sent" or ": failed" for a test message) in the staff
 * member's language: the gateway's name, the key's end as a code, the phone in their digits and
 * the outcome in words; null for any other text.
 */
function smsSummary(summary: string, t: AdminTranslate, lang: Lang): ReactNode | null {
  const test = /^(\d{11}): (sent|failed)$/.exec(summary);
  if (test) {
    return (
      <>
        <span translate="no">{localDigits(test[1]!, lang)}</span>:{" "}
        {t(test[2] === "sent" ? "admin.activity.smsTestSent" : "admin.activity.smsTestFailed")}
      </>
    );
  }
  const gateway = /^(\S+)(?: …(\S+))?$/.exec(summary);
  if (!gateway || !isSmsProvider(gateway[1]!)) return null;
  return (
    <>
      {smsProviderName(gateway[1], t)}
      {gateway[2] ? (
        <>
          {" "}
          <code translate="no">…{gateway[2]}</code>
        </>
      ) : null}
    </>
  );
}

/**
 * A recorded payout's summary (app/server/payouts/payout-import.server.ts `auditPayout`: "steadfast
 * SF-12: 3 matched, 1 unmatched, 0 duplicate", with ", 1 charged again" when there were such) in the
 * staff member's language: the courier's name, the reference as a code, the counts in words and
 * their digits; null for any other text.
 */
function payoutSummary(summary: string, t: AdminTranslate): ReactNode | null {
  const match = /^(\S+) (.+): (\d+) matched, (\d+) unmatched, (\d+) duplicate(?:, (\d+) charged again)?$/.exec(summary);
  if (!match) return null;
  return (
    <>
      {payoutCourierName(match[1]!, t)} <code translate="no">{match[2]}</code>:{" "}
      {t("admin.activity.payoutCounts", {
        matched: Number(match[3]),
        unmatched: Number(match[4]),
        duplicate: Number(match[5]),
      })}
      {match[6] ? t("admin.activity.payoutChargedAgain", { count: Number(match[6]) }) : null}
    </>
  );
}

/**
 * A bKash row's summary (app/server/payments/: "bKash", "bKash …1234 (sandbox)" when keys are
 * saved, "bKash TRX123 ৳60.00" for a payment or refund) in the staff member's language: the
 * provider's name, the key's end or transaction id as a code, the amount in their digits; null for
 * any other text.
 */
function bkashSummary(summary: string, t: AdminTranslate, lang: Lang): ReactNode | null {
  const match = /^bKash(?: (\S+))?(?: (.+))?$/.exec(summary);
  if (!match) return null;
  const [, code, rest] = match;
  return (
    <>
      {t("admin.activity.bkash")}
      {code ? (
        <>
          {" "}
          <code translate="no">{code}</code>
        </>
      ) : null}
      {rest ? ` ${rest === "(sandbox)" ? `(${t("admin.activity.sandbox")})` : localDigits(rest, lang)}` : null}
    </>
  );
}

/**
 * Who an audit row says acted, as a staff member reads it: the account's e-mail as stored (not to be
 * translated), bKash in the reader's language when the provider acted, or "unknown" for a row with
 * neither.
 */
export function ActivityActor({
  actorId,
  actorEmail,
  t,
}: {
  actorId: number | null;
  actorEmail: string;
  t: AdminTranslate;
}): ReactNode {
  if (actorId === null && actorEmail === BKASH_ACTOR_NAME) return t("admin.activity.bkash");
  if (!actorEmail) return t("admin.activity.unknownActor");
  return <span translate="no">{actorEmail}</span>;
}
