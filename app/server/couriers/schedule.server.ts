/**
 * Reads the couriers' statuses on a schedule while the server runs (docs/decisions/029-courier-hand-off.md):
 * every COURIER_REFRESH_MINUTES (30 by default; 0 switches it off), the parcels still on their way
 * are asked about, oldest checked first (../process/repeating-job.server.ts: one run at a time).
 * Failures are logged in one line without the keys (a CourierError's message never holds them);
 * a shop without a courier account is left quiet.
 */
import { getEnv } from "~/config/env.server";
import { log } from "~/server/log.server";
import { repeatingJob } from "~/server/process/repeating-job.server";
import { NoCourierAccountError } from "./courier";
import { refreshDeliveryStatuses } from "./hand-off.server";

/** The job's switch (started and stopped with the other background jobs). */
export const courierStatusJob = repeatingJob({
  name: "courier-statuses",
  everyMs: () => getEnv().COURIER_REFRESH_MINUTES * 60_000,
  failure: "Courier statuses not read",
  run: async () => {
    try {
      const result = await refreshDeliveryStatuses();
      if (result.changed > 0 || result.failed.length > 0) {
        log.info(
          { checked: result.checked, changed: result.changed, withoutStatus: result.failed.length },
          "Courier statuses read",
        );
      }
    } catch (error) {
      if (!(error instanceof NoCourierAccountError)) throw error;
    }
  },
});
