/**
 * Where this process's end-to-end server lives: its port and its data folder, one per port
 * (`tests/.tmp/e2e-<port>`: database `haat.db`, images `uploads/`), so that Playwright's workers, and
 * two Playwright runs on different ports, never share or wipe each other's data.
 *
 * In a Playwright worker these are the servers of the worker's slot (./e2e-ports.mjs); in a server
 * (tests/e2e/server.ts, started with E2E_PORT set to its own port) and in Playwright's main process,
 * slot 0's. Read by tests/e2e/server.ts, by playwright.config.ts and by specs that check the
 * database directly.
 */
import path from "node:path";
import { serverPort } from "./e2e-ports.mjs";

export { serverLogOf } from "./e2e-ports.mjs";

/** This worker's slot: Playwright's TEST_PARALLEL_INDEX in a worker, 0 elsewhere. */
const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The port of the server the journeys (tests/e2e/) of this worker use. */
export const E2E_PORT = serverPort(SLOT, "journeys");
export const E2E_DIR = path.resolve("tests/.tmp", `e2e-${E2E_PORT}`);
export const E2E_DB_PATH = path.join(E2E_DIR, "haat.db");

/**
 * The security suite's own server (tests/security/): the same build and seed on the next port, so
 * its fuzzing and hostile requests never change the data the browser journeys rely on.
 */
export const SECURITY_PORT = serverPort(SLOT, "security");
export const SECURITY_DB_PATH = path.resolve("tests/.tmp", `e2e-${SECURITY_PORT}`, "haat.db");

/**
 * The local Steadfast each end-to-end server starts beside itself (tests/support/steadfast-server.ts),
 * 50 ports above the server's; the courier journeys set parcel statuses on it.
 */
export const steadfastPortOf = (serverPort: number) => serverPort + 50;

/**
 * The local Pathao each end-to-end server starts beside itself (tests/support/pathao-server.ts),
 * 60 ports above the server's; the Pathao journey sets parcel statuses on it.
 */
export const pathaoPortOf = (serverPort: number) => serverPort + 60;

/**
 * The local bKash each end-to-end server starts beside itself (tests/support/bkash-server.ts), 70
 * ports above the server's: its API and the payment page the bKash journeys approve on.
 */
export const bkashPortOf = (serverPort: number) => serverPort + 70;

/**
 * The local SMS gateway each end-to-end server starts beside itself (tests/support/sms-gateway-server.ts),
 * 90 ports above the server's: SSL Wireless's, BulkSMSBD's and a generic API, and the messages it took.
 */
export const smsGatewayPortOf = (serverPort: number) => serverPort + 90;
