/**
 * `npm run bench:http -- --hit-cost`: what a page-cache hit costs, against a bare Node server
 * answering the same bytes (scripts/bench/bench-http.ts, section 9).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../lib/free-port";
import { CONNECTIONS, dir, DURATION_S, WORKERS } from "./options";
import { type Server, waitForAnswer } from "./shop-server";
import { loadGet, useWrk } from "./load";
import { httpGet, percentile } from "./flood";
import { fixed } from "./report";

/**
 * A bare Node `http` server (CommonJS, for `node -e`): answers every request with STATUS, the
 * headers HEADERS (JSON, a flat [name, value, …] list) and the bytes of the file BODY_PATH, on PORT.
 */
const BARE_SERVER = `
const http = require("node:http");
const body = require("node:fs").readFileSync(process.env.BODY_PATH);
const headers = JSON.parse(process.env.HEADERS);
const status = Number(process.env.STATUS);
http.createServer((req, res) => { res.writeHead(status, headers); res.end(body); }).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** Headers Node writes itself on every answer, left out of those the bare server is given. */
const NODE_OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** Runs `--hit-cost` (the comment atop bench-http.ts, section 9) for the page `url` of `server`. */
export async function hitCostRun(server: Server, url: string): Promise<void> {
  if (!useWrk) throw new Error("--hit-cost needs wrk (apt-get install wrk)");
  let page = await httpGet(server.origin + url);
  for (let i = 0; i < 5 && page.headers["x-cache"] !== "HIT"; i++) page = await httpGet(server.origin + url);
  const headers: string[] = [];
  for (let i = 0; i < page.rawHeaders.length; i += 2) {
    if (!NODE_OWN_HEADERS.has(page.rawHeaders[i]!.toLowerCase()))
      headers.push(page.rawHeaders[i]!, page.rawHeaders[i + 1]!);
  }
  if (page.headers["content-length"] === undefined) headers.push("Content-Length", String(page.body.length));
  const bodyPath = path.join(dir, "hit.html");
  fs.writeFileSync(bodyPath, page.body);
  const port = await freePort();
  const bare = spawn(process.execPath, ["-e", BARE_SERVER], {
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      BODY_PATH: bodyPath,
      HEADERS: JSON.stringify(headers),
      STATUS: String(page.status),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const bareOrigin = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(bareOrigin, bare, 5, (why) => `The bare Node server ${why}`);
    console.log(
      `\nCost of a cache hit: ${url}, status ${page.status}, ${page.body.length} bytes (identity), X-Cache ${page.headers["x-cache"] ?? "absent"}` +
        `${page.headers["content-length"] === undefined ? " (haat sent no Content-Length; the bare server does)" : ""}. ` +
        `wrk ${CONNECTIONS} connections, ${DURATION_S} s each after 1 s of warm-up, haat and a bare Node server ` +
        `(one process, ${process.version}, the same status, headers and bytes) in turn` +
        (WORKERS ? `; haat runs WEB_CONCURRENCY=${WORKERS}, the bare server one process.` : "."),
    );
    console.log(
      `  headers both send: ${headers.filter((_, i) => i % 2 === 0).join(", ")}, and Node's own (Date, Connection, Keep-Alive)`,
    );
    console.log("| try | haat rps | haat errors | bare Node rps | bare errors | bare ÷ haat |");
    console.log("|---|---|---|---|---|---|");
    const ratios: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const haat = await loadGet(server.origin + url);
      const plain = await loadGet(bareOrigin + url);
      ratios.push(plain.rps / haat.rps);
      console.log(
        `| ${round} | ${fixed(haat.rps, 0)} | ${haat.errors} | ${fixed(plain.rps, 0)} | ${plain.errors} | ${fixed(plain.rps / haat.rps, 2)} |`,
      );
    }
    const after = await httpGet(server.origin + url);
    console.log(
      `Cost of a hit ÷ bare (bare rps ÷ haat rps): median ${fixed(percentile(ratios, 0.5), 2)}, ` +
        `from ${fixed(Math.min(...ratios), 2)} to ${fixed(Math.max(...ratios), 2)} (goal: 1.5 or less); ` +
        `X-Cache after: ${after.headers["x-cache"] ?? "absent"}`,
    );
  } finally {
    bare.kill("SIGTERM");
  }
}
