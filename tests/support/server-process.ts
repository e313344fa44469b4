/**
 * Starts the production server (`node server.js`, the build of `npm run build`) as a child process
 * on a free loopback port, for tests of what only a whole process shows: signals, exit codes,
 * log lines. It uses the Vitest worker's own database and uploads folder unless told otherwise.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/lib/free-port";

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
};

/**
 * Starts `node server.js` in production mode with `env` added, and resolves once it listens.
 * Throws if there is no build (run `npm run build` first; `npm test` builds before Vitest) or if
 * the process ends or stays silent for 15 s before listening.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  if (!fs.existsSync(path.resolve("build/server/index.js"))) {
    throw new Error("There is no production build: run `npm run build` first (`npm test` does).");
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATABASE_URL: process.env.DATABASE_URL,
      UPLOADS_DIR: process.env.UPLOADS_DIR,
      SESSION_SECRET: process.env.SESSION_SECRET,
      COOKIE_SECURE: "false",
      COURIER_REFRESH_MINUTES: "0",
      SHOP_PHONE_ORDER_LIMIT: "0",
      SHOP_ADDRESS_ORDER_LIMIT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 15_000;
  while (!output.includes("haat is serving")) {
    if (child.exitCode !== null) throw new Error(`The server ended before listening:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not listen within 15 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { child, origin, output: () => output, exited };
}

/** Waits until `predicate` holds, checking every 10 ms, for at most `timeoutMs` ms; throws `message` then. */
export async function waitFor(predicate: () => boolean, message: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
