/**
 * The cart's forms with JavaScript (docs/decisions/011-optimistic-cart.md).
 * Each renders a plain `<form method="post" action="/cart">` that works without JavaScript (the
 * /cart action redirects back to the cart); once JavaScript runs, the form is sent by a fetcher,
 * the header badge and the cart page's totals change at once (app/components/cart/use-optimistic-cart.ts),
 * and the /cart route's `clientAction` reports the outcome through `CartFeedbackRegion`.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { useLang, useLocalePath, useT } from "~/hooks/use-t";
import { formatInteger } from "~/i18n/format";
import { clearCartFeedback, getCartFeedback, getServerCartFeedback, subscribeCartFeedback } from "./cart-feedback";
import { CART_FETCH_FIELD, CART_FETCH_VALUE, CART_PRODUCT_NAME_FIELD, type CartFetchResult } from "./cart-contract";
import { useOptimisticCart } from "./use-optimistic-cart";

/** How long a card's button reads 'Added' after the server accepted, in ms. */
const ADDED_FEEDBACK_MS = 2000;
/** How long a success message stays on screen, in ms (errors stay until dismissed). */
const SUCCESS_VISIBLE_MS = 5000;

/** The form data of a cart form sent by a fetcher: marked, and with the product's name. */
export function fetcherFormData(fields: Record<string, string>, productName: string, form?: HTMLFormElement): FormData {
  const formData = form ? new FormData(form) : new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  formData.set(CART_FETCH_FIELD, CART_FETCH_VALUE);
  formData.set(CART_PRODUCT_NAME_FIELD, productName);
  return formData;
}

/** The `intent` of the button that submitted a form, if any. */
export function submitterIntent(event: FormEvent<HTMLFormElement>): string | null {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("name") === "intent" ? submitter.getAttribute("value") : null;
}

/**
 * A form posting to /cart whose 'add' submissions go through a fetcher once JavaScript runs.
 * Its fields (variantId, quantity, redirectTo, the submit buttons with `name="intent"`) are the
 * caller's children, unchanged from a plain form. Any other submit button (Buy now) still loads
 * /cart as a full page. While an add is being sent a second click is ignored.
 * `children` may be a function of `{ added }`: true from the click until ADDED_FEEDBACK_MS after
 * the server accepted (false at once when refused).
 */
export function AddToCartForm({
  productName,
  className,
  children,
}: {
  productName: string;
  className?: string;
  children: ReactNode | ((state: { added: boolean }) => ReactNode);
}) {
  const href = useLocalePath();
  const fetcher = useFetcher<CartFetchResult>();
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (!fetcher.data.ok) {
      setAdded(false);
      return;
    }
    const timer = window.setTimeout(() => setAdded(false), ADDED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [fetcher.state, fetcher.data]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (submitterIntent(event) !== "add") return; // Buy now: a full page load to /cart
    event.preventDefault();
    if (fetcher.state === "submitting") return;
    setAdded(true);
    fetcher.submit(fetcherFormData({ intent: "add" }, productName, event.currentTarget), {
      method: "post",
      action: href("/cart"),
    });
  };

  return (
    <form method="post" action={href("/cart")} className={className} onSubmit={onSubmit}>
      {typeof children === "function" ? children({ added }) : children}
    </form>
  );
}

/**
 * The header's cart link with the red badge of the total quantity when above 0,
 * optimistic: `serverCount` (the root loader's `cartCount`) plus the cart forms in flight, in the
 * page's digits (Bengali on /bn).
 *
 * It prefetches the /cart route once the page has hydrated (`prefetch="render"`: nothing is in the
 * server-rendered HTML). Every cart form's fetcher posts to /cart, whose route code Remix otherwise
 * loads on the first add; without a connection at that moment Remix reloads the whole page. With
 * the code already loaded, a failed add rolls back with a message instead (decision 011).
 */
export function CartLink({ serverCount }: { serverCount: number }) {
  const href = useLocalePath();
  const t = useT();
  const lang = useLang();
  const { count } = useOptimisticCart(serverCount);
  return (
    <Link
      to={href("/cart")}
      prefetch="render"
      className="relative inline-flex size-11 items-center justify-center"
      aria-label={count > 0 ? t("nav.cartWithCount", { count }) : t("nav.cart")}
    >
      <CartIcon />
      {count > 0 ? (
        <span
          data-testid="cart-badge"
          className="absolute -right-1 top-0 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {formatInteger(count, lang)}
        </span>
      ) : null}
    </Link>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path
        d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.8h8.7a2 2 0 0 0 2-1.6L21 8H6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="10" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
    </svg>
  );
}

/**
 * Live regions for the outcome of cart changes made with JavaScript (app/components/cart/cart-feedback.ts):
 * a success is shown briefly and announced politely (an `info` only announced); a refusal or
 * network failure is shown until dismissed and announced as an alert. The regions are always in
 * the page (empty without JavaScript), so screen readers announce what is put into them.
 */
export function CartFeedbackRegion() {
  const t = useT();
  const { success, error } = useSyncExternalStore(subscribeCartFeedback, getCartFeedback, getServerCartFeedback);
  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => clearCartFeedback(success.id), SUCCESS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-center gap-2 p-4">
      <div role="status" aria-live="polite" className="w-full max-w-md" data-testid="cart-status">
        {success ? (
          <p
            key={success.id}
            className={
              success.visible
                ? "rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 shadow-lg"
                : "sr-only"
            }
          >
            {success.message}
          </p>
        ) : null}
      </div>
      <div role="alert" className="w-full max-w-md">
        {error ? (
          <div
            key={error.id}
            className="pointer-events-auto flex items-start justify-between gap-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 shadow-lg"
            data-testid="cart-error"
          >
            <p>{error.message}</p>
            <button
              type="button"
              onClick={() => clearCartFeedback(error.id)}
              className="font-semibold"
              aria-label={t("toast.dismiss")}
            >
              ×
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
