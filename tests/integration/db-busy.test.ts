/**
 * A write waiting for another process's write lock (docs/decisions/020-one-connection-serialised.md)
 * leaves the event loop free: it retries asynchronously instead of sleeping inside SQLite, and
 * gives up after its deadline.
 *
 * The outside writer is a second better-sqlite3 connection to the worker's database file: in a
 * child process when the app could block the event loop (an in-process holder could not let go
 * then), in this process when it cannot.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { createPrismaClient, prisma } from "~/models/db/client.server";

const databasePath = getEnv().databasePath;

/**
 * Starts a child process that takes the database's write lock (`BEGIN IMMEDIATE`) and holds it for
 * `holdMs` ms; resolves once the lock is taken, with a promise of the child's exit.
 */
async function holdWriteLockInChild(holdMs: number): Promise<{ exited: Promise<number | null> }> {
  const betterSqlite3 = createRequire(import.meta.url).resolve("better-sqlite3");
  const script = `
    const Database = require(process.argv[1]);
    const db = new Database(process.argv[2]);
    db.exec("BEGIN IMMEDIATE");
    process.stdout.write("locked\\n");
    setTimeout(() => { db.exec("COMMIT"); db.close(); }, Number(process.argv[3]));`;
  const child = spawn(process.execPath, ["-e", script, betterSqlite3, databasePath, String(holdMs)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("locked")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`the lock holder exited early (code ${code})`)));
  });
  return { exited };
}

/**
 * Runs `work` while a chain of `setTimeout(0)` ticks (standing in for an unrelated request) keeps
 * the time; returns its outcome and the longest wait between two ticks, in ms.
 */
async function withTicker<T>(work: () => Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; longestMs: number }> {
  let longestMs = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - last);
    last = now;
    if (running) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  const [outcome] = await Promise.allSettled([work()]);
  running = false;
  tick();
  return { outcome: outcome!, longestMs: Math.round(longestMs) };
}

beforeAll(async () => {
  // The first query compiles Prisma's query plans: not part of any measurement below.
  await prisma.category.count();
});

describe("a write waiting for another process's write lock", () => {
  it("keeps the event loop free while it waits, and the process's reads going, then succeeds", async () => {
    const holder = await holdWriteLockInChild(2000);
    const started = performance.now();
    const finished: string[] = [];
    const { outcome, longestMs } = await withTicker(async () => {
      const write = prisma.category
        .create({ data: { name: "Waited", slug: "waited-for-lock" } })
        .finally(() => finished.push("write"));
      await prisma.category.count();
      finished.push("read");
      return write;
    });
    const waitedMs = Math.round(performance.now() - started);
    await holder.exited;

    expect(outcome.status, String(outcome.status === "rejected" && outcome.reason)).toBe("fulfilled");
    // It really waited for the outside writer...
    expect(waitedMs).toBeGreaterThanOrEqual(1000);
    // ...without stalling anything else (a blocked event loop stalls for the whole hold, ~2000 ms),
    expect(longestMs, `an unrelated tick waited ${longestMs} ms (the write took ${waitedMs} ms)`).toBeLessThan(500);
    // ...nor holding up a read asked for after it (WAL readers do not wait for the writer).
    expect(finished).toEqual(["read", "write"]);
  });

  it("lets interactive and batch transactions wait the same way", async () => {
    const holder = await holdWriteLockInChild(1500);
    const { outcome, longestMs } = await withTicker(() =>
      Promise.all([
        prisma.$transaction(async (tx) => {
          const category = await tx.category.create({ data: { name: "In a transaction", slug: "tx-waited" } });
          return tx.category.update({ where: { id: category.id }, data: { name: "Renamed in a transaction" } });
        }),
        prisma.$transaction([prisma.category.create({ data: { name: "In a batch", slug: "batch-waited" } })]),
      ]),
    );
    await holder.exited;

    expect(outcome.status, String(outcome.status === "rejected" && outcome.reason)).toBe("fulfilled");
    expect(longestMs, `an unrelated tick waited ${longestMs} ms`).toBeLessThan(500);
    const slugs = (await prisma.category.findMany({ where: { slug: { in: ["tx-waited", "batch-waited"] } } })).map(
      (c) => c.slug,
    );
    expect(slugs.sort()).toEqual(["batch-waited", "tx-waited"]);
  });

  it("gives up after its deadline with SQLite's busy error, as Prisma reports it", async () => {
    // What a write got before, after SQLite's 5 s busy timeout: "Operation has timed out".
    const busyError = { code: "P1008", meta: { driverAdapterError: { cause: { originalCode: "SQLITE_BUSY" } } } };
    const client = createPrismaClient(databasePath, { busyDeadlineMs: 300 });
    await client.category.count();
    const holder = new Database(databasePath);
    holder.exec("BEGIN IMMEDIATE");
    try {
      const started = performance.now();
      const failure = await client.category.create({ data: { name: "Never", slug: "gave-up" } }).then(
        () => null,
        (error: unknown) => error,
      );
      const elapsedMs = performance.now() - started;
      expect(failure).toMatchObject(busyError);
      expect(elapsedMs).toBeGreaterThanOrEqual(250);
      expect(elapsedMs).toBeLessThan(2500);
      // Same for a transaction, which cannot begin.
      await expect(client.$transaction((tx) => tx.category.count())).rejects.toMatchObject(busyError);
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
      await client.$disconnect();
    }
    expect(await prisma.category.findUnique({ where: { slug: "gave-up" } })).toBeNull();
  });
});
