/**
 * The page cache's key (docs/decisions/036-page-cache.md): which requests it may answer by the
 * cookies they carry, and what it keys their pages on besides the canonical URL.
 *
 * - A request may be answered from memory when it carries no haat cookie other than the cart, the
 *   remembered language, the placed orders, the campaign code and the verified phones (read by no cached page); a staff session, a toast,
 *   the two-factor step or anything haat adds later always bypasses. Each name is the one its
 *   cookie module gives the cookie: the language and the placed orders are `__Host-` prefixed when
 *   COOKIE_SECURE (`hostCookieName`), and either spelling is theirs; the cart is never prefixed, so
 *   a prefixed cart is "some other haat cookie".
 * - The key: the canonical URL, the cart's quantity as the badge shows it and the remembered
 *   language (the home page's only: the other pages say theirs in the path), both read from the
 *   Cookie header by the app's own cookie parsers (the cache's `inputsOf`), so the key names
 *   exactly what the loaders will read. The loaders record what they read (`noteRenderedInputs`);
 *   a page whose render read anything else is answered and not stored.
 */
import { LRUCache } from "lru-cache";
import { CART_COOKIE_NAME } from "~/server/cart/cart-cookie.server";
import { CODE_COOKIE_NAME } from "~/server/cart/code-cookie.server";
import { PLACED_ORDERS_COOKIE_NAME } from "~/server/cart/placed-orders-cookie.server";
import { VERIFIED_PHONES_COOKIE_NAME } from "~/server/cart/verified-phones-cookie.server";
import { LANGUAGE_COOKIE_NAME } from "~/server/language-cookie.server";
import type { KeyInputs } from "./page-notes.server";

/**
 * haat cookies that no cached page reads, so they neither vary nor bypass it: the orders this
 * browser placed in the last hour, read only by the confirmation page, and the campaign code
 * applied in the cart and the phones proved with a checkout code, read only by the cart page; neither
 * page is ever cached. A shopper who just ordered, or holds a code during a sale, keeps getting the
 * catalogue from memory.
 */
const UNREAD_COOKIES = new Set([PLACED_ORDERS_COOKIE_NAME, CODE_COOKIE_NAME, VERIFIED_PHONES_COOKIE_NAME]);

/**
 * The names of the cookies in a `Cookie` header, split as every cookie parser splits it (pairs
 * separated by `;`, the name before the first `=`, trimmed). Values are not read here: the app's
 * own parsers read them (`inputsOf`).
 */
function cookieNames(header: string): string[] {
  const names: string[] = [];
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq !== -1) names.push(pair.slice(0, eq).trim());
  }
  return names;
}

/** The name of a cookie without the `__Host-`/`__Secure-` prefix a Secure cookie gets. */
function bareName(name: string): string {
  return name.replace(/^__(?:Host|Secure)-/, "");
}

/** Whether a `Cookie` header carries no haat cookie but those that vary a cached page or no page reads. */
function onlyCacheableCookies(header: string): boolean {
  for (const name of cookieNames(header)) {
    const bare = bareName(name);
    // The cart cookie is never prefixed, so a prefixed one is "some other haat cookie".
    if (
      bare === LANGUAGE_COOKIE_NAME ||
      (bare === CART_COOKIE_NAME && name === CART_COOKIE_NAME) ||
      UNREAD_COOKIES.has(bare)
    )
      continue;
    if (bare.startsWith("haat_")) return false;
  }
  return true;
}

/**
 * Reads a request's key inputs from its whole `Cookie` header (undefined: none sent) and calls
 * `then` with them, at once when they are known; calls `bypass` instead when the request carries
 * another haat cookie, or its cookies cannot be read.
 */
export type KeyReader = (
  cookieHeader: string | undefined,
  then: (inputs: KeyInputs) => void,
  bypass: () => void,
) => void;

/**
 * Creates the key reader of one page cache, over `inputsOf`: the key's inputs for a whole `Cookie`
 * header, read with the very parsers the app's loaders use (a forged or malformed cart reads as 0,
 * as the app reads it). The inputs of Cookie headers seen lately are kept by whole header, so each
 * signature is checked once; bounded by the headers' length too (a header may be 16 KB), so unique
 * headers cannot grow it.
 */
export function createKeyReader(inputsOf: (cookieHeader: string) => Promise<KeyInputs>): KeyReader {
  const inputsByHeader = new LRUCache<string, KeyInputs>({
    max: 10_000,
    maxSize: 2 * 1024 * 1024,
    sizeCalculation: (_inputs, header) => header.length + 64,
  });
  return (header, then, bypass) => {
    if (!header) return then({ cartQuantity: 0, language: "" });
    if (!onlyCacheableCookies(header)) return bypass();
    const known = inputsByHeader.get(header);
    if (known) return then(known);
    inputsOf(header).then(
      (inputs) => {
        inputsByHeader.set(header, inputs);
        then(inputs);
      },
      () => bypass(),
    );
  };
}

/**
 * The key of the page at `url` (canonical) for a request with `inputs`, and the inputs it is
 * rendered with: only the home page reads the remembered language (the other pages say theirs in
 * the path), so the others are keyed without it.
 */
export function pageKey(url: string, inputs: KeyInputs): { key: string; inputs: KeyInputs } {
  const keyed: KeyInputs = { cartQuantity: inputs.cartQuantity, language: url === "/" ? inputs.language : "" };
  return { key: `${url}\n${keyed.cartQuantity}\n${keyed.language}`, inputs: keyed };
}
