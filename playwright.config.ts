/**
 * End-to-end tests against the production build (`npm run build` first), in two projects:
 * JavaScript on and JavaScript off. The server is tests/e2e/server.ts: a fresh database with the
 * demo catalogue, on port 3100. Browser: Debian's Chromium by default (CHROMIUM_PATH to change it).
 */
import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

const launchOptions = {
  executablePath: chromiumPath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
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
  ],
  webServer: {
    command: "node --import tsx tests/e2e/server.ts",
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT) },
  },
});
