/**
 * Places an order the way a shopper does, through the cart page's action (add each line, read the
 * checkout form, post it), against the worker's real database.
 */
import { prisma } from "~/models/db/client.server";
import { shippingMethodOf } from "~/rules/districts";
import { action as cartAction, loader as cartLoader } from "~/routes/_shop.cart/route";
import { CookieJar, get, post, run, runData } from "./helpers";

/** The shopper's fields of the checkout form. */
type Shopper = Partial<Record<"name" | "phone" | "address" | "area" | "district" | "shippingMethod", string>>;

/**
 * Places an order for `lines` (variant id, quantity: what a cart line names) as `shopper` (a Dhaka address by default);
 * returns the new order's id.
 * @throws when the checkout did not place an order (its answer is in the message).
 */
export async function placeOrder(lines: [number, number][], shopper: Shopper = {}): Promise<number> {
  const jar = new CookieJar();
  for (const [variantId, quantity] of lines) {
    jar.take(
      (await run(cartAction, post("/cart", { intent: "add", variantId, quantity, redirectTo: "/" }, jar))).headers,
    );
  }
  const page = await runData(cartLoader, get("/cart", jar));
  const placed = await run(
    cartAction,
    post(
      "/cart",
      {
        intent: "checkout",
        name: shopper.name ?? "Edited Shopper",
        phone: shopper.phone ?? "01712345678",
        address: shopper.address ?? "House 4, Road 2",
        area: shopper.area ?? "Mirpur 10",
        district: shopper.district ?? "Dhaka",
        // The zone the form shows for the district (with JavaScript it ticks it at once).
        shippingMethod: shopper.shippingMethod ?? shippingMethodOf(shopper.district ?? "Dhaka") ?? "Inside Dhaka",
        checkoutToken: page.checkoutToken,
        expectedSubtotalPaisa: page.subtotalPaisa,
      },
      jar,
    ),
  );
  const order = await prisma.order.findFirst({ where: { checkoutToken: page.checkoutToken }, select: { id: true } });
  if (!order)
    throw new Error(`The checkout placed no order (answer ${placed.status}: ${JSON.stringify(placed).slice(0, 600)})`);
  return order.id;
}
