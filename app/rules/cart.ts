/**
 * The cart's rules, as pure functions over a list of cart lines.
 * A cart line is a variant id (what a shopper buys: a product, or one combination of its options,
 * docs/decisions/047-variants.md) and a quantity; prices are never stored in the cart, they are
 * read from the database each time (see pricing.ts). Every function returns a new list.
 *
 * Limits (the spec sets no maximum; a real shop needs one, and the cart cookie holds ~4 KB):
 * at most MAX_CART_LINES distinct variants and MAX_LINE_QUANTITY of each.
 */

export type CartLine = { variantId: number; quantity: number };

/** Distinct variants a cart may hold. */
export const MAX_CART_LINES = 50;
/** Units of one variant a cart line may hold. */
export const MAX_LINE_QUANTITY = 999;

const clampQuantity = (quantity: number) => Math.min(Math.max(1, quantity), MAX_LINE_QUANTITY);

/** Outcome of an operation: the new lines, and whether a limit cut it short. */
export type CartChange = { lines: CartLine[]; limited: boolean };

/**
 * addToCart(variant, quantity = 1): an existing line's quantity increases by the amount,
 * otherwise the line is appended.
 */
export function addToCart(lines: CartLine[], variantId: number, quantity = 1): CartChange {
  const existing = lines.find((line) => line.variantId === variantId);
  if (existing) {
    const wanted = existing.quantity + quantity;
    return {
      lines: lines.map((line) =>
        line.variantId === variantId ? { variantId, quantity: clampQuantity(wanted) } : line,
      ),
      limited: wanted > MAX_LINE_QUANTITY,
    };
  }
  return append(lines, variantId, quantity);
}

/**
 * buyNow(variant, quantity = 1): an existing line's quantity is replaced by the amount,
 * otherwise the line is appended. The caller then shows the cart.
 */
export function buyNow(lines: CartLine[], variantId: number, quantity = 1): CartChange {
  if (lines.some((line) => line.variantId === variantId)) {
    return {
      lines: lines.map((line) =>
        line.variantId === variantId ? { variantId, quantity: clampQuantity(quantity) } : line,
      ),
      limited: quantity > MAX_LINE_QUANTITY,
    };
  }
  return append(lines, variantId, quantity);
}

/** updateQuantity(id, quantity): ignored when the quantity is below 1, otherwise sets it. */
export function updateQuantity(lines: CartLine[], variantId: number, quantity: number): CartChange {
  if (!Number.isInteger(quantity) || quantity < 1) return { lines, limited: false };
  return {
    lines: lines.map((line) =>
      line.variantId === variantId ? { variantId, quantity: clampQuantity(quantity) } : line,
    ),
    limited: quantity > MAX_LINE_QUANTITY,
  };
}

/** removeFromCart(id): removes the line. */
export function removeFromCart(lines: CartLine[], variantId: number): CartLine[] {
  return lines.filter((line) => line.variantId !== variantId);
}

/** The total quantity of all lines: the header badge's number. */
export function cartQuantity(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

function append(lines: CartLine[], variantId: number, quantity: number): CartChange {
  if (quantity < 1) return { lines, limited: false };
  if (lines.length >= MAX_CART_LINES) return { lines, limited: true };
  return {
    lines: [...lines, { variantId, quantity: clampQuantity(quantity) }],
    limited: quantity > MAX_LINE_QUANTITY,
  };
}

/** A cart operation (add, buy now, update, remove), as a cart form asks for it; quantities in units. */
export type CartOperation =
  | { intent: "add" | "buy-now" | "update"; variantId: number; quantity: number }
  | { intent: "remove"; variantId: number };

/** Applies one cart operation with the rules above (the same on the server and in the optimistic cart). */
export function applyCartOperation(lines: CartLine[], op: CartOperation): CartChange {
  switch (op.intent) {
    case "add":
      return addToCart(lines, op.variantId, op.quantity);
    case "buy-now":
      return buyNow(lines, op.variantId, op.quantity);
    case "update":
      return updateQuantity(lines, op.variantId, op.quantity);
    case "remove":
      return { lines: removeFromCart(lines, op.variantId), limited: false };
  }
}
