/**
 * The filters of a payout's page (docs/decisions/067-courier-payouts.md), shared by its loader and
 * its links, and what a line's amounts say about it. Pure.
 */

/**
 * Which of a payout's lines its page lists: all, the ones to look at ("flagged": no order, already
 * paid or charged, or cash collected that differs from what the order expected), or one match state.
 */
export const PAYOUT_LINE_FILTERS = ["all", "flagged", "matched", "charge", "unmatched", "duplicate"] as const;
export type PayoutLineFilter = (typeof PAYOUT_LINE_FILTERS)[number];

/** `value` (a `?show=` parameter) as a filter; "all" for anything else. */
export function payoutLineFilter(value: string | null): PayoutLineFilter {
  return (PAYOUT_LINE_FILTERS as readonly string[]).includes(value ?? "") ? (value as PayoutLineFilter) : "all";
}

/**
 * Whether a payout line brought cash back: the rider collected more than ৳0 (all the order asked
 * or part of it). One that did not only charged its order (a returned parcel's delivery or return
 * charge): its "duplicate" is an order charged again, not one paid again.
 */
export function broughtCash(line: { collectedPaisa: number }): boolean {
  return line.collectedPaisa > 0;
}
