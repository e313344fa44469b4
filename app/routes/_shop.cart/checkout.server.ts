/**
 * The server half of checkout (contact, delivery address and shipping method): the checkout form
 * posted to /cart with `intent=checkout`. The cart is priced here from database prices, once (one
 * read of the product table), and the same priced cart is what `placeOrder` writes.
 */
import { data, redirect } from "@remix-run/node";
import { fieldErrorsFrom, type FormRefusal } from "~/forms/refusal";
import { checkoutSchema, type CheckoutValues } from "~/forms/schemas";
import { localePath, type Lang } from "~/i18n";
import { serverTranslator } from "~/server/i18n.server";
import { findOrderByCheckoutToken, placeOrder, type OrderCode } from "~/models/orders/place-order.server";
import { quoteCode } from "~/models/discounts/code-use.server";
import { discountedTotals, normaliseCode, type DiscountSaving } from "~/rules/discount-codes";
import { discountMessage, refusalMessage } from "~/rules/discount-refusal";
import { commitAppliedCode, getAppliedCode } from "~/server/cart/code-cookie.server";
import { codeLinesOf } from "./cart-code.server";
import { deliveryFees, getShopSettings } from "~/models/settings.server";
import { getVariantsForCart } from "~/models/catalogue/cart-variants.server";
import type { CartLine } from "~/rules/cart";
import { orderTotals, priceCart } from "~/rules/pricing";
import { findDistrict, placeName, shippingMethodOf } from "~/rules/districts";
import { DEFAULT_SHIPPING_METHOD, shippingFeePaisa, type DeliveryFees, type ShippingMethod } from "~/rules/shipping";
import { formatMoney } from "~/rules/money";
import { advanceRuleOf } from "~/rules/advance";
import { commitCart } from "~/server/cart/cart-cookie.server";
import { rememberPlacedOrder } from "~/server/cart/placed-orders-cookie.server";
import { announceNewOrder } from "~/server/mail/order-emails.server";
import { log } from "~/server/log.server";
import { checkoutCodeGate, postedCodeStep, type CodeStep } from "./checkout-code.server";

/** The checkout form's fields the shopper types or picks (the hidden ones are not among them). */
const CHECKOUT_FIELDS = ["name", "phone", "email", "address", "area", "district", "shippingMethod"] as const;

/**
 * The answer to a rejected checkout (status 400): the messages (always one for the whole form) and
 * every value the shopper typed.
 */
export type CheckoutActionData = FormRefusal<keyof CheckoutValues, CheckoutValues> & {
  formError: string;
  /** The cart or its prices changed: the page must load the cart again (the route's shouldRevalidate). */
  cartChanged: boolean;
  /** The one-time code step, when the form shows it (./checkout-code.server.ts). */
  codeStep?: CodeStep;
};

/**
 * Places the order for `lines` from the checkout form `form`. Success: a redirect to
 * /order-success?order=<id> that empties the cart and adds the order to the orders this browser
 * placed (~/server/cart/placed-orders-cookie.server.ts: only it sees the order's details there; a double
 * submit of the same form, sent with the same cart cookie, lands on the first order). Otherwise 400 with CheckoutActionData: an empty cart, field errors (the form kept),
 * a district that is not one of the 64 among them, a product no longer sold (its line is dropped from the cart cookie), a subtotal that is no longer
 * the one shown, a total above the online limit, a line the stock can no longer fill (the cart is
 * kept; nothing is written), a campaign code refused or saving something else than the page showed
 * (./cart-code.server.ts; checked again when the order is placed), a blocked phone or a checkout limit reached (the shop's settings; the
 * shopper is asked to phone), or a failed write (logged; nothing is written).
 * When the shop asks for a one-time code for the phone (./checkout-code.server.ts), the order is
 * placed only with the right code: until then the answer is 400 with the code step (`codeStep`),
 * and `resend` (the "Send a new code" button) only sends a new code. `address` is the client's
 * address key, which the code limits count by.
 * Messages, and the success page redirected to, are in `lang`, the language of the posting page;
 * `request` is the checkout's (its cookies name the orders this browser placed before).
 */
