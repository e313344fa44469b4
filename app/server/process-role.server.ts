/**
 * Which process runs the shop's background jobs (the courier status schedule): exactly one, however
 * many processes serve the shop (docs/decisions/052-one-process-per-core.md).
 *
 * - One process (WEB_CONCURRENCY=1, the default): this one.
 * - server.js's cluster: the primary gives the role to the first process it forks, and to that
 *   process's replacement when it stops (HAAT_BACKGROUND_JOBS, "1" there and "0" in the others),
 *   so there is never a second holder on the machine.
 *
 * Several machines on one database would instead hold the role by a lock in that database (an
 * advisory lock), taken by whichever process gets it first: only this module changes then.
 */
import { getEnv } from "~/config/env.server";

/** Whether this process runs the background jobs (read once from the environment at start-up). */
export function runsBackgroundJobs(): boolean {
  return getEnv().HAAT_BACKGROUND_JOBS;
}
