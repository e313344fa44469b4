/**
 * What a courier is told about an order's parcel, the same whether it goes through the courier's
 * API or a CSV file (docs/decisions/029-courier-hand-off.md). Pure.
 */

/** The order fields a parcel is made from. */
export type HandOffOrder = {
  id: number;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  area: string | null;
  district: string | null;
  totalPaisa: number;
  paymentStatus: string;
  items: { productName: string; quantity: number }[];
};

/**
 * The courier's "invoice" for an order: "haat-<order number>". The prefix keeps it apart from
 * invoices the shop typed into the courier's portal by hand, which must be unique in the same
 * account. Letters, digits and "-", as Steadfast requires.
 */
export function courierInvoice(orderId: number): string {
  return `haat-${orderId}`;
}

/** The cash the rider collects, in paisa: the order's total, or 0 once it is paid. */
export function codAmountPaisa(order: Pick<HandOffOrder, "totalPaisa" | "paymentStatus">): number {
  return order.paymentStatus === "paid" ? 0 : order.totalPaisa;
}

/** The delivery address in one line: street, area, district (the empty ones left out). */
export function parcelAddress(order: Pick<HandOffOrder, "customerAddress" | "area" | "district">): string {
  return [order.customerAddress, order.area, order.district]
    .map((part) => (part ?? "").trim().replace(/\s+/g, " "))
    .filter(Boolean)
    .join(", ");
}

/** What the parcel holds, for the rider: "Lamp × 2, Fan × 1". */
export function parcelItems(order: Pick<HandOffOrder, "items">): string {
  return order.items.map((item) => `${item.productName} × ${item.quantity}`).join(", ");
}
