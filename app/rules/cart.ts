/**
 * The cart's rules, as pure functions over a list of cart lines.
 * A cart line is a product id and a quantity; prices are never stored in the cart, they are read
 * from the database each time (see pricing.ts). Every function returns a new list.
 *
 * Limits (the spec sets no maximum; a real shop needs one, and the cart cookie holds ~4 KB):
 * at most MAX_CART_LINES distinct products and MAX_LINE_QUANTITY of each.
 */

export type CartLine = { productId: number; quantity: number };

/** Distinct products a cart may hold. */
export const MAX_CART_LINES = 50;
/** Units of one product a cart line may hold. */
export const MAX_LINE_QUANTITY = 999;

const clampQuantity = (quantity: number) => Math.min(Math.max(1, quantity), MAX_LINE_QUANTITY);

/** Outcome of an operation: the new lines, and whether a limit cut it short. */
export type CartChange = { lines: CartLine[]; limited: boolean };

/**
 * addToCart(product, quantity = 1): an existing line's quantity increases by the amount,
 * otherwise the line is appended.
 */
export function addToCart(lines: CartLine[], productId: number, quantity = 1): CartChange {
  const existing = lines.find((line) => line.productId === productId);
  if (existing) {
    const wanted = existing.quantity + quantity;
    return {
      lines: lines.map((line) =>
        line.productId === productId ? { productId, quantity: clampQuantity(wanted) } : line,
      ),
      limited: wanted > MAX_LINE_QUANTITY,
    };
  }
  return append(lines, productId, quantity);
}

/**
 * buyNow(product, quantity = 1): an existing line's quantity is replaced by the amount,
 * otherwise the line is appended. The caller then shows the cart.
 */
export function buyNow(lines: CartLine[], productId: number, quantity = 1): CartChange {
  if (lines.some((line) => line.productId === productId)) {
    return {
      lines: lines.map((line) =>
        line.productId === productId ? { productId, quantity: clampQuantity(quantity) } : line,
      ),
      limited: quantity > MAX_LINE_QUANTITY,
    };
  }
  return append(lines, productId, quantity);
}

/** updateQuantity(id, quantity): ignored when the quantity is below 1, otherwise sets it. */
export function updateQuantity(lines: CartLine[], productId: number, quantity: number): CartChange {
  if (!Number.isInteger(quantity) || quantity < 1) return { lines, limited: false };
  return {
    lines: lines.map((line) =>
      line.productId === productId ? { productId, quantity: clampQuantity(quantity) } : line,
    ),
    limited: quantity > MAX_LINE_QUANTITY,
  };
}

/** removeFromCart(id): removes the line. */
export function removeFromCart(lines: CartLine[], productId: number): CartLine[] {
  return lines.filter((line) => line.productId !== productId);
}

/** The total quantity of all lines: the header badge's number. */
export function cartQuantity(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

function append(lines: CartLine[], productId: number, quantity: number): CartChange {
  if (quantity < 1) return { lines, limited: false };
  if (lines.length >= MAX_CART_LINES) return { lines, limited: true };
  return {
    lines: [...lines, { productId, quantity: clampQuantity(quantity) }],
    limited: quantity > MAX_LINE_QUANTITY,
  };
}

/** A cart operation (add, buy now, update, remove), as a cart form asks for it; quantities in units. */
export type CartOperation =
  | { intent: "add" | "buy-now" | "update"; productId: number; quantity: number }
  | { intent: "remove"; productId: number };

/** Applies one cart operation with the rules above (the same on the server and in the optimistic cart). */
export function applyCartOperation(lines: CartLine[], op: CartOperation): CartChange {
  switch (op.intent) {
    case "add":
      return addToCart(lines, op.productId, op.quantity);
    case "buy-now":
      return buyNow(lines, op.productId, op.quantity);
    case "update":
      return updateQuantity(lines, op.productId, op.quantity);
    case "remove":
      return { lines: removeFromCart(lines, op.productId), limited: false };
  }
}
