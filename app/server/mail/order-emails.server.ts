/**
 * New-order e-mails (docs/decisions/030-new-order-emails.md): an alert to the shop's e-mail, and a
 * confirmation to the shopper when they gave an address, through SMTP when SMTP_URL is set.
 *
 * - Sent after the order is committed, in the background: `announceNewOrder` returns at once, so
 *   the checkout never waits for, or fails because of, the mail server.
 * - The shopper's e-mail is in the language of the page they ordered from (Order.language); the
 *   shop's alert in the shop's default language, the one staff chose for the shop.
 * - A failure is logged on one line with the order number, never an address.
 */
import { getEnv } from "~/config/env.server";
import { isLang, localePath, type Lang } from "~/i18n";
import { formatInteger } from "~/i18n/format";
import { getOrderForAdmin } from "~/models/orders/order-reads.server";
import { getShopSettings, shopIdentity, shopLanguage } from "~/models/settings.server";
import { localLineItemName } from "~/rules/variants";
import { formatMoney } from "~/rules/money";
import { orderSavingLines } from "~/rules/discount-codes";
import { serverTranslator } from "../i18n.server";
import { mailConfigured, sendMail, type MailMessage } from "./mail.server";
import { log } from "~/server/log.server";

/** An SMTP server's error often quotes the recipient: the log gets "[address]" instead. */
function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>@"']+@[^\s<>@"']+/g, "[address]");
}

type Order = NonNullable<Awaited<ReturnType<typeof getOrderForAdmin>>>;

/**
 * The order's lines and totals as plain text lines, in `lang`: each line named as the order
 * snapshotted it, "<product> — <variant label>" (the Bangla names in Bangla where given), with its
 * SKU when it has one, and the quantity in the language's digits: "Ceiling Fan — 56″ / Brown (SKU
 * FAN-56-BR) × 1: ৳4,500.00"; then the subtotal, the shipping charge, the campaign code's saving
 * ("Discount (EID10): −৳450.00") and the total.
 */
function orderLines(order: Order, lang: Lang): string[] {
  const t = serverTranslator(lang);
  const money = (paisa: number) => formatMoney(paisa, { lang });
  const lineName = (item: Order["items"][number]) => {
    const name = localLineItemName(item, lang);
    return item.sku ? `${name} (${t("product.sku", { sku: item.sku })})` : name;
  };
  return [
    ...order.items.map(
      (item) => `${lineName(item)} × ${formatInteger(item.quantity, lang)}: ${money(item.subtotalPaisa)}`,
    ),
    "",
    `${t("cart.subtotal")}: ${money(order.subtotalPaisa)}`,
    `${t("cart.shipping")} (${order.shippingMethod}): ${money(order.shippingFeePaisa + order.shippingDiscountPaisa)}`,
    ...orderSavingLines(order).map(
      (line) =>
        `${t(line.kind === "items" ? "cart.discount" : "cart.shippingWaived", { code: line.code })}: −${money(line.paisa)}`,
    ),
    `${t("cart.total")}: ${money(order.totalPaisa)}`,
  ];
}

/** The delivery address in one line: street, area, district. */
function addressLine(order: Order): string {
  return [order.customerAddress, order.area, order.district].filter(Boolean).join(", ").replace(/\s+/g, " ");
}

/**
 * The two e-mails of a new order, as they would be sent: the shop's alert (to the shop's e-mail) and
 * the shopper's confirmation (null when they gave no e-mail). Links need PUBLIC_URL; without it they
 * are left out.
 */
async function newOrderEmails(
  orderId: number,
): Promise<{ alert: MailMessage; confirmation: MailMessage | null } | null> {
  const order = await getOrderForAdmin(orderId);
  if (!order) return null;
  const settings = await getShopSettings();
  const env = getEnv();
  const origin = env.PUBLIC_URL;

  const shopperLang: Lang = isLang(order.language) ? order.language : "en";
  const shop = shopIdentity(settings, shopperLang);
  const from = env.MAIL_FROM || `${shopIdentity(settings, "en").name} <${settings.email}>`;

  const staffLang = shopLanguage(settings);
  const s = serverTranslator(staffLang);
  const alert: MailMessage = {
    from,
    to: settings.email,
    subject: s("email.alert.subject", {
      id: order.id,
      total: formatMoney(order.totalPaisa, { lang: staffLang }),
      name: order.customerName,
    }),
    text: [
      s("email.alert.intro"),
      "",
      s("email.alert.customer", { name: order.customerName, phone: order.customerPhone }),
      s("email.order.deliverTo", { address: addressLine(order) }),
      "",
      ...orderLines(order, staffLang),
      ...(origin ? ["", s("email.alert.open", { url: `${origin}/admin/orders/view/${order.id}` })] : []),
    ].join("\n"),
  };

  if (!order.customerEmail) return { alert, confirmation: null };
  const t = serverTranslator(shopperLang);
  const trackUrl = origin ? `${origin}${localePath(shopperLang, "/orders/track")}?order=${order.id}` : null;
  const confirmation: MailMessage = {
    from,
    to: order.customerEmail,
    subject: t("email.order.subject", { id: order.id, shop: shop.name }),
    text: [
      t("email.order.greeting", { name: order.customerName }),
      "",
      t("email.order.thanks", { id: order.id, phone: order.customerPhone }),
      "",
      `${t("email.order.items")}:`,
      ...orderLines(order, shopperLang),
      "",
      t("email.order.deliverTo", { address: addressLine(order) }),
      ...(trackUrl ? [t("email.order.track", { url: trackUrl })] : []),
      "",
      t("email.order.contact", { phone: shop.phone, email: shop.email }),
      shop.name,
    ].join("\n"),
  };
  return { alert, confirmation };
}

/**
 * Sends the new order's e-mails in the background when SMTP is configured; returns at once and
 * never throws. The returned promise settles when both were tried (for tests and for shutdown);
 * the checkout does not await it.
 */
export function announceNewOrder(orderId: number): Promise<void> {
  if (!mailConfigured()) return Promise.resolve();
  return (async () => {
    try {
      const emails = await newOrderEmails(orderId);
      if (!emails) return;
      const results = await Promise.allSettled([
        sendMail(emails.alert),
        ...(emails.confirmation ? [sendMail(emails.confirmation)] : []),
      ]);
      results.forEach((result, index) => {
        if (result.status === "rejected") {
          const which = index === 0 ? "shop alert" : "shopper confirmation";
          const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
          log.warn(`New-order e-mail not sent (order #${orderId}, ${which}): ${withoutAddresses(reason)}`);
        }
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(`New-order e-mails not sent (order #${orderId}): ${withoutAddresses(reason)}`);
    }
  })();
}
