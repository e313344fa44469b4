/**
 * Server rendering. Streams HTML to browsers; waits for the whole page for bots (isbot) so
 * crawlers get complete markup. The CSP nonce from server.js's load context goes to Remix's scripts.
 *
 * Catalogue pages (home, /products, product pages; `isCataloguePath`) answering a GET or HEAD with
 * 200 are rendered whole instead, so they can carry a weak ETag of their HTML and answer
 * `304 Not Modified` to a matching `If-None-Match`. They have no deferred data,
 * so waiting for the whole render costs nothing but the buffer (tens of KB). The per-request CSP
 * nonce is left out of the hash (it is the only part of the HTML that differs between identical
 * renders); server.js drops the CSP header from 304 answers so the browser keeps the policy, and
 * nonce, stored with the page it reuses. Single-fetch data requests of the same pages get the
 * same treatment in `handleDataRequest`. See docs/decisions/010-http-caching-and-seo.md.
 */
import type { ServerResponse } from "node:http";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/hooks/use-nonce";
import { StylesheetContext } from "~/components/inline-stylesheet";
// The whole stylesheet as text (Vite compiles app/tailwind.css, font URLs rewritten to the hashed
// assets): production pages carry it in a <style> (docs/decisions/038-inline-stylesheet.md). Only
// this server module imports it, so it never reaches the browser's JavaScript.
import stylesheetText from "./tailwind.css?inline";
import {
  documentPathOf,
  ifNoneMatchMatches,
  isCataloguePath,
  notModifiedHeaders,
  PAGE_CACHE_CONTROL,
  weakEtag,
} from "~/server/http/http-cache.server";
import { signedInAdmin } from "~/server/auth/auth.server";
import { getEnv } from "~/config/env.server";
import {
  catalogueVersion,
  onCatalogueChangeProblem,
  pruneCatalogueChanges,
} from "~/models/catalogue/changes/change-log.server";
import { getCart } from "~/server/cart/cart-cookie.server";
import { chosenLanguage } from "~/server/language-cookie.server";
import { createPageCache } from "~/server/http/page-cache/page-cache.server";
import type { KeyInputs } from "~/server/http/page-cache/page-notes.server";
import { pageChangesAfter } from "~/server/http/page-cache/page-changes.server";
import { stripNul } from "~/server/http/strip-nul.server";
import { clientKey } from "~/server/client-key.server";
import { courierStatusJob } from "~/server/couriers/schedule.server";
import { pendingPaymentsJob } from "~/server/payments/schedule.server";
import { steadfastPayoutsJob } from "~/server/payouts/schedule.server";
import { holdBackgroundJobs } from "~/server/process/process-role.server";
import { advanceLapseJob } from "~/server/payments/advance-lapse-schedule.server";
import { sendWhenQueued, smsOutboxJob, stopSending } from "~/server/sms/sender.server";
import { cartQuantity } from "~/rules/cart";
import { log, readableUrl } from "~/server/log.server";

/** How long a render may take before it is aborted, in milliseconds. */
export const streamTimeout = 5_000;

