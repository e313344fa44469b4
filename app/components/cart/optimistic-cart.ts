/**
 * Optimistic cart arithmetic for the storefront with JavaScript (docs/decisions/011-optimistic-cart.md). Pure functions, shared by the header badge and the cart
 * page, that apply the cart forms still on their way to the server (pending fetchers) and the
 * quantities a shopper is typing (not yet sent) on top of what the server last said.
 *
 * Display only: the server stays the authority. Every operation reuses the server's own rules
 * (app/rules/cart.ts: clamping to MAX_LINE_QUANTITY, MAX_CART_LINES, updates below 1 ignored), so
 * the optimistic state equals what the server will answer unless it refuses. Money is paisa.
 */
import { parseCartForm, type CartAction } from "~/forms/cart";
import { applyCartOperation, cartQuantity, MAX_LINE_QUANTITY, type CartLine } from "~/rules/cart";
import { toAsciiDigits } from "~/rules/phone";

/** A cart form on its way to the server, as read from a fetcher's form data (never a buy-now). */
export type PendingCartOp = Exclude<CartAction, { intent: "buy-now" }>;

/**
 * Reads a pending cart operation from a submission's form data with the server's own parser
 * (app/forms/cart.ts). Returns null for anything else: buy-now (which reloads the page), checkout,
 * a malformed form.
 */
export function readPendingCartOp(formData: FormData | undefined): PendingCartOp | null {
  const op = formData ? parseCartForm(formData) : null;
  return op && op.intent !== "buy-now" ? op : null;
}

/** The cart lines after applying `ops` in order, with the server's rules (app/rules/cart.ts). */
export function applyCartOps(lines: CartLine[], ops: PendingCartOp[]): CartLine[] {
  return ops.reduce((current, op) => applyCartOperation(current, op).lines, lines);
}

/**
 * The header badge's number: the total quantity once `ops` are applied. With the cart's lines
 * known (on /cart) the lines are replayed exactly; elsewhere only the server's count is known, so
 * adds are added to it (each capped at MAX_LINE_QUANTITY) and updates/removes, which only the cart
 * page sends, are not guessed.
 */
export function optimisticCount(serverCount: number, lines: CartLine[] | null, ops: PendingCartOp[]): number {
  if (lines) return cartQuantity(applyCartOps(lines, ops));
  return ops.reduce(
    (sum, op) => (op.intent === "add" ? sum + Math.min(op.quantity, MAX_LINE_QUANTITY) : sum),
    serverCount,
  );
}

/** A priced line of the cart page: product id, quantity and the unit price charged, in paisa. */
export type PricedLine = { variantId: number; quantity: number; unitPricePaisa: number };

/** The cart page's lines and subtotal once `ops` are applied; removed lines are left out. */
export type OptimisticTotals = {
  lines: { variantId: number; quantity: number; subtotalPaisa: number }[];
  subtotalPaisa: number;
  count: number;
};

/**
 * Line totals and subtotal, in paisa, of the cart page once `ops` are applied, priced with the
 * unit prices the loader sent (display only; checkout re-prices on the server and refuses a
 * subtotal that is no longer right). Lines for products the page has no price for are skipped.
 */
export function optimisticTotals(items: PricedLine[], ops: PendingCartOp[]): OptimisticTotals {
  const unitPrices = new Map(items.map((item) => [item.variantId, item.unitPricePaisa]));
  const lines = applyCartOps(
    items.map(({ variantId, quantity }) => ({ variantId, quantity })),
    ops,
  ).flatMap((line) => {
    const unit = unitPrices.get(line.variantId);
    return unit === undefined ? [] : [{ ...line, subtotalPaisa: unit * line.quantity }];
  });
  return {
    lines,
    subtotalPaisa: lines.reduce((sum, line) => sum + line.subtotalPaisa, 0),
    count: cartQuantity(lines),
  };
}

/**
 * A typed quantity (ASCII or Bengali digits) as a number when it can be sent (a whole number of at
 * least 1), else null.
 * Above MAX_LINE_QUANTITY is allowed: the server clamps it and says so.
 */
export function parseTypedQuantity(text: string): number | null {
  const number = Number(toAsciiDigits(text));
  return Number.isSafeInteger(number) && number >= 1 ? number : null;
}
