import crypto from "node:crypto";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import {
  Link,
  useActionData,
  type ClientActionFunctionArgs,
  useLoaderData,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { CART_HEADING_ID, CartLineForm } from "~/components/cart/cart-forms";
import { CheckoutForm } from "~/components/checkout-form";
import { Price } from "~/components/price";
import { ResponsiveImage } from "~/components/responsive-image";
import { t } from "~/i18n";
import { placeOrder } from "~/models/order.server";
import { getProductsForCart, productExists } from "~/models/product.server";
import {
  addToCart,
  buyNow,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  removeFromCart,
  updateQuantity,
  type CartLine,
} from "~/rules/cart";
import { commitCart, getCart } from "~/server/cart-cookie.server";
import { getEnv } from "~/config/env.server";
import { safeLocalPath } from "~/utils/local-path";
import { publishCartFeedback } from "~/components/cart/cart-feedback";
import { formatMoney } from "~/rules/money";
import {
  CART_FETCH_FIELD,
  CART_FETCH_VALUE,
  CART_PRODUCT_NAME_FIELD,
  readPendingCartOp,
  type CartFetchResult,
  type PendingCartOp,
} from "~/components/cart/optimistic-cart";
import { priceCart } from "~/rules/pricing";
import { cartActionSchema, checkoutSchema, type CheckoutValues } from "~/forms/schemas";
import { DEFAULT_SHIPPING_METHOD } from "~/rules/shipping";
import { pageTitle, seoContext, seoMeta } from "~/utils/seo";
import { redirectWithToast } from "~/server/toast.server";
import { useOptimisticCartTotals } from "~/components/cart/use-optimistic-cart";

export const meta: MetaFunction = ({ matches }) => {
  const seo = seoContext(matches);
  if (!seo) return [{ title: t("cart.title") }, { name: "robots", content: "noindex" }];
  return seoMeta(seo, {
    title: pageTitle(t("cart.title"), seo.shopName),
    description: seo.description,
    path: "/cart",
    robots: "noindex",
  });
};

/** Prices the cart from the database; lines whose product is gone are dropped with a notice. */
export async function loader({ request }: LoaderFunctionArgs) {
  const lines = await getCart(request);
  const products = await getProductsForCart(lines.map((line) => line.productId));
  const cart = priceCart(lines, products);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (cart.missingProductIds.length > 0) {
    const kept = lines.filter((line) => !cart.missingProductIds.includes(line.productId));
    headers.append("Set-Cookie", await commitCart(kept));
  }
  return data(
    {
      lineItems: cart.lineItems,
      subtotalPaisa: cart.subtotalPaisa,
      productsRemoved: cart.missingProductIds.length > 0,
      checkoutToken: crypto.randomBytes(18).toString("base64url"),
    },
    { headers },
  );
}

type CheckoutActionData = {
  fieldErrors: Partial<Record<keyof CheckoutValues, string>>;
  formError: string | null;
  values: CheckoutValues;
  /** The cart or its prices changed: the page must load the cart again (see shouldRevalidate). */
  cartChanged: boolean;
};

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
 * The cart's forms (spec section 4): add, buy-now, update, remove, and checkout. Each ends in a
 * redirect (post/redirect/get), except a rejected checkout, which answers 400 with the messages and
 * every value the shopper typed. A cart form sent by a fetcher (field CART_FETCH_FIELD, added by
 * app/components/cart/cart-forms.tsx once JavaScript runs) gets a CartFetchResult instead: 200 with the
 * cart cookie (`ok: false, limited` when a limit cut the change short), 404 for a product no longer
 * sold, 400 for a malformed form; no toast, since the page reports the outcome itself.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const lines = await getCart(request);
  if (form.get("intent") === "checkout") return checkout(form, lines);

  // A fetcher (JavaScript) marks its form: it gets a CartFetchResult instead of a redirect.
  const viaFetcher = form.get(CART_FETCH_FIELD) === CART_FETCH_VALUE;
  const parsed = cartActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return viaFetcher ? data<CartFetchResult>({ ok: false, message: t("cartJs.failed") }, 400) : redirect("/cart");
  }
  const op = parsed.data;

  if ((op.intent === "add" || op.intent === "buy-now") && !(await productExists(op.productId))) {
    return viaFetcher
      ? data<CartFetchResult>({ ok: false, message: t("cart.notFound") }, 404)
      : redirectWithToast(request, "/cart", { kind: "error", message: t("cart.notFound") });
  }

  let next: CartLine[];
  let limited = false;
  switch (op.intent) {
    case "add":
      ({ lines: next, limited } = addToCart(lines, op.productId, op.quantity));
      break;
    case "buy-now":
      ({ lines: next, limited } = buyNow(lines, op.productId, op.quantity));
      break;
    case "update":
      ({ lines: next, limited } = updateQuantity(lines, op.productId, op.quantity));
      break;
    case "remove":
      next = removeFromCart(lines, op.productId);
      break;
  }
  const cookie: [string, string] = ["Set-Cookie", await commitCart(next)];
  if (viaFetcher) {
    const limitMessage = t("cart.limitReached", { lines: MAX_CART_LINES, quantity: MAX_LINE_QUANTITY });
    return data<CartFetchResult>(limited ? { ok: false, message: limitMessage, limited } : { ok: true }, {
      headers: [cookie],
    });
  }
  const target = op.intent === "add" ? safeLocalPath(form.get("redirectTo"), "/cart") : "/cart";
  const message = limited
    ? {
        kind: "error" as const,
        message: t("cart.limitReached", { lines: MAX_CART_LINES, quantity: MAX_LINE_QUANTITY }),
      }
    : op.intent === "add"
      ? { kind: "success" as const, message: t("product.added") }
      : null;
  if (message) return redirectWithToast(request, target, message, { headers: [cookie] });
  return redirect(target, { headers: [cookie] });
}

