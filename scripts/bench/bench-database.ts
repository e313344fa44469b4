/**
 * What the timing scripts of many orders share (bench-customers.ts, bench-reports.ts): a fresh
 * database of their own on SQLite or PostgreSQL, the app's environment pointed at it, a fixed
 * sequence of pseudo-random numbers to seed it the same way every run, and the timer that prints a
 * query's median and 95th percentile.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { applyMigrations } from "../db/migrate.mjs";
import { startThrowawayPostgres } from "../dev/with-postgres.mjs";

/**
 * A migrated, empty database named after `name` on `database` ("sqlite": a file in a temporary
 * folder; "postgresql": a database on a throwaway server of the machine's own, with its durable
 * defaults, or on the one HAAT_TEST_POSTGRES_URL names when it is set), with the app's environment
 * (DATABASE_URL, UPLOADS_DIR, production mode) set before any app module loads.
 * @returns the folder and database address, and `close(keep)`: stops the throwaway server and
 *   removes the folder (kept, and said where, with `keep`).
 */
export async function benchDatabase(database: string, name: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `haat-bench-${name}-`));
  const postgres =
    database === "postgresql" && !process.env.HAAT_TEST_POSTGRES_URL
      ? await startThrowawayPostgres({ durable: true })
      : null;
  const databaseUrl =
    database === "postgresql"
      ? (postgres?.url ?? process.env.HAAT_TEST_POSTGRES_URL!).replace(/\/[^/]*$/, `/bench_${name}_${process.pid}`)
      : `file:${path.join(folder, "bench.db")}`;
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: path.join(folder, "uploads"),
    SESSION_SECRET: "bench-session-secret-0123456789abcdef0123",
    PUBLIC_URL: "http://localhost:3000",
  });
  const close = async (keep = false) => {
    await postgres?.stop();
    if (keep) console.log(`kept: ${folder}`);
    else fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    await applyMigrations({ databaseUrl });
  } catch (error) {
    await close();
    throw error;
  }
  return { folder, databaseUrl, close };
}

/** A fixed sequence of pseudo-random numbers in [0, 1) from `seed` (mulberry32), so every run seeds the same shop. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A timer of `runs` runs: `time(label, fn)` runs `fn` once not counted, then `runs` times, and
 * prints the median and 95th percentile in milliseconds on one line.
 */
export function timer(runs: number) {
  return async (label: string, fn: () => Promise<unknown>) => {
    await fn();
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const began = performance.now();
      await fn();
      samples.push(performance.now() - began);
    }
    samples.sort((a, b) => a - b);
    const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!.toFixed(1);
    console.log(`${label.padEnd(40)} runs ${runs}  median ${pct(0.5).padStart(8)} ms  p95 ${pct(0.95).padStart(8)} ms`);
  };
}
