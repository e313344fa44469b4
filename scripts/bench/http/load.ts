/**
 * `npm run bench:http`, step 3: the load generators (wrk when installed, else autocannon) and the
 * figures read from them (scripts/bench/bench-http.ts, section 3).
 */
import { spawn, spawnSync } from "node:child_process";
import autocannon from "autocannon";
import { CONNECTIONS, DURATION_S, installed, options } from "./options";

export type Load = { rps: number; p50Ms: number; p99Ms: number; errors: number; requests: number };

/** Milliseconds from one of wrk's durations ("812.00us", "1.20ms", "1.02s"). */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
}

/** wrk's arguments for `connections` connections (on at most 2 threads) during `seconds`. */
export function wrkArgs(connections: number, seconds: number): string[] {
  return [`-t${Math.min(2, connections)}`, `-c${connections}`, `-d${seconds}s`];
}

/** The figures in wrk's output `out` (latencies from `--latency`, in ms). */
export function wrkFigures(out: string): Load {
  const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ""),
    p99Ms: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ""),
    errors: socketErrors + number(/Non-2xx or 3xx responses: (\d+)/),
    requests: number(/(\d+) requests in/),
  };
}

/** Drives GET `url` with wrk (`-t2`, `--latency`); `headers` are sent with every request. */
function wrkLoad(url: string, headers: Record<string, string>): Load {
  const args = [...wrkArgs(CONNECTIONS, DURATION_S), "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  return wrkFigures(spawnSync("wrk", [...args, url], { encoding: "utf8" }).stdout);
}

/** Runs wrk with `args` in the background; resolves with its output once it ends. */
export function wrkInBackground(args: string[]): Promise<string> {
  const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.on("close", () => resolve(out)));
}

/** Drives `url` with autocannon; `expect` is the status every answer should have. */
async function autocannonLoad(
  url: string,
  headers: Record<string, string>,
  extra: Partial<autocannon.Options> = {},
  expect = 200,
): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, ...extra });
  const expected = result.statusCodeStats?.[String(expect) as keyof typeof result.statusCodeStats]?.count ?? 0;
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + (result.requests.total - expected - result.errors - result.timeouts),
    requests: result.requests.total,
  };
}

export const useWrk = !options.autocannon && installed("wrk");

/** Drives GET `url` with the chosen load generator, after a one-second warm-up. */
export async function loadGet(url: string, headers: Record<string, string> = {}): Promise<Load> {
  if (useWrk) {
    spawnSync("wrk", [...wrkArgs(CONNECTIONS, 1), url], { stdio: "ignore" });
    return wrkLoad(url, headers);
  }
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  return autocannonLoad(url, headers);
}
