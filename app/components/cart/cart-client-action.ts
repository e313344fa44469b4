/**
 * The /cart route's `clientAction` (docs/decisions/011-optimistic-cart.md): in the browser, every
 * submission to /cart passes here.
 */
import { langOfRequest, translator, type Translate } from "~/i18n";
import { publishCartFeedback } from "./cart-feedback";
import { CART_FETCH_FIELD, CART_FETCH_VALUE, CART_PRODUCT_NAME_FIELD, type CartFetchResult } from "./cart-contract";
import { readPendingCartOp, type PendingCartOp } from "./optimistic-cart";

// Cart requests from the browser, one at a time: each carries the cookie the previous one set, so
// two quick changes (two Add clicks on different cards) cannot overwrite each other's cart.
let cartRequests: Promise<unknown> = Promise.resolve();

/**
 * Sends `request` to the server's action (`serverAction`), after every cart request sent before it.
 * A plain navigation (checkout) gets the server's answer unchanged. A fetcher's cart change is
 * reported to the shopper (app/components/cart/cart-feedback.ts); a network failure or server
 * error becomes `{ ok: false }` with status 503, so no error page replaces the shop and no data is
 * reloaded: the optimistic badge and totals roll back.
 * @throws what the server action threw when the request was aborted or answered with a Response.
 */
export async function sendCartRequest<T>(request: Request, serverAction: () => Promise<T>): Promise<T | Response> {
  const form = await request.clone().formData();
  const turn = cartRequests.then(serverAction);
  cartRequests = turn.catch(() => undefined);
  if (form.get(CART_FETCH_FIELD) !== CART_FETCH_VALUE) return turn;

  const op = readPendingCartOp(form);
  const t = translator(langOfRequest(request));
  const name = String(form.get(CART_PRODUCT_NAME_FIELD) ?? "");
  try {
    const result = await turn;
    reportCartChange(t, op, name, result as CartFetchResult);
    return result;
  } catch (error) {
    if (request.signal.aborted || error instanceof Response) throw error;
    const result: CartFetchResult = { ok: false, message: t("cartJs.networkError") };
    reportCartChange(t, op, name, result);
    return new Response(JSON.stringify(result), { status: 503, headers: { "Content-Type": "application/json" } });
  }
}

/** Publishes the outcome of a fetcher's cart change for the layout's live regions. */
function reportCartChange(t: Translate, op: PendingCartOp | null, name: string, result: CartFetchResult) {
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
