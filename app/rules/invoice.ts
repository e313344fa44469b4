/**
 * The invoice of an order (spec section 2, "Invoice block"), as ONE view model used by both the
 * on-page Invoice block and the server-rendered `invoice.png` (app/server/invoice-image.server.ts),
 * so the two can never disagree. Every text is final display text: money formatted with the taka
 * sign (amounts are integer paisa in, strings out), dates in Asia/Dhaka time.
 * See docs/decisions/015-order-status-history-and-invoice.md.
 */
import { t } from "~/i18n/admin";
import { formatShopDateTime } from "~/i18n/format";
import { formatMoney } from "./money";

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
  items: { productName: string; quantity: number; unitPricePaisa: number; subtotalPaisa: number }[];
};

/** One line of the invoice table (Product, Quantity, Price, Subtotal), as display text. */
type InvoiceLine = { product: string; quantity: string; price: string; subtotal: string };

/** The invoice view model: every field is display text. */
export type InvoiceView = {
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
  shippingCharge: string;
  /** The spec's total_amount, which includes shipping. */
  totalInclShipping: string;
};

/**
 * Builds the invoice of `order` sold by `seller`. Pure: the same input gives the same text on the
 * server and in the browser. An absent e-mail prints 'Not given'; an absent date prints 'N/A'.
 * @throws {TypeError} when an amount is not an integer number of paisa (see formatMoney).
 */
export function buildInvoice(order: InvoiceOrder, seller: InvoiceSeller): InvoiceView {
  return {
    seller: {
      name: seller.name,
      address: seller.address,
      email: seller.email,
      phone: seller.phone,
      tradeLicence: seller.tradeLicence ?? "",
      bin: seller.bin ?? "",
    },
    orderId: order.id,
    orderLabel: t("admin.order.title", { id: order.id }),
    orderDate: order.createdAt
      ? { text: formatShopDateTime(order.createdAt), iso: order.createdAt.toISOString() }
      : { text: t("invoice.notAvailable"), iso: null },
    customer: {
      name: order.customerName,
      email: order.customerEmail ?? t("admin.order.notGiven"),
      phone: order.customerPhone,
      address: deliveryAddress(order),
    },
    shippingMethod: order.shippingMethod,
    lines: order.items.map((item) => ({
      product: item.productName,
      quantity: String(item.quantity),
      price: formatMoney(item.unitPricePaisa),
      subtotal: formatMoney(item.subtotalPaisa),
    })),
    totalAmount: formatMoney(order.subtotalPaisa),
    shippingCharge: formatMoney(order.shippingFeePaisa),
    totalInclShipping: formatMoney(order.totalPaisa),
  };
}

/**
 * The courier's address of `order`: its street address, then "area, district" on a line of its own
 * ("Mirpur 10, Dhaka"); either part may be absent, and an order placed before checkout asked for
 * them has only its street address.
 */
export function deliveryAddress(order: Pick<InvoiceOrder, "customerAddress" | "district" | "area">): string {
  const locality = [order.area, order.district].filter((part): part is string => Boolean(part?.trim())).join(", ");
  return locality ? `${order.customerAddress}\n${locality}` : order.customerAddress;
}
