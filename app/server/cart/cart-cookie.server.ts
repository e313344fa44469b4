/**
 * The cart lives in a signed cookie (`haat_cart`) as variant id → quantity pairs, so it works
 * without JavaScript and without an account (docs/decisions/006-cookie-cart.md). The server
 * re-reads prices from the database on every request; the cookie holds no price.
 * A cookie that is missing, tampered with or malformed reads as an empty cart.
 *
 * Two shapes are read: `{ "v": [[variantId, quantity], …] }`, written since products have
 * variants (docs/decisions/047-variants.md), and the bare `[[productId, quantity], …]` written
 * before. An old cookie's product ids are turned into their products' variants (the default
 * variant, or the first active one) when it is read, so a cart kept across the upgrade still
 * checks out.
 */
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLine } from "~/rules/cart";
import { getEnv } from "~/config/env.server";
import { getDefaultVariantIds } from "~/models/catalogue/cart-variants.server";

/**
 * The cart cookie's name, the same whether or not it is Secure: not `__Host-haat_cart` when
 * COOKIE_SECURE, unlike the session, toast, language and placed-orders cookies, because renaming it
 * would empty every shopper's cart on upgrade (docs/decisions/005-sessions.md, "Cookie names").
 * The page cache keys pages on it (app/server/http/page-cache/page-key.server.ts).
 */
export const CART_COOKIE_NAME = "haat_cart";
const cartCookie = createCookie(CART_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: getEnv().COOKIE_SECURE,
  secrets: [getEnv().SESSION_SECRET],
  maxAge: 60 * 60 * 24 * 30, // 30 days, in seconds
});

const pairsSchema = z
  .array(z.tuple([z.number().int().positive(), z.number().int().min(1).max(MAX_LINE_QUANTITY)]))
  .max(MAX_CART_LINES);
const cookieSchema = z.object({ v: pairsSchema });

/** The cart lines of a request (empty when there is no valid cart cookie). */
export async function getCart(request: Request): Promise<CartLine[]> {
  const value: unknown = await cartCookie.parse(request.headers.get("Cookie"));
  const parsed = cookieSchema.safeParse(value);
  if (parsed.success) return parsed.data.v.map(([variantId, quantity]) => ({ variantId, quantity }));
  const legacy = pairsSchema.safeParse(value);
  return legacy.success ? linesOfProducts(legacy.data) : [];
}

/**
 * The cart lines of a cookie written before products had variants: each product id becomes its
 * default variant (the first active variant by position); a product that is gone, or has no
 * active variant, is left out, as a deleted product's line always was. Lines that meet on one
 * variant are added up (within MAX_LINE_QUANTITY).
 */
async function linesOfProducts(pairs: [number, number][]): Promise<CartLine[]> {
  if (pairs.length === 0) return [];
  const firstVariant = await getDefaultVariantIds(pairs.map(([productId]) => productId));
  const lines: CartLine[] = [];
  for (const [productId, quantity] of pairs) {
    const variantId = firstVariant.get(productId);
    if (variantId === undefined) continue;
    const existing = lines.find((line) => line.variantId === variantId);
    if (existing) existing.quantity = Math.min(existing.quantity + quantity, MAX_LINE_QUANTITY);
    else lines.push({ variantId, quantity });
  }
  return lines;
}

/** The Set-Cookie header value that stores `lines` (an empty cart expires the cookie). */
export function commitCart(lines: CartLine[]): Promise<string> {
  if (lines.length === 0) return cartCookie.serialize("", { maxAge: 0 });
  return cartCookie.serialize({ v: lines.map((line) => [line.variantId, line.quantity]) });
}
