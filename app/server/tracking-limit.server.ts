/**
 * Limits on order-tracking lookups (/orders/track), in memory (haat is one process); the trade-off
 * is docs/decisions/042-tracking-lock-and-address-key.md. An order number is sequential and easy to
 * guess; the phone is the secret that proves the shopper's right to see the order, so guessing
 * phones must be slow, and one guesser must not be able to lock the shopper out:
 * - per client address: 30 lookups in 15 minutes, found or not (a shopper checks a few times a day;
 *   counting every lookup also stops one address walking through order numbers);
 * - per order number and client address: 5 failed lookups in an hour, then that address may not
 *   look that order up until the hour is over (the right phone too: letting a right one through
 *   would tell the guesser which guess was right). Other addresses, the shopper's, are not held up;
 * - per order number, from every address together: 30 failed lookups in an hour, then every lookup
 *   of it is refused until the hour is over. A guesser spread over many addresses still gets 30
 *   tries an hour at one order's phone (with about 700 million mobile numbers, hopeless), and needs
 *   at least six addresses to lock the shopper out. The shopper can still call the shop.
 * An IPv6 address counts by its /64 network (one subscriber's line; changing address within it is
 * free), an IPv4 one, or an IPv4 address written as IPv6, by itself. A refused lookup reports how
 * long to wait.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** Lookups one client address may make in 15 minutes, found or not. */
const ADDRESS_LOOKUPS = 30;
const perAddress = new RateLimiterMemory({ keyPrefix: "track-address", points: ADDRESS_LOOKUPS, duration: 15 * 60 });
/** Failed lookups of one order number from one client address allowed per hour. */
const ORDER_ADDRESS_FAILURES = 5;
const perOrderAndAddressFailures = new RateLimiterMemory({
  keyPrefix: "track-order-address",
  points: ORDER_ADDRESS_FAILURES,
  duration: 60 * 60,
});
/** Failed lookups of one order number allowed per hour, from all addresses together. */
const ORDER_FAILURES = 30;
const perOrderFailures = new RateLimiterMemory({ keyPrefix: "track-order", points: ORDER_FAILURES, duration: 60 * 60 });

/** The outcome of `takeTrackingLookup`: go ahead, or wait `waitMs` milliseconds (at least 1). */
type TrackingVerdict = { allowed: true } | { allowed: false; waitMs: number };

const refused = (error: unknown): TrackingVerdict => {
  if (error instanceof RateLimiterRes) return { allowed: false, waitMs: Math.max(1, error.msBeforeNext) };
  throw error;
};

/**
 * The key a client address is counted under: an IPv6 address's first four groups (its /64
 * network), an IPv4 address (also as `::ffff:a.b.c.d`) as it is, anything else as given.
 */
export function trackingClientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const bare = address.replace(/%.*$/, "").toLowerCase();
  const [head = "", tail = ""] = bare.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = bare.includes("::") ? (tail ? tail.split(":") : []) : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * Takes one lookup of order `orderId` from client address `address`, before the order is read.
 * Refused when the order number has used its failures from all addresses, or from this address,
 * or the address has used its lookups.
 * @throws whatever the limiter throws other than its limit-reached answer.
 */
export async function takeTrackingLookup(address: string, orderId: number): Promise<TrackingVerdict> {
  const client = trackingClientKey(address);
  for (const [limiter, key, points] of [
    [perOrderFailures, String(orderId), ORDER_FAILURES],
    [perOrderAndAddressFailures, `${orderId}|${client}`, ORDER_ADDRESS_FAILURES],
  ] as const) {
    const failures = await limiter.get(key);
    if (failures && failures.consumedPoints >= points) {
      return { allowed: false, waitMs: Math.max(1, failures.msBeforeNext) };
    }
  }
  try {
    await perAddress.consume(client);
    return { allowed: true };
  } catch (error) {
    return refused(error);
  }
}

/**
 * Counts a failed lookup (wrong phone or no such order) of order number `orderId` from client
 * address `address`: against the pair, and against the order number from all addresses.
 */
export async function recordFailedTrackingLookup(address: string, orderId: number): Promise<void> {
  for (const [limiter, key] of [
    [perOrderFailures, String(orderId)],
    [perOrderAndAddressFailures, `${orderId}|${trackingClientKey(address)}`],
  ] as const) {
    try {
      await limiter.consume(key);
    } catch (error) {
      refused(error);
    }
  }
}