// Cart requests from the browser, one at a time: each carries the cookie the previous one set, so
// two quick changes (two Add clicks on different cards) cannot overwrite each other's cart.
let cartRequests: Promise<unknown> = Promise.resolve();

/**
 * In the browser, every submission to /cart passes here. Requests are sent one after another (see
 * above). A plain navigation (checkout) gets the server's answer unchanged. A fetcher's cart change
 * is reported to the shopper (app/components/cart/cart-feedback.ts); a network failure or server error
 * becomes `{ ok: false }` with status 503, so no error page replaces the shop and no data is
 * reloaded: the optimistic badge and totals roll back (docs/decisions/011-optimistic-cart.md).
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await request.clone().formData();
  const turn = cartRequests.then(() => serverAction<typeof action>());
  cartRequests = turn.catch(() => undefined);
  if (form.get(CART_FETCH_FIELD) !== CART_FETCH_VALUE) return turn;

  const op = readPendingCartOp(form);
  const name = String(form.get(CART_PRODUCT_NAME_FIELD) ?? "");
  try {
    const result = (await turn) as CartFetchResult;
    reportCartChange(op, name, result);
    return result;
  } catch (error) {
    if (request.signal.aborted || error instanceof Response) throw error;
    const result: CartFetchResult = { ok: false, message: t("cartJs.networkError") };
    reportCartChange(op, name, result);
    return new Response(JSON.stringify(result), { status: 503, headers: { "Content-Type": "application/json" } });
  }
}

/** Publishes the outcome of a fetcher's cart change for the layout's live regions. */
function reportCartChange(op: PendingCartOp | null, name: string, result: CartFetchResult) {
  if (!op) return;
  if (result.ok) {
    if (op.intent === "add") publishCartFeedback("success", t("cartJs.added", { name }));
    else if (op.intent === "remove") publishCartFeedback("success", t("cartJs.removed", { name }));
    else publishCartFeedback("success", t("cartJs.updated", { name, quantity: op.quantity }), { visible: false });
    return;
  }
  if (result.limited) return publishCartFeedback("error", result.message);
  const key =
    op.intent === "add" ? "cartJs.addFailed" : op.intent === "remove" ? "cartJs.removeFailed" : "cartJs.updateFailed";
  publishCartFeedback("error", t(key, { name, reason: result.message }));
}

