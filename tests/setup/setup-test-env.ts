/**
 * Per test file: a fresh copy of the migrated base database and a private uploads folder, set in
 * the environment before any app module (which reads DATABASE_URL at import) is loaded; then the
 * custom matchers of matchers.ts.
 * A console.error or an error line of the server's log during a test fails it (conventions: a
 * failing console.error is a failure).
 */
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { inspect } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";
import { createDatabase, databaseUrl, testPostgresUrl } from "../support/postgres-databases";

// The folder tests/setup/global-setup.ts prepares for this run (not imported: that module runs in
// the main process, and names the folder in the environment).
const tmp = process.env.HAAT_VITEST_TMP;
if (!tmp) throw new Error("HAAT_VITEST_TMP is not set: run the tests with Vitest (tests/setup/global-setup.ts)");
const id = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
process.env.NODE_ENV = "test";
const postgresUrl = testPostgresUrl();
if (postgresUrl) {
  // A run on PostgreSQL (tests/setup/global-setup.ts): a copy of the run's migrated base database.
  const base = process.env.HAAT_TEST_POSTGRES_BASE ?? "";
  const name = `${base}_${id.replace("-", "_")}`;
  await createDatabase(postgresUrl, name, base);
  process.env.DATABASE_URL = databaseUrl(postgresUrl, name);
} else {
  const databasePath = path.join(tmp, `test-${id}.db`);
  fs.copyFileSync(path.join(tmp, "base.db"), databasePath);
  process.env.DATABASE_URL = `file:${databasePath}`;
}
process.env.UPLOADS_DIR = path.join(tmp, `uploads-${id}`);
process.env.SESSION_SECRET = "test-session-secret-that-is-long-enough-0123456789";
process.env.COOKIE_SECURE = "false";
// Tests place many orders from one phone and address; the checkout limits' own tests set them.
process.env.SHOP_PHONE_ORDER_LIMIT = "0";
process.env.SHOP_ADDRESS_ORDER_LIMIT = "0";
// The courier hand-off's tests start a local Steadfast (tests/support/steadfast-server.ts) on this
// worker's own port; the app reads the address once, so it is set before any app module loads.
process.env.STEADFAST_BASE_URL = `http://127.0.0.1:${47_100 + Number(process.env.VITEST_POOL_ID ?? 0)}/api/v1`;
// Pathao's tests start a local Pathao (tests/support/pathao-server.ts) on this worker's own port.
process.env.PATHAO_BASE_URL = `http://127.0.0.1:${47_200 + Number(process.env.VITEST_POOL_ID ?? 0)}`;
process.env.COURIER_REFRESH_MINUTES = "0";
// bKash's tests start a local bKash (tests/support/bkash-server.ts) on this worker's own port; a
// request to it is given up after 2 s (30 s in a shop).
process.env.BKASH_BASE_URL = `http://127.0.0.1:${47_300 + Number(process.env.VITEST_POOL_ID ?? 0)}/v1.2.0-beta`;
process.env.BKASH_TIMEOUT_SECONDS = "2";
// The SMS tests start a local gateway (tests/support/sms-gateway-server.ts) on this worker's own
// port, serving SSL Wireless's and BulkSMSBD's APIs; a gateway request is given up after 2 s here.
// The outbox's timer is off: tests send what is due themselves.
process.env.SSL_WIRELESS_BASE_URL = `http://127.0.0.1:${47_500 + Number(process.env.VITEST_POOL_ID ?? 0)}/sslwireless`;
process.env.BULKSMSBD_BASE_URL = `http://127.0.0.1:${47_500 + Number(process.env.VITEST_POOL_ID ?? 0)}/bulksmsbd`;
process.env.SMS_TIMEOUT_SECONDS = "2";
process.env.SMS_OUTBOX_SECONDS = "0";
// A courier that does not answer is given up after 3 s here (15 s in a shop), so the test of it
// waits seconds, not a quarter of a minute.
process.env.COURIER_TIMEOUT_SECONDS = "3";

// The app's log lines (JSON on standard output, app/server/log.server.ts) go to this run's log file
// (tests/setup/global-setup.ts keeps it as tests/.tmp/vitest-server.log), not the console, where
// they buried the test report. Tests that read the log spy on process.stdout.write themselves and
// still see every line; an error line still fails its test (below).
const consoleWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  if (typeof chunk === "string" && chunk.startsWith('{"level":')) {
    fs.appendFileSync(path.join(tmp, "server.log"), chunk);
    return true;
  }
  return consoleWrite(chunk, ...rest);
}) as typeof process.stdout.write;

// The custom matchers (toRedirectTo, toSetToast) read toasts through an app module that reads the
// environment when it loads: imported only now that the environment is set.
await import("./matchers");

// The server build loads every route module, so both layout routes have registered their page
// catalogues before a request is served (app/routes/_shop.tsx, app/routes/_shop.bn.layout.tsx).
// Tests that call route modules directly get the same.
const { registerMessages } = await import("~/i18n");
registerMessages("en", (await import("~/i18n/en")).en);
registerMessages("bn", (await import("~/i18n/bn")).bn);
const { checkoutMessages } = await import("~/i18n/checkout-messages");
registerMessages("en", checkoutMessages.en);
registerMessages("bn", checkoutMessages.bn);
const { listingMessages } = await import("~/i18n/listing-messages");
registerMessages("en", listingMessages.en);
registerMessages("bn", listingMessages.bn);
const { trackingMessages } = await import("~/i18n/tracking-messages");
registerMessages("en", trackingMessages.en);
registerMessages("bn", trackingMessages.bn);

// The server's log (app/server/log.server.ts): its error lines count as console.error does.
const { log } = await import("~/server/log.server");

let errorSpies: ReturnType<typeof vi.spyOn>[] = [];
const realConsoleError = console.error.bind(console);
const realLogError = log.error.bind(log);
const allowed = () => (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError === true;
beforeEach(() => {
  // Recorded, and printed unless the test expects it (allowConsoleError in tests/integration/helpers.ts).
  errorSpies = [
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (!allowed()) realConsoleError(...args);
    }),
    vi.spyOn(log, "error").mockImplementation(((...args: Parameters<typeof log.error>) => {
      if (!allowed()) realLogError(...args);
    }) as typeof log.error),
  ];
});
afterEach(() => {
  const calls = errorSpies.flatMap((spy) => spy.mock.calls as unknown[][]);
  errorSpies.forEach((spy) => spy.mockRestore());
  if (calls.length > 0 && !allowed()) {
    throw new Error(
      `An error was logged during the test:\n${calls.map((c) => c.map((part) => (typeof part === "string" ? part : inspect(part, { depth: 3 }))).join(" ")).join("\n")}`,
    );
  }
  (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = false;
});
