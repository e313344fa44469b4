/**
 * The pending bKash payments job (docs/decisions/061-bkash-checkout.md): every 2 minutes while the
 * server runs, on the one process that holds the background jobs (app/entry.server.tsx,
 * ../process/process-role.server.ts), bKash is asked about payments left "created" for more than 3
 * minutes (`settlePendingBkashPayments`). One run at a time; the timer never keeps the process alive.
 */
import { log } from "~/server/log.server";
import { settlePendingBkashPayments } from "./bkash-checkout.server";

/** How often the job runs, in ms. */
const EVERY_MS = 2 * 60_000;

const globalForSchedule = globalThis as typeof globalThis & { __haatPaymentSchedule?: NodeJS.Timeout };

let running = false;

async function runOnce(): Promise<void> {
  if (running) return;
  running = true;
  try {
    const result = await settlePendingBkashPayments();
    if (result.checked > 0) log.info(result, "Pending bKash payments asked about");
  } catch (error) {
    log.warn(`Pending bKash payments not settled: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    running = false;
  }
}

/** Starts the job unless it is already started. */
export function startPaymentSchedule(): void {
  if (globalForSchedule.__haatPaymentSchedule) return;
  globalForSchedule.__haatPaymentSchedule = setInterval(() => void runOnce(), EVERY_MS);
  globalForSchedule.__haatPaymentSchedule.unref();
}

/** Stops the job (on shutdown, or when this process loses the background jobs); a run going finishes. */
export function stopPaymentSchedule(): void {
  clearInterval(globalForSchedule.__haatPaymentSchedule);
  globalForSchedule.__haatPaymentSchedule = undefined;
}
