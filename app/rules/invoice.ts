/**
 * The invoice of an order, as ONE view model used by both the
 * on-page Invoice block and the server-rendered `invoice.png` (app/server/media/invoice-image.server.ts),
 * so the two can never disagree. Every text is final display text: money formatted with the taka
 * sign (amounts are integer paisa in, strings out), dates in Asia/Dhaka time, all in the invoice's
 * language (the order's: the shopper reads the printed invoice).
 * See docs/decisions/015-order-status-history-and-invoice.md.
 */
import { adminTranslator } from "~/i18n/admin";
import { formatInteger } from "~/i18n/format";
import { formatShopDateTime } from "~/i18n/format-date";
import type { Lang } from "~/i18n/lang";
import { findDistrict, placeName } from "./districts";
import { orderSavingLines } from "./discount-codes";
import { formatMoney } from "./money";
import { localLineItemName } from "./variants";

/**
 * The seller details printed on the invoice (the shop settings): the trade licence number and the
 * BIN (VAT registration) are printed only when set.
 */
export type InvoiceSeller = {
  name: string;
  address: string;
  email: string;
  phone: string;
  tradeLicence?: string;
  bin?: string;
  /** The shop's logo (settings; a stored image, sizes in px), printed at the top; absent or null: none. */
  logo?: { key: string; width: number; height: number; variantWidths: number[]; alt: string } | null;
};

/** What the invoice is built from: an order with its line items (amounts in paisa). */
export type InvoiceOrder = {
  id: number;
  /** When the order was placed; null prints 'N/A'. */
  createdAt: Date | null;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string;
  customerAddress: string;
  /** The delivery district's English name and the area or thana; null on orders placed before checkout asked. */
  district: string | null;
  area: string | null;
  shippingMethod: string;
  shippingFeePaisa: number;
  subtotalPaisa: number;
  totalPaisa: number;
  /** The campaign code and its saving (docs/decisions/060-campaign-codes.md); absent: none. */
  discountCode?: string | null;
  /** The reason of a discount staff gave (no code), shown as its line's name; absent: none. */
  discountReason?: string | null;
  discountPaisa?: number;
  shippingDiscountPaisa?: number;
  /**
   * The lines with the names the order snapshotted when it was placed (never the live product's):
   * the product's English name and its Bangla one ("" or absent: none), the variant's label in both
   * ("" or absent for a product without options) and its SKU ("" or absent: none).
   */
  items: {
    productName: string;
    productNameBn?: string;
    variantLabel?: string;
    variantLabelBn?: string;
    sku?: string;
    quantity: number;
    unitPricePaisa: number;
    subtotalPaisa: number;
  }[];
};

/**
 * One line of the invoice table (Product, Quantity, Price, Subtotal), as display text. `product` is
 * "<product> — <variant label>" in the invoice's language; `sku` is the variant's SKU ("" for none),
 * printed small under it.
 */
type InvoiceLine = { product: string; sku: string; quantity: string; price: string; subtotal: string };

/** The invoice view model: every field is display text. */
export type InvoiceView = {
  /** The language every text below is in. */
  lang: Lang;
  seller: InvoiceSeller;
  orderId: number;
  /** "Order #12". */
  orderLabel: string;
  /** The order date as display text and ISO-8601 (for `<time datetime>`), or 'N/A' and null. */
  orderDate: { text: string; iso: string | null };
  /**
   * `address` is the courier's address: the street address as typed, then a line "area, district"
   * (only the street address for an order without them).
   */
  customer: { name: string; email: string; phone: string; address: string };
  shippingMethod: string;
  lines: InvoiceLine[];
  /** Sum of the line subtotals (total excluding shipping). */
  totalAmount: string;
  /** The shipping charge before a campaign code waived it (the waiver is among `savings`). */
  shippingCharge: string;
  /** The campaign code's saving lines ("Discount (EID10)", "−৳120.00"), between shipping and total. */
  savings: { label: string; amount: string }[];
  /** The spec's total_amount, which includes shipping. */
  totalInclShipping: string;
};

/**
 * Builds the invoice of `order` sold by `seller`, in `lang` (amounts and dates in its digits, the
 * shipping method and district in its words, each line named "<product> — <variant label>" from the
 * order's snapshots, the Bangla ones on a Bangla invoice where not empty; the seller is given in that
 * language already). Pure:
 * the same input gives the same text on the server and in the browser. An absent e-mail prints
 * 'Not given'; an absent date prints 'N/A'.
 * @throws {TypeError} when an amount is not an integer number of paisa (see formatMoney).
 */
export function buildInvoice(order: InvoiceOrder, seller: InvoiceSeller, lang: Lang = "en"): InvoiceView {
  const t = adminTranslator(lang);
  const money = (paisa: number) => formatMoney(paisa, { lang });
  return {
    lang,
    seller: {
      name: seller.name,
      address: seller.address,
      email: seller.email,
      phone: seller.phone,
      tradeLicence: seller.tradeLicence ?? "",
      bin: seller.bin ?? "",
      logo: seller.logo ?? null,
    },
    orderId: order.id,
    orderLabel: t("admin.order.title", { id: order.id }),
    orderDate: order.createdAt
      ? { text: formatShopDateTime(order.createdAt, lang), iso: order.createdAt.toISOString() }
      : { text: t("invoice.notAvailable"), iso: null },
    customer: {
      name: order.customerName,
      email: order.customerEmail ?? t("admin.order.notGiven"),
      phone: order.customerPhone,
      address: deliveryAddress(order, lang),
    },
    shippingMethod:
      order.shippingMethod === "Inside Dhaka"
        ? t("checkout.insideDhaka")
        : order.shippingMethod === "Outside Dhaka"
          ? t("checkout.outsideDhaka")
          : order.shippingMethod,
    lines: order.items.map((item) => ({
      product: localLineItemName(item, lang),
      sku: item.sku ?? "",
      quantity: formatInteger(item.quantity, lang),
      price: money(item.unitPricePaisa),
      subtotal: money(item.subtotalPaisa),
    })),
    totalAmount: money(order.subtotalPaisa),
    shippingCharge: money(order.shippingFeePaisa + (order.shippingDiscountPaisa ?? 0)),
    savings: orderSavingLines({
      discountCode: order.discountCode ?? null,
      discountReason: order.discountReason ?? null,
      discountPaisa: order.discountPaisa ?? 0,
      shippingDiscountPaisa: order.shippingDiscountPaisa ?? 0,
    }).map((line) => ({
      label: t(line.kind === "items" ? "invoice.discount" : "invoice.shippingWaived", { code: line.code }),
      amount: `−${money(line.paisa)}`,
    })),
    totalInclShipping: money(order.totalPaisa),
  };
}

/**
 * The courier's address of `order`: its street address, then "area, district" on a line of its own
 * ("Mirpur 10, Dhaka"; the district's name in `lang`, "মিরপুর ১০, ঢাকা"); either part may be
 * absent, and an order placed before checkout asked for them has only its street address.
 */
export function deliveryAddress(
  order: Pick<InvoiceOrder, "customerAddress" | "district" | "area">,
  lang: Lang = "en",
): string {
  const known = order.district ? findDistrict(order.district) : undefined;
  const district = known ? placeName(known, lang) : order.district;
  const locality = [order.area, district].filter((part): part is string => Boolean(part?.trim())).join(", ");
  return locality ? `${order.customerAddress}\n${locality}` : order.customerAddress;
}