export async function checkout(
  request: Request,
  form: FormData,
  lines: CartLine[],
  lang: Lang,
  code: { address: string; resend: boolean } = { address: "unknown", resend: false },
) {
  const t = serverTranslator(lang);
  const values: CheckoutValues = {
    name: String(form.get("name") ?? ""),
    phone: String(form.get("phone") ?? ""),
    email: String(form.get("email") ?? ""),
    address: String(form.get("address") ?? ""),
    area: String(form.get("area") ?? ""),
    district: String(form.get("district") ?? ""),
    shippingMethod: String(form.get("shippingMethod") ?? DEFAULT_SHIPPING_METHOD),
  };
  // A code step the form showed stays, with its typed code, whatever else is refused.
  let codeStep = postedCodeStep(form);
  // Set when a code was typed right: the device remembers the phone, whatever the order's answer.
  let verifiedCookie: string | null = null;
  const reject = (
    formError: string,
    fieldErrors: CheckoutActionData["fieldErrors"] = {},
    init: { cartChanged?: boolean; setCookie?: string } = {},
  ) => {
    const headers = new Headers();
    for (const cookie of [init.setCookie, verifiedCookie]) if (cookie) headers.append("Set-Cookie", cookie);
    return data<CheckoutActionData>(
      { fieldErrors, formError, values, cartChanged: init.cartChanged ?? false, ...(codeStep ? { codeStep } : {}) },
      { status: 400, headers },
    );
  };
  const placed = async (orderId: number) => {
    const headers = new Headers();
    headers.append("Set-Cookie", await commitCart([]));
    headers.append("Set-Cookie", await commitAppliedCode(null));
    headers.append("Set-Cookie", await rememberPlacedOrder(request, orderId));
    if (verifiedCookie) headers.append("Set-Cookie", verifiedCookie);
    return redirect(`${localePath(lang, "/order-success")}?order=${orderId}`, { headers });
  };

  if (lines.length === 0) return reject(t("checkout.cartEmpty"));
  const parsed = checkoutSchema(t).safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error, CHECKOUT_FIELDS);
    // Only the hidden fields can fail without a field message: a stale or tampered form.
    return reject(Object.keys(fieldErrors).length > 0 ? t("checkout.formErrors") : t("checkout.failed"), fieldErrors);
  }
  const input = parsed.data;

  try {
    const existing = await findOrderByCheckoutToken(input.checkoutToken);
    if (existing) return placed(existing);
    const cart = priceCart(lines, await getVariantsForCart(lines.map((line) => line.variantId)));
    if (cart.missingVariantIds.length > 0) {
      const kept = lines.filter((line) => !cart.missingVariantIds.includes(line.variantId));
      return reject(t("cart.productRemoved"), {}, { cartChanged: true, setCookie: await commitCart(kept) });
    }
    if (cart.subtotalPaisa !== input.expectedSubtotalPaisa) {
      return reject(t("checkout.cartChanged"), {}, { cartChanged: true });
    }
    const campaign = await codeForOrder(request, form, cart.lineItems, cart.subtotalPaisa, lang);
    if (campaign.refused) return reject(campaign.refused, {}, { cartChanged: true });
    const settings = await getShopSettings();
    const fees = deliveryFees(settings);
    // The district decides the zone and its fee. A form that showed another zone with another fee
    // (without JavaScript the radio keeps the form's default until the shopper changes it) is
    // answered with the district's zone ticked and its fee and total, to confirm: the order is
    // never charged a fee the shopper was not shown.
    const method = shippingMethodOf(input.district);
    if (!method) throw new Error(`No shipping method for the district ${input.district}`);
    values.shippingMethod = method;
    if (
      input.shippingMethod !== undefined &&
      shippingFeePaisa(input.shippingMethod, cart.subtotalPaisa, fees) !==
        shippingFeePaisa(method, cart.subtotalPaisa, fees)
    ) {
      return reject(
        zoneConfirmation(t, lang, input.district, method, cart.subtotalPaisa, fees, campaign.order?.shown ?? null),
      );
    }
    // The last gate before the order: every other refusal is said before a code is spent on it.
    const gate = await checkoutCodeGate({ request, form, phone: input.phone, settings, lang, t, ...code });
    if (!gate.place) {
      codeStep = gate.step ?? undefined;
      return reject(gate.formError);
    }
    verifiedCookie = gate.setCookie;
    const limits = { perPhone: settings.phoneOrderLimit, perAddress: settings.addressOrderLimit };
    const advance = { rule: advanceRuleOf(settings), windowMinutes: settings.advanceWindowMinutes };
    const result = await placeOrder(input, cart, fees, { language: lang, limits, advance, code: campaign.order });
    if (result.ok) {
      // After the commit, in the background: the shopper's answer never waits for the mail server.
      if (!result.duplicate) void announceNewOrder(result.orderId);
      return placed(result.orderId);
    }
    switch (result.reason) {
      case "too-large":
        return reject(t("checkout.tooLarge", { phone: settings.phone }));
      case "out-of-stock":
        // The cart is kept: the page reloads it and shows, line by line, what is left.
        return reject(t("checkout.outOfStock"), {}, { cartChanged: true });
      case "blocked":
        return reject(t("checkout.blocked", { phone: settings.phone }));
      case "limit":
        return reject(t("checkout.limitReached", { phone: settings.phone }));
      case "empty-cart":
        return reject(t("checkout.cartEmpty"));
      case "code":
        return reject(
          discountMessage(lang, "code.atCheckout", {
            reason: refusalMessage(result.refusal, campaign.order?.code ?? "", lang),
          }),
          {},
          { cartChanged: true },
        );
      case "code-changed":
        return reject(discountMessage(lang, "code.changed"), {}, { cartChanged: true });
      case "discount-too-large":
        // Only staff give a discount in taka (an order they take); a checkout never carries one.
        throw new Error("A checkout carried a staff discount");
    }
  } catch (error) {
    log.error({ err: error }, "Order placement failed");
    return reject(t("checkout.failed"));
  }
}

