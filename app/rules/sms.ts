/**
 * Text messages to shoppers (docs/decisions/065-sms.md): the order events that may send one, the
 * placeholders each event's template may use, the default texts in English and Bangla, and how many
 * SMS parts a text takes as the shopper's phone counts them.
 *
 * Parts follow GSM 03.38 and 3GPP TS 23.040: a text of GSM 7-bit characters takes one SMS up to
 * 160 characters and 153 per part after (an extension character such as `{` or `€` counts two);
 * any other character (Bangla) makes the whole text UCS-2, 70 UTF-16 units in one SMS and 67 per
 * part after. Counted by the sms-segments-calculator library (Twilio's).
 */
import { SegmentedMessage } from "sms-segments-calculator";
import type { Lang } from "~/i18n/lang";
import { formatTakaShort } from "./money";

/** The order events that may send the shopper a message, in the order an order meets them. */
export const ORDER_SMS_EVENTS = [
  "order-placed",
  "order-confirmed",
  "order-shipped",
  "order-delivered",
  "order-cancelled",
] as const;
export type OrderSmsEvent = (typeof ORDER_SMS_EVENTS)[number];

/** Every kind of message in the outbox: an order event, a checkout code, or the owner's test. */
export type SmsEvent = OrderSmsEvent | "checkout-code" | "test";

/** True when `value` is one of ORDER_SMS_EVENTS. */
export function isOrderSmsEvent(value: string): value is OrderSmsEvent {
  return (ORDER_SMS_EVENTS as readonly string[]).includes(value);
}

/** The gateways haat has a client for; "http" is any other, by a URL template. */
export const SMS_PROVIDERS = ["sslwireless", "bulksmsbd", "http"] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/**
 * A provider's name for the owner: SSL Wireless's and BulkSMSBD's brand names (the same in every
 * language), "any other gateway" in the staff member's words (`t`).
 */
export function smsProviderName(provider: SmsProvider, t: (key: "admin.smsGateway.providerHttp") => string): string {
  if (provider === "sslwireless") return "SSL Wireless";
  if (provider === "bulksmsbd") return "BulkSMSBD";
  return t("admin.smsGateway.providerHttp");
}

/** True when `value` is one of SMS_PROVIDERS. */
export function isSmsProvider(value: string): value is SmsProvider {
  return (SMS_PROVIDERS as readonly string[]).includes(value);
}

/** The most SMS parts one message may take: a longer text is refused (a 7-part text costs 7 SMS). */
export const MAX_SMS_PARTS = 6;

/**
 * What each placeholder stands for, filled when the message is sent:
 * - `shop_name`, `shop_phone`: the shop's settings (the Bangla name on a Bangla message when set);
 * - `name`: the shopper's name on the order; `order_number`: the order's number (no "#");
 * - `total`: the order's total; `cash`: the cash to have ready for the rider (the total less what
 *   was paid ahead), both as `smsMoney` writes them ("Tk 1,250", "৳১,২৫০");
 * - `tracking_link`: the courier's tracking page once the parcel is with a courier, else the shop's
 *   order tracking page; `courier`, `tracking_code`: the courier's name and the parcel's code
 *   ("" before the hand-off).
 */
export const SMS_PLACEHOLDERS = [
  "shop_name",
  "shop_phone",
  "name",
  "order_number",
  "total",
  "cash",
  "tracking_link",
  "courier",
  "tracking_code",
] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];

/** The placeholders each event's template may use: the courier's only once a parcel can be with one. */
export const EVENT_PLACEHOLDERS: Record<OrderSmsEvent, readonly SmsPlaceholder[]> = {
  "order-placed": ["shop_name", "shop_phone", "name", "order_number", "total", "cash", "tracking_link"],
  "order-confirmed": ["shop_name", "shop_phone", "name", "order_number", "total", "cash", "tracking_link"],
  "order-shipped": SMS_PLACEHOLDERS,
  "order-delivered": ["shop_name", "shop_phone", "name", "order_number", "total"],
  "order-cancelled": ["shop_name", "shop_phone", "name", "order_number", "total"],
};

