/**
 * The rate limits made by createLimiter: in one process they are RateLimiterMemory, as before; in
 * the workers of a cluster whose primary runs RateLimiterClusterMaster (server.js with
 * WEB_CONCURRENCY above 1) the workers share one count. The cluster here is real: this test's
 * process is the primary, its two workers run tests/support/limits-worker.ts under tsx.
 */
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { RateLimiterClusterMaster, RateLimiterMemory } from "rate-limiter-flexible";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLimiter } from "./rate-limit.server";

describe("createLimiter in one process", () => {
  it("counts in this process's memory, as every limit did before", async () => {
    const limiter = createLimiter({ keyPrefix: "test-one-process", points: 2, duration: 60 });
    expect(limiter).toBeInstanceOf(RateLimiterMemory);
    await limiter.consume("k");
    await limiter.consume("k");
    await expect(limiter.consume("k")).rejects.toMatchObject({ remainingPoints: 0 });
  });
});

describe("createLimiter in two processes of a cluster", () => {
  let workers: Worker[] = [];
  let nextId = 0;

  /** Asks `worker` a question (tests/support/limits-worker.ts) and resolves with its reply. */
  function ask<Reply>(worker: Worker, question: Record<string, unknown>): Promise<Reply> {
    const id = ++nextId;
    return new Promise((resolve) => {
      const onMessage = (reply: { id?: number }) => {
        if (reply.id !== id) return;
        worker.off("message", onMessage);
        resolve(reply as Reply);
      };
      worker.on("message", onMessage);
      worker.send({ ...question, id });
    });
  }

  beforeAll(async () => {
    // What server-cluster.js does before it forks: the primary keeps the counts.
    new RateLimiterClusterMaster();
    cluster.setupPrimary({
      exec: path.resolve("tests/support/limits-worker.ts"),
      execArgv: ["--import", "tsx"],
      silent: false,
    });
    workers = [1, 2].map(() => cluster.fork({ HAAT_RATE_LIMITS: "primary" }));
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.on("message", (message: { ready?: boolean }) => message.ready && resolve());
            worker.once("exit", (code) => reject(new Error(`a worker exited with ${code}`)));
          }),
      ),
    );
  }, 30_000);

  afterAll(async () => {
    await Promise.all(
      workers.map((worker) => {
        const exited = new Promise((resolve) => worker.once("exit", resolve));
        worker.process.kill("SIGKILL");
        return exited;
      }),
    );
  });

  it("gives both processes one budget: 5 points taken 4 and 4 at once allow 5, not 8", async () => {
    const question = { ask: "consume", keyPrefix: "test-shared", points: 5, key: "203.0.113.9" };
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ask<{ allowed: boolean }>(workers[i % 2]!, question)),
    );
    expect(replies.filter((reply) => reply.allowed)).toHaveLength(5);
    // Another key has its own budget.
    expect(await ask(workers[1]!, { ...question, key: "203.0.113.10" })).toMatchObject({ allowed: true });
  });

  it("holds the account-wide sign-in back-off across them: the 6th failure in a row waits, from either", async () => {
    const email = "owner@haat.example";
    const verdicts: { allowed: boolean; limit?: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await ask<{ verdict: { allowed: boolean; limit?: string } }>(workers[i % 2]!, {
        ask: "sign-in",
        email,
        address: `198.51.100.${i + 1}`,
      });
      verdicts.push(reply.verdict);
    }
    expect(verdicts.slice(0, 5).every((verdict) => verdict.allowed)).toBe(true);
    expect(verdicts[5]).toMatchObject({ allowed: false, limit: "account" });
  });

  it("holds parallel sign-in attempts on both to the same five", async () => {
    const email = "staff@haat.example";
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        ask<{ verdict: { allowed: boolean } }>(workers[i % 2]!, {
          ask: "sign-in",
          email,
          address: `192.0.2.${i + 1}`,
        }),
      ),
    );
    expect(replies.filter((reply) => reply.verdict.allowed)).toHaveLength(5);
  });
});
