import crypto from "node:crypto";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Link,
  useActionData,
  type ClientActionFunctionArgs,
  useLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { sendCartRequest } from "~/components/cart/cart-client-action";
import type { CartPageData, CartProduct } from "~/components/cart/cart-contract";
import { CART_HEADING_ID } from "~/components/cart/cart-line-form";
import { useOptimisticCartTotals } from "~/components/cart/use-optimistic-cart";
import { CheckoutForm } from "~/components/checkout-form";
import { usePending } from "~/hooks/use-pending";
import { useLocalePath, useT } from "~/hooks/use-t";
import { langFromPath, langOfRequest, registerMessages, translator } from "~/i18n";
import { checkoutMessages } from "~/i18n/checkout-messages";
import { getVariantsForCart } from "~/models/catalogue/cart-variants.server";
import { localText } from "~/rules/variants";
import { priceCart } from "~/rules/pricing";
import { exceedsStock } from "~/rules/stock";
import { commitCart, getCart } from "~/server/cart/cart-cookie.server";
import { getAppliedCode } from "~/server/cart/code-cookie.server";
import { seoContextFor } from "~/server/http/seo.server";
import { pageTitle, seoMeta } from "~/utils/seo";
import { CartLine } from "./cart-line";
import { changeCart } from "./cart-change.server";
import { checkout, type CheckoutActionData } from "./checkout.server";
import { applyCode, cartCode, removeCode } from "./cart-code.server";
import { CartCodeForm } from "./cart-code-form";
import { readFormData } from "~/server/form-data.server";
import { deliveryFees, getShopSettings } from "~/models/settings.server";
import { advanceRuleOf } from "~/rules/advance";
import { clientAddressOf } from "~/server/audit.server";
import { clientKey } from "~/server/client-key.server";

// The cart page's own texts travel with its module, in both languages (decision 023).
registerMessages("en", checkoutMessages.en);
registerMessages("bn", checkoutMessages.bn);

/** Head tags built by the loader (app/server/http/seo.server.ts). */
export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  data?.meta ?? [
    { title: translator(langFromPath(location.pathname))("cart.title") },
    { name: "robots", content: "noindex" },
  ];

/** Prices the cart from the database; lines whose variant is gone (or switched off) are dropped with a notice. */
export async function loader({ request }: LoaderFunctionArgs) {
  const lines = await getCart(request);
  const lang = langOfRequest(request);
  const variants = await getVariantsForCart(lines.map((line) => line.variantId));
  const cart = priceCart(
    lines,
    variants.map((variant): CartProduct => ({
      variantId: variant.variantId,
      productId: variant.productId,
      name: localText(variant.name, variant.nameBn, lang),
      label: lang === "bn" ? variant.labelBn : variant.label,
      pricePaisa: variant.pricePaisa,
      discountedPricePaisa: variant.discountedPricePaisa,
      available: variant.available,
      image: variant.image,
    })),
  );
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (cart.missingVariantIds.length > 0) {
    const kept = lines.filter((line) => !cart.missingVariantIds.includes(line.variantId));
    headers.append("Set-Cookie", await commitCart(kept));
  }
  return data<CartPageData>(
    {
      lineItems: cart.lineItems,
      subtotalPaisa: cart.subtotalPaisa,
      productsRemoved: cart.missingVariantIds.length > 0,
      checkoutToken: crypto.randomBytes(18).toString("base64url"),
      ...(await checkoutSettings()),
      code: await cartCode(await getAppliedCode(request), cart.lineItems, cart.subtotalPaisa, lang),
      meta: await cartMeta(request),
    },
    { headers },
  );
}

/** What the checkout form shows of the shop's settings: its delivery fees and its advance rule. */
async function checkoutSettings() {
  const settings = await getShopSettings();
  return { fees: deliveryFees(settings), advance: advanceRuleOf(settings) };
}

/** The cart page's head tags: its title, and noindex (private, per shopper). */
async function cartMeta(request: Request) {
  const seo = await seoContextFor(request);
  return seoMeta(seo, {
    title: pageTitle(seo.t("cart.title"), seo),
    description: seo.description,
    path: "/cart",
    robots: "noindex",
  });
}

/** The cart page must never be stored: a page restored from cache would show a stale cart. */
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
});

