/**
 * What the SMS sender decides without the database (docs/decisions/065-sms.md): the values an
 * order's message fills its template with, when a failed attempt is tried again, and how a
 * checkout code is hidden once it has gone.
 */
import { codAmountPaisa } from "./courier-parcel";
import { smsMoney, type SmsPlaceholder } from "./sms";
import { localDigits } from "~/i18n/format";
import { localePath } from "~/i18n";
import type { Lang } from "~/i18n/lang";

/** What an order's message needs of the order. Money in paisa. */
export type SmsOrder = {
  id: number;
  customerName: string;
  /** The shopper's phone as stored (11 digits): Pathao's tracking page asks for it. */
  customerPhone: string;
  totalPaisa: number;
  paymentStatus: string;
  advancePaidPaisa: number;
  advanceRefundedPaisa: number;
  /** The courier the parcel was handed to through its API ("steadfast"), or null. */
  courier: string | null;
  trackingCode: string | null;
};

/**
 * The value of every placeholder (app/rules/sms.ts SMS_PLACEHOLDERS) for `order`'s message in
 * `lang`: the shop's name in that language (`shop.name`, chosen by the caller), the order number
 * in the language's digits, money as `smsMoney` writes it ("Tk 1,250", "৳১,২৫০"), the shop's phone in
 * ASCII digits (a phone recognises it as a number to call), the cash the rider collects
 * (courier-parcel.ts `codAmountPaisa`), and the tracking link:
 * - `courierTrackingUrl` (the courier's own page) once the parcel is with a courier,
 * - else the shop's tracking page, `publicUrl` + "/orders/track?order=<id>" in `lang`,
 * - else "" (no PUBLIC_URL: the shop's own address is not known, and a path alone is no link).
 * A tracking code stays in ASCII: it is typed into the courier's site as it is.
 */
export function orderSmsValues(
  order: SmsOrder,
  lang: Lang,
  shop: { name: string; phone: string },
  links: { courierTrackingUrl: string | null; publicUrl: string | undefined },
): Record<SmsPlaceholder, string> {
  const money = (paisa: number) => smsMoney(paisa, lang);
  const shopTracking = links.publicUrl
    ? `${links.publicUrl}${localePath(lang, "/orders/track")}?order=${order.id}`
    : "";
  return {
    shop_name: shop.name,
    shop_phone: shop.phone,
    name: order.customerName,
    order_number: localDigits(String(order.id), lang),
    total: money(order.totalPaisa),
    cash: money(codAmountPaisa(order)),
    tracking_link: links.courierTrackingUrl ?? shopTracking,
    courier: order.courier === null ? "" : courierDisplayName(order.courier),
    tracking_code: order.trackingCode ?? "",
  };
}

/** A courier's name as a shopper knows it ("steadfast" → "Steadfast"). */
function courierDisplayName(courier: string): string {
  return courier.charAt(0).toUpperCase() + courier.slice(1);
}

/**
 * The waits before a message whose attempt failed in a way worth retrying (the gateway unreachable,
 * slow, answering 5xx, out of balance) is tried again, in minutes, by the attempt that failed: 1
 * after the first, then 5, 15, 60 and 240. A gateway down for a few minutes loses nothing; one
 * down for hours is not hammered. After MAX_SMS_ATTEMPTS the message is failed with the last reason.
 */
const SMS_RETRY_MINUTES = [1, 5, 15, 60, 240] as const;

/** Attempts a message gets before it is failed: the first and one per SMS_RETRY_MINUTES step. */
export const MAX_SMS_ATTEMPTS = SMS_RETRY_MINUTES.length + 1;

/**
 * When a message whose attempt number `attempts` (1 for the first) failed is due again, from `now`;
 * null when it has had MAX_SMS_ATTEMPTS and is to be failed.
 */
export function nextSmsAttemptAt(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_SMS_ATTEMPTS) return null;
  const minutes = SMS_RETRY_MINUTES[Math.max(0, attempts - 1)]!;
  return new Date(now.getTime() + minutes * 60_000);
}

/**
 * `text` with every run of 6 digits (ASCII or Bengali) replaced by "••••••": a checkout code's text
 * as kept once it was sent or failed, so the outbox never shows a code someone could still use.
 */
export function maskCheckoutCode(text: string): string {
  return text.replace(/[0-9০-৯]{6}/g, "••••••");
}
