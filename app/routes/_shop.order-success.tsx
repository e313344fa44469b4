import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useLocalePath, useT } from "~/hooks/use-t";
import { langFromPath, registerCatalogue, translator } from "~/i18n";
import { checkoutMessages } from "~/i18n/checkout-messages";
import { pageTitle, seoContext, seoMeta } from "~/utils/seo";

// The confirmation's texts travel with the checkout's, in both languages (decision 023).
registerCatalogue("en", checkoutMessages.en);
registerCatalogue("bn", checkoutMessages.bn);

export const meta: MetaFunction = ({ matches, location }) => {
  const seo = seoContext(matches, location);
  if (!seo)
    return [
      { title: translator(langFromPath(location.pathname))("success.title") },
      { name: "robots", content: "noindex" },
    ];
  return seoMeta(seo, {
    title: pageTitle(seo.t("success.title"), seo),
    description: seo.description,
    path: "/order-success",
    robots: "noindex",
  });
};

/** Reads the order number from ?order (shown only; it reveals nothing about the order). */
export async function loader({ request }: LoaderFunctionArgs) {
  const order = Number(new URL(request.url).searchParams.get("order"));
  return { orderId: Number.isSafeInteger(order) && order > 0 ? order : null };
}

/** Order success, spec section 2. */
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
        <p className="mt-2 font-medium" data-testid="order-number">
          {t("success.orderNumber", { id: orderId })}
        </p>
      ) : null}
      <Link
        to={href("/")}
        className="mt-8 inline-block rounded-md bg-amber-700 px-5 py-2.5 font-medium text-white hover:bg-amber-800"
      >
        {t("success.continueShopping")}
      </Link>
    </div>
  );
}