/**
 * The message asking the shopper to confirm the district's shipping fee (amounts in `lang`'s
 * digits; the total after the campaign code's `saving`, when there is one): "Delivery to Chattogram is Outside Dhaka: shipping charge ৳120.00, total ৳1,320.00. Check
 * the total, then place the order." `subtotalPaisa` is the cart's, in paisa.
 */
function zoneConfirmation(
  t: ReturnType<typeof serverTranslator>,
  lang: Lang,
  districtName: string,
  method: ShippingMethod,
  subtotalPaisa: number,
  fees: DeliveryFees,
  saving: DiscountSaving | null,
): string {
  const district = findDistrict(districtName);
  const fee = orderTotals(subtotalPaisa, method, fees).shippingFeePaisa;
  const totals = discountedTotals(subtotalPaisa, fee, saving);
  return t("checkout.zoneConfirm", {
    district: district ? placeName(district, lang) : districtName,
    method: t(method === "Inside Dhaka" ? "checkout.insideDhaka" : "checkout.outsideDhaka"),
    fee: formatMoney(totals.shippingFeePaisa, { lang }),
    total: formatMoney(totals.totalPaisa, { lang }),
  });
}

/**
 * The campaign code the order is placed with, checked against what the checkout form showed
 * (`discountCode`, `expectedDiscountPaisa`, `expectedFreeDelivery`; the page's code box and summary):
 * - the cart's applied code (its cookie) applies now with the saving shown: `order` (placeOrder
 *   checks it again inside the order's transaction);
 * - it applies but the page showed another saving, or no code (applied since in another tab), or the
 *   page showed a code the cart no longer has: `refused` with "the saving of your code has changed";
 * - it no longer applies and the page showed it applying: `refused` with the rule's reason;
 * - it did not apply when the page was shown either (the page said why and showed no saving), or
 *   there is none: no code.
 * Messages in `lang`; `lineItems` and `subtotalPaisa` (paisa) are the cart priced for the order.
 */
async function codeForOrder(
  request: Request,
  form: FormData,
  lineItems: Parameters<typeof codeLinesOf>[0],
  subtotalPaisa: number,
  lang: Lang,
): Promise<{ order: OrderCode | null; refused?: string }> {
  const applied = await getAppliedCode(request);
  const shownCode = normaliseCode(String(form.get("discountCode") ?? ""));
  const shown: DiscountSaving = {
    discountPaisa: Number(form.get("expectedDiscountPaisa") ?? 0),
    freeDelivery: form.get("expectedFreeDelivery") === "1",
  };
  const changed = { order: null, refused: discountMessage(lang, "code.changed") };
  if (applied === null) return shownCode === null ? { order: null } : changed;
  const quote = await quoteCode(applied, codeLinesOf(lineItems), subtotalPaisa);
  if (!quote.ok) {
    if (shownCode !== applied) return { order: null };
    return {
      order: null,
      refused: discountMessage(lang, "code.atCheckout", { reason: refusalMessage(quote, applied, lang) }),
    };
  }
  if (
    shownCode !== applied ||
    quote.discountPaisa !== shown.discountPaisa ||
    quote.freeDelivery !== shown.freeDelivery
  ) {
    return changed;
  }
  return { order: { code: applied, shown: { discountPaisa: quote.discountPaisa, freeDelivery: quote.freeDelivery } } };
}
