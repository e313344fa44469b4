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
import { checkoutMessages } from "~/i18n/checkout-messages";
import { trackingMessages } from "~/i18n/tracking-messages";
import { paymentMessages } from "~/i18n/payment-messages";
import { BkashPayButton, PaymentResultNotice, paymentResultOf } from "~/components/payments/bkash-pay-button";
import { bkashConfigured } from "~/server/payments/bkash-account.server";
import { advanceLeftToPay } from "~/rules/advance";
import { getShopSettings } from "~/models/settings.server";
import { readFormData } from "~/server/form-data.server";
import { clientAddressOf } from "~/server/audit.server";
import { submitSendMoney } from "~/server/payments/send-money-form.server";
import { requestTranslator } from "~/server/i18n.server";
import { seoContextFor } from "~/server/http/seo.server";
import { pageTitle, seoMeta } from "~/utils/seo";
import { LookupForm } from "./lookup-form";
import { lookUpOrder, type TrackingAnswer } from "./lookup.server";
import { TrackedOrderDetails } from "./tracked-order";

// The tracking page's texts travel with its module, in both languages (decision 023).
registerMessages("en", trackingMessages.en);
registerMessages("bn", trackingMessages.bn);
// The advance's texts (payment due, the Send Money form) are the confirmation page's.
registerMessages("en", checkoutMessages.en);
registerMessages("bn", checkoutMessages.bn);
registerMessages("en", paymentMessages.en);
registerMessages("bn", paymentMessages.bn);

/** Head tags built by the loader: a personal page, never indexed. */
export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) =>
  loaderData?.meta ?? [
    { title: translator(langFromPath(location.pathname))("track.title") },
    { name: "robots", content: "noindex" },
  ];

/** The answer is personal (an order's items and status): never stored by any cache. */
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": "private, no-store",
  ...(loaderHeaders.has("Retry-After") ? { "Retry-After": loaderHeaders.get("Retry-After")! } : {}),
});

/**
 * Order tracking for shoppers without an account (GET `?order=&phone=`; works without JavaScript).
 * Without both fields: the empty form. With them: the order's status history, items and totals
 * when the pair matches; otherwise one "not found" answer (404), the same whether the number
 * exists or the phone is wrong, after the same work. Bad input: 400 with a message per field.
 * Lookups are limited per address and per order number (./tracking-limit.server.ts): 429 with
 * Retry-After. What was typed is always given back to refill the form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = requestTranslator(request);
  const seo = await seoContextFor(request);
  const meta = seoMeta(seo, {
    title: pageTitle(t("track.title"), seo),
    description: seo.description,
    path: "/orders/track",
    robots: "noindex",
  });
  const typed = typedOf(url);
  const settings = await getShopSettings();
  const numbers = { bkash: settings.bkashSendMoneyNumber, nagad: settings.nagadSendMoneyNumber };
  const payment = paymentResultOf(url.searchParams.get("payment"));
  if (!url.searchParams.has("phone")) {
    const empty: Omit<TrackingAnswer, "status"> = { order: null, fieldErrors: {}, formError: null };
    return data({ meta, typed, numbers, payment, bkashDuePaisa: null, ...empty });
  }
  const { status, retryAfterSeconds, ...answer } = await lookUpOrder(typed, clientAddressOf(context), t);
  const headers: HeadersInit = retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) };
  // The advance still due, payable by bKash checkout when the shop has a merchant account.
  const due = answer.order && advanceLeftToPay(answer.order);
  const bkashDuePaisa = due && (await bkashConfigured()) ? due : null;
  return data({ meta, typed, numbers, payment, bkashDuePaisa, ...answer }, { status, headers });
}

/** The order number and phone typed into the look-up (the page's query). */
function typedOf(url: URL) {
  return { order: url.searchParams.get("order") ?? "", phone: url.searchParams.get("phone") ?? "" };
}

/**
 * The Send Money form of the order's advance (app/server/payments/send-money-form.server.ts), posted
 * to the page's address: the order number and phone in its query must match, as the look-up checks
 * them (and charges its limits), before anything is written. Then back to the page, or 400 with the
 * messages and what was typed (403 when the pair does not match).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const lang = langOfRequest(request);
  const t = requestTranslator(request);
  const typed = typedOf(new URL(request.url));
  const answer = await lookUpOrder(typed, clientAddressOf(context), t);
  return submitSendMoney({
    form,
    orderId: answer.order?.id ?? null,
    allowed: answer.status === 200,
    backTo: `${localePath(lang, "/orders/track")}?${new URLSearchParams(typed)}`,
    t,
  });
}

/** /orders/track: the lookup form and, for a matching pair, the order's advance (to pay) and the order. */
export default function TrackOrderPage() {
  const t = useT();
  const href = useLocalePath();
  const { typed, order, fieldErrors, formError, numbers, payment, bkashDuePaisa } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-semibold">{t("track.title")}</h1>
      {order ? null : <p className="mt-2 text-stone-700">{t("track.intro")}</p>}
      {formError ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
          data-testid="track-error"
        >
          {formError}
        </p>
      ) : null}
      <PaymentResultNotice result={payment} />
      {order ? (
        <div className="mt-6">
          <AdvancePayment
            order={order}
            numbers={numbers}
            refusal={refusal?.sendMoney}
            paymentOptions={
              bkashDuePaisa ? (
                <BkashPayButton orderId={order.id} amountPaisa={bkashDuePaisa} phone={typed.phone} />
              ) : undefined
            }
          />
        </div>
      ) : null}
      {order ? <TrackedOrderDetails order={order} /> : <LookupForm typed={typed} fieldErrors={fieldErrors} />}
      {order ? (
        <Link to={href("/orders/track")} className="mt-8 inline-block font-medium text-amber-800 underline">
          {t("track.another")}
        </Link>
      ) : null}
    </div>
  );
}
