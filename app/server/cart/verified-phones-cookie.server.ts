/**
 * The phones this browser proved with a checkout code (docs/decisions/065-sms.md): a phone in it
 * places its orders without a new code until its entry expires (REMEMBER_PHONE_MS,
 * app/rules/checkout-code.ts). Checkout sets `haat_phones` (`__Host-haat_phones` when Secure).
 *
 * Like the placed-orders cookie (./placed-orders-cookie.server.ts): signed with SESSION_SECRET (a
 * forged or altered one reads as none), HttpOnly, SameSite=Lax, Path=/ (the cart is also
 * `/bn/cart` and `/cart.data`); each entry carries its own expiry, checked on the server, so a
 * copied cookie stops working too. A phone is named by an HMAC of it, not its digits: a browser
 * shared in a family does not show the numbers ordered from it. Only the cart page reads it, and
 * the page cache lets it through unread (app/server/http/page-cache/page-key.server.ts).
 */
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "~/config/env.server";
import { REMEMBER_PHONE_MS } from "~/rules/checkout-code";
import { hostCookieName } from "../cookie-name.server";

/** The verified-phones cookie's name without its prefix (`__Host-` when COOKIE_SECURE). */
export const VERIFIED_PHONES_COOKIE_NAME = "haat_phones";

/** Phones one cookie remembers at most (the newest kept). */
const MAX_PHONES = 5;

const phonesCookie = createCookie(hostCookieName(VERIFIED_PHONES_COOKIE_NAME, getEnv().COOKIE_SECURE), {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: getEnv().COOKIE_SECURE,
  secrets: [getEnv().SESSION_SECRET],
  maxAge: REMEMBER_PHONE_MS / 1000,
});

/** [phone tag, until (ms since the epoch)] pairs, oldest first. */
const cookieSchema = z.array(z.tuple([z.string().max(64), z.number().int()])).max(MAX_PHONES);

type Remembered = z.infer<typeof cookieSchema>;

/** The tag that names phone `phone` in the cookie: an HMAC of it with SESSION_SECRET (base64url, 16 bytes). */
function phoneTag(phone: string): string {
  return crypto
    .createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`haat_phones:${phone}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** The unexpired entries of the request's cookie (none when it is missing, forged or malformed). */
async function rememberedEntries(request: Request, now: number): Promise<Remembered> {
  const parsed = cookieSchema.safeParse(await phonesCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data.filter(([, until]) => until > now) : [];
}

/** Whether the browser that sent `request` proved phone `phone` (01XXXXXXXXX) with a code within REMEMBER_PHONE_MS. */
export async function phoneVerifiedHere(request: Request, phone: string, now = Date.now()): Promise<boolean> {
  const tag = phoneTag(phone);
  return (await rememberedEntries(request, now)).some(([remembered]) => remembered === tag);
}

/**
 * The Set-Cookie header value that adds phone `phone` to the phones the browser of `request`
 * proved, for REMEMBER_PHONE_MS from `now` (its MAX_PHONES newest are kept).
 */
export async function rememberVerifiedPhone(request: Request, phone: string, now = Date.now()): Promise<string> {
  const tag = phoneTag(phone);
  const others = (await rememberedEntries(request, now)).filter(([remembered]) => remembered !== tag);
  const entries: Remembered = [...others, [tag, now + REMEMBER_PHONE_MS]];
  return phonesCookie.serialize(entries.slice(-MAX_PHONES));
}
