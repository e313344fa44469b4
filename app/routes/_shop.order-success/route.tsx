import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useLocalePath, useT } from "~/hooks/use-t";
import { langFromPath, registerCatalogue, translator } from "~/i18n";
import { checkoutMessages } from "~/i18n/checkout-messages";
import { seoContextFor } from "~/server/http/seo.server";
import { pageTitle, seoMeta } from "~/utils/seo";

// The confirmation's texts travel with the checkout's, in both languages (decision 023).
registerCatalogue("en", checkoutMessages.en);
registerCatalogue("bn", checkoutMessages.bn);

/** Head tags built by the loader (app/server/http/seo.server.ts). */
export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  data?.meta ?? [
    { title: translator(langFromPath(location.pathname))("success.title") },
    { name: "robots", content: "noindex" },
  ];

/** Reads the order number from ?order (shown only; it reveals nothing about the order). */
export async function loader({ request }: LoaderFunctionArgs) {
  const order = Number(new URL(request.url).searchParams.get("order"));
  const seo = await seoContextFor(request);
  const meta = seoMeta(seo, {
    title: pageTitle(seo.t("success.title"), seo),
    description: seo.description,
    path: "/order-success",
    robots: "noindex",
  });
  return { orderId: Number.isSafeInteger(order) && order > 0 ? order : null, meta };
}

/** Order success: the order's number, a link to track it, and the way back to the shop. */
export default function OrderSuccessPage() {
  const t = useT();
  const href = useLocalePath();
  const { orderId } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <div
        aria-hidden="true"
        className="mx-auto mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700"
      >
        ✓
      </div>
      <h1 className="text-3xl font-semibold">{t("success.title")}</h1>
      <p className="mt-3 text-stone-700">{t("success.body")}</p>
      {orderId ? (
        <>
          <p
            className="mx-auto mt-6 max-w-sm rounded-lg border-2 border-amber-300 bg-amber-50 px-4 py-3 text-xl font-semibold"
            data-testid="order-number"
          >
            {t("success.orderNumber", { id: orderId })}
          </p>
          <Link
            to={`${href("/orders/track")}?order=${orderId}`}
            className="mt-4 inline-block font-medium text-amber-800 underline"
            data-testid="track-link"
          >
            {t("success.track")}
          </Link>
        </>
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
