/**
 * Limits on order-tracking lookups (/orders/track), counted as every rate limit of the app is
 * (app/server/rate-limit.server.ts: in memory, shared by a cluster's processes); the trade-off
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
 * free), an IPv4 one, or an IPv4 address written as IPv6, by itself (`clientKey`). A lookup is
 * charged as a failure before the order is read and given back when it matches, so lookups made at
 * the same moment cannot all pass a check none of them has counted yet. A refused lookup reports
 * how long to wait.
 */
import { clientKey } from "~/server/client-key.server";
import { createLimiter, waitFrom, type Limiter } from "~/server/rate-limit.server";

/** Lookups one client address may make in 15 minutes, found or not. */
const ADDRESS_LOOKUPS = 30;
const perAddress = createLimiter({ keyPrefix: "track-address", points: ADDRESS_LOOKUPS, duration: 15 * 60 });
/** Failed lookups of one order number from one client address allowed per hour. */
const ORDER_ADDRESS_FAILURES = 5;
const perOrderAndAddressFailures = createLimiter({
  keyPrefix: "track-order-address",
  points: ORDER_ADDRESS_FAILURES,
  duration: 60 * 60,
});
/** Failed lookups of one order number allowed per hour, from all addresses together. */
const ORDER_FAILURES = 30;
const perOrderFailures = createLimiter({ keyPrefix: "track-order", points: ORDER_FAILURES, duration: 60 * 60 });

/** The outcome of `takeTrackingLookup`: go ahead, or wait `waitMs` milliseconds (at least 1). */
type TrackingVerdict = { allowed: true } | { allowed: false; waitMs: number };

/** The limit-reached answer of a limiter as a verdict; anything else thrown again. */
const refused = (error: unknown): TrackingVerdict => ({ allowed: false, waitMs: waitFrom(error) });

/** The two failure counters a lookup of order `orderId` from `address` is charged to, with their keys. */
function failureCounters(address: string, orderId: number) {
  return [
    [perOrderAndAddressFailures, `${orderId}|${clientKey(address)}`],
    [perOrderFailures, String(orderId)],
  ] as const;
}

/**
 * Takes one lookup of order `orderId` from client address `address`, before the order is read,
 * and charges it as a failure in advance: to the order number from this address and from all
 * addresses, and to the address's lookups. A lookup that finds the order gives its failure back
 * (`returnTrackingFailure`). Charging first is what makes the limits hold for requests made at the
 * same moment: each takes its point before any of them reads the order, so twenty lookups sent
 * together from one address get five answers, not twenty. Refused, with nothing charged, when the
 * order number has used its failures from this address or from all addresses, or the address has
 * used its lookups; a refusal from this address never charges the count of all addresses, so one
 * machine cannot lock others out.
 * @throws whatever the limiter throws other than its limit-reached answer.
 */
export async function takeTrackingLookup(address: string, orderId: number): Promise<TrackingVerdict> {
  const taken: (readonly [Limiter, string])[] = [];
  const giveBack = () => Promise.all(taken.map(([limiter, key]) => limiter.reward(key, 1)));
  for (const [limiter, key] of [...failureCounters(address, orderId), [perAddress, clientKey(address)] as const]) {
    try {
      await limiter.consume(key);
      taken.push([limiter, key]);
    } catch (error) {
      await giveBack();
      return refused(error);
    }
  }
  return { allowed: true };
}

/**
 * Gives back the failure `takeTrackingLookup` charged in advance, once the lookup of order
 * `orderId` from client address `address` found the order with the right phone. A lookup that
 * fails keeps its charge: nothing more to record.
 */
export async function returnTrackingFailure(address: string, orderId: number): Promise<void> {
  await Promise.all(failureCounters(address, orderId).map(([limiter, key]) => limiter.reward(key, 1)));
}
