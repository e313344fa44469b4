/**
 * The app's rate limits, all made here (the sign-in limits and log, the password re-checks and the
 * two-factor codes in auth/, the tracking look-up limit of /orders/track), so that every one of them
 * counts the same way however many processes serve the shop (docs/decisions/052-one-process-per-core.md):
 *
 * - one process (WEB_CONCURRENCY=1, the default; tests; scripts): in this process's memory
 *   (rate-limiter-flexible's `RateLimiterMemory`), exactly as before;
 * - a worker of server.js's cluster (WEB_CONCURRENCY above 1; the primary sets HAAT_RATE_LIMITS to
 *   "primary"): counted in the primary process, over the IPC channel the cluster already has
 *   (`RateLimiterCluster` here, `RateLimiterClusterMaster` in server-cluster.js). Every process then
 *   draws on one budget: two processes do not allow twice the sign-in attempts. A question is one
 *   message each way (well under a millisecond); nothing waits on the event loop, and the counts
 *   survive a worker's restart (they reset when the whole server restarts, as before).
 *
 * - on PostgreSQL (docs/decisions/053-two-databases.md), in every process of every node: in the
 *   database's "RateLimit" table (rate-limiter-flexible's `RateLimiterPostgres`, one upsert per
 *   question, through a small pool of this process's own), so several machines behind one load
 *   balancer draw on one budget too, and the counts survive a restart of any of them.
 */
import pg from "pg";
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { getEnv } from "~/config/env.server";

/** A rate limit: `consume`, `reward`, `get`, `delete` of rate-limiter-flexible, keyed by strings. */
export type Limiter = RateLimiterAbstract;

/** What a limit counts: `points` per key in a window of `duration` seconds, under a name of its own. */
type LimiterOptions = {
  /** Unique among the app's limits: in a cluster the primary keeps one count per name. */
  keyPrefix: string;
  /** What one key may consume in a window. */
  points: number;
  /** The window, in seconds, from the key's first point (a fixed window, not a sliding one). */
  duration: number;
};

/**
 * How long a worker waits for the primary's answer before the limit fails with an Error (the
 * request then fails with a 500, rather than going ahead unlimited), in ms. The primary answers
 * from memory; only a primary stopped dead would not.
 */
const PRIMARY_ANSWER_MS = 5000;

/** The table of the limits' counts on PostgreSQL (prisma/postgresql/migrations/…_rate_limits). */
const RATE_LIMIT_TABLE = "RateLimit";
/** Connections the limits of one process use at most on PostgreSQL (a question is one short statement). */
const RATE_LIMIT_POOL_SIZE = 3;

let postgresPool: pg.Pool | null = null;

/**
 * A new rate limit counted where this process's limits are counted (the module's comment): in
 * the database on PostgreSQL; else in memory in a single process, in the cluster's primary in a
 * worker. Two limits must not share a `keyPrefix`: they would share their counts.
 */
export function createLimiter(options: LimiterOptions): Limiter {
  const env = getEnv();
  if (env.databaseKind === "postgresql") {
    // Idle connections do not keep a process alive (a script that signed in ends when it is done).
    postgresPool ??= new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: RATE_LIMIT_POOL_SIZE,
      allowExitOnIdle: true,
    });
    // The table is made by the migrations, not by the library; expired rows are deleted by each
    // limiter hourly (a timer that does not keep the process alive).
    return new RateLimiterPostgres({
      ...options,
      storeClient: postgresPool,
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
    });
  }
  return env.HAAT_RATE_LIMITS === "primary"
    ? new RateLimiterCluster({ ...options, timeoutMs: PRIMARY_ANSWER_MS })
    : new RateLimiterMemory(options);
}

/**
 * The wait a limiter's refusal asks for, in milliseconds (at least 1): the rejection handler of
 * `limiter.consume(key).then(() => 0, waitFrom)`, which every limit of the app reads this way.
 * @throws `error` again when it is not the limiter's limit-reached answer (in a cluster, also the
 *   Error of a primary that did not answer in time).
 */
export function waitFrom(error: unknown): number {
  if (error instanceof RateLimiterRes) return Math.max(1, error.msBeforeNext);
  throw error;
}
