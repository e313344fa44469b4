/**
 * `npm run lighthouse [-- --no-build]`: Lighthouse 12 (the last major that runs on Node 20) on the
 * production build, the way a shopper's phone meets it: the default mobile settings (a mid-range
 * phone, simulated slow 4G). Builds the shop, serves it on a throw-away database with the demo
 * catalogue (scripts/demo/serve-demo.ts), and prints the four category scores (0–100) of `/`,
 * `/products` and the first product page, plus the metrics behind the performance score.
 *
 * `--runs N` runs Lighthouse N times per page and reports the run with the median performance score.
 * `--report <folder>` also writes each page's full Lighthouse report there as JSON (open it in the
 * Lighthouse viewer, or read `audits` for the numbers behind a score).
 *
 * Uses the Chromium this machine has (CHROMIUM_PATH, else Debian's headless shell, else its
 * Chromium). Asserts
 * nothing and is not part of `npm test`: the scores vary a few points from run to run on a busy
 * machine; the goals table of docs/benchmarks.md records them.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { CHROMIUM_FLAGS, chromiumPath } from "../lib/chromium";
import { freePort } from "../lib/free-port";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

/** Resolves once `url` answers 200; throws when `child` exits first or after 5 minutes. */
async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the demo server exited with code ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the demo server did not answer within 5 minutes");
}

/** `--runs N` (default 1): Lighthouse runs per page; the table shows the run with the median performance score. */
const RUNS = (() => {
  const at = process.argv.indexOf("--runs");
  const runs = at === -1 ? 1 : Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error("--runs needs a positive whole number");
  return runs;
})();

/**
 * `--throttling simulate|devtools` (default simulate, Lighthouse's own default): `devtools` slows the
 * real network and CPU while the page loads instead of estimating from a fast load, slower to run
 * and noisier, but it measures what a phone on slow 4G would really wait for.
 */
const THROTTLING = (() => {
  const at = process.argv.indexOf("--throttling");
  const method = at === -1 ? "simulate" : process.argv[at + 1];
  if (method !== "simulate" && method !== "devtools") throw new Error("--throttling is simulate or devtools");
  return method;
})();

/** The folder given after `--report`, created; null without the option. */
function reportFolder(): string | null {
  const at = process.argv.indexOf("--report");
  if (at === -1) return null;
  const folder = process.argv[at + 1];
  if (!folder) throw new Error("--report needs a folder");
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

async function main(): Promise<number> {
  const reports = reportFolder();
  if (!process.argv.includes("--no-build")) {
    if (spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] }).status !== 0) return 2;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-lighthouse-"));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/demo/serve-demo.ts"], {
    env: { ...process.env, DEMO_DIR: dir, PORT: String(port), PUBLIC_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const chrome = await (async () => {
    await waitFor(`${origin}/healthz`, server);
    const chromePath = chromiumPath();
    if (!chromePath)
      throw new Error("No Chromium found: apt-get install chromium-headless-shell, or set CHROMIUM_PATH");
    return chromeLauncher.launch({
      chromePath,
      // The headless shell is headless by itself; the full browser is told to be.
      chromeFlags: [...(chromePath.includes("headless-shell") ? [] : ["--headless=new"]), ...CHROMIUM_FLAGS],
    });
  })();
  try {
    const html = await (await fetch(`${origin}/products`)).text();
    const productPath = /href="(\/products\/\d+)"/.exec(html)?.[1];
    if (!productPath) throw new Error("no product link on /products");
    console.log(
      `Lighthouse 12 (mobile, ${THROTTLING === "simulate" ? "simulated" : "throttled"} slow 4G) on ${origin}\n`,
    );
    console.log(
      "| page | performance | accessibility | best practices | SEO | " + METRICS.map(([, l]) => l).join(" | ") + " |",
    );
    console.log("|---|---|---|---|---|" + METRICS.map(() => "---").join("|") + "|");
    for (const page of ["/", "/products", productPath]) {
      // Warm the page cache first: a shopper arriving from a post meets the stored page.
      await fetch(origin + page);
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(origin + page, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          throttlingMethod: THROTTLING,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        runs.push(result.lhr);
      }
      // The run with the median performance score, as Lighthouse's own docs advise for variance.
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      const { categories, audits } = lhr;
      if (reports) {
        const name = page === "/" ? "home" : page.replace(/^\//, "").replace(/\//g, "-");
        fs.writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr, null, 1));
      }
      const scores = CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100));
      const metrics = METRICS.map(([id]) => audits[id]?.displayValue ?? "–");
      const spread =
        runs.length > 1
          ? ` (performance over ${runs.length} runs: ${runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(", ")})`
          : "";
      console.log(`| ${page} | ${scores.join(" | ")} | ${metrics.join(" | ")} |${spread}`);
      for (const id of CATEGORIES) {
        const failing = categories[id]?.auditRefs
          .map((ref) => audits[ref.id])
          .filter(
            (audit) =>
              audit &&
              audit.score !== null &&
              audit.score < 0.9 &&
              audit.scoreDisplayMode !== "informative" &&
              audit.scoreDisplayMode !== "manual" &&
              audit.scoreDisplayMode !== "notApplicable",
          )
          .map((audit) => audit!.title);
        if (failing?.length) console.log(`    ${id}: ${failing.join("; ")}`);
      }
    }
    return 0;
  } finally {
    await chrome.kill();
    server.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
