/**
 * haat's production server: one Node process serving the Remix build through Express. With
 * WEB_CONCURRENCY above 1 this process is instead the primary of that many such processes (one per
 * core; server-cluster.js, docs/decisions/052-one-process-per-core.md), each running this file.
 * - helmet sets security headers, with a Content-Security-Policy whose per-request nonce is passed
 *   to Remix (load context `cspNonce`) for its inline scripts;
 * - compression gzips responses; a 304 answer keeps the CSP stored with the page it revalidates;
 * - hashed build assets (/assets/*) are cached for a year, immutable; other public files for an hour;
 * - anonymous catalogue pages are answered from the page cache before Express runs (decision 036).
 * - every request is logged on one JSON line (app/server/log.server.ts); GET /healthz reports the
 *   database and the uploads folder; SIGTERM and SIGINT stop it gracefully (below).
 * Configuration is validated before listening (app/config/env.server.ts): a bad variable stops the
 * process with a clear message and exit code 1. See docs/decisions/001-express-server.md and
 * 032-operations.md.
 */
import cluster from "node:cluster";
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { runPrimary, serverProcessCount } from "./server-cluster.js";
import { loadEnvFile } from "./env-file.js";

// The settings in .env, when there is one; the environment wins.
loadEnvFile();
process.env.NODE_ENV ??= "production";
// WEB_CONCURRENCY above 1: this process forks the server processes and exits when they have
// stopped; it never reaches the server below, which each of them runs.
const processes = serverProcessCount();
if (cluster.isPrimary && processes > 1) process.exit(await runPrimary(processes));
const here = path.dirname(fileURLToPath(import.meta.url));
let build;
let env;
try {
  // Modules of the build read the configuration as they load, so a bad variable can throw here.
  build = await import(path.join(here, "build/server/index.js"));
  env = build.entry.module.getEnv();
} catch (error) {
  if (error instanceof Error && error.name === "EnvError") {
    console.error(`haat cannot start. ${error.message}`);
  } else if (error instanceof Error && error.code === "ERR_MODULE_NOT_FOUND") {
    console.error("haat cannot start: there is no build. Run `npm run build` first.");
  } else {
    console.error(error);
  }
  process.exit(1);
}

const { log } = build.entry.module;
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env.TRUST_PROXY ? 1 : false);

// One JSON line per request (id, method, path, status, duration), phones and e-mails masked:
// app/server/log.server.ts.
app.use(build.entry.module.createRequestLogger());

/** The origin of BKASH_BASE_URL when it is set (a local bKash in tests), as a list of 0 or 1. */
function bkashOrigin() {
  try {
    return process.env.BKASH_BASE_URL ? [new URL(process.env.BKASH_BASE_URL).origin] : [];
  } catch {
    return [];
  }
}

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "script-src": ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`],
        "img-src": ["'self'", "data:"],
        // The bKash pay button's form post answers with a redirect to bKash's payment page, which
        // form-action governs too (docs/decisions/061-bkash-checkout.md); BKASH_BASE_URL's origin
        // is the local bKash of the tests.
        "form-action": ["'self'", "https://*.bkash.com", "https://*.bka.sh", ...bkashOrigin()],
        "upgrade-insecure-requests": null,
      },
    },
    // The shop may be served over plain HTTP on a LAN; HSTS belongs to the TLS proxy in front.
    strictTransportSecurity: false,
    // Not helmet's "no-referrer": with it Chromium sends `Origin: null` on same-origin form posts,
    // which Remix's CSRF check rejects, so no form would work without JavaScript.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  }),
);
// Features no page of the shop uses, switched off for every page and anything embedded in one.
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");
app.use((_req, res, next) => {
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  next();
});
app.use(compression());

// Anonymous catalogue pages are answered from memory before Express runs (the server below); a
// candidate that missed is recorded here, after compression, as Remix writes it
// (app/server/http/page-cache/page-cache.server.ts, docs/decisions/036-page-cache.md).
const pageCache = build.entry.module.createShopPageCache(env.PAGE_CACHE_MB * 1024 * 1024, env.TRUST_PROXY);
app.use(pageCache.capture);

/**
 * A 304's headers replace those the browser stored with the page it then reuses (RFC 9111 section
 * 4.3.4). That page's inline scripts carry the nonce of the response that first delivered it, so a
 * 304 must not bring a new CSP with a new nonce: it is dropped there and the stored policy stays.
 * (Catalogue pages answer 304 to a matching If-None-Match: app/entry.server.tsx, decision 010.)
 */
app.use((_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    if (statusCode === 304) res.removeHeader("Content-Security-Policy");
    return writeHead.call(this, statusCode, ...rest);
  };
  next();
});

// Origin, body type and body size of state-changing requests, and no-store for the admin area:
// app/server/http/request-gate.server.ts.
app.use(
  build.entry.module.createRequestGate({
    trustProxy: env.TRUST_PROXY,
    isSignedIn: build.entry.module.isSignedIn,
  }),
);

app.use("/assets", express.static(path.join(here, "build/client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(here, "build/client"), { maxAge: "1h" }));

app.all(
  "*",
  createRequestHandler({
    build,
    // renderedInputs: what the render reads of the page cache's key, for a page the cache may store.
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      clientAddress: req.ip ?? "unknown",
      renderedInputs: pageCache.renderedInputsOf(req),
    }),
  }),
);

const port = env.PORT;
const server = http.createServer((req, res) => pageCache.handle(req, res, () => app(req, res)));
server.listen(port, () => {
  log.info(`haat is serving on http://localhost:${port}`);
  // The background jobs (parcels' statuses read every COURIER_REFRESH_MINUTES), in one process only.
  build.entry.module.startBackgroundJobs();
});

/**
 * Graceful shutdown (docs/decisions/032-operations.md). On SIGTERM (systemd, docker stop) or SIGINT:
 * stop accepting connections, let every request in flight finish (a checkout being placed is
 * completed and answered) and the background jobs stop (a text message being sent gets its outcome
 * written), close idle keep-alive connections, then close the database and exit 0.
 * If requests are still running after SHUTDOWN_TIMEOUT_SECONDS, exit 1 without waiting further:
 * the database rolls back any transaction that was cut off (SQLite from its journal, PostgreSQL when
 * the connection drops), so no half-written order remains.
 */
let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log.info(`haat received ${signal}: finishing the requests in flight, then stopping`);
  const jobsStopped = build.entry.module
    .stopBackgroundJobs()
    .catch((error) => log.warn({ err: error }, "Stopping the background jobs failed"));
  const deadline = setTimeout(() => {
    log.error(`haat: requests still running after ${env.SHUTDOWN_TIMEOUT_SECONDS} s; exiting without them`);
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  deadline.unref();
  // A connection that finishes its last request becomes idle; it is closed at once instead of
  // waiting for the client's keep-alive timeout.
  const sweeper = setInterval(() => server.closeIdleConnections(), 100);
  server.close(async () => {
    clearInterval(sweeper);
    // The jobs' last writes (an SMS's outcome) go in before the database closes.
    await jobsStopped;
    await build.entry.module.closeDatabase().catch((error) => log.error({ err: error }, "Closing the database failed"));
    log.info("haat stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => shutdown(signal));
