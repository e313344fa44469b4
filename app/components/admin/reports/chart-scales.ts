/**
 * The arithmetic of the reports' charts, apart from their drawing so that it can be tested alone:
 * an axis's nice ticks, which time labels fit, and the district map's colour classes.
 * See docs/decisions/069-charts-and-district-map.md.
 */
import { scaleLinear } from "d3-scale";

/**
 * An axis from 0 to a round number at or above `max`, with about `count` round ticks between
 * (d3-scale's "nice" steps: 1, 2 or 5 times a power of ten): (1234, 4) → top 1500, ticks
 * [0, 500, 1000, 1500]. A `max` of 0 or below, or not finite, gives the axis 0 to 1 so that an
 * all-zero chart still has a baseline; with `integers` (counts of orders, paisa) a tick that is not
 * a whole number is left out (a max of 3 gives 0, 1, 2, 3, not 0.5 steps).
 */
export function niceAxis(max: number, count = 4, integers = true): { top: number; ticks: number[] } {
  const domainTop = Number.isFinite(max) && max > 0 ? max : 1;
  const scale = scaleLinear().domain([0, domainTop]).nice(count);
  const top = scale.domain()[1]!;
  const ticks = scale.ticks(count).filter((tick) => !integers || Number.isInteger(tick));
  return { top, ticks };
}

/**
 * How many labels to step over so that at most `room` of `count` labels are shown: every
 * `labelStep(count, room)`-th label is drawn (the first always, as the caller also draws the last).
 * (30 days, room 7) → 5: the 1st, 6th, 11th… day. At least 1.
 */
export function labelStep(count: number, room: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, room)));
}

/** The colour classes of the district map, lightest first (Tailwind's amber, as the admin's accent). */
export const MAP_CLASS_COUNT = 4;

/** One colour class of the map's legend: the smallest and largest value it holds. */
export type MapClass = { index: number; min: number; max: number };

/**
 * The district map's colour classes for `values` (one per district that has a figure): zero is a
 * class of its own (index -1: a district with orders but, say, no returns, told apart from one with
 * no orders), and the distinct values above zero are cut into at most MAP_CLASS_COUNT classes of
 * about as many distinct values each (quantiles of the distinct values, not of the districts:
 * districts with equal figures share a class, so a class may hold more districts than another; a
 * few big cities would otherwise leave every other district in the lightest colour). Each class reports the smallest and largest value actually in it, for the
 * legend; classes that would be empty (fewer distinct values than classes) are left out, and the
 * darkest colour always goes to the largest values.
 * Returns the classes (lightest first) and `classOf(value)`: a class index, or -1 for zero.
 */
export function mapClasses(values: readonly number[]): {
  classes: MapClass[];
  classOf: (value: number) => number;
} {
  const positive = [...new Set(values.filter((value) => value > 0))].sort((a, b) => a - b);
  const classCount = Math.min(MAP_CLASS_COUNT, positive.length);
  // The distinct values cut into `classCount` runs of nearly equal length; the darkest class
  // (MAP_CLASS_COUNT - 1) holds the largest values however few classes there are.
  const offset = MAP_CLASS_COUNT - classCount;
  const indexOfRank = (rank: number) => offset + Math.floor((rank * classCount) / positive.length);
  const classes: MapClass[] = [];
  positive.forEach((value, rank) => {
    const index = indexOfRank(rank);
    const last = classes.at(-1);
    if (last && last.index === index) last.max = value;
    else classes.push({ index, min: value, max: value });
  });
  const rankOf = new Map(positive.map((value, rank) => [value, rank]));
  const classOf = (value: number) => {
    if (!(value > 0)) return -1;
    const rank = rankOf.get(value);
    if (rank !== undefined) return indexOfRank(rank);
    // A value that was not among `values`: the class whose range it falls in, or the nearest.
    const found = classes.find((mapClass) => value <= mapClass.max);
    return (found ?? classes.at(-1))?.index ?? MAP_CLASS_COUNT - 1;
  };
  return { classes, classOf };
}
