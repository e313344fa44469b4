/**
 * Visitors waiting for another visitor's render of the same page
 * (docs/decisions/057-page-cache-for-crowds.md): a GET that renders a page the cache lacks claims
 * its key, and who asks for that page meanwhile waits for the render, for at most `waitMs`, rather
 * than render it again (after a change, a spike would otherwise render each page once per
 * visitor). Only a render that is running can be waited for: a client's queued misses never hold
 * a page from others (render-turns.server.ts).
 */

export type RenderWaits = {
  /** Whether a render of `key` is running (claimed and not yet released). */
  rendering(key: string): boolean;
  /** Claims `key` for a render starting now. */
  claim(key: string): void;
  /** The render of `key` is over (its answer stored, or not): calls its waiters, and frees the key. */
  release(key: string): void;
  /**
   * Calls `then` once, when the running render of `key` is released or after `waitMs`, whichever
   * comes first (a render that hangs, a slow client reading its answer, holds no one for long).
   */
  wait(key: string, then: () => void): void;
};

/** Creates the waits of one page cache; `waitMs` is how long a visitor waits at most, in ms. */
export function createRenderWaits(waitMs: number): RenderWaits {
  /** Pages being rendered for a visitor now, by key, with the visitors waiting for them. */
  const filling = new Map<string, (() => void)[]>();

  function wait(key: string, then: () => void): void {
    const waiters = filling.get(key)!;
    let served = false;
    const serve = () => {
      if (served) return;
      served = true;
      clearTimeout(deadline);
      then();
    };
    const deadline = setTimeout(() => {
      const at = waiters.indexOf(serve);
      if (at !== -1) waiters.splice(at, 1);
      serve();
    }, waitMs);
    waiters.push(serve);
  }

  return {
    rendering: (key) => filling.has(key),
    claim: (key) => void filling.set(key, []),
    release(key) {
      const waiters = filling.get(key) ?? [];
      filling.delete(key);
      for (const serve of waiters) serve();
    },
    wait,
  };
}
