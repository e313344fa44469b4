/**
 * A counting semaphore for one process: at most `limit` tasks run at once, the others wait their
 * turn in the order they asked (first come, first served). Used where work is too heavy to run
 * many of at once (app/server/media/images.server.ts: large pictures, one at a time).
 */

/** A semaphore made by `createSemaphore`. */
export type Semaphore = {
  /** Runs `task` once a place is free and frees it when `task` settles; resolves or rejects as `task` does. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now (at most the limit). */
  readonly active: number;
  /** Tasks waiting for a place. */
  readonly waiting: number;
};

/**
 * A semaphore with `limit` places.
 *
 * @param limit how many tasks may run at once (a whole number, at least 1).
 * @throws {RangeError} when `limit` is not a whole number of at least 1.
 */
export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`A semaphore needs at least one place, not ${limit}`);
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    active -= 1;
    const next = queue.shift();
    if (next) {
      active += 1;
      next();
    }
  };
  return {
    async run(task) {
      if (active < limit) active += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
