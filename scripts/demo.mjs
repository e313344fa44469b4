#!/usr/bin/env node
/**
 * `npm run demo [-- --empty]`: sets up the database, builds the app, seeds the demo shop and serves
 * it, one step after another (the first failing step ends it with its exit code).
 *
 * The seed writes the demo catalogue and about a month of sample orders; with `--empty` (or
 * DEMO_EMPTY=1 in the environment) it writes the catalogue only. A shop that already has products
 * gets neither (scripts/seed-demo.ts).
 *
 * The seed prints the new admin's one-time password in a framed block; the build's and the
 * server's output would push it out of sight, so once the server answers, the block is printed
 * again under a frame saying where the shop is (`readyBanner`).
 */
import { spawn, spawnSync } from "node:child_process";
import dotenv from "dotenv";

const seedArgs = process.argv.includes("--empty") ? ["--", "--empty"] : [];

/** Runs `npm run <script> <args>` with the terminal's output; a failure or a signal ends the demo. */
function run(script, args = [], options = {}) {
  const result = spawnSync("npm", ["run", script, ...args], { stdio: "inherit", ...options });
  if (result.signal) process.kill(process.pid, result.signal);
  if (result.status !== 0) process.exit(result.status ?? 1);
  return result;
}

/**
 * The admin block the seed printed (the lines from its first rule of "=" to its last), or null
 * when the seed created no admin (the shop already had one).
 */
function adminBlock(seedOutput) {
  const lines = seedOutput.split("\n");
  const rules = lines.flatMap((line, index) => (/^=+$/.test(line) ? [index] : []));
  return rules.length >= 2 ? lines.slice(rules[0] + 1, rules[rules.length - 1]) : null;
}

/** The framed lines printed once the shop answers: its address, then how to sign in. */
function readyBanner(port, admin) {
  const lines = [
    `The demo shop is running: http://localhost:${port}   (Ctrl+C stops it)`,
    "",
    ...(admin ?? [
      `Admin sign-in: http://localhost:${port}/admin/login with the account made on the first run.`,
      "Lost its password? npm run admin:create -- --email <address> --password-stdin",
    ]),
  ];
  const rule = "=".repeat(Math.max(...lines.map((line) => line.length)));
  return ["", rule, ...lines, rule, ""].join("\n");
}

/** Resolves once GET /healthz on `port` answers 200, polling every 250 ms; false if `child` exits. */
async function whenServing(port, child) {
  while (child.exitCode === null && child.signalCode === null) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

run("setup");
run("build");
// The seed's output goes to the terminal as it comes and is kept, to print its admin block again.
const seedOutput = await new Promise((resolve) => {
  const seed = spawn("npm", ["run", "seed", ...seedArgs], { stdio: ["inherit", "pipe", "inherit"] });
  let output = "";
  seed.stdout.setEncoding("utf8");
  seed.stdout.on("data", (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  seed.on("exit", (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    if (code !== 0) process.exit(code ?? 1);
    resolve(output);
  });
});

// The port the server reads: the environment, then .env (written by `npm run setup`), then 3000.
dotenv.config({ quiet: true });
const port = Number(process.env.PORT || 3000);
const server = spawn("npm", ["run", "start"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
if (await whenServing(port, server)) console.log(readyBanner(port, adminBlock(seedOutput)));
