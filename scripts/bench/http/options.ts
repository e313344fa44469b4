/**
 * The command line of `npm run bench:http` (its options, checked: a bad value exits with code 2)
 * and the throw-away shop every part of the run shares: its temporary folder, database and the
 * environment the production server is started with. See scripts/bench/bench-http.ts.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

export const { values: options } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "64" },
    rounds: { type: "string", default: "1" },
    "no-build": { type: "boolean", default: false },
    "no-cache": { type: "boolean", default: false },
    autocannon: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    only: { type: "string" },
    "node-options": { type: "string", default: "" },
    "no-nginx": { type: "boolean", default: false },
    flood: { type: "boolean", default: false },
    "flood-connections": { type: "string", default: "8" },
    mixed: { type: "boolean", default: false },
    "checkout-rate": { type: "string", default: "2" },
    "hit-cost": { type: "boolean", default: false },
    feeds: { type: "boolean", default: false },
    crowd: { type: "boolean", default: false },
    app: { type: "string" },
    workers: { type: "string" },
  },
});
export const PRODUCTS = positive("products");
export const DURATION_S = positive("duration");
export const CONNECTIONS = positive("connections");
export const ROUNDS = positive("rounds");

export const FLOOD_CONNECTIONS = positive("flood-connections");
/** `--checkout-rate`: the orders a second the shoppers of `--mixed` run (b) post. */
export const CHECKOUT_RATE = positive("checkout-rate", { whole: false });
/** `--workers`: WEB_CONCURRENCY for the server (a number, or "auto"); null: not set (one process). */
export const WORKERS =
  options.workers === undefined || options.workers === "auto" ? (options.workers ?? null) : String(positive("workers"));
/** The stale bound the server is given (PAGE_CACHE_STALE_SECONDS, passed on when set here), in seconds. */
export const STALE_SECONDS = Number(process.env.PAGE_CACHE_STALE_SECONDS ?? 3);
if (!Number.isFinite(STALE_SECONDS) || STALE_SECONDS < 0) {
  console.error(`PAGE_CACHE_STALE_SECONDS must be a number of seconds (got ${process.env.PAGE_CACHE_STALE_SECONDS}).`);
  process.exit(2);
}
/** The mode asked for instead of the table of paths (sections 7–11 of the comment atop bench-http.ts), if any. */
export const MODES = (["flood", "mixed", "hit-cost", "feeds", "crowd"] as const).filter((mode) => options[mode]);
/** `--app`: the checkout whose server.js and build/ run (this one by default; not rebuilt when given). */
export const APP_DIR = options.app ? path.resolve(options.app) : process.cwd();
if (MODES.length > 1) {
  console.error(`--${MODES.join(" and --")}: one mode at a time.`);
  process.exit(2);
}

/**
 * The option `name` as a positive number (a whole one unless `whole` is false); exits with a
 * message when it is not one.
 */
function positive(
  name: "products" | "duration" | "connections" | "rounds" | "flood-connections" | "checkout-rate" | "workers",
  { whole = true } = {},
): number {
  const value = Number(options[name]);
  if (!(whole ? Number.isSafeInteger(value) : Number.isFinite(value)) || value <= 0) {
    console.error(`--${name} must be a positive ${whole ? "whole " : ""}number (got ${options[name]}).`);
    process.exit(2);
  }
  return value;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `command` is on the PATH. */
export function installed(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

export const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-bench-http-"));
export const databasePath = path.join(dir, "bench.db");
export const serverEnv: Record<string, string> = {
  NODE_ENV: "production",
  DATABASE_URL: `file:${databasePath}`,
  UPLOADS_DIR: path.join(dir, "uploads"),
  SESSION_SECRET: crypto.randomBytes(24).toString("hex"),
  COOKIE_SECURE: "false",
  COURIER_REFRESH_MINUTES: "0",
  // Thousands of orders come from one address and a few phones: the per-phone and per-address
  // checkout limits would refuse them (they are the owner's settings, off here).
  SHOP_PHONE_ORDER_LIMIT: "0",
  SHOP_ADDRESS_ORDER_LIMIT: "0",
  // `--no-cache` measures what the app itself costs: every request rendered.
  ...(options["no-cache"] ? { PAGE_CACHE_MB: "0" } : {}),
  ...(WORKERS ? { WEB_CONCURRENCY: WORKERS } : {}),
  // `--mixed` models many visitors behind one trusted proxy: each request names its visitor in
  // X-Forwarded-For. From one address, the page cache's limits for one client (60 pages stored a
  // minute, 2 renders at once) would be what the run measures, not the sale.
  ...(options.mixed || options.crowd ? { TRUST_PROXY: "true" } : {}),
  ...(process.env.PAGE_CACHE_STALE_SECONDS !== undefined ? { PAGE_CACHE_STALE_SECONDS: String(STALE_SECONDS) } : {}),
};
