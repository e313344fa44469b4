/**
 * Cancels the orders whose advance was not paid in time (docs/decisions/062-advance-payment.md),
 * every minute while the server runs, on the one process that holds the background jobs
 * (app/entry.server.tsx, app/server/process/process-role.server.ts). One run at a time; the timer
 * never keeps the process alive. Each cancellation is logged with the order's number.
 */
import { cancelLapsedAdvances } from "~/models/payments/advance-lapse.server";
import { log } from "~/server/log.server";

/** How often the deadlines are checked, in ms: a shopper's window is counted in minutes. */
const CHECK_EVERY_MS = 60_000;

/** The schedule's timer: one per process, even if the module is loaded twice (development reloads). */
const globalForSchedule = globalThis as typeof globalThis & { __haatAdvanceLapse?: NodeJS.Timeout };

let running = false;

/** One run: skipped while the previous one is still going; a failure is logged and the next run tries again. */
async function runOnce(): Promise<void> {
  if (running) return;
  running = true;
  try {
    const cancelled = await cancelLapsedAdvances();
    if (cancelled.length > 0) log.info({ orders: cancelled }, "Orders cancelled: the advance was not paid in time");
  } catch (error) {
    log.warn(`Unpaid advances not checked: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    running = false;
  }
}

/** Starts the schedule unless it is already started. */
export function startAdvanceLapseSchedule(): void {
  if (globalForSchedule.__haatAdvanceLapse) return;
  globalForSchedule.__haatAdvanceLapse = setInterval(() => void runOnce(), CHECK_EVERY_MS);
  globalForSchedule.__haatAdvanceLapse.unref();
}

/** Stops the schedule (server.js, on shutdown); a run already going finishes on its own. */
export function stopAdvanceLapseSchedule(): void {
  clearInterval(globalForSchedule.__haatAdvanceLapse);
  globalForSchedule.__haatAdvanceLapse = undefined;
}
