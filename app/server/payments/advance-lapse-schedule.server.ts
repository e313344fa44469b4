/**
 * Cancels the orders whose advance was not paid in time (docs/decisions/062-advance-payment.md),
 * every minute, on the one process that holds the background jobs (app/entry.server.tsx,
 * app/server/process/process-role.server.ts). Each cancellation is logged with the order's number.
 */
import { cancelLapsedAdvances } from "~/models/payments/advance-lapse.server";
import { log } from "~/server/log.server";
import { repeatingJob } from "~/server/process/repeating-job.server";

/** How often the deadlines are checked, in ms: a shopper's window is counted in minutes. */
const CHECK_EVERY_MS = 60_000;

/** The job's switch (started and stopped with the other background jobs). */
export const advanceLapseJob = repeatingJob({
  name: "advance-lapse",
  everyMs: () => CHECK_EVERY_MS,
  failure: "Unpaid advances not checked",
  run: async () => {
    const cancelled = await cancelLapsedAdvances();
    if (cancelled.length > 0) log.info({ orders: cancelled }, "Orders cancelled: the advance was not paid in time");
  },
});