/** Whether a response to `request` may get an ETag and a 304: a catalogue GET/HEAD answered with 200, setting no cookie. */
function validatable(request: Request, status: number, headers: Headers, pathname: string): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    status === 200 &&
    !headers.has("Set-Cookie") &&
    isCataloguePath(pathname)
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  const buffered = validatable(request, responseStatusCode, responseHeaders, new URL(request.url).pathname);
  const waitForAll = buffered || isbot(request.headers.get("user-agent") ?? "");
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Every page shows the visitor's cart badge: never store it in a shared cache.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PAGE_CACHE_CONTROL);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={import.meta.env.PROD ? stylesheetText : null}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </StylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // React 18.3 can emit NUL bytes beside Bangla text at its 2048-byte buffer edges (decision 048):
          // app/server/http/strip-nul.server.ts drops them.
          const body = stripNul();
          if (buffered && !failed) {
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("error", reject);
            body.on("end", () => resolve(validatedResponse(request, Buffer.concat(chunks), responseHeaders, nonce)));
          } else {
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          }
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          failed = true;
          if (shellRendered) log.error({ err: error, url: readableUrl(request.url) }, "Rendering a page failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * The complete page with its weak ETag (the hash of the HTML without the request's nonce), or a
 * bodiless 304 when the request's `If-None-Match` names that tag.
 */
function validatedResponse(request: Request, html: Buffer, headers: Headers, nonce: string): Response {
  const stable = nonce ? html.toString("utf8").split(nonce).join("") : html;
  const etag = weakEtag(stable);
  headers.set("ETag", etag);
  if (ifNoneMatchMatches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  }
  return new Response(new Uint8Array(html), { status: 200, headers });
}

/**
 * Single-fetch data requests (`/products/5.data`) of catalogue pages: the same private, no-cache
 * policy and a weak ETag of the encoded data, answering 304 when the browser already has it.
 * Other data requests pass through unchanged.
 */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data")) return response;
  if (!validatable(request, response.status, response.headers, documentPathOf(url.pathname))) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", PAGE_CACHE_CONTROL);
  const etag = weakEtag(body);
  headers.set("ETag", etag);
  if (ifNoneMatchMatches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * Errors of loaders, actions and rendering. A response a route threw on purpose (a 400 for an
 * unreadable form, a 404) is the client's mistake: one line, no stack. Anything else is a bug and
 * is logged once, with its stack. Aborted requests (the browser went away) are not logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) {
    const path = new URL(request.url).pathname.slice(0, 200);
    log.warn(
      `refused ${request.method} ${JSON.stringify(path)}: ${error.status} ${error.statusText || "error response"}`,
    );
    return;
  }
  log.error({ err: error, method: request.method, url: readableUrl(request.url) }, "Request failed");
};

/** Re-exported for server.js, which validates the configuration before it listens. */
export { getEnv };

let releaseBackgroundJobs: (() => Promise<void>) | null = null;

/**
 * The background jobs: the couriers' statuses read every COURIER_REFRESH_MINUTES, orders whose
 * advance was not paid in time cancelled every minute, bKash payments left pending settled every 2
 * minutes, the SMS outbox's due messages sent every SMS_OUTBOX_SECONDS, Steadfast's new payouts read
 * every COURIER_REFRESH_MINUTES.
 */
const BACKGROUND_JOBS = [courierStatusJob, advanceLapseJob, pendingPaymentsJob, smsOutboxJob, steadfastPayoutsJob];

let stopSendingWhenQueued: (() => void) | null = null;

/**
 * For server.js, once it listens: runs the background jobs while this process holds their role,
 * which exactly one process of the server (of all the nodes, on PostgreSQL) does at a time
 * (app/server/process/process-role.server.ts, docs/decisions/052-one-process-per-core.md and 053).
 */
export function startBackgroundJobs(): void {
  // Every process sends the messages it queued itself, soon after their commit (the job above,
  // in one process, sends what is left: retries, and what a stopped process queued).
  stopSendingWhenQueued ??= sendWhenQueued();
  releaseBackgroundJobs ??= holdBackgroundJobs({
    start: () => BACKGROUND_JOBS.forEach((job) => job.start()),
    stop: () => BACKGROUND_JOBS.forEach((job) => job.stop()),
  });
}

/**
 * For server.js, when it shuts down: stops the background jobs' timers (a run already going
 * finishes; the SMS sender's stops after the message it holds) and gives up their role.
 */
export async function stopBackgroundJobs(): Promise<void> {
  stopSendingWhenQueued?.();
  stopSendingWhenQueued = null;
  BACKGROUND_JOBS.forEach((job) => job.stop());
  // A text message on its way to the gateway gets its outcome written before the database closes.
  await stopSending();
  await releaseBackgroundJobs?.();
  releaseBackgroundJobs = null;
}

/** Re-exported for server.js: the process's log, and its one line per request. */
export { createRequestLogger, log } from "~/server/log.server";

/** Re-exported for server.js, which closes the database when it shuts down. */
export { closeDatabase } from "~/models/connection.server";

/**
 * The page cache's key inputs for a request's `Cookie` header: the cart badge's quantity and the
 * remembered language, read by the same functions the root and home loaders call (`getCart`,
 * `chosenLanguage`: Remix's cookie parser and signature check), so the key and the render can
 * never read one cookie two ways.
 */
