/**
 * The orders this browser placed, for the confirmation page (/order-success): order numbers are
 * sequential, so anyone can type `?order=137`, and only the browser that placed order 137 may see
 * its items and delivery address there. Checkout sets `haat_placed` (`__Host-haat_placed` when
 * Secure), naming the orders it placed in the last hour; everyone else gets the number and the
 * tracking link (tracking asks for the phone number).
 *
 * The cookie is signed with SESSION_SECRET (a forged or altered one reads as none), HttpOnly,
 * SameSite=Lax, Path=/ (the page is also `/bn/order-success`, and with JavaScript it loads
 * `/order-success.data`, which a narrower path would not match). Each order in it carries its own
 * expiry, checked on the server, so a copied cookie stops working after the hour too; the short
 * life keeps a shared phone's exposure small. No catalogue page reads it, so the page cache answers
 * the browser as before (app/server/http/page-cache/page-key.server.ts).
 */
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "~/config/env.server";
import { hostCookieName } from "../cookie-name.server";

/**
 * The placed-orders cookie's name without its prefix: the cookie is `__Host-haat_placed` when
 * COOKIE_SECURE (`hostCookieName`). The page cache lets it through unread
 * (app/server/http/page-cache/page-key.server.ts).
 */
export const PLACED_ORDERS_COOKIE_NAME = "haat_placed";

/** How long after placing it a browser may see an order's details on the confirmation page, in seconds. */
const PLACED_ORDER_SECONDS = 60 * 60;

/** Orders one cookie names at most (the newest kept). */
const MAX_PLACED_ORDERS = 5;

const placedCookie = createCookie(hostCookieName(PLACED_ORDERS_COOKIE_NAME, getEnv().COOKIE_SECURE), {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: getEnv().COOKIE_SECURE,
  secrets: [getEnv().SESSION_SECRET],
  maxAge: PLACED_ORDER_SECONDS,
});

/** [order id, until (ms since the epoch)] pairs, oldest first. */
const cookieSchema = z.array(z.tuple([z.number().int().positive(), z.number().int()])).max(MAX_PLACED_ORDERS);

type Placed = z.infer<typeof cookieSchema>;

/** The unexpired entries of the request's cookie (none when it is missing, forged or malformed). */
async function placedEntries(request: Request, now: number): Promise<Placed> {
  const parsed = cookieSchema.safeParse(await placedCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data.filter(([, until]) => until > now) : [];
}

/** Whether the browser that sent `request` placed order `orderId` within the last PLACED_ORDER_SECONDS. */
export async function placedByThisBrowser(request: Request, orderId: number): Promise<boolean> {
  return (await placedEntries(request, Date.now())).some(([id]) => id === orderId);
}

/**
 * The Set-Cookie header value that adds order `orderId` to the orders the browser of `request`
 * placed (for PLACED_ORDER_SECONDS from now; its MAX_PLACED_ORDERS newest are kept).
 */
export async function rememberPlacedOrder(request: Request, orderId: number): Promise<string> {
  const now = Date.now();
  const others = (await placedEntries(request, now)).filter(([id]) => id !== orderId);
  const entries: Placed = [...others, [orderId, now + PLACED_ORDER_SECONDS * 1000]];
  return placedCookie.serialize(entries.slice(-MAX_PLACED_ORDERS));
}
