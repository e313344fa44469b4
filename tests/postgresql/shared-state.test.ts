/**
 * What several app nodes share through PostgreSQL (docs/decisions/053-two-databases.md), with two
 * "nodes" in this test's process, each with its own connections, as two machines would have:
 * the rate limits draw on one budget, one node at a time runs the background jobs, and the settings
 * row is made once when both nodes' first requests find it missing.
 */
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { catalogueChangesSettled } from "~/models/catalogue/changes/change-log.server";
import { getShopSettings } from "~/models/settings.server";
import { holdBackgroundJobs } from "~/server/process/process-role.server";
import { createLimiter } from "~/server/rate-limit.server";
import { prisma } from "~/models/db/client.server";

describe("rate limits on PostgreSQL", () => {
  it("count every node's attempts against one budget, in the RateLimit table", async () => {
    // Two limiters with one name, as each node makes its own at start-up.
    const nodeA = createLimiter({ keyPrefix: "test-shared", points: 3, duration: 60 });
    const nodeB = createLimiter({ keyPrefix: "test-shared", points: 3, duration: 60 });
    await nodeA.consume("203.0.113.7");
    await nodeB.consume("203.0.113.7");
    await nodeA.consume("203.0.113.7");
    await expect(nodeB.consume("203.0.113.7")).rejects.toMatchObject({ remainingPoints: 0 });
    // Another key has its own budget.
    await expect(nodeB.consume("203.0.113.8")).resolves.toMatchObject({ remainingPoints: 2 });
    const rows = await prisma.$queryRaw<{ key: string; points: number }[]>`
      SELECT "key", "points" FROM "RateLimit" WHERE "key" LIKE 'test-shared:%' ORDER BY "key"`;
    expect(rows).toEqual([
      { key: "test-shared:203.0.113.7", points: 4 },
      { key: "test-shared:203.0.113.8", points: 1 },
    ]);
  });
});

describe("the background jobs' role on PostgreSQL", () => {
  it("is held by one node at a time, and taken over when the holder stops", async () => {
    const url = process.env.DATABASE_URL!;
    const log: string[] = [];
    const jobs = (name: string) => ({
      start: () => log.push(`${name} started`),
      stop: () => log.push(`${name} stopped`),
    });
    const releaseA = holdBackgroundJobs(jobs("A"), { url, retryMs: 50 });
    await vi.waitFor(() => expect(log).toEqual(["A started"]));
    const releaseB = holdBackgroundJobs(jobs("B"), { url, retryMs: 50 });
    // B keeps trying while A holds the role.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(log).toEqual(["A started"]);
    await releaseA();
    await vi.waitFor(() => expect(log).toEqual(["A started", "A stopped", "B started"]));
    await releaseB();
    expect(log.at(-1)).toBe("B stopped");
  });

  it("is given up when the holder's connection is cut, and taken by another node", async () => {
    const url = process.env.DATABASE_URL!;
    const log: string[] = [];
    const jobs = (name: string) => ({
      start: () => log.push(`${name} started`),
      stop: () => log.push(`${name} stopped`),
    });
    const releaseA = holdBackgroundJobs(jobs("A"), { url, retryMs: 50 });
    await vi.waitFor(() => expect(log).toEqual(["A started"]));
    const releaseB = holdBackgroundJobs(jobs("B"), { url, retryMs: 50 });
    // The holder's session ends from the server's side (a crashed node, a network cut).
    await prisma.$executeRaw`
      SELECT pg_terminate_backend(l.pid) FROM pg_locks l
      WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    await vi.waitFor(() => expect(log).toEqual(["A started", "A stopped", "B started"]), { timeout: 5000 });
    await releaseA();
    await releaseB();
  });
});

describe("the shop's settings row on PostgreSQL", () => {
  it("is made once when two nodes' first requests both find it missing", async () => {
    // Node B's first request is inserting the row (its transaction still open) when this node's
    // first request finds it missing and creates it too.
    await prisma.shopSettings.deleteMany();
    await catalogueChangesSettled();
    const nodeB = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await nodeB.connect();
    try {
      await nodeB.query("BEGIN");
      await nodeB.query(
        `INSERT INTO "ShopSettings" ("id", "name", "tagline", "about", "email", "phone", "address", "updatedAt")
         VALUES (1, 'Made by Node B', '', '', 'b@haat.example', '01700000000', 'Dhaka', now())`,
      );
      const here = getShopSettings();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await nodeB.query("COMMIT");
      await expect(here).resolves.toMatchObject({ id: 1, name: "Made by Node B" });
    } finally {
      await nodeB.end();
    }
  });
});
