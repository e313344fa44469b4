/**
 * A Playwright reporter that keeps the end-to-end servers' logs off the console and points to them
 * when they matter: after a run with a failed or timed-out test (or a server that did not start),
 * it prints where each server's log is (two per worker, tests/e2e/e2e-ports.mjs:
 * tests/.tmp/e2e-<port>.log) and that log's lines at level "warn" or worse, at most MAX_LINES per server, the newest last. A passing run
 * prints one line naming the files.
 */
import fs from "node:fs";
import type { FullResult, Reporter } from "@playwright/test/reporter";
import { serverLogOf, serverPort, WORKERS } from "./e2e-ports.mjs";

/** The most log lines printed per server after a failure. */
const MAX_LINES = 20;
/** pino's level names at "warn" or worse, as the server writes them (app/server/log.server.ts). */
const NOTABLE = /^\{"level":"(warn|error|fatal)"/;

/** The last `MAX_LINES` notable lines of the log at `file`, or a note that it is missing. */
function notableLines(file: string): string[] {
  if (!fs.existsSync(file)) return [`(no log at ${file})`];
  const lines = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => NOTABLE.test(line));
  return lines.length > 0 ? lines.slice(-MAX_LINES) : ["(none)"];
}

export default class ServerLogReporter implements Reporter {
  printsToStdio() {
    return false;
  }

  onEnd(result: FullResult) {
    const files = Array.from({ length: WORKERS }, (_, slot) => [
      serverPort(slot, "journeys"),
      serverPort(slot, "security"),
    ])
      .flat()
      .map(serverLogOf);
    if (result.status === "passed") {
      console.log(`The test servers' logs: ${files.join(", ")}`);
      return;
    }
    for (const file of files) {
      console.log(`\n── ${file}: warnings and errors (the last ${MAX_LINES} at most; the whole log is in the file) ──`);
      for (const line of notableLines(file)) console.log(line);
    }
  }
}
