/**
 * What a courier is told about an order's parcel, the same whether it goes through the courier's
 * API or a CSV file (docs/decisions/029-courier-hand-off.md). Pure.
 */
import { lineItemName } from "./variants";

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
  /** The advance received and given back, in paisa (docs/decisions/062-advance-payment.md). */
  advancePaidPaisa: number;
  advanceRefundedPaisa: number;
  /**
   * The lines as the order snapshotted them: the product's English name, its variant's label ("" for
   * a product without options) and SKU ("" for none).
   */
  items: { productName: string; variantLabel: string; sku: string; quantity: number }[];
};

/**
 * The courier's "invoice" for an order: "haat-<order number>". The prefix keeps it apart from
 * invoices the shop typed into the courier's portal by hand, which must be unique in the same
 * account. Letters, digits and "-", as Steadfast requires.
 */
export function courierInvoice(orderId: number): string {
  return `haat-${orderId}`;
}

/**
 * The cash the rider collects, in paisa: the order's total less the advance the shop kept (received
 * minus given back), never below 0; or 0 once the order is paid.
 */
export function codAmountPaisa(
  order: Pick<HandOffOrder, "totalPaisa" | "paymentStatus" | "advancePaidPaisa" | "advanceRefundedPaisa">,
): number {
  if (order.paymentStatus === "paid") return 0;
  return Math.max(0, order.totalPaisa - (order.advancePaidPaisa - order.advanceRefundedPaisa));
}

/** Paisa rounded up to the whole taka (never below 0): a rider collects no paisa. */
export function roundUpToTaka(paisa: number): number {
  return Math.ceil(Math.max(0, paisa) / 100) * 100;
}

/**
 * The cash `courier` is asked to collect for the order, in paisa: `codAmountPaisa`, rounded up to
 * the whole taka for Pathao (its `amount_to_collect` takes whole taka: ৳1,250.50 → ৳1,251).
 * Steadfast takes the amount as it is. The hand-off sends this and a payout line is compared
 * with it, so both agree.
 */
export function courierCollectsPaisa(
  order: Pick<HandOffOrder, "totalPaisa" | "paymentStatus" | "advancePaidPaisa" | "advanceRefundedPaisa">,
  courier: string | null,
): number {
  const cash = codAmountPaisa(order);
  return courier === "pathao" ? roundUpToTaka(cash) : cash;
}

/** The delivery address in one line: street, area, district (the empty ones left out). */
export function parcelAddress(order: Pick<HandOffOrder, "customerAddress" | "area" | "district">): string {
  return [order.customerAddress, order.area, order.district]
    .map((part) => (part ?? "").trim().replace(/\s+/g, " "))
    .filter(Boolean)
    .join(", ");
}

/**
 * The longest item description haat sends, in characters. Steadfast documents no limit for
 * `item_description` but caps its other free-text fields (250 for the address), and its portal and
 * the rider's app show a line or two: a long order is cut to this rather than refused.
 */
export const MAX_ITEM_DESCRIPTION_LENGTH = 250;

/** The variant's label without the spaces around its separators: "56″ / Brown" → "56″/Brown". */
function compactLabel(label: string): string {
  return label.replace(/\s*\/\s*/g, "/");
}

/** `text` cut to at most `max` characters (code points), ending in "…" when cut. */
function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, Math.max(0, max - 1)).join("")}…`;
}

/** Length in code points (a Bangla letter or "″" counts once). */
function length(text: string): number {
  return Array.from(text).length;
}

/**
 * What the parcel holds, for the rider, in at most `maxLength` characters (MAX_ITEM_DESCRIPTION_LENGTH):
 * each line as "<product> — <variant label> × <quantity>" from the order's snapshots ("Fan — 56″ /
 * Brown × 1, Lamp × 2"). When that is too long, the labels are written compactly ("Fan 56″/Brown ×1");
 * when that still is, the lines that fit are kept and the rest counted ("…, +3 more"), and a single
 * line longer than the limit is cut with "…".
 */
export function parcelItems(
  order: { items: readonly Pick<HandOffOrder["items"][number], "productName" | "variantLabel" | "quantity">[] },
  maxLength: number = MAX_ITEM_DESCRIPTION_LENGTH,
): string {
  const full = order.items.map((item) => `${lineItemName(item.productName, item.variantLabel)} × ${item.quantity}`);
  if (length(full.join(", ")) <= maxLength) return full.join(", ");
  const compact = order.items.map((item) =>
    [item.productName, compactLabel(item.variantLabel), `×${item.quantity}`].filter(Boolean).join(" "),
  );
  if (length(compact.join(", ")) <= maxLength) return compact.join(", ");
  for (let kept = compact.length - 1; kept >= 1; kept--) {
    const text = `${compact.slice(0, kept).join(", ")}, +${compact.length - kept} more`;
    if (length(text) <= maxLength) return text;
  }
  const rest = compact.length - 1;
  return rest > 0
    ? `${cut(compact[0]!, maxLength - length(`, +${rest} more`))}, +${rest} more`
    : cut(compact[0]!, maxLength);
}

/**
 * The SKUs of the parcel's lines with their quantities, for whoever packs it: "FAN-56-BR × 1,
 * BULB-9W × 2"; lines without a SKU are left out ("" when none has one).
 */
export function parcelSkus(order: {
  items: readonly Pick<HandOffOrder["items"][number], "sku" | "quantity">[];
}): string {
  return order.items
    .filter((item) => item.sku.trim() !== "")
    .map((item) => `${item.sku} × ${item.quantity}`)
    .join(", ");
}
