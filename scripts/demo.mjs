#!/usr/bin/env node
/**
 * `npm run demo [-- --empty]`: sets up the database, builds the app, seeds the demo shop and serves
 * it, one step after another (the first failing step ends it with its exit code).
 *
 * The seed writes the demo catalogue and about a month of sample orders; with `--empty` (or
 * DEMO_EMPTY=1 in the environment) it writes the catalogue only. A shop that already has products
 * gets neither (scripts/seed-demo.ts).
 */
import { spawnSync } from "node:child_process";

const seedArgs = process.argv.includes("--empty") ? ["--", "--empty"] : [];
const steps = [["setup"], ["build"], ["seed", ...seedArgs], ["start"]];

for (const [script, ...args] of steps) {
  const { status, signal } = spawnSync("npm", ["run", script, ...args], { stdio: "inherit" });
  if (signal) process.kill(process.pid, signal);
  if (status !== 0) process.exit(status ?? 1);
}
