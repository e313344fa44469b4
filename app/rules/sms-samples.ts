/**
 * The sample values an SMS text is shown with on the owner's texts page (/admin/sms/templates):
 * the preview and its length as the phone counts it ("typical" values), and the check that a text
 * stays within MAX_SMS_PARTS however long a real order's values are ("long" values). Client-safe:
 * the page recounts in the browser as the owner types.
 *
 * The values follow what a sent message holds (app/rules/sms.ts, SMS_PLACEHOLDERS): the shop's own
 * name and phone (the Bangla name on a Bangla message when set), money as smsMoney writes it,
 * and numbers in the message's digits (Bengali digits in Bangla). The tracking link is the shop's
 * own tracking page in the preview; the length check takes the longest link a message can carry,
 * the shop's page or Pathao's, which names the consignment and the shopper's phone (Steadfast's
 * https://steadfast.com.bd/t/<code> is shorter than both).
 */
import { localePath } from "~/i18n";
import { localDigits } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { pathaoTrackingUrl } from "./courier-tracking";
import { renderSms, smsMoney, smsParts, type SmsLength, type SmsPlaceholder } from "./sms";

/** What the samples take from the shop: its names, phone and public origin ("https://shop.example"). */
export type SmsSampleShop = { name: string; nameBn: string; phone: string; origin: string };

/** A value for every placeholder. */
export type SmsSampleValues = Record<SmsPlaceholder, string>;

/**
 * The made-up order of each size: "typical" is an everyday order (#12345, ৳1,250.00, a short name);
 * "long" is as long as real orders get in practice (a 7-digit number, ৳12,34,567.00, a long
 * four-part name, a long tracking code), not the longest the forms accept.
 */
const SAMPLE_ORDERS = {
  typical: {
    number: 12345,
    totalPaisa: 125_000,
    name: { en: "Rahima Akter", bn: "রহিমা আক্তার" },
    trackingCode: "B015BAE4",
  },
  long: {
    number: 1_234_567,
    totalPaisa: 123_456_700,
    name: { en: "Mohammad Abdur Rahman Chowdhury", bn: "মোহাম্মদ আব্দুর রহমান চৌধুরী" },
    trackingCode: "SFR26112900123456",
    /** A Pathao consignment id's length, and an 11-digit phone, for its tracking page's link. */
    pathaoConsignment: "DL121224VS8TTJ",
    phone: "01712345678",
  },
} as const;

/** The sample order sizes: "typical" for the preview, "long" for the length check. */
export type SmsSampleSize = keyof typeof SAMPLE_ORDERS;

/** The sample's tracking link: the shop's page, or for "long" the longer of it and Pathao's page. */
function trackingLink(shop: SmsSampleShop, lang: Lang, size: SmsSampleSize): string {
  const order = SAMPLE_ORDERS[size];
  const shopPage = `${shop.origin}${localePath(lang, "/orders/track")}?order=${order.number}`;
  if (!("pathaoConsignment" in order)) return shopPage;
  const pathaoPage = pathaoTrackingUrl(order.pathaoConsignment, order.phone);
  return pathaoPage.length > shopPage.length ? pathaoPage : shopPage;
}

/**
 * Every placeholder's sample value for a message in `lang`, for an order of `size`: e.g. ("en",
 * "typical") → shop_name "Alo Lights", order_number "12345", total "Tk 1,250", tracking_link
 * "https://shop.example/orders/track?order=12345"; in Bangla the digits are Bengali ("১২৩৪৫").
 */
export function smsSampleValues(shop: SmsSampleShop, lang: Lang, size: SmsSampleSize): SmsSampleValues {
  const order = SAMPLE_ORDERS[size];
  const money = smsMoney(order.totalPaisa, lang);
  return {
    shop_name: lang === "bn" && shop.nameBn ? shop.nameBn : shop.name,
    shop_phone: shop.phone,
    name: order.name[lang],
    order_number: localDigits(String(order.number), lang),
    total: money,
    cash: money,
    tracking_link: trackingLink(shop, lang, size),
    courier: "Steadfast",
    tracking_code: order.trackingCode,
  };
}

/** A text as the shopper would get it with `values`, and its length as the phone counts it. */
export type SmsPreview = { text: string; length: SmsLength };

/** `template` filled with `values` (renderSms) and counted (smsParts). */
export function previewSms(template: string, values: Readonly<Record<string, string>>): SmsPreview {
  const text = renderSms(template, values);
  return { text, length: smsParts(text) };
}
