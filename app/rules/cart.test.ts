import { describe, expect, it } from "vitest";
import {
  addToCart,
  buyNow,
  cartQuantity,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  removeFromCart,
  updateQuantity,
  type CartLine,
} from "./cart";

const cart: CartLine[] = [
  { variantId: 1, quantity: 2 },
  { variantId: 2, quantity: 1 },
];

describe("cart operations", () => {
  it("addToCart increases an existing line by the amount", () => {
    expect(addToCart(cart, 1, 3).lines).toEqual([
      { variantId: 1, quantity: 5 },
      { variantId: 2, quantity: 1 },
    ]);
  });
  it("addToCart appends a new line, quantity 1 by default", () => {
    expect(addToCart(cart, 7).lines).toEqual([...cart, { variantId: 7, quantity: 1 }]);
  });
  it("buyNow replaces an existing line's quantity", () => {
    expect(buyNow(cart, 1, 1).lines[0]).toEqual({ variantId: 1, quantity: 1 });
  });
  it("buyNow appends when the product is not in the cart", () => {
    expect(buyNow(cart, 9, 2).lines.at(-1)).toEqual({ variantId: 9, quantity: 2 });
  });
  it("updateQuantity silently ignores quantities below 1", () => {
    expect(updateQuantity(cart, 1, 0).lines).toBe(cart);
    expect(updateQuantity(cart, 1, -4).lines).toBe(cart);
    expect(updateQuantity(cart, 1, 1.5).lines).toBe(cart);
  });
  it("updateQuantity sets the quantity", () => {
    expect(updateQuantity(cart, 2, 6).lines[1]).toEqual({ variantId: 2, quantity: 6 });
  });
  it("removeFromCart removes the line", () => {
    expect(removeFromCart(cart, 1)).toEqual([{ variantId: 2, quantity: 1 }]);
  });
  it("cartQuantity sums every line (the header badge)", () => {
    expect(cartQuantity(cart)).toBe(3);
    expect(cartQuantity([])).toBe(0);
  });
  it("never mutates the input", () => {
    const copy = structuredClone(cart);
    addToCart(cart, 1, 5);
    buyNow(cart, 2, 5);
    updateQuantity(cart, 1, 9);
    removeFromCart(cart, 1);
    expect(cart).toEqual(copy);
  });
});

describe("cart limits", () => {
  it("caps a line at MAX_LINE_QUANTITY and says so", () => {
    const result = addToCart([{ variantId: 1, quantity: MAX_LINE_QUANTITY - 1 }], 1, 5);
    expect(result.lines[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(result.limited).toBe(true);
  });
  it("refuses a new product beyond MAX_CART_LINES", () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => ({ variantId: i + 1, quantity: 1 }));
    const result = addToCart(full, 999);
    expect(result.lines).toHaveLength(MAX_CART_LINES);
    expect(result.limited).toBe(true);
    expect(addToCart(full, 1).lines[0]?.quantity).toBe(2); // existing lines still grow
  });
});
