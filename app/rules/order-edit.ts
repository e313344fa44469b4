/**
 * Order edits before shipping (docs/decisions/031-order-edits.md), pure: what a staff member's edit
 * does to an order's line items, totals and stock, and the list of changes its history records.
 * The database work (one transaction with the stock ledger) is app/models/orders/order-edit.server.ts.
 *
 * - A line keeps the unit price the shopper was charged; a product added now is charged its
 *   current price (the discounted one when there is one). Adding a product the order already holds
 *   adds to that line, at that line's price.
 * - The shipping method is the district's (rules/districts.ts `shippingMethodOf`), as at checkout:
 *   an edit cannot choose another. The shipping fee stays what the order was charged, unless the
 *   method changes (a new district in the other zone, or an order placed before the district
 *   decided, whose stored zone was not its district's): then it is the shop's current fee for the
 *   new method and the new subtotal (rules/shipping.ts).
 * - A campaign code's saving (docs/decisions/060-campaign-codes.md) stays what the order was
 *   given, never more than the new subtotal (an edit does not re-run the code's rules: staff
 *   decide the order, and the shopper keeps the saving they were promised, as far as the items
 *   allow). A free-delivery order keeps its delivery free: when the method changes, the new fee is
 *   waived too. The total is subtotal − discount + shipping fee, as at checkout.
 */
import { lineItemName } from "./variants";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart";
import { shippingMethodOf } from "./districts";
import { shippingFeePaisa, type DeliveryFees } from "./shipping";

/** Only these order statuses may be edited: the parcel has not left. */
const EDITABLE_STATUSES: readonly string[] = ["pending", "processing"];

/** Whether an order may still be edited: not shipped, delivered or cancelled, nor with a courier. */
export function isEditable(order: { status: string; consignmentId: string | null }): boolean {
  return EDITABLE_STATUSES.includes(order.status) && order.consignmentId === null;
}

/** A line item as stored. Amounts in paisa. */
export type EditLine = {
  id: number;
  productId: number | null;
  variantId: number | null;
  productName: string;
  variantLabel: string;
  unitPricePaisa: number;
  quantity: number;
};

/**
 * A variant to add, with the snapshots its line keeps (app/models/orders/place-order.server.ts placeOrder
 * writes the same): its product, names and label in both languages, SKU ("" for none), and its
 * current price in paisa (discounted when it is).
 */
export type AddedVariant = {
  productId: number;
  variantId: number;
  productName: string;
  productNameBn: string;
  variantLabel: string;
  variantLabelBn: string;
  sku: string;
  unitPricePaisa: number;
  quantity: number;
};

/** An order's delivery details as stored: its address, area, district and shipping method. */
export type EditAddress = { customerAddress: string; area: string; district: string; shippingMethod: string };

/** The delivery details an edit may correct; the shipping method follows the district. */
export type EditedAddress = Omit<EditAddress, "shippingMethod">;

/** One change an edit made, as the order's history records it. Amounts in paisa. */
export type OrderEditChange =
  | { kind: "quantity"; name: string; from: number; to: number }
  | { kind: "removed"; name: string; quantity: number }
  | { kind: "added"; name: string; quantity: number }
  | { kind: "address"; from: string; to: string }
  | { kind: "shipping"; from: string; to: string }
  | { kind: "total"; from: number; to: number };

/** The line items after an edit: kept lines by id (new quantity), lines to delete, lines to create. */
export type EditPlan = {
  update: { id: number; quantity: number; subtotalPaisa: number }[];
  remove: number[];
  create: (AddedVariant & { subtotalPaisa: number })[];
  /** Units each variant's stock changes by (by variant id): negative takes, positive returns. */
  stock: Map<number, number>;
  subtotalPaisa: number;
  /** The district's shipping method (the stored one when the district is none of the 64). */
  shippingMethod: string;
  shippingFeePaisa: number;
  /** The campaign code's saving off the items, and the shipping fee it waives, after the edit. */
  discountPaisa: number;
  shippingDiscountPaisa: number;
  totalPaisa: number;
  itemCount: number;
  /** The first remaining line's product (spec's product_id), or null. */
  firstProductId: number | null;
  changes: OrderEditChange[];
};

/** Why an edit cannot be made. */
export type EditRefusal = "no-lines" | "too-many-lines" | "quantity";