async function pageCacheInputs(cookieHeader: string): Promise<KeyInputs> {
  const request = new Request("http://haat.invalid/", { headers: { Cookie: cookieHeader } });
  const [lines, language] = await Promise.all([getCart(request), chosenLanguage(request)]);
  return { cartQuantity: cartQuantity(lines), language: language ?? "" };
}

/** How often this process deletes the change log's old rows, in ms (any process may; each delete is idempotent). */
const PRUNE_CHANGES_EVERY_MS = 10 * 60 * 1000;

/** How often, at most, the log says that misses were answered 503 for want of a render turn, in ms. */
const OVERLOAD_LOG_EVERY_MS = 60_000;

/**
 * The page cache's `onShed`: a warning the first time misses are answered 503 for want of a render
 * turn, then at most one a minute with how many were since, so an overload shows in the log
 * without a line per request.
 */
function overloadLog(): () => void {
  let loggedAt = -Infinity;
  let since = 0;
  return () => {
    since++;
    const now = Date.now();
    if (now - loggedAt < OVERLOAD_LOG_EVERY_MS) return;
    log.warn(
      { shed: since },
      "Pages answered 503 (busy): every render turn stayed taken for longer than a request may wait. The server is overloaded; see docs/decisions/057-page-cache-for-crowds.md",
    );
    loggedAt = now;
    since = 0;
  };
}

/**
 * The page cache for server.js (docs/decisions/036-page-cache.md and 051): anonymous catalogue pages
 * from memory, keyed on the canonical URL, the cart badge's quantity and the remembered language,
 * dropped when a change in the catalogue's change log alters what they show, and served stale for
 * PAGE_CACHE_STALE_SECONDS while one render refreshes each. `maxBytes` is PAGE_CACHE_MB in bytes;
 * `trustProxy` is TRUST_PROXY (the client address is then the one the proxy appended to
 * X-Forwarded-For, as Express's `trust proxy` = 1 reads it). Render turns go round by address,
 * an IPv6 address counted by its /64 (decision 057). Also starts pruning the change log's old rows
 * (a timer that does not keep the process alive).
 */
export function createShopPageCache(maxBytes: number, trustProxy: boolean) {
  const staleSeconds = getEnv().PAGE_CACHE_STALE_SECONDS;
  onCatalogueChangeProblem((error, message) => log.warn({ err: error }, message));
  setInterval(() => {
    pruneCatalogueChanges().catch((error: unknown) =>
      log.warn({ err: error }, "Pruning the catalogue change log failed"),
    );
  }, PRUNE_CHANGES_EVERY_MS).unref();
  return createPageCache({
    maxBytes,
    changesAfter: pageChangesAfter,
    latestChange: catalogueVersion,
    staleMs: staleSeconds * 1000,
    inputsOf: pageCacheInputs,
    // Counted by network as the other per-address limits are: an IPv6 address by its /64.
    clientAddress: (req) => {
      const forwarded = trustProxy ? req.headers["x-forwarded-for"] : undefined;
      const last = typeof forwarded === "string" ? forwarded.split(",").at(-1)?.trim() : undefined;
      return clientKey(last || req.socket.remoteAddress || "unknown");
    },
    nonceOf: (res) => (res as ServerResponse & { locals?: { cspNonce?: string } }).locals?.cspNonce,
    onShed: overloadLog(),
    onHit: log.isLevelEnabled("debug")
      ? (req, status) =>
          log.debug(
            {
              req: { method: req.method, url: readableUrl(req.url ?? "/") },
              res: { statusCode: status },
              cache: "HIT",
            },
            "request completed",
          )
      : undefined,
  });
}

/** Re-exported for server.js, which checks every request before Remix reads it. */
export { createRequestGate } from "~/server/http/request-gate.server";

/**
 * Whether the `Cookie` header names a signed-in admin (for server.js's request gate, which lets
 * only a signed-in admin post a body larger than a public form's).
 */
export async function isSignedIn(cookieHeader: string | undefined): Promise<boolean> {
  if (!cookieHeader) return false;
  const request = new Request("http://haat.invalid/", { headers: { Cookie: cookieHeader } });
  return (await signedInAdmin(request)) !== null;
}
