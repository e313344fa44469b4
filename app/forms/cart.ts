/**
 * The cart's forms (add, buy-now, update, remove), one `intent` each.
 *
 * The one source of the cart form rules: the /cart action reads every post with `parseCartForm`,
 * and the optimistic cart in the browser (app/components/cart/optimistic-cart.ts) reads the forms
 * still in flight with the same function, so what the page shows is what the server will do.
 * A plain function, not a zod schema like the other forms: it ships to every storefront page, and
 * zod (even `zod/mini`) would add about 12 KB gzipped to a budget of 100 KB
 * (docs/decisions/018-cart-form-parser.md).
 *
 * Rules: `variantId` (the variant to buy) a positive integer; an add's or buy-now's `quantity` outside
 * 1..MAX_LINE_QUANTITY (or missing) counts as 1; an update's non-integer quantity counts as 0,
 * which the cart rules ignore (app/rules/cart.ts `updateQuantity`). Numbers are read as `Number()`
 * reads them ("", " 4 ", "1e3" and "+5" are 0, 4, 1000 and 5), in ASCII or Bengali digits ("৩" is
 * 3: a Bangla page's quantity box shows Bengali digits). A field sent twice counts with its
 * first value (`FormData.get`), on the server and in the browser alike.
 */
import { MAX_LINE_QUANTITY } from "~/rules/cart";
import { toAsciiDigits } from "~/rules/phone";

/** A valid cart form; quantities in units. */
export type CartAction =
  | { intent: "add" | "buy-now"; variantId: number; quantity: number }
  | { intent: "update"; variantId: number; quantity: number }
  | { intent: "remove"; variantId: number };

/**
 * A form value (ASCII or Bengali digits) as a safe integer the way `Number()` reads it, else null
 * (missing, a file, "abc", "2.5").
 */
function integerOf(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string") return null;
  const number = Number(toAsciiDigits(value));
  return Number.isSafeInteger(number) ? number : null;
}

/** The cart form in `form`, or null when it is not a valid one (a stale or tampered form, checkout). */
export function parseCartForm(form: FormData): CartAction | null {
  const variantId = integerOf(form.get("variantId"));
  if (variantId === null || variantId < 1) return null;
  const quantity = integerOf(form.get("quantity"));
  const intent = form.get("intent");
  switch (intent) {
    case "add":
    case "buy-now":
      return {
        intent,
        variantId,
        quantity: quantity !== null && quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? quantity : 1,
      };
    case "update":
      return { intent, variantId, quantity: quantity ?? 0 };
    case "remove":
      return { intent, variantId };
    default:
      return null;
  }
}