/** A one-line delivery address: street, area, district. */
function addressLine(address: Pick<EditAddress, "customerAddress" | "area" | "district">): string {
  return [address.customerAddress, address.area, address.district]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

/**
 * What an edit does to `order`: each line's new quantity from `quantities` (by line id; 0 removes
 * the line; a line not named keeps its quantity), `add` merged in, and `address` applied.
 * @returns the plan, or why it cannot be made: no line left (cancel the order instead), more lines
 *   than a cart may hold, or a quantity outside 0 to MAX_LINE_QUANTITY.
 */
export function planOrderEdit(
  order: {
    lines: EditLine[];
    shippingFeePaisa: number;
    totalPaisa: number;
    address: EditAddress;
    /** The campaign code's saving off the items and the fee it waived, in paisa (none when absent). */
    discountPaisa?: number;
    shippingDiscountPaisa?: number;
  },
  edit: { quantities: Map<number, number>; add: AddedVariant | null; address: EditedAddress },
  fees: DeliveryFees,
): { ok: true; plan: EditPlan } | { ok: false; reason: EditRefusal } {
  const changes: OrderEditChange[] = [];
  const stock = new Map<number, number>();
  const move = (variantId: number | null, units: number) => {
    if (variantId !== null && units !== 0) stock.set(variantId, (stock.get(variantId) ?? 0) + units);
  };
  const nameOf = (line: { productName: string; variantLabel: string }) =>
    lineItemName(line.productName, line.variantLabel);
  const wanted = order.lines.map((line) => ({ line, quantity: edit.quantities.get(line.id) ?? line.quantity }));
  const added = edit.add;
  const target = added ? wanted.find((entry) => entry.line.variantId === added.variantId && entry.quantity > 0) : null;
  if (target && added) target.quantity += added.quantity;
  const all = [...wanted.map((entry) => entry.quantity), ...(added && !target ? [added.quantity] : [])];
  if (all.some((quantity) => !Number.isInteger(quantity) || quantity < 0 || quantity > MAX_LINE_QUANTITY)) {
    return { ok: false, reason: "quantity" };
  }
  const remaining = all.filter((quantity) => quantity > 0).length;
  if (remaining === 0) return { ok: false, reason: "no-lines" };
  if (remaining > MAX_CART_LINES) return { ok: false, reason: "too-many-lines" };

  const plan: EditPlan = {
    update: [],
    remove: [],
    create: [],
    stock,
    subtotalPaisa: 0,
    shippingMethod: order.address.shippingMethod,
    shippingFeePaisa: order.shippingFeePaisa,
    discountPaisa: 0,
    shippingDiscountPaisa: order.shippingDiscountPaisa ?? 0,
    totalPaisa: 0,
    itemCount: 0,
    firstProductId: null,
    changes,
  };
  for (const { line, quantity } of wanted) {
    if (quantity === 0) {
      plan.remove.push(line.id);
      changes.push({ kind: "removed", name: nameOf(line), quantity: line.quantity });
      move(line.variantId, line.quantity);
      continue;
    }
    if (quantity !== line.quantity) {
      plan.update.push({ id: line.id, quantity, subtotalPaisa: line.unitPricePaisa * quantity });
      changes.push(
        target?.line.id === line.id && added
          ? { kind: "added", name: nameOf(line), quantity: added.quantity }
          : { kind: "quantity", name: nameOf(line), from: line.quantity, to: quantity },
      );
      move(line.variantId, line.quantity - quantity);
    }
    plan.subtotalPaisa += line.unitPricePaisa * quantity;
    plan.itemCount += quantity;
    plan.firstProductId ??= line.productId;
  }
  if (added && !target) {
    const subtotalPaisa = added.unitPricePaisa * added.quantity;
    plan.create.push({ ...added, subtotalPaisa });
    changes.push({ kind: "added", name: nameOf(added), quantity: added.quantity });
    move(added.variantId, -added.quantity);
    plan.subtotalPaisa += subtotalPaisa;
    plan.itemCount += added.quantity;
    plan.firstProductId ??= added.productId;
  }

  const before = addressLine(order.address);
  const after = addressLine(edit.address);
  if (before !== after) changes.push({ kind: "address", from: before, to: after });
  // An order from before haat asked for the district has none (""): it keeps its method.
  plan.shippingMethod = shippingMethodOf(edit.address.district) ?? order.address.shippingMethod;
  if (plan.shippingMethod !== order.address.shippingMethod) {
    changes.push({ kind: "shipping", from: order.address.shippingMethod, to: plan.shippingMethod });
    plan.shippingFeePaisa = shippingFeePaisa(plan.shippingMethod, plan.subtotalPaisa, fees);
    // A free-delivery code waived the fee: it waives the new one too.
    if (plan.shippingDiscountPaisa > 0) {
      plan.shippingDiscountPaisa = plan.shippingFeePaisa;
      plan.shippingFeePaisa = 0;
    }
  }
  plan.discountPaisa = Math.min(order.discountPaisa ?? 0, plan.subtotalPaisa);
  plan.totalPaisa = plan.subtotalPaisa - plan.discountPaisa + plan.shippingFeePaisa;
  if (plan.totalPaisa !== order.totalPaisa)
    changes.push({ kind: "total", from: order.totalPaisa, to: plan.totalPaisa });
  return { ok: true, plan };
}
