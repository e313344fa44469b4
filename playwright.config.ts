/**
 * End-to-end tests against the production build (`npm run build` first), in three projects:
 * JavaScript on and JavaScript off (tests/e2e/), and the security suite (tests/security/, HTTP
 * only). The server is tests/e2e/server.ts: a fresh database with the demo catalogue, on port 3100
 * (E2E_PORT to change it; each port has its own data folder); the security suite gets its own on
 * the next port.
 * Browser: Debian's chromium-headless-shell, else its Chromium (CHROMIUM_PATH to change it);
 * docs/decisions/017-end-to-end-browser.md.
 */
import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_PORT as PORT, SECURITY_PORT, serverLogOf } from "./tests/e2e/e2e-env";
import { CHROMIUM_FLAGS, chromiumPath } from "./scripts/chromium";

// The servers' log files live in tests/.tmp (created here: the shell redirect needs the folder).
fs.mkdirSync("tests/.tmp", { recursive: true });

// The same browser and flags as `npm run lighthouse` (scripts/chromium.ts).
const launchOptions = { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] };

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder at start: a run on another port keeps its own.
  outputDir: PORT === 3100 ? "test-results" : `test-results-${PORT}`,
  fullyParallel: true,
  // One worker: on the 2-core machines this project runs on, a second worker (its own Chromium,
  // plus the extra contexts of the JavaScript-off scans) drove the load average past 10 and made
  // the one server slow enough for timeouts; one worker ran the suite faster and without them.
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The list of tests, then, when a test failed, where the servers' logs are and their error lines
  // (tests/e2e/server-log-reporter.ts): the request lines stay in the log files, off the console.
  reporter: [
    ["list"],
    ["./tests/e2e/server-log-reporter.ts"],
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
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true } },
    { name: "js-off", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false } },
    // HTTP only, no browser: hostile and malformed requests against a server of its own.
    { name: "security", testDir: "tests/security", use: { baseURL: `http://localhost:${SECURITY_PORT}` } },
  ],
  // Each server's standard output (its JSON log, one line per request) goes to its log file, kept
  // until the next run on that port; standard error stays on the console, so a server that cannot
  // start says why.
  webServer: [PORT, SECURITY_PORT].map((port) => ({
    command: `node --import tsx tests/e2e/server.ts > ${serverLogOf(port)}`,
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: { E2E_PORT: String(port) },
  })),
});