/**
 * After a rejected checkout Remix does not reload the page's data; when the cart or its prices
 * changed it must, so the shopper sees what they would now be charged (their typed values stay).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as Partial<CheckoutActionData> | undefined)?.cartChanged === true || defaultShouldRevalidate;

/**
 * The cart's forms: add, buy-now, update and remove (./cart-change.server.ts), applying and
 * removing a campaign code (./cart-code.server.ts), and checkout (./checkout.server.ts; its
 * "Send a new code" button posts `intent=resend-code`, ./checkout-code.server.ts). Each ends
 * in a redirect (post/redirect/get), except a rejected checkout or code, which answers 400 with the
 * messages and every value the shopper typed, and a cart form sent by a fetcher, which gets a
 * CartFetchResult (app/components/cart/cart-contract.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const lines = await getCart(request);
  const lang = langOfRequest(request);
  const intent = form.get("intent");
  if (intent === "checkout" || intent === "resend-code") {
    const address = clientKey(clientAddressOf(context));
    return checkout(request, form, lines, lang, { address, resend: intent === "resend-code" });
  }
  if (intent === "remove-code") return removeCode(lang);
  if (intent === "apply-code") {
    const cart = priceCart(lines, await getVariantsForCart(lines.map((line) => line.variantId)));
    return applyCode(form, cart.lineItems, cart.subtotalPaisa, lang);
  }
  return changeCart(request, form, lines);
}

/**
 * In the browser, every submission to /cart is sent one after another; a fetcher's cart change is
 * reported to the shopper and a failure rolls the optimistic cart back (app/components/cart/cart-client-action.ts).
 */
export function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  return sendCartRequest(request, () => serverAction<typeof action>());
}

/**
 * The cart page: lines, totals and the checkout form; or the empty state. With
 * JavaScript the lines, line totals and subtotal are optimistic (app/components/cart/use-optimistic-cart.ts):
 * computed from the loader's unit prices for display; the server re-prices at checkout.
 */
export default function CartPage() {
  const t = useT();
  const href = useLocalePath();
  const { lineItems, subtotalPaisa, productsRemoved, checkoutToken, fees, advance, code } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const placing = usePending({ intent: "checkout" });
  const resending = usePending({ intent: "resend-code" });
  const checkoutData = actionData && "values" in actionData ? actionData : undefined;
  const codeData = actionData && "codeError" in actionData ? actionData : undefined;
  const totals = useOptimisticCartTotals();
  const shown = new Map(totals?.lines.map((line) => [line.variantId, line]));
  const items = totals ? lineItems.filter((item) => shown.has(item.variant.variantId)) : lineItems;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 id={CART_HEADING_ID} tabIndex={-1} className="mb-6 text-3xl font-semibold focus:outline-none">
        {t("cart.title")}
      </h1>
      {productsRemoved ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm">
          {t("cart.productRemoved")}
        </p>
      ) : null}

      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-stone-300 bg-white p-12 text-center">
          <p className="text-lg font-medium">{t("cart.empty")}</p>
          {checkoutData?.formError ? (
            <p role="alert" className="mt-2 text-red-700">
              {checkoutData.formError}
            </p>
          ) : null}
          <Link
            to={href("/products")}
            className="mt-6 inline-block rounded-md bg-amber-700 px-5 py-2.5 font-medium text-white hover:bg-amber-800"
          >
            {t("cart.continueShopping")}
          </Link>
        </div>
      ) : (
        <div className="grid gap-10 lg:grid-cols-[1fr_24rem]">
          <section aria-label={t("cart.title")}>
            <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
              {items.map((item) => {
                const line = shown.get(item.variant.variantId);
                return (
                  <CartLine
                    key={item.variant.variantId}
                    product={item.variant}
                    quantity={line?.quantity ?? item.quantity}
                    subtotalPaisa={line?.subtotalPaisa ?? item.subtotalPaisa}
                  />
                );
              })}
            </ul>
            <CartCodeForm code={code} error={codeData?.codeError ?? null} typed={codeData?.codeValue ?? ""} />
          </section>
          <CheckoutForm
            checkoutToken={checkoutToken}
            subtotalPaisa={totals?.subtotalPaisa ?? subtotalPaisa}
            fees={fees}
            advance={advance}
            code={code?.refusal === null ? code : null}
            values={checkoutData?.values}
            fieldErrors={checkoutData?.fieldErrors ?? {}}
            formError={checkoutData?.formError ?? null}
            codeStep={checkoutData?.codeStep ?? null}
            submitting={placing}
            resending={resending}
            stockProblem={items.some((item) =>
              exceedsStock(shown.get(item.variant.variantId)?.quantity ?? item.quantity, item.variant.available),
            )}
          />
        </div>
      )}
    </div>
  );
}
