import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/lint/**/*.test.ts",
    ],
    globalSetup: ["./tests/setup/global-setup.ts"],
    setupFiles: ["./tests/setup/setup-test-env.ts"],
    environment: "node",
    pool: "forks",
    // One test file per core, not Vitest's default of one fewer: most files wait on a database, a
    // server or a child process much of the time, and on 2 cores one worker left the other core
    // half idle (the whole run: 163 s with one worker, 115 s with two, on Node 24).
    maxWorkers: os.availableParallelism(),
    // The console's report, and a JSON one that `npm test` reads to list what failed at the end
    // (scripts/dev/test-digest.mjs).
    reporters: ["default", "json"],
    outputFile: { json: "tests/.tmp/vitest-results.json" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
