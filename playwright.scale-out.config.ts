/**
 * The two-node journey (tests/scale-out/): two app nodes on one PostgreSQL database and one S3
 * bucket (tests/scale-out/servers.ts), JavaScript on. Run inside scripts/dev/with-postgres.mjs by
 * `npm run test:postgresql`, after `npm run build`; docs/decisions/053-two-databases.md.
 */
import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, chromiumPath } from "./scripts/lib/chromium";
import { nodeA, NODE_A_PORT } from "./tests/scale-out/scale-out-env";

fs.mkdirSync("tests/.tmp", { recursive: true });
const launchOptions = { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] };

export default defineConfig({
  testDir: "tests/scale-out",
  outputDir: `test-results-scale-out-${NODE_A_PORT}`,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The JSON report is what `npm test` reads to list what failed at the end (scripts/dev/test-digest.mjs).
  reporter: [["list"], ["json", { outputFile: "tests/.tmp/playwright-results-scale-out.json" }]],
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: { baseURL: nodeA, trace: "retain-on-failure", screenshot: "only-on-failure", launchOptions },
  projects: [{ name: "js-on", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true } }],
  webServer: {
    command: "node --import tsx tests/scale-out/servers.ts",
    url: `${nodeA}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
