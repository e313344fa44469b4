/**
 * The cart lives in a signed cookie (`haat_cart`) as product id → quantity pairs, so it works
 * without JavaScript and without an account (docs/decisions/006-cookie-cart.md). The server
 * re-reads prices from the database on every request; the cookie holds no price.
 * A cookie that is missing, tampered with or malformed reads as an empty cart.
 */
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLine } from "~/rules/cart";
import { getEnv } from "~/config/env.server";

// Not `__Host-haat_cart` when Secure, unlike the session and toast cookies: renaming it would
// empty every shopper's cart on upgrade (docs/decisions/005-sessions.md, "Cookie names").
const CART_COOKIE_NAME = "haat_cart";
const cartCookie = createCookie(CART_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: getEnv().COOKIE_SECURE,
  secrets: [getEnv().SESSION_SECRET],
  maxAge: 60 * 60 * 24 * 30, // 30 days, in seconds
});

const cookieSchema = z
  .array(z.tuple([z.number().int().positive(), z.number().int().min(1).max(MAX_LINE_QUANTITY)]))
  .max(MAX_CART_LINES);

/** The cart lines of a request (empty when there is no valid cart cookie). */
export async function getCart(request: Request): Promise<CartLine[]> {
  const value: unknown = await cartCookie.parse(request.headers.get("Cookie"));
  const parsed = cookieSchema.safeParse(value);
  if (!parsed.success) return [];
  return parsed.data.map(([productId, quantity]) => ({ productId, quantity }));
}

/** The Set-Cookie header value that stores `lines` (an empty cart expires the cookie). */
export function commitCart(lines: CartLine[]): Promise<string> {
  if (lines.length === 0) return cartCookie.serialize("", { maxAge: 0 });
  return cartCookie.serialize(lines.map((line) => [line.productId, line.quantity]));
}
