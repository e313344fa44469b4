/**
 * When Remix reloads route data after a fetcher's cart change (decision 011).
 *
 * With single fetch every route reloads its loader after any action. The catalogue pages (home,
 * /products, a product page) do not depend on the cart, so a cart change sent by a fetcher skips
 * them: one database round trip less per Add, and a refused or failed change (offline) cannot
 * replace the page with an error. The root loader holds the cart count, so it reloads after a
 * successful change but not after a refused one (status 400 or more), whose rollback is shown.
 */
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { stripLangPrefix } from "~/i18n";

/** The action every cart form posts to (/cart, or /bn/cart on a Bangla page). */
const CART_ACTION = "/cart";

const isCartAction = (formAction: string | undefined) =>
  formAction !== undefined && stripLangPrefix(formAction.split("?")[0]!) === CART_ACTION;

/** For catalogue routes: never reload after a cart change; otherwise Remix's default. */
export const skipRevalidationAfterCartChange: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  isCartAction(formAction) ? false : defaultShouldRevalidate;

/** For the root route: reload after a cart change only when the server accepted it. */
export const revalidateRootAfterAcceptedCartChange: ShouldRevalidateFunction = ({
  formAction,
  actionStatus,
  defaultShouldRevalidate,
}) => (isCartAction(formAction) && (actionStatus ?? 200) >= 400 ? false : defaultShouldRevalidate);
