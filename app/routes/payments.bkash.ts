/**
 * POST /payments/bkash: a shopper starts paying an order's advance by bKash checkout
 * (docs/decisions/061-bkash-checkout.md). The form names the order (`order`) and the page's
 * language (`lang`); the proof that this shopper may pay it is the browser's placed-orders cookie
 * (app/server/cart/placed-orders-cookie.server.ts) or, from the tracking page, the order's phone
 * (`phone`, checked by the tracking look-up with its limits). The amount is the order's advance left
 * to pay, never a form's. The answer is a 303 to bKash's page, or back to the order with a message
 * (nothing due, bKash down or slow: the order is kept and nothing is charged). Works without JavaScript.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { isLang, localePath, type Lang } from "~/i18n";
import { parseOrderNumber } from "~/rules/order-number";
import { clientAddressOf } from "~/server/audit.server";
import { placedByThisBrowser } from "~/server/cart/placed-orders-cookie.server";
import { readFormData } from "~/server/form-data.server";
import { requestTranslator } from "~/server/i18n.server";
import { startBkashPayment } from "~/server/payments/bkash-checkout.server";
import { publicOrigin } from "~/utils/seo";
import { lookUpOrder } from "./_shop.orders.track/lookup.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** A GET has nothing to do here: the tracking page. */
export function loader() {
  return redirect("/orders/track", { status: 303, headers: NO_STORE });
}

/** Where the shopper reads how the start went: the tracking page (when they came with a phone) or the confirmation page. */
function backTo(lang: Lang, orderId: number, phone: string, result: string): string {
  if (phone) {
    const query = new URLSearchParams({ order: String(orderId), phone, payment: result });
    return `${localePath(lang, "/orders/track")}?${query}`;
  }
  return `${localePath(lang, "/order-success")}?order=${orderId}&payment=${result}`;
}

/** Starts the bKash payment (see the module's comment). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const typedLang = form.get("lang");
  const lang: Lang = isLang(typedLang) ? typedLang : "en";
  const orderId = parseOrderNumber(String(form.get("order") ?? ""));
  const phone = String(form.get("phone") ?? "").slice(0, 40);
  if (orderId === null) return redirect(localePath(lang, "/orders/track"), { status: 303, headers: NO_STORE });
  let proven = await placedByThisBrowser(request, orderId);
  if (!proven && phone) {
    const lookup = await lookUpOrder(
      { order: String(orderId), phone },
      clientAddressOf(context),
      requestTranslator(request),
    );
    proven = lookup.status === 200;
  }
  if (!proven) {
    // Not this shopper's order as far as the shop can tell: the tracking page asks for the phone.
    return redirect(`${localePath(lang, "/orders/track")}?order=${orderId}`, { status: 303, headers: NO_STORE });
  }
  const origin = publicOrigin(request, getEnv().PUBLIC_URL);
  const started = await startBkashPayment(orderId, () => `${origin}/payments/bkash/callback?order=${orderId}`);
  if ("redirect" in started) return redirect(started.redirect, { status: 303, headers: NO_STORE });
  return redirect(backTo(lang, orderId, phone, started.result), { status: 303, headers: NO_STORE });
}
