/**
 * Messages about cart changes made with JavaScript: the /cart route's
 * `clientAction` publishes one when a fetcher's cart change succeeds or is refused, and the
 * storefront layout's live regions (app/components/cart/cart-forms.tsx `CartFeedbackRegion`) show and
 * announce it. A tiny external store for `useSyncExternalStore`, so the message survives the
 * unmounting of the form that sent the change (a removed cart line). Only ever written in the
 * browser; on the server the snapshot stays empty.
 */

/**
 * A message: `success` is announced politely (and shown when `visible`), `error` is shown and
 * announced as an alert.
 */
export type CartFeedback = { id: number; kind: "success" | "error"; message: string; visible: boolean };

/** The latest success and the latest error not yet dismissed. */
export type CartFeedbackState = { success: CartFeedback | null; error: CartFeedback | null };

const EMPTY: CartFeedbackState = { success: null, error: null };
let state: CartFeedbackState = EMPTY;
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: CartFeedbackState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Publishes a message; a success also clears an older error (it no longer describes the cart). */
export function publishCartFeedback(
  kind: CartFeedback["kind"],
  message: string,
  { visible = true }: { visible?: boolean } = {},
): void {
  const feedback = { id: nextId++, kind, message, visible: visible || kind === "error" };
  set(kind === "success" ? { success: feedback, error: null } : { ...state, error: feedback });
}

/** Removes the message with `id` (dismissed by the shopper, or a success that has been read). */
export function clearCartFeedback(id: number): void {
  set({
    success: state.success?.id === id ? null : state.success,
    error: state.error?.id === id ? null : state.error,
  });
}

/** `useSyncExternalStore` subscription. */
export function subscribeCartFeedback(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current messages. */
export const getCartFeedback = (): CartFeedbackState => state;

/** The server's snapshot: no message. */
export const getServerCartFeedback = (): CartFeedbackState => EMPTY;
