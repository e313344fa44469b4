import { describe, expect, it } from "vitest";
import { createSemaphore } from "./semaphore";

/** A task that runs until `finish` is called, and the list it logs its start and end to. */
function gate(log: string[], name: string) {
  const { promise: done, resolve: finish } = Promise.withResolvers<void>();
  return {
    task: async () => {
      log.push(`${name} starts`);
      await done;
      log.push(`${name} ends`);
      return name;
    },
    finish: () => finish(),
  };
}

describe("createSemaphore", () => {
  it("runs at most its limit at once, the others in the order they asked", async () => {
    const semaphore = createSemaphore(1);
    const log: string[] = [];
    const [a, b, c] = ["a", "b", "c"].map((name) => gate(log, name));
    const results = [a!, b!, c!].map((one) => semaphore.run(one.task));
    await Promise.resolve();
    expect([semaphore.active, semaphore.waiting]).toEqual([1, 2]);
    c!.finish();
    b!.finish();
    a!.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
    expect([semaphore.active, semaphore.waiting]).toEqual([0, 0]);
  });

  it("frees its place when a task fails, and refuses a limit under one", async () => {
    const semaphore = createSemaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await semaphore.run(async () => "next")).toBe("next");
    expect(() => createSemaphore(0)).toThrow(RangeError);
  });
});
