import { describe, expect, it } from "vitest";
import { createSlicer, forEachInSlices, yieldToEventLoop } from "./event-loop";

/** Busy-waits `ms` milliseconds (synchronous work, as a SQLite query is). */
function work(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

describe("yieldToEventLoop", () => {
  it("lets a due timer run, which an awaited resolved promise does not", async () => {
    let fired = false;
    setTimeout(() => (fired = true), 0);
    work(2);
    for (let i = 0; i < 1000; i += 1) await Promise.resolve();
    expect(fired).toBe(false);
    await yieldToEventLoop();
    await yieldToEventLoop();
    expect(fired).toBe(true);
  });
});

describe("createSlicer", () => {
  it("yields once a slice is used up, and not before", async () => {
    const slicer = createSlicer(1000);
    await slicer.turn();
    expect(slicer.turns).toBe(0);
    const eager = createSlicer(0);
    await eager.turn();
    await eager.turn();
    expect(eager.turns).toBe(2);
  });
});

describe("forEachInSlices", () => {
  it("visits every item in order and lets the event loop turn between slices of synchronous work", async () => {
    const seen: number[] = [];
    const progressSeenByTheLoop: number[] = [];
    let done = false;
    const watch = () => {
      progressSeenByTheLoop.push(seen.length);
      if (!done) setImmediate(watch);
    };
    setImmediate(watch);
    await forEachInSlices(
      Array.from({ length: 20 }, (_, i) => i),
      (item) => {
        work(2);
        seen.push(item);
      },
      1,
    );
    done = true;
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // The watcher ran while the loop was half-way, not only before and after it.
    expect(progressSeenByTheLoop.some((count) => count > 0 && count < 20)).toBe(true);
  });
});
