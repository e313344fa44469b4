/**
 * `npm run bench:http -- --flood`: what a flood of never-seen URLs costs the other visitors
 * (scripts/bench/bench-http.ts, section 7), with the plain HTTP client and timing helpers the
 * other modes use too.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { dir, DURATION_S, FLOOD_CONNECTIONS, installed, sleep } from "./options";
import { processTree, type Server, statFields } from "./shop-server";
import { wrkArgs, wrkFigures, wrkInBackground } from "./load";
import { fetchAgain } from "./nginx";
import { fixed } from "./report";

/** The server's CPU time so far (user + system; the process and its workers), in ms, from /proc (Linux). */
export function cpuMsOf(pid: number): number {
  let total = 0;
  for (const each of processTree(pid)) {
    try {
      const fields = statFields(each);
      // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // A worker that ended meanwhile.
    }
  }
  return total;
}

/** The value at `fraction` (0.95: p95) of `values`, in their unit. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/** An answer read whole by `httpGet`. */
type Answer = { status: number; headers: http.IncomingHttpHeaders; rawHeaders: string[]; body: Buffer };

/**
 * GET `url` with node:http through `agent` (keep-alive; without one, a connection of its own: the
 * global agent would reuse a socket the server may have closed after its idle timeout) with
 * `headers`, asking for no encoding (so the identity bytes, as wrk gets them); resolves with the
 * whole answer.
 */
export function httpGet(url: string, agent?: http.Agent, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: agent ?? false, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            rawHeaders: response.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

/**
 * Two visitors, each asking for the next of `urls` as soon as the last answer arrived, for
 * `seconds`; each answer's time in ms (node:http with keep-alive, no encoding asked).
 */
export async function visitors(origin: string, urls: string[], seconds: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    [0, 1].map(async (visitor) => {
      for (let i = visitor; performance.now() < until; i++) {
        const started = performance.now();
        await httpGet(origin + urls[i % urls.length]!, agent);
        times.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
  return times;
}

/**
 * wrk with a Lua script that asks for `prefix` followed by a new number on every request; an empty
 * `prefix` asks for /products every time. `done` resolves with the number of requests made.
 */
function floodWith(origin: string, prefix: string): { done: Promise<number> } {
  const script = path.join(dir, "flood.lua");
  const target = prefix ? `"${prefix}" .. n .. "-" .. math.random(1e9)` : `"/products"`;
  fs.writeFileSync(
    script,
    `local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", ${target})\nend\n`,
  );
  const out = wrkInBackground([...wrkArgs(FLOOD_CONNECTIONS, DURATION_S), "-s", script, origin]);
  return { done: out.then((text) => wrkFigures(text).requests) };
}

/** Runs the flood table (option `--flood`) against `server`. */
export async function floodRun(server: Server, productId: number): Promise<void> {
  if (!installed("wrk")) throw new Error("--flood needs wrk (apt-get install wrk)");
  const urls = ["/", "/products", `/products/${productId}`, "/products?page=2", "/bn/products"];
  for (const url of urls) for (let i = 0; i < 3; i++) await fetchAgain(server.origin + url);
  const pid = server.child.pid!;
  let cpu = cpuMsOf(pid);
  const quiet = await visitors(server.origin, urls, DURATION_S);
  const quietCpuPerAnswer = (cpuMsOf(pid) - cpu) / quiet.length;
  const quietP95 = percentile(quiet, 0.95);
  console.log(
    `\nA flood of new URLs: ${FLOOD_CONNECTIONS} connections (wrk), ${DURATION_S} s each; two visitors walk ${urls.join(", ")}`,
  );
  console.log(
    "| flood | flood rps | server CPU ms per flood request | visitors p50 ms | visitors p95 ms | p95 ÷ quiet |",
  );
  console.log("|---|---|---|---|---|---|");
  console.log(
    `| none (quiet) | – | – | ${fixed(percentile(quiet, 0.5), 2)} | ${fixed(quietP95, 2)} | 1.0 (${quiet.length} answers) |`,
  );
  for (const [label, prefix] of [
    ["one stored page /products (reference)", ""],
    ["unknown parameter /products?x=N", "/products?x="],
    ["new search /products?q=N", "/products?q=w"],
    ["never cached /cart?x=N (reference)", "/cart?x="],
  ] as const) {
    cpu = cpuMsOf(pid);
    const flood = floodWith(server.origin, prefix);
    const times = await visitors(server.origin, urls, DURATION_S);
    const requests = await flood.done;
    const floodCpu = cpuMsOf(pid) - cpu - quietCpuPerAnswer * times.length;
    const p95 = percentile(times, 0.95);
    console.log(
      `| ${label} | ${fixed(requests / DURATION_S, 0)} | ${fixed(floodCpu / Math.max(1, requests), 2)} | ` +
        `${fixed(percentile(times, 0.5), 2)} | ${fixed(p95, 2)} | ${fixed(p95 / quietP95, 1)} |`,
    );
    await sleep(1000);
  }
}
