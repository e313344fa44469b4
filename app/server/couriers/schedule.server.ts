/**
 * Reads the couriers' statuses on a schedule while the server runs (docs/decisions/029-courier-hand-off.md):
 * every COURIER_REFRESH_MINUTES (30 by default; 0 switches it off), the parcels still on their way
 * are asked about, oldest checked first. One run at a time; the timer never keeps the process alive.
 * Failures are logged in one line without the keys (a CourierError's message never holds them).
 */
import { getEnv } from "~/config/env.server";
import { NoCourierAccountError } from "./courier";
import { refreshDeliveryStatuses } from "./hand-off.server";
import { log } from "~/server/log.server";

/** The schedule's timer: one per process, even if the module is loaded twice (development reloads). */
const globalForSchedule = globalThis as typeof globalThis & { __haatCourierSchedule?: NodeJS.Timeout };

let running = false;

/** One scheduled run: skipped while the previous one is still going, quiet when no account is saved. */
async function runOnce(): Promise<void> {
  if (running) return;
  running = true;
  try {
    const result = await refreshDeliveryStatuses();
    if (result.changed > 0 || result.failed.length > 0) {
      log.info(
        { checked: result.checked, changed: result.changed, withoutStatus: result.failed.length },
        "Courier statuses read",
      );
    }
  } catch (error) {
    if (!(error instanceof NoCourierAccountError)) {
      log.warn(`Courier statuses not read: ${error instanceof Error ? error.message : String(error)}`);
    }
  } finally {
    running = false;
  }
}

/** Starts the schedule unless it is off or already started. */
export function startCourierSchedule(): void {
  const minutes = getEnv().COURIER_REFRESH_MINUTES;
  if (minutes === 0 || globalForSchedule.__haatCourierSchedule) return;
  globalForSchedule.__haatCourierSchedule = setInterval(() => void runOnce(), minutes * 60_000);
  globalForSchedule.__haatCourierSchedule.unref();
}

/** Stops the schedule (server.js, on shutdown); a run already going finishes on its own. */
export function stopCourierSchedule(): void {
  clearInterval(globalForSchedule.__haatCourierSchedule);
  globalForSchedule.__haatCourierSchedule = undefined;
}
