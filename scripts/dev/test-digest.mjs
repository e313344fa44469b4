/**
 * The digest `npm test` prints last when a phase failed (scripts/dev/test.mjs): for each failed test
 * its name, the first lines of its error, and the paths of its trace and of the server's log, read
 * from the JSON the test tools wrote. Short by design: at most MAX_TESTS tests, each in a few lines,
 * so that the digest fits in the last 60 lines of the output with the table of phases above it.
 */
import fs from "node:fs";
import path from "node:path";
import { BASE_PORT, serverLogOf, serverPort } from "../../tests/e2e/e2e-ports.mjs";

/** Failed tests described in full; the others are counted. */
const MAX_TESTS = 4;
/** Lines of each error, after its first line. */
const ERROR_LINES = 4;
/** Failed tests named after those described in full. */
const MORE_NAMES = 6;
/** Lines of the failed checks' output, shared between them, for checks that have no results file. */
const OUTPUT_LINES = 36;

// The colours the tools put in their messages, which the digest drops.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** The results files each phase's tools write (their reporters' settings in the tools' configs). */
const RESULTS = {
  unit: [{ kind: "vitest", file: "tests/.tmp/vitest-results.json" }],
  postgresql: [
    { kind: "vitest", file: "tests/.tmp/vitest-results-postgresql.json" },
    { kind: "playwright", file: "tests/.tmp/playwright-results-scale-out.json" },
  ],
  e2e: [{ kind: "playwright", file: `tests/.tmp/playwright-results-${BASE_PORT}.json`, serverLogs: true }],
};

/**
 * The first line and the next ERROR_LINES lines of an error message, without colours, blank lines
 * or the test tools' own stack frames.
 */
function errorLines(message) {
  const lines = String(message ?? "(no message)")
    .replace(ANSI, "")
    .split("\n")
    .map((line) => line.trimEnd())
    // Blank lines, and the stack frames of the test tools themselves.
    .filter((line) => line.trim() !== "" && !/^\s*at .*node_modules/.test(line));
  return lines.slice(0, ERROR_LINES + 1).map((line) => `    ${line}`);
}

/** Vitest's JSON report: one entry per failed test, or per file that failed before its tests ran. */
function vitestFailures(report, root) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedTests) {
      failures.push({ title: `${name} › ${t.fullName}`, error: t.failureMessages?.[0], paths: [] });
    }
    if (failedTests.length === 0 && file.status === "failed")
      failures.push({ title: name, error: file.message, paths: [] });
  }
  return failures;
}

/**
 * Playwright's JSON report: one entry per test that did not pass, with its trace and, with
 * `serverLogs`, the log of the server its worker used (tests/e2e/e2e-ports.mjs).
 */
function playwrightFailures(report, serverLogs) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const result = t.results?.at(-1) ?? {};
        const trace = result.attachments?.find((a) => a.name === "trace")?.path;
        const slot = result.parallelIndex ?? 0;
        const logs = serverLogs
          ? [serverLogOf(serverPort(slot, t.projectName === "security" ? "security" : "journeys"))]
          : [];
        failures.push({
          title: `[${t.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`,
          error: result.error?.message ?? result.errors?.[0]?.message ?? `status ${result.status}`,
          paths: [...(trace ? [`trace: ${trace}`] : []), ...logs.map((log) => `server log: ${log}`)],
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? [])
    failures.push({ title: "(outside any test)", error: error.message, paths: [] });
  return failures;
}

/**
 * The digest's lines for the failed `phase` ("checks", "unit", "postgresql" or "e2e").
 * `since` (ms since the epoch) is when the phase started: a results file older than that is from an
 * earlier run and is not read. `outputs` are the failed steps' own output, when they were kept.
 * @returns {string[]} at most 41 lines: with the table of phases above (6 lines) and npm's own
 *   5 after a failure, the last 60 lines of the output hold all of it.
 */
export function failureDigest(root, phase, { since, outputs }) {
  const lines = [];
  const kept = outputs.filter(({ output }) => output);
  for (const { label, output } of kept) {
    const tail = output
      .replace(ANSI, "")
      .trimEnd()
      .split("\n")
      .slice(-(Math.floor(OUTPUT_LINES / kept.length) - 1));
    lines.push(`${label}, the last ${tail.length} lines of its output:`, ...tail.map((line) => `    ${line}`));
  }
  for (const { kind, file, serverLogs = false } of RESULTS[phase] ?? []) {
    const full = path.join(root, file);
    if (!fs.existsSync(full) || fs.statSync(full).mtimeMs < since) continue;
    let report;
    try {
      report = JSON.parse(fs.readFileSync(full, "utf8"));
    } catch (error) {
      lines.push(`${file}: not readable (${error.message})`);
      continue;
    }
    const failures = kind === "vitest" ? vitestFailures(report, root) : playwrightFailures(report, serverLogs);
    if (failures.length === 0) continue;
    lines.push(`${failures.length} failed (${file}):`);
    for (const failure of failures.slice(0, MAX_TESTS)) {
      lines.push(`  ✘ ${failure.title}`, ...errorLines(failure.error), ...failure.paths.map((p) => `    ${p}`));
    }
    const rest = failures.slice(MAX_TESTS);
    if (rest.length > 0) {
      lines.push(`  and ${rest.length} more:`);
      for (const failure of rest.slice(0, MORE_NAMES)) lines.push(`  ✘ ${failure.title}`);
      if (rest.length > MORE_NAMES) lines.push(`  … (the whole list is above, and in ${file})`);
    }
  }
  if (lines.length === 0) lines.push("(no results file was written: the reason is in the output above)");
  return lines;
}
