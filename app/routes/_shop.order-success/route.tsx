import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdvancePayment } from "~/components/advance-payment";
import { useLocalePath, useT } from "~/hooks/use-t";
import { langFromPath, langOfRequest, localePath, registerMessages, translator } from "~/i18n";
import { getShopSettings } from "~/models/settings.server";
import { readFormData } from "~/server/form-data.server";
import { serverTranslator } from "~/server/i18n.server";
import { submitSendMoney } from "~/server/payments/send-money-form.server";
import { checkoutMessages } from "~/i18n/checkout-messages";
import { paymentMessages } from "~/i18n/payment-messages";
import { BkashPayButton, PaymentResultNotice, paymentResultOf } from "~/components/payments/bkash-pay-button";
import { bkashConfigured } from "~/server/payments/bkash-account.server";
import { advanceLeftToPay } from "~/rules/advance";
import { getOrderConfirmation } from "~/models/orders/order-for-shopper.server";
import { seoContextFor } from "~/server/http/seo.server";
import { placedByThisBrowser } from "~/server/cart/placed-orders-cookie.server";
import { pageTitle, seoMeta } from "~/utils/seo";
import { OrderConfirmation } from "./order-confirmation";

// The confirmation's texts travel with the checkout's, in both languages (decision 023).
registerMessages("en", checkoutMessages.en);
registerMessages("bn", checkoutMessages.bn);
registerMessages("en", paymentMessages.en);
registerMessages("bn", paymentMessages.bn);

/** Head tags built by the loader (app/server/http/seo.server.ts). */
export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  data?.meta ?? [
    { title: translator(langFromPath(location.pathname))("success.title") },
    { name: "robots", content: "noindex" },
  ];

/** The page may show the buyer's address and items: never stored by any cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * Reads the order number from ?order. The order's details (app/models/orders/order-for-shopper.server.ts
 * `getOrderConfirmation`) only for the browser that placed it, as its `haat_placed` cookie says
 * (app/server/cart/placed-orders-cookie.server.ts): numbers are sequential, so anyone else, a guessed
 * number included, gets the number alone (it reveals nothing about the order).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const orderId = orderIdOf(request);
  const details = orderId && (await placedByThisBrowser(request, orderId)) ? await getOrderConfirmation(orderId) : null;
  const settings = await getShopSettings();
  const numbers = { bkash: settings.bkashSendMoneyNumber, nagad: settings.nagadSendMoneyNumber };
  // The buyer's advance still due, payable by bKash checkout when the shop has a merchant account.
  const due = details && advanceLeftToPay(details);
  const bkashDuePaisa = due && (await bkashConfigured()) ? due : null;
  const payment = paymentResultOf(new URL(request.url).searchParams.get("payment"));
  const seo = await seoContextFor(request);
  const meta = seoMeta(seo, {
    title: pageTitle(seo.t("success.title"), seo),
    description: seo.description,
    path: "/order-success",
    robots: "noindex",
  });
  return data(
    { orderId, details, numbers, meta, payment, bkashDuePaisa },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The order number of `?order` (a positive whole number), or null. */
function orderIdOf(request: Request): number | null {
  const order = Number(new URL(request.url).searchParams.get("order"));
  return Number.isSafeInteger(order) && order > 0 ? order : null;
}

/**
 * The Send Money form of the order's advance (app/server/payments/send-money-form.server.ts), for
 * the browser that placed the order only (its `haat_placed` cookie): then back to this page, or 400
 * with the messages and what was typed (403 for any other browser).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const lang = langOfRequest(request);
  const orderId = orderIdOf(request);
  return submitSendMoney({
    form,
    orderId,
    allowed: orderId !== null && (await placedByThisBrowser(request, orderId)),
    backTo: `${localePath(lang, "/order-success")}?order=${orderId}`,
    t: serverTranslator(lang),
  });
}

/**
 * Order success: the order's number, and for its buyer the advance to pay (with its Send Money form),
 * what they ordered, the cash to have ready,
 * where it goes and what happens next (./order-confirmation.tsx); for anyone else a link to track
 * it. Then the way back to the shop.
 */
export default function OrderSuccessPage() {
  const t = useT();
  const href = useLocalePath();
  const { orderId, details, numbers, payment, bkashDuePaisa } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center sm:py-20">
      <div
        aria-hidden="true"
        className="mx-auto mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700"
      >
        ✓
      </div>
      <h1 className="text-3xl font-semibold">{t("success.title")}</h1>
      <p className="mt-3 text-stone-700">{t("success.body")}</p>
      {orderId ? (
        <p
          className="mx-auto mt-6 max-w-sm rounded-lg border-2 border-amber-300 bg-amber-50 px-4 py-3 text-xl font-semibold"
          data-testid="order-number"
        >
          {t("success.orderNumber", { id: orderId })}
        </p>
      ) : null}
      <PaymentResultNotice result={payment} />
      {details ? (
        <div className="mt-8 space-y-6">
          <AdvancePayment
            order={details}
            numbers={numbers}
            refusal={refusal?.sendMoney}
            paymentOptions={
              orderId && bkashDuePaisa ? <BkashPayButton orderId={orderId} amountPaisa={bkashDuePaisa} /> : undefined
            }
          />
          <OrderConfirmation order={details} />
        </div>
      ) : orderId ? (
        <Link
          to={`${href("/orders/track")}?order=${orderId}`}
          className="mt-4 inline-block py-2 font-medium text-amber-800 underline"
          data-testid="track-link"
        >
          {t("success.track")}
        </Link>
      ) : null}
      <div>
        <Link
          to={href("/")}
          className="mt-8 inline-block rounded-md bg-amber-700 px-5 py-2.5 font-medium text-white hover:bg-amber-800"
        >
          {t("success.continueShopping")}
        </Link>
      </div>
    </div>
  );
}
