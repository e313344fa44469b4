/**
 * The one-time code checkout may ask for (docs/decisions/065-sms.md): a 6-digit code sent by SMS to
 * the phone on the order, the cheapest filter against fake cash-on-delivery orders. Pure: the codes
 * are stored and counted in app/models/sms/phone-verification.server.ts, the checkout step is
 * app/routes/_shop.cart/checkout-code.server.ts.
 *
 * Where the numbers come from:
 * - 6 digits, 5 minutes, 5 tries: the shop's issue asks for them; they are the common OTP shape
 *   (NIST SP 800-63B §5.1.3: at least 6 digits from an approved random generator, short-lived,
 *   attempts limited). 5 tries at 1 in 1,000,000 each leave a guesser 1 chance in 200,000 per code.
 * - Resend after 60 s: the issue's; an SMS usually arrives within seconds, so a shopper who asks
 *   again sooner mostly gets two codes and types the older one.
 * - 3 codes per phone per hour, 10 per day: a shopper whose SMS is slow asks at most twice more
 *   within the hour; past that, someone is spending the shop's SMS balance on a number (or using
 *   the shop to flood a stranger's phone). 10 a day covers a shopper who orders several times.
 * - 10 codes per client address per hour, across phones: one household or shop behind one
 *   address may have a few phones; a script trying many numbers from one address stops at 10 SMS
 *   an hour. A mobile operator's carrier-grade NAT puts many shoppers behind one IPv4 address, so
 *   the limit is not lower; a per-phone limit still holds for each.
 * - 30 days on the device: about a month of orders from one phone without a new SMS, as
 *   "remember this device" is offered for sign-in codes; short enough that a phone that changed
 *   hands is checked again.
 */
import { toAsciiDigits } from "./phone";

/** The settings of `ShopSettings.checkoutCode`: never, phones without a delivered order, every order. */
export const CHECKOUT_CODE_MODES = ["off", "new-phones", "every-order"] as const;
export type CheckoutCodeMode = (typeof CHECKOUT_CODE_MODES)[number];

/** True when `value` is one of CHECKOUT_CODE_MODES. */
export function isCheckoutCodeMode(value: string): value is CheckoutCodeMode {
  return (CHECKOUT_CODE_MODES as readonly string[]).includes(value);
}

/** Digits in a code. */
const CODE_DIGITS = 6;
/** How long a code may be typed after it was made, in ms (the SMS says "5 minutes": CHECKOUT_CODE_TEXT). */
export const CODE_LIFE_MS = 5 * 60 * 1000;
/** How long after a code was sent the shopper may ask for a new one, in ms. */
export const RESEND_AFTER_MS = 60 * 1000;

/** When a new code may be asked after one sent at `sentAt`: RESEND_AFTER_MS later. */
export function resendTime(sentAt: Date): Date {
  return new Date(sentAt.getTime() + RESEND_AFTER_MS);
}
/** Wrong codes accepted per code; after them the code is used up. */
export const TRIES_PER_CODE = 5;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The limits on codes sent: how many within how long, per phone or per client address. */
export const CODE_LIMITS = [
  { scope: "phone", count: 3, windowMs: HOUR_MS },
  { scope: "phone", count: 10, windowMs: DAY_MS },
  { scope: "address", count: 10, windowMs: HOUR_MS },
] as const satisfies readonly { scope: "phone" | "address"; count: number; windowMs: number }[];

/** The longest window of CODE_LIMITS, in ms: the codes older than this count for nothing. */
export const CODE_LIMIT_WINDOW_MS = Math.max(...CODE_LIMITS.map((limit) => limit.windowMs));

/** How long a device remembers a phone it verified, in ms. */
export const REMEMBER_PHONE_MS = 30 * DAY_MS;

/**
 * Whether checkout asks for a code under setting `mode` for a phone that has (`hasDelivered`) or
 * has not had an order delivered: "every-order" always, "new-phones" only without one, "off" never.
 * (A phone the device verified, or a shop without an SMS gateway, is never asked: the caller's.)
 */
export function asksForCode(mode: CheckoutCodeMode, hasDelivered: boolean): boolean {
  return mode === "every-order" || (mode === "new-phones" && !hasDelivered);
}

/**
 * A new code: CODE_DIGITS decimal digits, each of the 1,000,000 codes equally likely, from the
 * platform's cryptographic generator (Web Crypto). Values of the 32-bit draw at or above the
 * largest multiple of 1,000,000 are drawn again, so the remainder has no bias toward low codes.
 */
export function newCode(): string {
  const range = 10 ** CODE_DIGITS;
  const limit = Math.floor(2 ** 32 / range) * range;
  const draw = new Uint32Array(1);
  do crypto.getRandomValues(draw);
  while (draw[0]! >= limit);
  return String(draw[0]! % range).padStart(CODE_DIGITS, "0");
}

/**
 * The code in what the shopper typed, as CODE_DIGITS ASCII digits, or null when it is not one:
 * Bengali digits are read as digits, and spaces or dashes between them ("123 456") dropped.
 */
export function typedCode(typed: string): string | null {
  const digits = toAsciiDigits(typed).replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/** A limit of CODE_LIMITS that is reached, and when the next code may be sent. */
export type CodeLimitReached = { scope: "phone" | "address"; retryAt: Date };

/**
 * The first limit of CODE_LIMITS that one more code would pass at `now`, given when the codes
 * counted were sent to the phone (`byPhone`) and asked from the client address (`byAddress`),
 * any order; or null when a code may be sent. `retryAt` is when the oldest code in the limit's
 * window leaves it (the earliest time one more is allowed).
 */
export function codeLimitReached(
  now: Date,
  sent: { byPhone: readonly Date[]; byAddress: readonly Date[] },
): CodeLimitReached | null {
  let reached: CodeLimitReached | null = null;
  for (const limit of CODE_LIMITS) {
    const since = now.getTime() - limit.windowMs;
    const inWindow = (limit.scope === "phone" ? sent.byPhone : sent.byAddress)
      .map((at) => at.getTime())
      .filter((at) => at > since)
      .sort((a, b) => b - a);
    if (inWindow.length < limit.count) continue;
    // The code that must leave the window before one more fits: the count-th newest.
    const retryAt = new Date(inWindow[limit.count - 1]! + limit.windowMs);
    if (!reached || retryAt > reached.retryAt) reached = { scope: limit.scope, retryAt };
  }
  return reached;
}

/** Whole seconds from `now` until `at` (at least 1 while `at` is ahead; 0 once it has passed). */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
}
