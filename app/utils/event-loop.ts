/**
 * Letting the event loop turn during long work in the server process.
 *
 * On SQLite every query resolves synchronously under its promise (better-sqlite3 is synchronous,
 * and the adapter's lock is a chain of promises), so a loop of `await`ed queries runs from start to
 * end in microtasks: no timer fires, no request is read and no stored page is answered until it
 * ends (docs/decisions/056-long-work-off-the-request-path.md). Every loop over many rows, products
 * or chunks awaits `slicer.turn()` (or uses `forEachInSlices`) between its steps; it gives the event
 * loop a turn (`setImmediate`: pending I/O callbacks and timers run first) once its slice is used.
 */

/** How long a slice of work runs before it lets the event loop turn, in ms: a request waits at most about this long behind it. */
const SLICE_MS = 8;

/**
 * Resolves after the event loop's pending I/O callbacks and due timers have run (a `setImmediate`,
 * the "check" phase; a resolved promise would not let them run).
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A loop's time keeper: `turn()` yields to the event loop when more than `sliceMs` ms passed since it last did. */
export type Slicer = {
  /** Yields (`yieldToEventLoop`) once the slice is used up; resolves at once otherwise (no macrotask). */
  turn(): Promise<void>;
  /** How many times it yielded so far (for tests and benchmarks). */
  readonly turns: number;
};

/**
 * A time keeper for one long loop: `await slicer.turn()` between steps.
 *
 * @param sliceMs most work between two turns of the event loop, in ms (`SLICE_MS`); 0 yields at every step.
 */
export function createSlicer(sliceMs: number = SLICE_MS): Slicer {
  let sliceStart = performance.now();
  let turns = 0;
  return {
    async turn() {
      if (performance.now() - sliceStart < sliceMs) return;
      await yieldToEventLoop();
      turns += 1;
      sliceStart = performance.now();
    },
    get turns() {
      return turns;
    },
  };
}

/**
 * Runs `step` for each of `items` in order, awaiting each, and lets the event loop turn whenever
 * a slice of `sliceMs` ms is used up (`createSlicer`).
 */
export async function forEachInSlices<T>(
  items: Iterable<T>,
  step: (item: T, index: number) => unknown,
  sliceMs: number = SLICE_MS,
): Promise<void> {
  const slicer = createSlicer(sliceMs);
  let index = 0;
  for (const item of items) {
    await step(item, index);
    index += 1;
    await slicer.turn();
  }
}
