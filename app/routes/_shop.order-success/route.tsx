import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useLocalePath, useT } from "~/hooks/use-t";
import { langFromPath, registerMessages, translator } from "~/i18n";
import { checkoutMessages } from "~/i18n/checkout-messages";
import { getOrderConfirmation } from "~/models/orders/order-for-shopper.server";
import { seoContextFor } from "~/server/http/seo.server";
import { placedByThisBrowser } from "~/server/cart/placed-orders-cookie.server";
import { pageTitle, seoMeta } from "~/utils/seo";
import { OrderConfirmation } from "./order-confirmation";

// The confirmation's texts travel with the checkout's, in both languages (decision 023).
registerMessages("en", checkoutMessages.en);
registerMessages("bn", checkoutMessages.bn);

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
  const order = Number(new URL(request.url).searchParams.get("order"));
  const orderId = Number.isSafeInteger(order) && order > 0 ? order : null;
  const details = orderId && (await placedByThisBrowser(request, orderId)) ? await getOrderConfirmation(orderId) : null;
  const seo = await seoContextFor(request);
  const meta = seoMeta(seo, {
    title: pageTitle(seo.t("success.title"), seo),
    description: seo.description,
    path: "/order-success",
    robots: "noindex",
  });
  return data({ orderId, details, meta }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * Order success: the order's number, and for its buyer what they ordered, the cash to have ready,
 * where it goes and what happens next (./order-confirmation.tsx); for anyone else a link to track
 * it. Then the way back to the shop.
 */
export default function OrderSuccessPage() {
  const t = useT();
  const href = useLocalePath();
  const { orderId, details } = useLoaderData<typeof loader>();
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
      {details ? (
        <OrderConfirmation order={details} />
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
