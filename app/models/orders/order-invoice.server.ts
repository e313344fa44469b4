/**
 * An order's invoice, the one view model the order page shows and invoice.png draws (two routes
 * share it, so it lives here rather than in either route's folder).
 */
import { isLang } from "~/i18n";
import { getShopSettings, invoiceSeller } from "~/models/settings.server";
import { buildInvoice, type InvoiceView } from "~/rules/invoice";
import type { getOrderForAdmin } from "~/models/orders/order-reads.server";

/**
 * The invoice view model of `order` (app/rules/invoice.ts) with the shop's details: the one the
 * order page shows and invoice.png draws. The invoice goes in the parcel, so it is in the language
 * the shopper ordered in (English for a stored value that is not a language).
 */
export async function orderInvoice(
  order: NonNullable<Awaited<ReturnType<typeof getOrderForAdmin>>>,
): Promise<InvoiceView> {
  const lang = isLang(order.language) ? order.language : "en";
  return buildInvoice(order, invoiceSeller(await getShopSettings(), lang), lang);
}
