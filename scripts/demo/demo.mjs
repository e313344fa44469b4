#!/usr/bin/env node
/**
 * `npm run demo [-- --empty]`: sets up the database, builds the app, seeds the demo shop and serves
 * it, one step after another (the first failing step ends it with its exit code). PORT (in the
 * environment, else .env, else 3000) is the port it serves on.
 *
 * The seed writes the demo catalogue and about a month of sample orders with two courier
 * payouts; with `--empty` (or
 * DEMO_EMPTY=1 in the environment) it writes the catalogue only. A shop that already has products
 * gets neither (scripts/demo/seed-demo.ts).
 *
 * The terminal is kept for what a person needs: the set-up and the build run quietly (a line each;
 * their whole output is printed only when they fail), the seed prints the new admin's one-time
 * password in a framed block, and the server's log (a JSON line per request) goes to
 * DEMO_LOG_FILE (`data/demo.log`), its errors to the terminal as well. Once the server
 * answers, the block is printed again under a frame saying where the shop and the log are
 * (`readyBanner`).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { isMainModule } from "../lib/main-module.mjs";
import { loadEnvFile } from "../../env-file.js";

/** Where the demo's server log goes, relative to the working directory (git-ignored with data/). */
export const DEMO_LOG_FILE = path.join("data", "demo.log");

/**
 * Runs `command args` with its output kept instead of shown (standard output, then standard
 * error); the caller prints it when the step fails.
 *
 * @returns the exit status (null when ended by a signal), the signal, and the output.
 */
export function runQuietly(command, args, options = {}) {
  const result = spawnSync(command, args, {
    stdio: ["inherit", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  if (result.error) return { status: 1, signal: null, output: `${result.error.message}\n` };
  return { status: result.status, signal: result.signal, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

/**
 * The admin block the seed printed (the lines from its first rule of "=" to its last), or null
 * when the seed created no admin (the shop already had one).
 */
export function adminBlock(seedOutput) {
  const lines = seedOutput.split("\n");
  const rules = lines.flatMap((line, index) => (/^=+$/.test(line) ? [index] : []));
  return rules.length >= 2 ? lines.slice(rules[0] + 1, rules[rules.length - 1]) : null;
}

/** The framed lines printed once the shop answers: its address, how to sign in, where the log is. */
export function readyBanner(port, admin, logFile = DEMO_LOG_FILE) {
  const lines = [
    `The demo shop is running: http://localhost:${port}   (Ctrl+C stops it)`,
    "",
    ...(admin ?? [
      `Admin sign-in: http://localhost:${port}/admin/login with the account made on the first run.`,
      "Lost its password? npm run admin:create -- --email <address> --password-stdin",
    ]),
    "",
    `Server log (a line per request): ${logFile}; errors show here too.`,
  ];
  const rule = "=".repeat(Math.max(...lines.map((line) => line.length)));
  return ["", rule, ...lines, rule, ""].join("\n");
}

/**
 * Whether a line of the server's output is shown in the terminal besides the log file: its errors
 * and fatal errors (the JSON lines of app/server/log.server.ts whose `level` says so, a 5xx answer
 * included), and anything that is not such a line (a crash's stack). Requests answered, warnings
 * (a 404 is one) and other information stay in the file.
 */
export function showsInTerminal(line) {
  if (line.trim() === "") return false;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return true;
  }
  if (entry === null || typeof entry !== "object" || typeof entry.level !== "string") return true;
  return entry.level === "error" || entry.level === "fatal";
}

/**
 * Cuts a stream's chunks into whole lines: `push(chunk)` returns the lines it completed (without
 * their "\n"), `end()` the last one when the stream did not end with a line break.
 */
export function lineSplitter() {
  let rest = "";
  return {
    push(chunk) {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      return lines;
    },
    end() {
      const last = rest;
      rest = "";
      return last === "" ? [] : [last];
    },
  };
}

/** Runs `npm run <script>` quietly after printing `label`; a failure prints its output and ends the demo. */
function step(label, script) {
  console.log(label);
  const result = runQuietly("npm", ["run", "--silent", script]);
  if (result.signal) process.kill(process.pid, result.signal);
  if (result.status !== 0) {
    process.stderr.write(result.output);
    console.error(`npm run ${script} failed (exit code ${result.status}); its output is above.`);
    process.exit(result.status ?? 1);
  }
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

/**
 * Writes each line of `stream` (the server's output) to the file `logFd`, and to `terminal` when
 * `showsInTerminal` (all of them with `everyLine`, for standard error).
 */
function teeLines(stream, logFd, terminal, everyLine = false) {
  const lines = lineSplitter();
  const write = (line) => {
    fs.writeSync(logFd, `${line}\n`);
    if (everyLine || showsInTerminal(line)) terminal.write(`${line}\n`);
  };
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => lines.push(chunk).forEach(write));
  stream.on("end", () => lines.end().forEach(write));
}

async function main() {
  const seedArgs = process.argv.includes("--empty") ? ["--", "--empty"] : [];
  step("Setting up the database…", "setup");
  step("Building the app (a minute or two)…", "build");
  // The seed's output goes to the terminal as it comes and is kept, to print its admin block again.
  const seedOutput = await new Promise((resolve) => {
    const seed = spawn("npm", ["run", "--silent", "seed", ...seedArgs], { stdio: ["inherit", "pipe", "inherit"] });
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
  loadEnvFile();
  const port = Number(process.env.PORT || 3000);
  fs.mkdirSync(path.dirname(DEMO_LOG_FILE), { recursive: true });
  const logFd = fs.openSync(DEMO_LOG_FILE, "a");
  console.log(`Starting the server on port ${port}; its log goes to ${DEMO_LOG_FILE}.`);
  const server = spawn("npm", ["run", "--silent", "start"], { stdio: ["inherit", "pipe", "pipe"] });
  teeLines(server.stdout, logFd, process.stdout);
  teeLines(server.stderr, logFd, process.stderr, true);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  // "close": after its output is read to the end, so the last lines reach the log.
  server.on("close", (code, signal) => {
    if (code !== 0 && !signal) console.error(`The server stopped (exit code ${code}); its log: ${DEMO_LOG_FILE}`);
    process.exit(signal ? 1 : (code ?? 1));
  });
  if (await whenServing(port, server)) console.log(readyBanner(port, adminBlock(seedOutput)));
}

if (isMainModule(import.meta.url)) await main();