/** The texts an event sends until the owner writes their own (every event starts switched off). */
export const DEFAULT_SMS_TEMPLATES: Record<OrderSmsEvent, Record<Lang, string>> = {
  "order-placed": {
    en: "{shop_name}: we got your order #{order_number}, total {total}. We will call you to confirm it. Track: {tracking_link}",
    bn: "{shop_name}: আপনার অর্ডার #{order_number} পেয়েছি, মোট {total}। নিশ্চিত করতে আমরা ফোন করব। দেখুন: {tracking_link}",
  },
  "order-confirmed": {
    en: "{shop_name}: your order #{order_number} is confirmed. Please keep {cash} ready for the delivery.",
    bn: "{shop_name}: আপনার অর্ডার #{order_number} নিশ্চিত হয়েছে। ডেলিভারির সময় {cash} প্রস্তুত রাখুন।",
  },
  "order-shipped": {
    en: "{shop_name}: your order #{order_number} is on its way. Track it: {tracking_link}",
    bn: "{shop_name}: আপনার অর্ডার #{order_number} পাঠানো হয়েছে। দেখুন: {tracking_link}",
  },
  "order-delivered": {
    en: "{shop_name}: your order #{order_number} has been delivered. Thank you for shopping with us!",
    bn: "{shop_name}: আপনার অর্ডার #{order_number} ডেলিভারি হয়েছে। আমাদের সাথে কেনাকাটার জন্য ধন্যবাদ!",
  },
  "order-cancelled": {
    en: "{shop_name}: your order #{order_number} has been cancelled. Questions? Call {shop_phone}.",
    bn: "{shop_name}: আপনার অর্ডার #{order_number} বাতিল করা হয়েছে। প্রশ্ন থাকলে ফোন করুন {shop_phone}।",
  },
};

/** The checkout code's text (not editable: it must always carry the code and say when it expires). */
export const CHECKOUT_CODE_TEXT: Record<Lang, string> = {
  en: "{code} is your {shop_name} order code. It expires in 5 minutes.",
  bn: "{code} আপনার {shop_name} অর্ডার কোড। ৫ মিনিটে মেয়াদ শেষ হবে।",
};

/**
 * An amount as a message says it: "Tk 1,250" in English, "৳১,২৫০" in Bangla (paisa shown only when
 * there are some: "Tk 1,250.50"). The taka sign ৳ is not in the GSM 7-bit alphabet: one in an
 * English text would send the whole text as UCS-2, 70 characters a part instead of 160, and double
 * or triple what each message costs. A Bangla text is UCS-2 anyway, so it keeps the sign.
 */
export function smsMoney(paisa: number, lang: Lang): string {
  const amount = formatTakaShort(paisa, lang);
  return lang === "en" ? `Tk ${amount}` : `৳${amount}`;
}

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/**
 * The placeholders in `text` that `event`'s template may not use, each once, in order of first
 * appearance ("{adress}" → ["adress"]); [] when every one is known.
 */
export function unknownPlaceholders(event: OrderSmsEvent, text: string): string[] {
  const allowed: readonly string[] = EVENT_PLACEHOLDERS[event];
  const unknown = new Set<string>();
  for (const [, name] of text.matchAll(PLACEHOLDER)) if (!allowed.includes(name!)) unknown.add(name!);
  return [...unknown];
}

/**
 * `template` with each `{placeholder}` replaced by its value in `values`; a placeholder without a
 * value is left as it is (a template is checked with `unknownPlaceholders` before it is saved).
 */
export function renderSms(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** How a text is sent and what it costs (`smsParts`). */
export type SmsLength = {
  /** "GSM-7" (plain Latin text) or "UCS-2" (any other character, such as Bangla). */
  encoding: "GSM-7" | "UCS-2";
  /** Characters as the phone counts them: GSM 7-bit septets (an extension character counts two), or UTF-16 units. */
  characters: number;
  /** SMS parts the text is sent in (1 for an empty text). */
  parts: number;
  /** Characters one part holds at this length: 160 or 153 (GSM), 70 or 67 (UCS-2). */
  perPart: number;
};

/** The encoding, length and SMS parts of `text` (the module's comment gives the rule). */
export function smsParts(text: string): SmsLength {
  const message = new SegmentedMessage(text, "auto");
  const encoding = message.encodingName;
  const unitBits = encoding === "UCS-2" ? 16 : 7;
  const characters = message.messageSize / unitBits;
  const parts = Math.max(1, message.segmentsCount);
  const single = encoding === "UCS-2" ? 70 : 160;
  const multi = encoding === "UCS-2" ? 67 : 153;
  return { encoding, characters, parts, perPart: parts > 1 ? multi : single };
}
