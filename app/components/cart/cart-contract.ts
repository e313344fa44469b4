/**
 * What the /cart route (app/routes/_shop.cart/) and the cart's client half in this folder agree on:
 * the route's id and loader data, the field that marks a form sent by a fetcher, and the action's
 * answer to such a form. Both sides import this module, so neither imports the other.
 */
import type { MetaDescriptor } from "@remix-run/react";
import type { LineItem } from "~/rules/pricing";
import type { DeliveryFees } from "~/rules/shipping";
import type { AdvanceRule } from "~/rules/advance";
import type { ImageInfo } from "~/utils/image-url";

/** The route id of the cart page (the folder route app/routes/_shop.cart/route.tsx). */
export const CART_ROUTE_ID = "routes/_shop.cart";

/**
 * A variant as the cart page shows it, in the page's language: its product's name and id, its
 * label ("56″ / Brown"; "" for a product without options), prices in paisa.
 */
export type CartProduct = {
  variantId: number;
  productId: number;
  name: string;
  label: string;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  /** Units a shopper may buy now; null when the product does not track stock. */
  available: number | null;
  image: ImageInfo | null;
};

/**
 * The cart page's loader data: the priced line items in cart order, the subtotal in paisa,
 * whether lines for products no longer sold were just dropped, the checkout form's one-time token,
 * and the page's head tags (built on the server).
 */
export type CartPageData = {
  lineItems: LineItem<CartProduct>[];
  subtotalPaisa: number;
  productsRemoved: boolean;
  checkoutToken: string;
  /** The shop's delivery fees now (its settings), for the checkout form to show. */
  fees: DeliveryFees;
  /** The shop's advance rule (app/rules/advance.ts), so the form says before ordering that one is asked. */
  advance: AdvanceRule;
  /** The campaign code applied in the cart, checked and priced for it now; null: none. */
  code: CartCode | null;
  meta: MetaDescriptor[];
};

/**
 * A campaign code on the cart as the page shows it (docs/decisions/060-campaign-codes.md): the
 * code, its saving in paisa (off the items; `freeDelivery`: the delivery charge is waived), or, when
 * it does not apply to the cart now, why (`refusal`, in the page's language; the saving is then 0).
 */
export type CartCode = { code: string; discountPaisa: number; freeDelivery: boolean; refusal: string | null };

/**
 * The form field that marks a cart form sent by a fetcher (JavaScript): the /cart action then
 * answers with a {@link CartFetchResult} instead of redirecting. A plain form post never has it.
 */
export const CART_FETCH_FIELD = "_fetcher";
/** The value of {@link CART_FETCH_FIELD}. */
export const CART_FETCH_VALUE = "1";
/** The form field with the product's name, sent by fetchers only, for the announcements. */
export const CART_PRODUCT_NAME_FIELD = "productName";

/**
 * The /cart action's answer to a fetcher: `ok` when the cart is now what the shopper asked for;
 * otherwise a message for the shopper. `limited` means the cart did change, but a limit
 * (MAX_CART_LINES, MAX_LINE_QUANTITY) cut the change short.
 */
export type CartFetchResult = { ok: true } | { ok: false; message: string; limited?: boolean };
