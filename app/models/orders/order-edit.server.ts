/**
 * Order edits before shipping in the database (docs/decisions/031-order-edits.md): the plan of
 * app/rules/order-edit.ts written in one transaction with the stock it moves (the ledger, reason
 * order-edited) and an `OrderEdit` history entry. Nothing is written when any part fails.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { OutOfStockError, returnUnits, takeStock, type StockActor } from "~/models/catalogue/stock.server";
import { addressKey } from "~/rules/order-limits";
import { isEditable, planOrderEdit, type EditedAddress, type OrderEditChange } from "~/rules/order-edit";
import { unitPricePaisa } from "~/rules/money";
import { getVariantsForCart } from "~/models/catalogue/cart-variants.server";
import { editableLineSelect } from "~/models/orders/order-reads.server";
import type { DeliveryFees } from "~/rules/shipping";
import type { StockShortage } from "~/rules/stock";

/** What an edit asks for: new quantities by line id (0 removes), a product to add, the delivery details. */
export type OrderEditRequest = {
  /** The order's `updatedAt` in ms when the form was shown: an order changed since is not edited over. */
  version: number;
  quantities: Map<number, number>;
  add: { variantId: number; quantity: number } | null;
  address: EditedAddress;
};

/** The outcome of `editOrder`. */
export type OrderEditResult =
  | { outcome: "edited"; totalPaisa: number; changes: OrderEditChange[] }
  | { outcome: "unchanged" | "not-found" | "locked" | "conflict" | "no-lines" | "too-many-lines" | "quantity" }
  | { outcome: "product-missing" }
  | { outcome: "out-of-stock"; shortages: StockShortage[] };

/** Thrown inside the transaction to roll it back with an outcome. */
class EditRefused extends Error {
  constructor(readonly result: OrderEditResult) {
    super(`Order edit refused: ${result.outcome}`);
    this.name = "EditRefused";
  }
}

/**
 * Edits order `id` as `request` asks, by `actor`, in one transaction: the line items, the totals
 * (recomputed here, app/rules/order-edit.ts), the delivery address and its `addressKey`, the stock
 * (more units taken, fewer returned, through the ledger) and the history entry.
 *
 * Refused, with nothing written: `locked` once the order is shipped, delivered, cancelled or with a
 * courier; `conflict` when it changed since the form was shown; `no-lines` when no line would be
 * left (cancel the order instead); `too-many-lines`, `quantity` (outside 0 to 999);
 * `product-missing` for a product to add that no longer exists; `out-of-stock` with the lines the
 * stock cannot fill. `unchanged` when the edit changes nothing.
 * @throws database errors (nothing is written then).
 */
export async function editOrder(
  id: number,
  request: OrderEditRequest,
  fees: DeliveryFees,
  actor: StockActor,
): Promise<OrderEditResult> {
  try {
    return await prisma.$transaction((tx) => editOrderIn(tx, id, request, fees, actor));
  } catch (error) {
    if (error instanceof EditRefused) return error.result;
    if (error instanceof OutOfStockError) return { outcome: "out-of-stock", shortages: error.shortages };
    throw error;
  }
}

async function editOrderIn(
  tx: Prisma.TransactionClient,
  id: number,
  request: OrderEditRequest,
  fees: DeliveryFees,
  actor: StockActor,
): Promise<OrderEditResult> {
  const order = await tx.order.findUnique({
    where: { id },
    select: {
      status: true,
      consignmentId: true,
      updatedAt: true,
      customerAddress: true,
      area: true,
      district: true,
      shippingMethod: true,
      shippingFeePaisa: true,
      totalPaisa: true,
      discountPaisa: true,
      shippingDiscountPaisa: true,
      items: { orderBy: { id: "asc" }, select: editableLineSelect },
    },
  });
  if (!order) return { outcome: "not-found" };
  if (!isEditable(order)) return { outcome: "locked" };
  if (order.updatedAt.getTime() !== request.version) return { outcome: "conflict" };

  let add = null;
  if (request.add) {
    const [variant] = await getVariantsForCart([request.add.variantId], tx);
    if (!variant) return { outcome: "product-missing" };
    add = {
      productId: variant.productId,
      variantId: variant.variantId,
      productName: variant.name,
      productNameBn: variant.nameBn,
      variantLabel: variant.label,
      variantLabelBn: variant.labelBn,
      sku: variant.sku ?? "",
      unitPricePaisa: unitPricePaisa(variant),
      quantity: request.add.quantity,
    };
  }
  const planned = planOrderEdit(
    {
      lines: order.items,
      shippingFeePaisa: order.shippingFeePaisa,
      totalPaisa: order.totalPaisa,
      discountPaisa: order.discountPaisa,
      shippingDiscountPaisa: order.shippingDiscountPaisa,
      address: {
        customerAddress: order.customerAddress,
        area: order.area ?? "",
        district: order.district ?? "",
        shippingMethod: order.shippingMethod,
      },
    },
    { quantities: request.quantities, add, address: request.address },
    fees,
  );
  if (!planned.ok) return { outcome: planned.reason };
  const { plan } = planned;
  if (plan.changes.length === 0) return { outcome: "unchanged" };

  // The version check and the write in one statement: a change that landed since is not overwritten.
  const { count } = await tx.order.updateMany({
    where: { id, updatedAt: order.updatedAt },
    data: {
      customerAddress: request.address.customerAddress,
      area: request.address.area,
      district: request.address.district,
      shippingMethod: plan.shippingMethod,
      addressKey: addressKey(request.address.customerAddress, request.address.area, request.address.district),
      subtotalPaisa: plan.subtotalPaisa,
      shippingFeePaisa: plan.shippingFeePaisa,
      discountPaisa: plan.discountPaisa,
      shippingDiscountPaisa: plan.shippingDiscountPaisa,
      totalPaisa: plan.totalPaisa,
      itemCount: plan.itemCount,
      productId: plan.firstProductId,
    },
  });
  if (count !== 1) throw new EditRefused({ outcome: "conflict" });
  for (const line of plan.update) {
    await tx.orderItem.update({
      where: { id: line.id },
      data: { quantity: line.quantity, subtotalPaisa: line.subtotalPaisa },
    });
  }
  if (plan.remove.length > 0) await tx.orderItem.deleteMany({ where: { id: { in: plan.remove }, orderId: id } });
  for (const line of plan.create) await tx.orderItem.create({ data: { orderId: id, ...line } });

  const taken = [...plan.stock].filter(([, units]) => units < 0);
  const returned = new Map([...plan.stock].filter(([, units]) => units > 0));
  if (taken.length > 0) {
    const lines = taken.map(([variantId, units]) => ({ variantId, quantity: -units }));
    await takeStock(tx, { orderId: id, lines }, "order-edited", actor);
  }
  if (returned.size > 0) await returnUnits(tx, id, returned, actor);

  await tx.orderEdit.create({
    data: {
      orderId: id,
      changes: JSON.stringify(plan.changes),
      changedById: actor?.id ?? null,
      changedByEmail: actor?.email ?? null,
    },
  });
  return { outcome: "edited", totalPaisa: plan.totalPaisa, changes: plan.changes };
}

/** The edits of an order, oldest first, with their changes parsed, for its history. */
export async function getOrderEdits(orderId: number) {
  const rows = await prisma.orderEdit.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, changes: true, changedByEmail: true, createdAt: true },
  });
  return rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) as OrderEditChange[] }));
}