async function checkout(form: FormData, lines: CartLine[]) {
  const values: CheckoutValues = {
    name: String(form.get("name") ?? ""),
    phone: String(form.get("phone") ?? ""),
    email: String(form.get("email") ?? ""),
    address: String(form.get("address") ?? ""),
    shippingMethod: String(form.get("shippingMethod") ?? DEFAULT_SHIPPING_METHOD),
  };
  const reject = (
    formError: string | null,
    fieldErrors: CheckoutActionData["fieldErrors"] = {},
    init: { cartChanged?: boolean; setCookie?: string } = {},
  ) =>
    data<CheckoutActionData>(
      { fieldErrors, formError, values, cartChanged: init.cartChanged ?? false },
      { status: 400, headers: init.setCookie ? { "Set-Cookie": init.setCookie } : undefined },
    );

  if (lines.length === 0) return reject(t("checkout.cartEmpty"));
  const parsed = checkoutSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors: CheckoutActionData["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (field in values) fieldErrors[field as keyof CheckoutValues] ??= issue.message;
    }
    // Only the hidden fields can fail without a field message: a stale or tampered form.
    return reject(Object.keys(fieldErrors).length > 0 ? t("checkout.formErrors") : t("checkout.failed"), fieldErrors);
  }

  try {
    const result = await placeOrder(parsed.data, lines);
    if (result.ok) {
      return redirect(`/order-success?order=${result.orderId}`, { headers: { "Set-Cookie": await commitCart([]) } });
    }
    switch (result.reason) {
      case "empty-cart":
        return reject(t("checkout.cartEmpty"));
      case "cart-changed": {
        const kept = lines.filter((line) => !result.missingProductIds.includes(line.productId));
        return reject(t("cart.productRemoved"), {}, { cartChanged: true, setCookie: await commitCart(kept) });
      }
      case "price-changed":
        return reject(t("checkout.cartChanged"), {}, { cartChanged: true });
      case "too-large":
        return reject(t("checkout.tooLarge", { phone: getEnv().SHOP_PHONE }));
    }
  } catch (error) {
    console.error("Order placement failed", error);
    return reject(t("checkout.failed"));
  }
}

/**
 * The cart page, spec section 2: lines, totals and the checkout form; or the empty state. With
 * JavaScript the lines, line totals and subtotal are optimistic (app/components/cart/use-optimistic-cart.ts):
 * computed from the loader's unit prices for display; the server re-prices at checkout.
 */
export default function CartPage() {
  const { lineItems, subtotalPaisa, productsRemoved, checkoutToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const checkoutData = actionData && "values" in actionData ? actionData : undefined;
  const totals = useOptimisticCartTotals();
  const shown = new Map(totals?.lines.map((line) => [line.productId, line]));
  const items = totals ? lineItems.filter((item) => shown.has(item.product.id)) : lineItems;

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
            to="/products"
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
                const line = shown.get(item.product.id);
                return (
                  <li key={item.product.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="cart-line">
                    <div className="h-20 w-20 shrink-0 overflow-hidden rounded-md bg-stone-100">
                      {item.product.image ? (
                        <ResponsiveImage
                          image={item.product.image}
                          sizes="80px"
                          className="h-full w-full object-cover"
                          alt=""
                        />
                      ) : null}
                    </div>
                    <div className="min-w-40 flex-1">
                      <Link to={`/products/${item.product.id}`} className="font-medium hover:underline">
                        {item.product.name}
                      </Link>
                      <div className="text-sm">
                        <span className="sr-only">{t("cart.price")}: </span>
                        <Price
                          pricePaisa={item.product.pricePaisa}
                          discountedPricePaisa={item.product.discountedPricePaisa}
                        />
                      </div>
                    </div>
                    <CartLineForm
                      productId={item.product.id}
                      productName={item.product.name}
                      quantity={line?.quantity ?? item.quantity}
                    />
                    <p className="ml-auto w-28 text-right font-semibold" data-testid="line-total">
                      <span className="sr-only">{t("cart.lineTotal")}: </span>
                      {formatMoney(line?.subtotalPaisa ?? item.subtotalPaisa)}
                    </p>
                  </li>
                );
              })}
            </ul>
          </section>
          <CheckoutForm
            checkoutToken={checkoutToken}
            subtotalPaisa={totals?.subtotalPaisa ?? subtotalPaisa}
            values={checkoutData?.values}
            fieldErrors={checkoutData?.fieldErrors ?? {}}
            formError={checkoutData?.formError ?? null}
            submitting={navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout"}
          />
        </div>
      )}
    </div>
  );
}
