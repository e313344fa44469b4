/**
 * Limits on order-tracking lookups (/orders/track), in memory (haat is one process). An order
 * number is sequential and easy to guess; the phone is the secret that proves the shopper's right
 * to see the order, so guessing phones must be slow:
 * - per client address: 30 lookups in 15 minutes, found or not (a shopper checks a few times a day;
 *   counting every lookup also stops one address walking through order numbers);
 * - per order number: 10 failed lookups in an hour, from every address together (a guesser who
 *   spreads over many addresses still gets 10 tries an hour at one order's phone: with about
 *   700 million mobile numbers, hopeless). Once an order number has used its failures, every lookup
 *   of it is refused until the hour is over, the right phone too: letting a right one through
 *   would tell the guesser which guess was right. The shopper can still call the shop.
 * A refused lookup reports how long to wait.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

const perAddress = new RateLimiterMemory({ keyPrefix: "track-address", points: 30, duration: 15 * 60 });
/** Failed lookups of one order number allowed per hour. */
const ORDER_FAILURES = 10;
const perOrderFailures = new RateLimiterMemory({ keyPrefix: "track-order", points: ORDER_FAILURES, duration: 60 * 60 });

/** The outcome of `takeTrackingLookup`: go ahead, or wait `waitMs` milliseconds (at least 1). */
type TrackingVerdict = { allowed: true } | { allowed: false; waitMs: number };

const refused = (error: unknown): TrackingVerdict => {
  if (error instanceof RateLimiterRes) return { allowed: false, waitMs: Math.max(1, error.msBeforeNext) };
  throw error;
};

/**
 * Takes one lookup of order `orderId` from `address`, before the order is read. Refused when the
 * address has used its lookups or the order number its failures.
 * @throws whatever the limiter throws other than its limit-reached answer.
 */
export async function takeTrackingLookup(address: string, orderId: number): Promise<TrackingVerdict> {
  const failures = await perOrderFailures.get(String(orderId));
  if (failures && failures.consumedPoints >= ORDER_FAILURES)
    return { allowed: false, waitMs: Math.max(1, failures.msBeforeNext) };
  try {
    await perAddress.consume(address);
    return { allowed: true };
  } catch (error) {
    return refused(error);
  }
}

/** Counts a failed lookup (wrong phone or no such order) against order number `orderId`. */
export async function recordFailedTrackingLookup(orderId: number): Promise<void> {
  try {
    await perOrderFailures.consume(String(orderId));
  } catch (error) {
    refused(error);
  }
}
