/**
 * The message staff copy from an order's page and send the shopper in Messenger or by SMS, in
 * Bangla or English: the order number, what was ordered, the cash to have ready for the rider, an
 * advance still to pay, and the link to follow the order. Plain text, no markup: it is pasted as
 * it is. Pure: the caller gives the tracking link (PUBLIC_URL or the request's origin).
 */
import { fill, type Lang } from "~/i18n";
import { bilingual } from "~/i18n/bilingual";
import { formatInteger } from "~/i18n/format";
import { advanceLeftToPay } from "./advance";
import { codAmountPaisa } from "./courier-parcel";
import { formatMoney } from "./money";
import { localLineItemName } from "./variants";

/** The message's sentences in both languages; `{…}` are filled with the order's figures in the language's digits. */
const TEXT = bilingual({
  en: {
    greeting: "Hello {name},",
    placed: "Thank you for your order #{id}.",
    cancelled: "Your order #{id} has been cancelled.",
    items: "Items:",
    cash: "Cash to have ready on delivery: {amount}",
    paid: "Already paid: nothing to pay on delivery.",
    advance: "Advance still to pay before we send it: {amount}",
    cashAfterAdvance: "Then cash to have ready on delivery: {amount}",
    track: "Follow your order: {url}",
  },
  bn: {
    greeting: "প্রিয় {name},",
    placed: "আপনার অর্ডার #{id} এর জন্য ধন্যবাদ।",
    cancelled: "আপনার অর্ডার #{id} বাতিল করা হয়েছে।",
    items: "পণ্য:",
    cash: "ডেলিভারির সময় নগদ রাখুন: {amount}",
    paid: "মূল্য পরিশোধিত: ডেলিভারির সময় কিছু দিতে হবে না।",
    advance: "পাঠানোর আগে অগ্রিম বাকি: {amount}",
    cashAfterAdvance: "তারপর ডেলিভারির সময় নগদ রাখুন: {amount}",
    track: "আপনার অর্ডার দেখুন: {url}",
  },
});

/** The order fields the message is made from (the admin order page's order has them all). */
export type ShopperMessageOrder = {
  id: number;
  customerName: string;
  status: string;
  totalPaisa: number;
  paymentStatus: string;
  advanceStatus: string | null;
  advancePaisa: number;
  advancePaidPaisa: number;
  advanceRefundedPaisa: number;
  /** The lines as the order snapshotted them, in both languages. */
  items: {
    productName: string;
    productNameBn?: string;
    variantLabel?: string;
    variantLabelBn?: string;
    quantity: number;
  }[];
};

/**
 * The shopper's message for `order` in `lang`, lines joined by "\n":
 * "Hello Rahim," / "Thank you for your order #42." / "Items:" / "- Fan — 56″ / Brown × 2" /
 * "Cash to have ready on delivery: ৳4,560.00" (codAmountPaisa: the total less the advance kept; "Already
 * paid" when nothing is left) — or, while an advance is due (advanceLeftToPay), "Advance still to pay
 * before we send it: ৳200.00" then the cash left once it is paid / "Follow your order: <trackUrl>". Item names in `lang` where the order
 * has them (localLineItemName); numbers and amounts in Bengali digits in Bangla, the order number
 * too; the link as it is. A cancelled order's message only says it was cancelled, with the link.
 */
export function shopperMessage(order: ShopperMessageOrder, lang: Lang, trackUrl: string): string {
  const text = TEXT[lang];
  const id = formatInteger(order.id, lang);
  const greeting = fill(text.greeting, { name: order.customerName.trim() });
  const track = fill(text.track, { url: trackUrl });
  if (order.status === "cancelled") return [greeting, fill(text.cancelled, { id }), "", track].join("\n");
  const advance = advanceLeftToPay(order);
  const money = (paisa: number) => formatMoney(paisa, { lang });
  // While an advance is due, the rider collects what is left once it is paid.
  const cash = Math.max(0, codAmountPaisa(order) - (advance ?? 0));
  const cashLine =
    advance !== null
      ? [fill(text.advance, { amount: money(advance) }), fill(text.cashAfterAdvance, { amount: money(cash) })]
      : [cash > 0 ? fill(text.cash, { amount: money(cash) }) : text.paid];
  return [
    greeting,
    fill(text.placed, { id }),
    "",
    text.items,
    ...order.items.map((item) => `- ${localLineItemName(item, lang)} × ${formatInteger(item.quantity, lang)}`),
    "",
    ...cashLine,
    track,
  ].join("\n");
}
