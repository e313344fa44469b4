/**
 * The test run's own output: the app's log lines go to this run's log file (tests/setup/setup-test-env.ts),
 * kept as tests/.tmp/vitest-server.log, instead of the console between the test runner's report lines.
 */
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { expect, test } from "vitest";
import { log } from "~/server/log.server";

test("a log line is written to the run's log file", () => {
  const probe = crypto.randomUUID();
  log.warn({ probe }, "test output probe");
  const file = path.join(process.env.HAAT_VITEST_TMP!, "server.log");
  const logged = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.includes(probe));
  expect(logged).toHaveLength(1);
  expect(JSON.parse(logged[0]!)).toMatchObject({ level: "warn", msg: "test output probe", probe });
});
