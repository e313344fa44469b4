/**
 * GET /payments/bkash/callback?order=&paymentID=&status=success|failure|cancel: where bKash sends
 * the shopper back (docs/decisions/061-bkash-checkout.md). `status=success` is never trusted: the
 * payment is executed with bKash, and only its "Completed" marks the advance paid, once
 * (app/server/payments/bkash-checkout.server.ts). Then a 303 to the order's confirmation page, in
 * the order's language, with the result; a paymentID of no payment of this order changes nothing
 * and goes to the tracking page.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isLang, localePath } from "~/i18n";
import { parseOrderNumber } from "~/rules/order-number";
import { handleBkashCallback } from "~/server/payments/bkash-checkout.server";

/** Settles the payment bKash names, then sends the shopper to the result. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { orderId, language, result } = await handleBkashCallback(
    {
      order: parseOrderNumber(url.searchParams.get("order") ?? ""),
      paymentID: (url.searchParams.get("paymentID") ?? "").slice(0, 100),
      status: url.searchParams.get("status") ?? "",
    },
    context,
  );
  const lang = isLang(language) ? language : "en";
  const target = orderId
    ? `${localePath(lang, "/order-success")}?order=${orderId}&payment=${result}`
    : `${localePath(lang, "/orders/track")}?payment=${result}`;
  return redirect(target, { status: 303, headers: { "Cache-Control": "private, no-store" } });
}
