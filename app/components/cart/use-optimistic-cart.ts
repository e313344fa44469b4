/**
 * The one place the storefront derives its optimistic cart (docs/decisions/011-optimistic-cart.md): the server's cart (root loader `cartCount`; on /cart the
 * cart loader's priced lines) plus every cart form still in flight (`useFetchers`, submissions to
 * /cart) plus the quantities being typed on /cart and not yet sent (debounced drafts). A fetcher
 * stays pending until the data revalidated after its action has arrived, so the numbers never
 * flicker back; a refused or failed change leaves no pending fetcher and the numbers roll back.
 */
import { useFetchers, useRouteLoaderData } from "@remix-run/react";
import { useMemo, useSyncExternalStore } from "react";
import { useLang } from "~/hooks/use-t";
import { localeRouteId, stripLangPrefix } from "~/i18n";
import { CART_ROUTE_ID, type CartPageData } from "./cart-contract";
import {
  optimisticCount,
  optimisticTotals,
  readPendingCartOp,
  type OptimisticTotals,
  type PendingCartOp,
} from "./optimistic-cart";

// Typed quantities on /cart not yet sent (product id → quantity): a module store, so the header
// badge (layout) and the cart page read the same drafts without a provider.
let drafts: ReadonlyMap<number, number> = new Map();
const draftListeners = new Set<() => void>();
const EMPTY_DRAFTS: ReadonlyMap<number, number> = new Map();

function setDrafts(next: ReadonlyMap<number, number>) {
  drafts = next;
  for (const listener of draftListeners) listener();
}

/** Records the quantity typed for a cart line (shown at once; sent after the debounce). */
export function setQuantityDraft(variantId: number, quantity: number): void {
  if (drafts.get(variantId) === quantity) return;
  setDrafts(new Map(drafts).set(variantId, quantity));
}

/** Forgets the typed quantity of a line (it was sent, or the line's form went away). */
export function clearQuantityDraft(variantId: number): void {
  if (!drafts.has(variantId)) return;
  const next = new Map(drafts);
  next.delete(variantId);
  setDrafts(next);
}

const subscribeDrafts = (listener: () => void) => {
  draftListeners.add(listener);
  return () => draftListeners.delete(listener);
};

/** The pending cart operations: fetcher submissions to /cart not yet settled, then the drafts. */
function usePendingCartOps(): PendingCartOp[] {
  const fetchers = useFetchers();
  const currentDrafts = useSyncExternalStore(
    subscribeDrafts,
    () => drafts,
    () => EMPTY_DRAFTS,
  );
  return useMemo(() => {
    const ops: PendingCartOp[] = [];
    for (const fetcher of fetchers) {
      if (fetcher.state === "idle" || fetcher.formMethod?.toUpperCase() !== "POST") continue;
      if (stripLangPrefix(fetcher.formAction?.split("?")[0] ?? "") !== "/cart") continue;
      const op = readPendingCartOp(fetcher.formData);
      if (op) ops.push(op);
    }
    for (const [variantId, quantity] of currentDrafts) ops.push({ intent: "update", variantId, quantity });
    return ops;
  }, [fetchers, currentDrafts]);
}

/**
 * On /cart, the page's lines, line totals and subtotal (paisa) once pending changes are applied,
 * priced with the loader's unit prices; null on any other page.
 */
export function useOptimisticCartTotals(): OptimisticTotals | null {
  const ops = usePendingCartOps();
  const cart = useRouteLoaderData<CartPageData>(localeRouteId(useLang(), CART_ROUTE_ID));
  return useMemo(
    () =>
      cart
        ? optimisticTotals(
            cart.lineItems.map((item) => ({
              variantId: item.variant.variantId,
              quantity: item.quantity,
              unitPricePaisa: item.unitPricePaisa,
            })),
            ops,
          )
        : null,
    [cart, ops],
  );
}

/** The optimistic cart: the badge's `count`, and on /cart the lines and subtotal (else null). */
export type OptimisticCart = { count: number; totals: OptimisticTotals | null };

/**
 * The optimistic cart for `serverCount` (the root loader's `cartCount`). On /cart the count and
 * totals come from the page's priced lines; elsewhere the count is the server's plus pending adds.
 */
export function useOptimisticCart(serverCount: number): OptimisticCart {
  const ops = usePendingCartOps();
  const totals = useOptimisticCartTotals();
  return useMemo(
    () => ({ count: totals ? totals.count : optimisticCount(serverCount, null, ops), totals }),
    [totals, ops, serverCount],
  );
}
