/**
 * `npm run bench:http -- --feeds`: what the product feeds cost the other visitors
 * (scripts/bench/bench-http.ts, section 10).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { dir, DURATION_S, FLOOD_CONNECTIONS, installed, sleep } from "./options";
import { type Server } from "./shop-server";
import { wrkArgs, wrkFigures, wrkInBackground } from "./load";
import { fetchAgain } from "./nginx";
import { cpuMsOf, httpGet, percentile, visitors } from "./flood";
import { fixed } from "./report";

/** The feeds `--feeds` asks for, in turn. */
const FEED_PATHS = ["/feeds/google.xml", "/feeds/facebook.csv"];

/**
 * The visitors of `--feeds` for `seconds`: two walking the stored pages `urls`, one asking for
 * /cart; each answer's time in ms.
 */
async function feedVisitors(
  origin: string,
  urls: string[],
  seconds: number,
): Promise<{ pages: number[]; cart: number[] }> {
  const cartAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const cart: number[] = [];
  const until = performance.now() + seconds * 1000;
  const cartVisitor = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await httpGet(`${origin}/cart`, cartAgent);
      cart.push(performance.now() - started);
    }
  })();
  const pages = await visitors(origin, urls, seconds);
  await cartVisitor;
  cartAgent.destroy();
  return { pages, cart };
}

/** Runs the feeds table (option `--feeds`) against `server`. */
export async function feedsRun(server: Server, productId: number): Promise<void> {
  if (!installed("wrk")) throw new Error("--feeds needs wrk (apt-get install wrk)");
  const pid = server.child.pid!;
  const rows: string[] = [];
  let items = 0;
  await sleep(1000);
  for (const feed of FEED_PATHS) {
    for (let i = 0; i < 3; i++) {
      const cpu = cpuMsOf(pid);
      const started = performance.now();
      const answer = await httpGet(server.origin + feed);
      const took = performance.now() - started;
      rows.push(
        `| ${feed} (${i === 0 ? "first" : "again"}) | ${fixed(cpuMsOf(pid) - cpu, 0)} | ${fixed(took, 0)} | ${answer.body.length} |`,
      );
      if (feed.endsWith(".csv")) items = answer.body.toString("utf8").split("\n").length - 2;
    }
  }
  console.log(`\nThe product feeds: ${items} items (rows of /feeds/facebook.csv)`);
  console.log("| feed, one request at a time | server CPU ms | answer ms | bytes |");
  console.log("|---|---|---|---|");
  for (const row of rows) console.log(row);
  const urls = ["/", "/products", `/products/${productId}`, "/products?page=2", "/bn/products"];
  for (const url of [...urls, "/cart"]) for (let i = 0; i < 3; i++) await fetchAgain(server.origin + url);
  let cpu = cpuMsOf(pid);
  const quiet = await feedVisitors(server.origin, urls, DURATION_S);
  const quietCpuPerAnswer = (cpuMsOf(pid) - cpu) / (quiet.pages.length + quiet.cart.length);
  const script = path.join(dir, "feeds.lua");
  fs.writeFileSync(
    script,
    `local n = 0\nlocal paths = { ${FEED_PATHS.map((p) => `"${p}"`).join(", ")} }\n` +
      `request = function()\n  n = n + 1\n  return wrk.format("GET", paths[n % #paths + 1])\nend\n`,
  );
  cpu = cpuMsOf(pid);
  const flood = wrkInBackground([
    ...wrkArgs(FLOOD_CONNECTIONS, DURATION_S),
    "--timeout",
    "30s",
    "-s",
    script,
    server.origin,
  ]);
  const busy = await feedVisitors(server.origin, urls, DURATION_S);
  const floodOut = await flood;
  const requests = wrkFigures(floodOut).requests;
  const feedCpu = cpuMsOf(pid) - cpu - quietCpuPerAnswer * (busy.pages.length + busy.cart.length);
  console.log(
    `\n${FLOOD_CONNECTIONS} connections (wrk) asking for ${FEED_PATHS.join(" and ")} in turn, ${DURATION_S} s; ` +
      `two visitors walk ${urls.join(", ")}; a third asks for /cart`,
  );
  console.log(
    "| run | feed rps | server CPU ms per feed request | pages p50 ms | pages p95 ms | /cart p50 ms | /cart p95 ms |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const [label, run, rps, perRequest] of [
    ["quiet", quiet, "–", "–"],
    ["under the feeds", busy, fixed(requests / DURATION_S, 1), fixed(feedCpu / Math.max(1, requests), 1)],
  ] as const) {
    console.log(
      `| ${label} | ${rps} | ${perRequest} | ${fixed(percentile(run.pages, 0.5), 2)} | ${fixed(percentile(run.pages, 0.95), 2)} | ` +
        `${fixed(percentile(run.cart, 0.5), 2)} | ${fixed(percentile(run.cart, 0.95), 2)} |`,
    );
  }
  const errors = wrkFigures(floodOut).errors;
  if (errors > 0) console.log(`  wrk counted ${errors} errors (timeouts, non-2xx answers)`);
}
