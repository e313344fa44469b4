/**
 * End-to-end tests against the production build (`npm run build` first), in three projects:
 * JavaScript on and JavaScript off (tests/e2e/), and the security suite (tests/security/, HTTP
 * only). Two workers (E2E_WORKERS to change it), each with servers of its own
 * (tests/e2e/e2e-ports.mjs): tests/e2e/server.ts, a fresh database with the demo catalogue, for the
 * journeys from port 3100 (E2E_PORT to change it; each port has its own data folder), and one for
 * the security suite on the next port.
 * Browser: Debian's chromium-headless-shell, else its Chromium (CHROMIUM_PATH to change it);
 * docs/decisions/017-end-to-end-browser.md.
 */
import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_PORT, SECURITY_PORT, serverLogOf } from "./tests/e2e/e2e-env";
import { BASE_PORT as PORT, WORKERS, serverPort } from "./tests/e2e/e2e-ports.mjs";
import { CHROMIUM_FLAGS, chromiumPath } from "./scripts/lib/chromium";

// The servers' log files live in tests/.tmp (created here: the shell redirect needs the folder).
fs.mkdirSync("tests/.tmp", { recursive: true });

// The seeded database and pictures this run's servers copy: a folder of this run's own (the
// main process's pid: this file is read again in each worker, which starts no server).
const SEED_DIR = `tests/.tmp/e2e-seed-${PORT}-${process.pid}`;

// The same browser and flags as `npm run lighthouse` (scripts/lib/chromium.ts).
const launchOptions = { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] };

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder at start: a run on another port keeps its own.
  outputDir: PORT === 3100 ? "test-results" : `test-results-${PORT}`,
  fullyParallel: true,
  // Each worker has its own servers and databases, so that no test waits for, or sees the data of,
  // another worker's; the tests of one worker run one after another, as they always have.
  // docs/decisions/058-node-24-and-the-test-loop.md has the figures for one worker and for two.
  workers: WORKERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The list of tests, then, when a test failed, where the servers' logs are and their error lines
  // (tests/e2e/server-log-reporter.ts): the request lines stay in the log files, off the console.
  reporter: [
    ["list"],
    ["./tests/e2e/server-log-reporter.ts"],
    // What `npm test` reads to list what failed at the end (scripts/dev/test-digest.mjs).
    ["json", { outputFile: `tests/.tmp/playwright-results-${PORT}.json` }],
    ...(process.env.CI
      ? []
      : [
          [
            "html",
            { open: "never", outputFolder: PORT === 3100 ? "playwright-report" : `playwright-report-${PORT}` },
          ] as const,
        ]),
  ],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    // The servers of this worker's slot: this file is read again in each worker, where
    // tests/e2e/e2e-env.ts knows the slot.
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true } },
    { name: "js-off", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false } },
    // HTTP only, no browser: hostile and malformed requests against a server of its own.
    { name: "security", testDir: "tests/security", use: { baseURL: `http://localhost:${SECURITY_PORT}` } },
  ],
  // Each slot's two servers. Their standard output (the JSON log, one line per request) goes to
  // its log file, kept until the next run on that port; standard error stays on the console, so a
  // server that cannot start says why. The first to start seeds the demo catalogue once for all of
  // them (tests/e2e/server.ts, E2E_SEED_DIR).
  webServer: Array.from({ length: WORKERS }, (_, slot) => [serverPort(slot, "journeys"), serverPort(slot, "security")])
    .flat()
    .map((port) => ({
      command: `node --import tsx tests/e2e/server.ts > ${serverLogOf(port)}`,
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
      env: { E2E_PORT: String(port), E2E_SEED_DIR: SEED_DIR },
    })),
});
