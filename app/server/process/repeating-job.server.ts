/**
 * A background job that repeats while the server runs (the couriers' statuses, bKash payments left
 * pending, advances not paid in time): every `everyMs` milliseconds once started, one run at a time
 * (a run still going when the next is due is skipped), a failure logged in one line and tried again
 * at the next run, and a timer that never keeps the process alive. One timer per job per process,
 * even when the module is loaded twice (development reloads). Which process runs the jobs at all is
 * ./process-role.server.ts's business (app/entry.server.tsx starts and stops them).
 */
import { log } from "~/server/log.server";

/** A job's switch. */
export type RepeatingJob = { start(): void; stop(): void };

/** The timers of the jobs started in this process, by name. */
const globalForJobs = globalThis as typeof globalThis & { __haatRepeatingJobs?: Map<string, NodeJS.Timeout> };
const timers = (globalForJobs.__haatRepeatingJobs ??= new Map());

/**
 * The job `name` that calls `run` every `everyMs()` ms (read when started; 0 leaves the job off).
 * A thrown error is logged as "`failure`: <its message>" (never with a stack: the providers' errors
 * carry no keys, and one line per failed run is enough to notice).
 */
export function repeatingJob(job: {
  name: string;
  everyMs: () => number;
  run: () => Promise<void>;
  failure: string;
}): RepeatingJob {
  let running = false;
  const runOnce = async () => {
    if (running) return;
    running = true;
    try {
      await job.run();
    } catch (error) {
      log.warn(`${job.failure}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  return {
    start() {
      const everyMs = job.everyMs();
      if (everyMs === 0 || timers.has(job.name)) return;
      const timer = setInterval(() => void runOnce(), everyMs);
      timer.unref();
      timers.set(job.name, timer);
    },
    stop() {
      clearInterval(timers.get(job.name));
      timers.delete(job.name);
    },
  };
}
