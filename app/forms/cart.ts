/**
 * The cart's forms (spec section 4 operations: add, buy-now, update, remove), one `intent` each.
 *
 * The one source of the cart form rules: the /cart action validates every post with
 * `cartActionSchema`, and the optimistic cart in the browser (app/components/cart/optimistic-cart.ts)
 * reads the forms still in flight with the same schema, so what the page shows is what the server
 * will do. Written with `zod/mini` because it ships to every storefront page
 * (docs/decisions/016-storefront-javascript-budget.md); server-only forms use full zod.
 *
 * Rules: `productId` a positive integer; an add's or buy-now's `quantity` outside 1..MAX_LINE_QUANTITY
 * (or missing) counts as 1; an update's non-integer quantity counts as 0, which the cart rules
 * ignore (app/rules/cart.ts `updateQuantity`).
 */
import * as z from "zod/mini";
import { MAX_LINE_QUANTITY } from "~/rules/cart";

const integer = () => z.pipe(z.coerce.number(), z.int());
const productId = z.pipe(z.coerce.number(), z.int().check(z.positive()));
const addQuantity = z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(MAX_LINE_QUANTITY))), 1);

/** A cart form's fields, as posted to /cart (strings), validated and coerced. */
export const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId, quantity: addQuantity }),
  z.object({ intent: z.literal("buy-now"), productId, quantity: addQuantity }),
  z.object({ intent: z.literal("update"), productId, quantity: z.catch(integer(), 0) }),
  z.object({ intent: z.literal("remove"), productId }),
]);

/** A valid cart form: `{ intent, productId, quantity? }`, quantities in units. */
export type CartAction = z.output<typeof cartActionSchema>;

/** The cart form in `form`, or null when it is not a valid one (a stale or tampered form). */
export function parseCartForm(form: FormData): CartAction | null {
  const parsed = cartActionSchema.safeParse(Object.fromEntries(form));
  return parsed.success ? parsed.data : null;
}
