#!/usr/bin/env node
/**
 * Runs a command beside a throwaway PostgreSQL server, for the tests that run on PostgreSQL
 * (docs/decisions/053-two-databases.md):
 *
 *   node scripts/dev/with-postgres.mjs <command> [args…]
 *
 * It makes a new cluster with the machine's own PostgreSQL (`initdb` in a temporary folder; Debian's
 * `postgresql` package, which .ci/run installs), starts it on a free loopback port with settings for
 * tests (no fsync: the data is thrown away), runs the command with `HAAT_TEST_POSTGRES_URL` set to
 * the server's `postgres` database, then stops the server and deletes the folder, whatever the
 * command did. Exits with the command's exit code.
 *
 * When HAAT_TEST_POSTGRES_URL is already set, the command runs against that server instead.
 * PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding initdb and pg_ctl: `pg_config --bindir`, else Debian's newest version. */
function postgresBinDir() {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (fs.existsSync(path.join(dir, "initdb"))) return dir;
  } catch {
    // not installed with its development files: look where Debian puts the server
  }
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, "bin");
    if (fs.existsSync(path.join(dir, "initdb"))) return dir;
  }
  throw new Error(
    "PostgreSQL's server is not installed (no initdb). On Debian: apt-get install postgresql (.ci/run does this).",
  );
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Makes and starts a cluster; returns its `postgres` database's URL and a `stop` that ends the
 * server and deletes its folder. For tests it writes nothing durably (no fsync, no synchronous
 * commit); `{ durable: true }` keeps PostgreSQL's defaults, for a benchmark that compares it with
 * SQLite's durable commits.
 * @throws {Error} when PostgreSQL is not installed or the server does not start (its log is quoted).
 */
export async function startThrowawayPostgres({ durable = false } = {}) {
  const bin = postgresBinDir();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "haat-postgres-"));
  const data = path.join(folder, "data");
  const asRoot = process.getuid?.() === 0;
  const user = "postgres";
  if (asRoot) execFileSync("chown", [user, folder]);
  const run = (program, args) =>
    execFileSync(
      asRoot ? "runuser" : path.join(bin, program),
      asRoot ? ["-u", user, "--", path.join(bin, program), ...args] : args,
      {
        stdio: ["ignore", "pipe", "pipe"],
        encoding: "utf8",
      },
    );
  const port = await freePort();
  const logFile = path.join(folder, "server.log");
  run("initdb", ["-D", data, "-U", user, "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const settings = [
    `-p ${port}`,
    `-k ${folder}`,
    "-c listen_addresses=127.0.0.1",
    ...(durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
    "-c max_connections=300",
  ].join(" ");
  try {
    run("pg_ctl", ["-D", data, "-o", settings, "-l", logFile, "-w", "-t", "60", "start"]);
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
    fs.rmSync(folder, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${error.message}\n${log}`);
  }
  const stop = () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // already stopped
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
  return { url: `postgresql://${user}@127.0.0.1:${port}/postgres`, stop };
}

async function main(argv) {
  if (argv.length === 0) {
    console.error("Usage: node scripts/dev/with-postgres.mjs <command> [args…]");
    return 2;
  }
  let server = null;
  if (!process.env.HAAT_TEST_POSTGRES_URL) {
    server = await startThrowawayPostgres();
    console.log(`PostgreSQL for the tests: ${server.url}`);
  }
  const stop = () => server?.stop();
  try {
    const child = spawn(argv[0], argv.slice(1), {
      stdio: "inherit",
      env: { ...process.env, HAAT_TEST_POSTGRES_URL: process.env.HAAT_TEST_POSTGRES_URL ?? server.url },
    });
    for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
    return await new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  } finally {
    stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
