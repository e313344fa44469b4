import crypto from "node:crypto";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
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
} from "~/utils/cart";
import { commitCart, getCart } from "~/utils/cart.server";
import { getEnv } from "~/utils/env.server";
import { safeLocalPath } from "~/utils/local-path";
import { formatMoney } from "~/utils/money";
import { priceCart } from "~/utils/pricing";
import { cartActionSchema, checkoutSchema, type CheckoutValues } from "~/utils/schemas";
import { DEFAULT_SHIPPING_METHOD } from "~/utils/shipping";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: t("cart.title") }, { name: "robots", content: "noindex" }];

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
 * every value the shopper typed.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const lines = await getCart(request);
  if (form.get("intent") === "checkout") return checkout(form, lines);

  const parsed = cartActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirect("/cart");
  const op = parsed.data;

  if ((op.intent === "add" || op.intent === "buy-now") && !(await productExists(op.productId))) {
    return redirectWithToast(request, "/cart", { kind: "error", message: t("cart.notFound") });
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

/** The cart page, spec section 2: lines, totals and the checkout form; or the empty state. */
export default function CartPage() {
  const { lineItems, subtotalPaisa, productsRemoved, checkoutToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const checkoutData = actionData && "values" in actionData ? actionData : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-semibold">{t("cart.title")}</h1>
      {productsRemoved ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm">
          {t("cart.productRemoved")}
        </p>
      ) : null}

      {lineItems.length === 0 ? (
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
              {lineItems.map((item) => (
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
                  <Form method="post" className="flex items-center gap-2" preventScrollReset>
                    <input type="hidden" name="productId" value={item.product.id} />
                    <label htmlFor={`qty-${item.product.id}`} className="sr-only">
                      {t("cart.quantityLabel", { name: item.product.name })}
                    </label>
                    <input
                      id={`qty-${item.product.id}`}
                      name="quantity"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_LINE_QUANTITY}
                      step={1}
                      defaultValue={item.quantity}
                      key={item.quantity}
                      className="w-20 rounded-md border border-stone-300 px-2 py-1.5"
                    />
                    <button
                      type="submit"
                      name="intent"
                      value="update"
                      className="rounded-md border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-50"
                    >
                      {t("cart.update")}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      formNoValidate
                      aria-label={t("cart.removeLabel", { name: item.product.name })}
                      className="rounded-md px-3 py-1.5 text-sm text-red-700 hover:bg-red-50"
                    >
                      {t("cart.remove")}
                    </button>
                  </Form>
                  <p className="w-28 text-right font-semibold" data-testid="line-total">
                    <span className="sr-only">{t("cart.lineTotal")}: </span>
                    {formatMoney(item.subtotalPaisa)}
                  </p>
                </li>
              ))}
            </ul>
          </section>
          <CheckoutForm
            checkoutToken={checkoutToken}
            subtotalPaisa={subtotalPaisa}
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
