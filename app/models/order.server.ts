/**
 * Orders: placement (spec sections 4, 5, 9) and the admin reads and status change (spec section 2).
 *
 * `placeOrder` prices the cart from the database, never from the form, and writes the order and
 * its line items in one transaction: if any insert fails nothing is written. The checkout token
 * (unique per rendered checkout form) makes a double submit return the first order.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import type { CartLine } from "~/utils/cart";
import { ADMIN_PAGE_SIZE, paginate } from "~/utils/pagination";
import { orderTotals, priceCart } from "~/utils/pricing";
import type { CheckoutInput, OrderStatus } from "~/utils/schemas";

/** The outcome of placing an order. */
export type PlaceOrderResult =
  | { ok: true; orderId: number; duplicate: boolean }
  | { ok: false; reason: "empty-cart" | "cart-changed" | "price-changed" | "too-large"; missingProductIds: number[] };

/**
 * The largest order total accepted online, in paisa (৳1 crore). Amounts are 32-bit integers in the
 * database (at most 2,147,483,647 paisa); a larger order is refused with a message, not an error.
 */
export const MAX_ORDER_TOTAL_PAISA = 1_000_000_000;

/**
 * Places a cash-on-delivery order for `lines` with the shopper's details.
 * Status and payment status start as "pending". Writes nothing and returns a reason when there is
 * nothing to order (`empty-cart`), a product is no longer sold (`cart-changed`), the subtotal is
 * not the one the shopper was shown (`price-changed`), or the total exceeds MAX_ORDER_TOTAL_PAISA
 * (`too-large`).
 * @throws database errors other than a duplicate checkout token; nothing is written then.
 */
export async function placeOrder(input: CheckoutInput, lines: CartLine[]): Promise<PlaceOrderResult> {
  const existing = await findOrderByCheckoutToken(input.checkoutToken);
  if (existing) return { ok: true, orderId: existing, duplicate: true };
  if (lines.length === 0) return { ok: false, reason: "empty-cart", missingProductIds: [] };

  const products = await prisma.product.findMany({
    where: { id: { in: lines.map((line) => line.productId) } },
    select: { id: true, name: true, pricePaisa: true, discountedPricePaisa: true },
  });
  const cart = priceCart(lines, products);
  if (cart.missingProductIds.length > 0) {
    return { ok: false, reason: "cart-changed", missingProductIds: cart.missingProductIds };
  }
  if (cart.subtotalPaisa !== input.expectedSubtotalPaisa) {
    return { ok: false, reason: "price-changed", missingProductIds: [] };
  }
  const { shippingFeePaisa, totalPaisa } = orderTotals(cart.subtotalPaisa, input.shippingMethod);
  if (totalPaisa > MAX_ORDER_TOTAL_PAISA) return { ok: false, reason: "too-large", missingProductIds: [] };

  try {
    const order = await prisma.$transaction(async (tx) => {
      const created = await tx.order.create({
        data: {
          customerName: input.name,
          customerEmail: input.email ?? null,
          customerPhone: input.phone,
          customerAddress: input.address,
          shippingMethod: input.shippingMethod,
          shippingFeePaisa,
          subtotalPaisa: cart.subtotalPaisa,
          totalPaisa,
          status: "pending",
          paymentStatus: "pending",
          itemCount: cart.itemCount,
          productId: cart.lineItems[0]?.product.id ?? null,
          checkoutToken: input.checkoutToken,
        },
        select: { id: true },
      });
      await tx.orderItem.createMany({
        data: cart.lineItems.map((item) => ({
          orderId: created.id,
          productId: item.product.id,
          productName: item.product.name,
          unitPricePaisa: item.unitPricePaisa,
          quantity: item.quantity,
          subtotalPaisa: item.subtotalPaisa,
        })),
      });
      return created;
    });
    return { ok: true, orderId: order.id, duplicate: false };
  } catch (error) {
    // A concurrent submit of the same form won the race: answer with its order.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const winner = await findOrderByCheckoutToken(input.checkoutToken);
      if (winner) return { ok: true, orderId: winner, duplicate: true };
    }
    throw error;
  }
}

async function findOrderByCheckoutToken(checkoutToken: string): Promise<number | null> {
  const row = await prisma.order.findUnique({ where: { checkoutToken }, select: { id: true } });
  return row?.id ?? null;
}

/** One page of the admin orders list, newest first (spec section 7), with each order's items for the Products column. */
export async function listOrdersForAdmin(page: number) {
  return paginate(
    page,
    ADMIN_PAGE_SIZE,
    () => prisma.order.count(),
    (window) =>
      prisma.order.findMany({
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...window,
        select: {
          id: true,
          createdAt: true,
          customerName: true,
          customerPhone: true,
          itemCount: true,
          totalPaisa: true,
          status: true,
          items: { orderBy: { id: "asc" }, select: { productName: true, quantity: true } },
        },
      }),
  );
}

/** One order with its items for /admin/orders/view/:id, or null. */
export async function getOrderForAdmin(id: number) {
  return prisma.order.findUnique({
    where: { id },
    select: {
      id: true,
      createdAt: true,
      customerName: true,
      customerEmail: true,
      customerPhone: true,
      customerAddress: true,
      shippingMethod: true,
      shippingFeePaisa: true,
      subtotalPaisa: true,
      totalPaisa: true,
      status: true,
      paymentStatus: true,
      items: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          productId: true,
          productName: true,
          unitPricePaisa: true,
          quantity: true,
          subtotalPaisa: true,
        },
      },
    },
  });
}

/** Sets an order's status (any value may follow any other, spec section 4). Returns false when there is no such order. */
export async function updateOrderStatus(id: number, status: OrderStatus): Promise<boolean> {
  const { count } = await prisma.order.updateMany({ where: { id }, data: { status } });
  return count === 1;
}
