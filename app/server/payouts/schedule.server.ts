/**
 * Reads Steadfast's payouts on the courier schedule while the server runs
 * (docs/decisions/067-courier-payouts.md): every COURIER_REFRESH_MINUTES (30 by default; 0 switches
 * it off), one list of payments, and the details of the new ones only (../process/repeating-job.server.ts:
 * one run at a time). A shop without Steadfast keys is left quiet; a failure is logged in one line
 * without the keys and tried again at the next run.
 */
import { getEnv } from "~/config/env.server";
import { log } from "~/server/log.server";
import { repeatingJob } from "~/server/process/repeating-job.server";
import { NoCourierAccountError } from "../couriers/courier";
import { readSteadfastPayouts } from "./steadfast-payouts.server";

/** The job's switch (started and stopped with the other background jobs). */
export const steadfastPayoutsJob = repeatingJob({
  name: "steadfast-payouts",
  everyMs: () => getEnv().COURIER_REFRESH_MINUTES * 60_000,
  failure: "Steadfast payouts not read",
  run: async () => {
    try {
      const read = await readSteadfastPayouts(null);
      if (read.recorded.length > 0 || read.skipped.length > 0) {
        log.info(
          {
            listed: read.listed,
            recorded: read.recorded.length,
            skipped: read.skipped.map((payment) => payment.reference),
            waiting: read.waiting,
          },
          "Steadfast payouts read",
        );
      }
    } catch (error) {
      if (!(error instanceof NoCourierAccountError)) throw error;
    }
  },
});
