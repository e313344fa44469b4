/**
 * The server half of the cart's own forms (add, buy-now, update, remove), posted to
 * /cart. Read with the one cart form parser (app/forms/cart.ts), applied with the cart rules
 * (app/rules/cart.ts), stored in the cart cookie (app/server/cart/cart-cookie.server.ts).
 */
import { data, redirect } from "@remix-run/node";
import { CART_FETCH_FIELD, CART_FETCH_VALUE, type CartFetchResult } from "~/components/cart/cart-contract";
import { parseCartForm } from "~/forms/cart";
import { langOfRequest, localePath } from "~/i18n";
import { serverTranslator } from "~/server/i18n.server";
import { getDefaultVariantIds, getVariantAvailability } from "~/models/catalogue/cart-variants.server";
import { applyCartOperation, MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLine } from "~/rules/cart";
import { exceedsStock } from "~/rules/stock";
import { commitCart } from "~/server/cart/cart-cookie.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { safeLocalPath } from "~/utils/local-path";

/**
 * Applies the cart form in `form` to `lines` and answers. A plain form post is redirected
 * (post/redirect/get): an add to its local `redirectTo` (else /cart) with the toast 'Added to cart',
 * everything else to /cart; a change a limit cut short gets the limit message instead. A form sent
 * by a fetcher (field CART_FETCH_FIELD) gets a CartFetchResult: 200 with the cart cookie
 * (`ok: false, limited` when a limit cut the change short), 404 for a variant no longer sold
 * (deleted or switched off: an inactive combination cannot be bought), 400
 * for a malformed form; no toast, since the page reports the outcome itself. Messages and the cart
 * page redirected to are in the language of the page that posted (its URL: /cart or /bn/cart).
 *
 * Stock (docs/decisions/027-stock.md): adding, buying or changing the quantity of a product that is
 * out of stock changes nothing and says so (a fetcher gets 409); a quantity above what is on hand is
 * cut to it, with a message that says how many are left (a fetcher gets `limited`).
 */
export async function changeCart(
  request: Request,
  form: FormData,
  lines: CartLine[],
): Promise<Response | FetcherAnswer> {
  const lang = langOfRequest(request);
  const t = serverTranslator(lang);
  const cartPage = localePath(lang, "/cart");
  const viaFetcher = form.get(CART_FETCH_FIELD) === CART_FETCH_VALUE;
  const op = parseCartForm(await withVariantOfLegacyForm(form));
  if (!op) {
    return viaFetcher ? fetcherAnswer({ ok: false, message: t("cartJs.failed") }, 400) : redirect(cartPage);
  }

  const target = op.intent === "add" ? safeLocalPath(form.get("redirectTo"), cartPage) : cartPage;
  const found = op.intent === "remove" ? null : await getVariantAvailability(op.variantId);
  const product = found && { name: lang === "bn" ? found.nameBn : found.name, available: found.available };
  if ((op.intent === "add" || op.intent === "buy-now") && !product) {
    return viaFetcher
      ? fetcherAnswer({ ok: false, message: t("cart.notFound") }, 404)
      : redirectWithToast(request, cartPage, { kind: "error", message: t("cart.notFound") });
  }
  if (product?.available === 0) {
    const message = t("cart.outOfStock", { name: product.name });
    return viaFetcher
      ? fetcherAnswer({ ok: false, message }, 409)
      : redirectWithToast(request, target, { kind: "error", message });
  }

  let { lines: next, limited } = applyCartOperation(lines, op);
  let limitMessage = t("cart.limitReached", { lines: MAX_CART_LINES, quantity: MAX_LINE_QUANTITY });
  if (product && product.available !== null) {
    const available = product.available;
    const line = next.find((candidate) => candidate.variantId === op.variantId);
    if (line && exceedsStock(line.quantity, available)) {
      next = next.map((candidate) => (candidate === line ? { ...line, quantity: available } : candidate));
      limited = true;
      limitMessage = t("cart.stockLimited", { name: product.name, count: available });
    }
  }
  const cookie: [string, string] = ["Set-Cookie", await commitCart(next)];
  if (viaFetcher) {
    return fetcherAnswer(limited ? { ok: false, message: limitMessage, limited } : { ok: true }, 200, [cookie]);
  }
  const message = limited
    ? { kind: "error" as const, message: limitMessage }
    : op.intent === "add"
      ? { kind: "success" as const, message: t("product.added") }
      : null;
  if (message) return redirectWithToast(request, target, message, { headers: [cookie] });
  return redirect(target, { headers: [cookie] });
}

/** A CartFetchResult with its status and headers (single fetch encodes it for the fetcher). */
type FetcherAnswer = ReturnType<typeof data<CartFetchResult>>;

function fetcherAnswer(result: CartFetchResult, status: number, headers: [string, string][] = []): FetcherAnswer {
  return data<CartFetchResult>(result, { status, headers });
}

/**
 * `form`, or, when it comes from a page rendered before products had variants (an old tab, or the
 * browser's back-forward cache: it names `productId` and no `variantId`), a copy naming that
 * product's default variant (its first active one, `getDefaultVariantIds`), as an old cart cookie is
 * read. A product that is gone or has no active variant leaves the form as it is (refused then).
 */
async function withVariantOfLegacyForm(form: FormData): Promise<FormData> {
  const productId = Number(form.get("productId"));
  if (form.has("variantId") || !Number.isSafeInteger(productId) || productId < 1) return form;
  const variantId = (await getDefaultVariantIds([productId])).get(productId);
  if (variantId === undefined) return form;
  const copy = new FormData();
  for (const [name, value] of form) copy.append(name, value);
  copy.set("variantId", String(variantId));
  return copy;
}
