/**
 * The owner's reports' return rate (docs/decisions/068-reports.md): of the parcels that finished
 * their journey (delivered or returned), the share that came back; and whether that share rests on
 * enough parcels to be compared with another district's or courier's. Pure.
 */

/**
 * The fewest finished parcels (delivered + returned) whose return rate the reports compare. Below
 * it the rate is still shown, marked with how few parcels it rests on, but not coloured on the map:
 * one parcel out of one back is 100%, as 200 out of 200 would be, and would paint its district as
 * dark, although one refused parcel says little about a district or a courier. Five keeps a
 * district a shop sends to every week or so on the map after a month, while a single parcel, or a
 * couple, no longer decides the darkest colour.
 */
export const MIN_FINISHED_PARCELS = 5;

/** returned / (delivered + returned), 0 to 1; null when neither happened yet (parcels still on the way). */
export function returnRate(delivered: number, returned: number): number | null {
  return delivered + returned === 0 ? null : returned / (delivered + returned);
}

/**
 * How far a return rate of `delivered` and `returned` parcels can be read: "none" when no parcel
 * finished (no rate), "few" when fewer than MIN_FINISHED_PARCELS did (a rate, too few to compare),
 * "enough" otherwise. Counts are whole numbers of parcels, 0 or more.
 */
export function rateSample(delivered: number, returned: number): "none" | "few" | "enough" {
  const finished = delivered + returned;
  if (finished === 0) return "none";
  return finished < MIN_FINISHED_PARCELS ? "few" : "enough";
}
