#!/usr/bin/env node
/**
 * `npm test`: every check, in phases, each timed; then a table of the phases and, when one failed,
 * a digest of what failed, so that the last lines of the output say which test failed, its error,
 * and where its trace and the server's log are.
 *
 *   checks      typecheck, lint (ESLint, cycles, unused code) and the audit, side by side with the build
 *   unit        Vitest on SQLite: every unit and integration test
 *   postgresql  Vitest on a throwaway PostgreSQL (what differs there), then the two-node journey
 *   e2e         Playwright: the journeys with JavaScript on and off, and the security suite
 *
 * `node scripts/dev/test.mjs unit e2e` runs only the phases named. A phase stops the run when it fails,
 * as `&&` did, so a broken build is not followed by a thousand failing tests.
 * The test tools write their results as JSON (Vitest: tests/.tmp/vitest-results*.json; Playwright:
 * tests/.tmp/playwright-results-<port>.json); the digest is read from there.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { failureDigest } from "./test-digest.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const node = process.execPath;

/**
 * A step is a command; a phase runs its steps one after another, or side by side (`together`),
 * where the output of each is printed whole when it ends so the two never interleave.
 * @type {{ name: string, together?: boolean, steps: { label: string, command: string, args: string[] }[] }[]}
 */
const phases = [
  {
    name: "checks",
    together: true,
    steps: [
      { label: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
      { label: "lint", command: node, args: ["scripts/dev/lint.mjs"] },
      { label: "audit", command: node, args: ["scripts/dev/audit.mjs"] },
      { label: "build", command: bin("remix"), args: ["vite:build"] },
    ],
  },
  { name: "unit", steps: [{ label: "vitest", command: bin("vitest"), args: ["run"] }] },
  {
    name: "postgresql",
    steps: [
      {
        label: "vitest + two-node journey",
        command: node,
        args: [
          "scripts/dev/with-postgres.mjs",
          "sh",
          "-c",
          `"${bin("vitest")}" run --config vitest.postgresql.config.ts && "${bin("playwright")}" test --config playwright.scale-out.config.ts`,
        ],
      },
    ],
  },
  { name: "e2e", steps: [{ label: "playwright", command: bin("playwright"), args: ["test"] }] },
];

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!phases.some((phase) => phase.name === name)) {
    console.error(`test: no phase named "${name}" (phases: ${phases.map((p) => p.name).join(", ")})`);
    process.exit(2);
  }
}

/** Runs one step; its output goes to the console live, or is kept and returned when `buffered`. */
function run(step, buffered) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: buffered && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env,
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const output = [];
    if (buffered) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    const seconds = () => (performance.now() - started) / 1000;
    child.on("error", (error) => resolve({ step, code: 1, output: `${error.message}\n`, seconds: seconds() }));
    child.on("close", (code, signal) =>
      resolve({ step, code: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString(), seconds: seconds() }),
    );
  });
}

const rows = [];
let failedPhase = null;
const startedAll = performance.now();
console.log(`test: node ${process.version}, ${process.execPath}`);
for (const phase of phases) {
  if (wanted.length > 0 && !wanted.includes(phase.name)) continue;
  console.log(`\n══ test: ${phase.name} ══`);
  const started = performance.now();
  const startedAt = Date.now();
  let results;
  if (phase.together) {
    results = await Promise.all(phase.steps.map((step) => run(step, true)));
    for (const { step, code, output, seconds } of results) {
      console.log(`── ${phase.name}: ${step.label} ${code === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(1)} s`);
      if (output.trim() !== "") console.log(output.trimEnd());
    }
  } else {
    results = [];
    for (const step of phase.steps) {
      const result = await run(step, false);
      results.push(result);
      if (result.code !== 0) break;
    }
  }
  const failed = results.filter((r) => r.code !== 0);
  rows.push({
    phase: phase.name,
    startedAt,
    seconds: (performance.now() - started) / 1000,
    status: failed.length === 0 ? "passed" : `FAILED (${failed.map((r) => r.step.label).join(", ")})`,
    steps: results,
  });
  if (failed.length > 0) {
    failedPhase = phase.name;
    break;
  }
}

const total = (performance.now() - startedAll) / 1000;
console.log("\n══ test: phases ══");
for (const row of rows) {
  const steps =
    row.steps.length > 1 ? `  (${row.steps.map((r) => `${r.step.label} ${r.seconds.toFixed(0)} s`).join(", ")})` : "";
  console.log(`${row.phase.padEnd(11)} ${row.seconds.toFixed(1).padStart(6)} s  ${row.status}${steps}`);
}
console.log(`${"total".padEnd(11)} ${total.toFixed(1).padStart(6)} s`);
if (failedPhase) {
  const row = rows.at(-1);
  const digest = failureDigest(root, failedPhase, {
    since: row.startedAt,
    outputs: row.steps.filter((r) => r.code !== 0).map((r) => ({ label: r.step.label, output: r.output })),
  });
  console.log(["", `══ test: what failed in ${failedPhase} ══`, ...digest].join("\n"));
  process.exitCode = 1;
}
