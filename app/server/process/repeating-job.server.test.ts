import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repeatingJob } from "./repeating-job.server";

describe("a repeating background job", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs every interval once started, once per name however often it is started, and not after it stops", async () => {
    const runs: number[] = [];
    const job = repeatingJob({
      name: "test-every",
      everyMs: () => 1_000,
      failure: "failed",
      run: async () => void runs.push(Date.now()),
    });
    job.start();
    job.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toHaveLength(3);
    job.stop();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toHaveLength(3);
  });

  it("skips a run while the previous one is still going, and stays off at an interval of 0", async () => {
    let started = 0;
    let finish: () => void = () => {};
    const slow = repeatingJob({
      name: "test-slow",
      everyMs: () => 1_000,
      failure: "failed",
      run: () => {
        started++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    slow.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    slow.stop();

    let offRuns = 0;
    const off = repeatingJob({
      name: "test-off",
      everyMs: () => 0,
      failure: "failed",
      run: async () => void offRuns++,
    });
    off.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(offRuns).toBe(0);
  });

  it("keeps running after a run fails", async () => {
    let runs = 0;
    const job = repeatingJob({
      name: "test-failing",
      everyMs: () => 1_000,
      failure: "Test job failed",
      run: async () => {
        runs++;
        throw new Error("provider down");
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(2);
    job.stop();
  });
});
