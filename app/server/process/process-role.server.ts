/**
 * Which process runs the shop's background jobs (the courier status schedule): exactly one, however
 * many processes and machines serve the shop (docs/decisions/052-one-process-per-core.md, 053).
 *
 * - One process (WEB_CONCURRENCY=1, the default): this one.
 * - server.js's cluster: the primary gives the role to the first process it forks, and to that
 *   process's replacement when it stops (HAAT_BACKGROUND_JOBS, "1" there and "0" in the others),
 *   so there is never a second holder on the machine.
 * - On PostgreSQL, several machines share the database: the process that would hold the role on
 *   its machine holds it only while it also holds a session-level advisory lock, on a connection of
 *   its own. Whichever node takes the lock first runs the jobs; the others try again every
 *   `retryMs`, and one of them takes over within that time once the holder stops or loses its
 *   connection (PostgreSQL releases the lock when the session ends).
 */
import pg from "pg";
import { getEnv } from "~/config/env.server";

/** The advisory lock's key: any fixed text, hashed by PostgreSQL to the lock's 64-bit number. */
const JOBS_LOCK = "haat:background-jobs";
/** How often a node without the role tries to take it, in ms. */
const RETRY_MS = 15_000;

/** What to do when this process gains the role, and when it loses it. */
type Jobs = { start(): void; stop(): void };

/**
 * Calls `jobs.start()` once this process holds the role (the module's comment), and `jobs.stop()`
 * if it loses it (then it tries to take it again). `options.url` and `options.retryMs` default to
 * DATABASE_URL and 15,000 ms. Returns a function that stops trying and gives the role up (stopping
 * the jobs first).
 */
export function holdBackgroundJobs(jobs: Jobs, options: { url?: string; retryMs?: number } = {}): () => Promise<void> {
  const env = getEnv();
  if (!env.HAAT_BACKGROUND_JOBS) return async () => {};
  if (env.databaseKind !== "postgresql" && options.url === undefined) {
    jobs.start();
    return async () => jobs.stop();
  }
  return holdByAdvisoryLock(jobs, options.url ?? env.DATABASE_URL, options.retryMs ?? RETRY_MS);
}

function holdByAdvisoryLock(jobs: Jobs, url: string, retryMs: number): () => Promise<void> {
  let client: pg.Client | null = null;
  let holding = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const later = () => {
    if (!stopped) timer = setTimeout(() => void attempt(), retryMs);
    timer?.unref();
  };
  const lose = () => {
    if (holding) jobs.stop();
    holding = false;
    const lost = client;
    client = null;
    lost?.end().catch(() => {});
  };
  const attempt = async () => {
    timer = null;
    try {
      if (!client) {
        const next = new pg.Client({ connectionString: url });
        // A dropped connection ends the session, and with it the lock: stop, and try again later.
        next.on("error", () => {
          if (client === next) lose();
        });
        await next.connect();
        client = next;
      }
      const { rows } = await client.query<{ held: boolean }>(
        "SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS held",
        [JOBS_LOCK],
      );
      if (stopped) return;
      if (rows[0]?.held && !holding) {
        holding = true;
        jobs.start();
      }
      if (!holding) later();
    } catch {
      // The database is unreachable: nothing is held; try again later.
      lose();
      later();
    }
  };
  void attempt();
  // Ending the session releases the lock at once, for another node to take at its next try.
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    lose();
  };
}
