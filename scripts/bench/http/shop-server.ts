/**
 * `npm run bench:http`, step 2: the production server, started as `npm start` starts it, and what
 * its processes hold in memory (scripts/bench/bench-http.ts, sections 2 and 6).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../lib/free-port";
import { APP_DIR, dir, options, serverEnv, sleep } from "./options";
import { fixed } from "./report";

export type Server = { child: ChildProcess; origin: string; logPath: string };

/** The app's package.json `start` script (`--app`'s own): the production start command, V8 flags included. */
export const START_COMMAND: string = JSON.parse(fs.readFileSync(path.join(APP_DIR, "package.json"), "utf8")).scripts
  .start;

/** Every server started (`startServer`), so that an interrupted run stops each of them. */
export const started: ChildProcess[] = [];

/**
 * Starts the server with `START_COMMAND` (through `sh -c exec`, so the child's pid is Node's own
 * (with `--workers`, the cluster's primary) and its memory is read from /proc) on a free port;
 * resolves once /healthz answers 200 (15 s at most).
 */
export async function startServer(): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logPath = path.join(dir, "server.log");
  const out = fs.openSync(logPath, "a");
  const child = spawn("sh", ["-c", `exec ${START_COMMAND}`], {
    env: {
      PATH: process.env.PATH,
      ...serverEnv,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: origin,
      ...(options["node-options"] ? { NODE_OPTIONS: options["node-options"] } : {}),
      // glibc's malloc arenas (one per thread by default, up to 8 × cores): set it to try fewer.
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
    },
    stdio: ["ignore", out, out],
    cwd: APP_DIR,
  });
  started.push(child);
  await waitForAnswer(
    `${origin}/healthz`,
    child,
    15,
    (why) => `The server ${why}:\n${fs.readFileSync(logPath, "utf8")}`,
    (response) => response.ok,
  );
  return { child, origin, logPath };
}

/**
 * Resolves once `url` answers as `accepted` says (any answer by default), asking every 50 ms;
 * rejects with the message `failure(why)` when `child` ends first or after `seconds`.
 */
export async function waitForAnswer(
  url: string,
  child: ChildProcess,
  seconds: number,
  failure: (why: string) => string,
  accepted: (response: Response) => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(failure("ended"));
    if (await fetch(url).then(accepted, () => false)) return;
    if (Date.now() > deadline) throw new Error(failure(`did not answer within ${seconds} s`));
    await sleep(50);
  }
}

/** A process's resident memory now and at its peak, in MB (Linux /proc; null elsewhere). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** The fields of /proc/<pid>/stat after the command's name (the first is field 3, the state). */
export function statFields(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
}

/**
 * `pid` and every process below it (a cluster's primary and its workers), from the parent ids in
 * /proc/<n>/stat (this kernel has no /proc/<pid>/task/<tid>/children); `[pid]` where /proc is not
 * readable.
 */
export function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  const entries = fs.existsSync("/proc") ? fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name)) : [];
  for (const entry of entries) {
    try {
      parentOf.set(Number(entry), Number(statFields(Number(entry))[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

/**
 * The server's resident memory now and at its peak (VmRSS, VmHWM) as one line, in MB: one process's,
 * or with workers each process's (the primary first) and their sum; null where /proc is not readable.
 */
export function serverMemory(pid: number): string | null {
  const processes = processTree(pid).map((each) => ({ pid: each, memory: memoryOf(each) }));
  const describe = (memory: { rssMb: number; peakMb: number }) =>
    `${fixed(memory.rssMb, 0)} MB resident (peak ${fixed(memory.peakMb, 0)} MB)`;
  if (!processes[0]!.memory) return null;
  if (processes.length === 1) return describe(processes[0]!.memory);
  const total = processes.reduce((sum, each) => sum + (each.memory?.rssMb ?? 0), 0);
  const each = processes.map(
    (p, i) => `${i === 0 ? "primary" : "worker"} ${p.pid} ${p.memory ? describe(p.memory) : "ended"}`,
  );
  return `${each.join(", ")}; ${fixed(total, 0)} MB resident in all`;
}
