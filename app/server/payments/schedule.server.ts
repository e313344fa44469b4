/**
 * The pending bKash payments job (docs/decisions/061-bkash-checkout.md): every 2 minutes, on the
 * one process that holds the background jobs (app/entry.server.tsx,
 * ../process/process-role.server.ts), bKash is asked about payments left "created" for more than 3
 * minutes (`settlePendingBkashPayments`).
 */
import { log } from "~/server/log.server";
import { repeatingJob } from "~/server/process/repeating-job.server";
import { settlePendingBkashPayments } from "./bkash-checkout.server";

/** How often the job runs, in ms. */
const EVERY_MS = 2 * 60_000;

/** The job's switch (started and stopped with the other background jobs). */
export const pendingPaymentsJob = repeatingJob({
  name: "bkash-pending-payments",
  everyMs: () => EVERY_MS,
  failure: "Pending bKash payments not settled",
  run: async () => {
    const result = await settlePendingBkashPayments();
    if (result.checked > 0) log.info(result, "Pending bKash payments asked about");
  },
});
