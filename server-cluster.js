/**
 * One server process per core (WEB_CONCURRENCY above 1; docs/decisions/052-one-process-per-core.md):
 * server.js's process becomes the primary of a `node:cluster` and serves nothing itself. It
 * - forks WEB_CONCURRENCY server processes ("auto": one per core), each running server.js as one
 *   process does, all on the same port (the primary accepts the connections and hands them to the
 *   processes in turn);
 * - counts every process's rate limits in one place (rate-limiter-flexible's
 *   RateLimiterClusterMaster; app/server/rate-limit.server.ts is the other half);
 * - gives the background jobs to its first process, and to that process's replacement
 *   (HAAT_BACKGROUND_JOBS; app/server/process/process-role.server.ts);
 * - replaces a process that stops unexpectedly, after 0.5 s, doubled for each further one that
 *   stops within a minute of starting (at most 30 s), each logged; when one cannot start five times
 *   in a row, the whole server stops with exit code 1, as one process would;
 * - on SIGTERM or SIGINT tells every process to stop gracefully (each finishes its requests in
 *   flight and closes the database, within SHUTDOWN_TIMEOUT_SECONDS) and exits once all have:
 *   0, or 1 if any had to be cut off.
 * The primary does not load the app (55–65 MB resident instead of about 130): the configuration is
 * checked by the first process, before any other is forked, so a wrong variable stops the server
 * with the same message and exit code 1 as with one process.
 */
import cluster from "node:cluster";
import os from "node:os";
import { pino } from "pino";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";

/** The wait before a stopped process is replaced, in ms, for the first of a run; doubled for each further one. */
const FIRST_RESTART_MS = 500;
/** The longest wait before a process is replaced, in ms. */
const MAX_RESTART_MS = 30_000;
/** A process that ran this long (ms) before it stopped starts a new run of restarts. */
const RAN_WELL_MS = 60_000;
/** Processes in a row that stop before they listen, after which the server gives up. */
const FAILED_STARTS = 5;

/**
 * The number of server processes WEB_CONCURRENCY asks for: "auto" is one per core
 * (`os.availableParallelism()`), a whole number from 1 to 64 is itself. Anything else is 1: the
 * server then starts as one process, whose configuration check (app/config/env.server.ts) refuses
 * the value with a message.
 * @param {string | undefined} value WEB_CONCURRENCY (default: the environment's)
 * @returns {number}
 */
export function serverProcessCount(value = process.env.WEB_CONCURRENCY) {
  const text = (value ?? "").trim();
  if (text === "auto") return os.availableParallelism();
  if (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= 64) return Number(text);
  return 1;
}

/** The primary's log: JSON lines like the app's (app/server/log.server.ts), at LOG_LEVEL. */
function primaryLog() {
  const levels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
  const level = levels.includes(process.env.LOG_LEVEL?.trim() ?? "") ? process.env.LOG_LEVEL.trim() : "info";
  return pino(
    {
      level,
      base: { pid: process.pid, role: "primary" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line) => void process.stdout.write(line) },
  );
}

/**
 * Runs the cluster's primary with `count` server processes until it is stopped (see the module's
 * comment). Never serves a request itself.
 * @param {number} count server processes, 2 to 64
 * @returns {Promise<number>} the exit code: 0 when every process stopped gracefully; 1 when one had
 *   to be cut off, or the processes could not start (the first one's configuration check failed, or
 *   one stopped before listening FAILED_STARTS times in a row)
 */
export async function runPrimary(count) {
  const log = primaryLog();
  const seconds = Number(process.env.SHUTDOWN_TIMEOUT_SECONDS?.trim() || "10");
  const shutdownSeconds = Number.isInteger(seconds) && seconds >= 0 && seconds <= 600 ? seconds : 10;
  const startedAt = String(Date.now());
  new RateLimiterClusterMaster();

  /** @type {{ worker: import("node:cluster").Worker | null; startedAt: number; listening: boolean; restarts: number; timer: NodeJS.Timeout | null }[]} */
  const slots = [];
  let failedStarts = 0;
  /** Set once the first process listens: before, a process that stops ends the start instead. */
  let started = false;
  let stopping = false;
  let exitCode = 0;
  /** @type {{ promise: Promise<number>, resolve: (code: number) => void }} */
  const { promise: finished, resolve: finish } = Promise.withResolvers();

  /** Forks the process of slot `index` (slot 0 runs the background jobs). */
  function fork(index) {
    const slot = slots[index];
    slot.timer = null;
    slot.listening = false;
    slot.startedAt = Date.now();
    slot.worker = cluster.fork({
      HAAT_RATE_LIMITS: "primary",
      HAAT_BACKGROUND_JOBS: index === 0 ? "1" : "0",
      HAAT_STARTED_AT: startedAt,
    });
    const { worker } = slot;
    worker.once("listening", () => {
      slot.listening = true;
      failedStarts = 0;
    });
    worker.once("exit", (code, signal) => {
      slot.worker = null;
      if (stopping) {
        if (code !== 0) exitCode = 1;
        if (slots.every((each) => each.worker === null)) finish(exitCode);
        return;
      }
      if (!started) return;
      const ranMs = Date.now() - slot.startedAt;
      if (!slot.listening) failedStarts += 1;
      slot.restarts = ranMs >= RAN_WELL_MS ? 1 : slot.restarts + 1;
      const delayMs = Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** (slot.restarts - 1));
      const fields = { process: index + 1, workerPid: worker.process.pid, code, signal, ranMs };
      if (failedStarts >= FAILED_STARTS) {
        log.fatal(fields, `haat: ${FAILED_STARTS} server processes in a row stopped before listening; stopping`);
        stop("failed starts", 1);
        return;
      }
      log.error({ ...fields, restartInMs: delayMs }, "haat: a server process stopped unexpectedly; starting another");
      slot.timer = setTimeout(() => fork(index), delayMs);
    });
  }

  /** Tells every process to stop gracefully; the primary exits with `code` or worse once all have. */
  function stop(reason, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const running = slots.filter((slot) => slot.worker !== null);
    log.info(`haat received ${reason}: stopping ${running.length} server processes gracefully`);
    for (const slot of slots) if (slot.timer) clearTimeout(slot.timer);
    if (running.length === 0) {
      finish(exitCode);
      return;
    }
    // Each process runs its own graceful shutdown (server.js) on SIGTERM.
    for (const slot of running) slot.worker.process.kill("SIGTERM");
    // Should one hang past its own bound, it is killed a little after.
    setTimeout(
      () => {
        for (const slot of slots) {
          if (slot.worker === null) continue;
          log.error({ workerPid: slot.worker.process.pid }, "haat: a server process did not stop in time; killed");
          slot.worker.process.kill("SIGKILL");
        }
      },
      (shutdownSeconds + 5) * 1000,
    ).unref();
  }

  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));

  for (let index = 0; index < count; index++) {
    slots.push({ worker: null, startedAt: 0, listening: false, restarts: 0, timer: null });
  }
  // The first process checks the configuration: the others are forked only once it listens.
  fork(0);
  const first = slots[0].worker;
  const firstListens = await new Promise((resolve) => {
    first.once("listening", () => resolve(true));
    first.once("exit", () => resolve(false));
  });
  if (!firstListens && !stopping) {
    log.fatal("haat: the first server process could not start (its message is above); stopping");
    return 1;
  }
  started = true;
  if (!stopping) {
    for (let index = 1; index < count; index++) fork(index);
    log.info({ processes: count }, `haat: ${count} server processes share port ${process.env.PORT?.trim() || 3000}`);
  }
  const code = await finished;
  log.info("haat stopped");
  return code;
}
