/**
 * Where the end-to-end server lives: its port (E2E_PORT, default 3100) and its data folder, one
 * per port (`tests/.tmp/e2e-<port>`: database `haat.db`, images `uploads/`), so two Playwright runs
 * on different ports never share or wipe each other's data. Read by tests/e2e/server.ts, by
 * playwright.config.ts and by specs that check the database directly.
 */
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DIR = path.resolve("tests/.tmp", `e2e-${E2E_PORT}`);
export const E2E_DB_PATH = path.join(E2E_DIR, "haat.db");

/**
 * The security suite's own server (tests/security/): the same build and seed on the next port, so
 * its fuzzing and hostile requests never change the data the browser journeys rely on.
 */
export const SECURITY_PORT = E2E_PORT + 1;

/**
 * The local Steadfast each end-to-end server starts beside itself (tests/support/steadfast-server.ts),
 * 50 ports above the server's; the courier journeys set parcel statuses on it.
 */
export const steadfastPortOf = (serverPort: number) => serverPort + 50;
export const SECURITY_DB_PATH = path.resolve("tests/.tmp", `e2e-${SECURITY_PORT}`, "haat.db");

/**
 * The file an end-to-end server's standard output (its JSON log lines, app/server/log.server.ts)
 * is written to: `tests/.tmp/e2e-<port>.log`, beside its data folder and kept until the next run on
 * that port. playwright.config.ts redirects the server there; tests/e2e/server-log-reporter.ts
 * names it, with its error lines, when a test failed.
 */
export const serverLogOf = (serverPort: number) => path.join("tests/.tmp", `e2e-${serverPort}.log`);
