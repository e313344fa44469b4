/**
 * The ports of one Playwright run's servers, in plain JavaScript so that `npm test`'s failure
 * digest (scripts/dev/test-digest.mjs) names the same server logs as the tests do.
 *
 * A run starts at E2E_PORT (default 3100) and gives each of its E2E_WORKERS workers (default 2) a
 * slot with two servers of its own, each with its own database: the journeys' server on
 * `E2E_PORT + 2 × slot`, and the security suite's on the next port. A worker's slot is Playwright's
 * TEST_PARALLEL_INDEX, so a worker started again after a failure gets the same servers.
 */

/** The first port of this run (E2E_PORT, default 3100). */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Playwright workers, each with its own pair of servers (E2E_WORKERS, default 2). */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/**
 * The port of slot `slot`'s server: "journeys" (tests/e2e/) or "security" (tests/security/).
 * @param {number} slot
 * @param {"journeys" | "security"} kind
 */
export const serverPort = (slot, kind) => BASE_PORT + 2 * slot + (kind === "security" ? 1 : 0);

/**
 * The file a server's standard output (its JSON log lines) goes to: `tests/.tmp/e2e-<port>.log`,
 * kept until the next run on that port.
 * @param {number} port
 */
export const serverLogOf = (port) => `tests/.tmp/e2e-${port}.log`;
