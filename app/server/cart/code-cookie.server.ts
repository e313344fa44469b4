/**
 * The campaign code a shopper applied in the cart (docs/decisions/060-campaign-codes.md), kept in
 * its own signed cookie beside the cart: `haat_code` (`__Host-haat_code` when Secure), HttpOnly,
 * SameSite=Lax, for the cart's 30 days. It holds the code's text only; the server checks and
 * prices it on every cart page and again when the order is placed. A missing, forged or malformed
 * cookie reads as no code.
 *
 * Only the cart page (`private, no-store`: never stored by the page cache) and its actions read it.
 * The page cache therefore counts it among the cookies no cached page reads
 * (app/server/http/page-cache/page-key.server.ts): a shopper holding a code during a sale still
 * gets the catalogue from memory, and no stored page shows a code. A page the cache may store must
 * never read this cookie.
 */
import { createCookie } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { normaliseCode } from "~/rules/discount-codes";
import { hostCookieName } from "../cookie-name.server";

/** The code cookie's name without its prefix (`__Host-haat_code` when COOKIE_SECURE). */
export const CODE_COOKIE_NAME = "haat_code";

const codeCookie = createCookie(hostCookieName(CODE_COOKIE_NAME, getEnv().COOKIE_SECURE), {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: getEnv().COOKIE_SECURE,
  secrets: [getEnv().SESSION_SECRET],
  maxAge: 60 * 60 * 24 * 30, // the cart's 30 days, in seconds
});

/** The code applied in the cart of `request`, normalised (app/rules/discount-codes.ts); null: none. */
export async function getAppliedCode(request: Request): Promise<string | null> {
  const value: unknown = await codeCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? normaliseCode(value) : null;
}

/** The Set-Cookie header value that keeps `code` (normalised) applied, or removes it (null). */
export function commitAppliedCode(code: string | null): Promise<string> {
  if (code === null) return codeCookie.serialize("", { maxAge: 0 });
  return codeCookie.serialize(code);
}
