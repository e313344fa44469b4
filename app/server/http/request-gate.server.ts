/**
 * The checks every request passes in server.js before Remix reads it: one place for the rules that
 * protect all routes alike, so no route can forget them (docs/security.md, decision 022).
 *
 * For a state-changing request (any method but GET, HEAD and OPTIONS):
 * - **Origin** (cross-site request forgery): a browser's `Sec-Fetch-Site` must be `same-origin`
 *   (or `none`, a request the user started), and an `Origin` header, when sent, must name the host
 *   the request came to (the same rule as Remix's own check, which covers only page and `.data`
 *   actions and answers a mismatch with a 500; this covers resource routes, the admin list's save
 *   and the logout, too, and answers first). `Origin: null` is refused. Refused with 403.
 * - **Body type**: a form, `application/x-www-form-urlencoded` or `multipart/form-data` with a
 *   boundary; anything else (JSON, text, none) is refused with 415 before an action parses it.
 * - **Body size**: 64 KiB, except for a signed-in admin posting to the admin area (image uploads,
 *   100 MiB). The limit is chosen on the path Remix will route (dot segments and `%2e` resolved,
 *   as the URL parser does), so `/admin/../cart` is the cart. A declared length above the limit is
 *   refused with 413 before a byte is read; a chunked body without a length with 411.
 * For every request:
 * - `X-Forwarded-Host` is removed unless a proxy is trusted (TRUST_PROXY), so a client cannot
 *   choose the host the shop believes it is served on.
 * - Admin answers carry customer data and get `Cache-Control: no-store` (except the admin app's
 *   service worker, which holds none; its manifest and icons live outside `/admin/`).
 * A refusal is one line in the log (method, path, status, reason), never a stack trace.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "~/server/log.server";

/** Largest body of a public form (cart, checkout, sign-in), in bytes. */
export const MAX_FORM_BYTES = 64 * 1024;
/** Largest body a signed-in admin may post to the admin area (image uploads), in bytes. */
const MAX_ADMIN_BYTES = 100 * 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** The admin app's service worker holds no shop data and keeps its own `no-cache`. */
const CACHEABLE_ADMIN_PATH = /^\/admin\/sw\.js$/;

/** A request refused by the gate: the HTTP status and a one-line reason for the log and the body. */
export type Refusal = { status: 400 | 403 | 411 | 413 | 415; reason: string };

/**
 * The path Remix will route for the request target `rawUrl` (`req.url`, e.g. `/admin/%2e%2e/cart`):
 * parsed the way the Remix adapter builds its `Request` (WHATWG URL: `..`, `%2e%2e` and `\`
 * resolved). Null when the target is not a parsable path.
 */
export function routedPath(rawUrl: string): string | null {
  if (!rawUrl.startsWith("/")) return null;
  try {
    return new URL(`http://haat.invalid${rawUrl}`).pathname;
  } catch {
    return null;
  }
}

/** Whether `pathname` (already routed, see `routedPath`) is in the admin area, its `.data` answers included. */
export function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/|\.data$|$)/.test(pathname);
}

/** Whether `pathname` is an admin page or action that anyone may post to: the sign-in and the logout. */
function isPublicAdminPath(pathname: string): boolean {
  return /^\/admin\/(login|logout)(\.data)?$/.test(pathname);
}

type HeaderValue = string | string[] | undefined;
const first = (value: HeaderValue): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Whether a state-changing request comes from this shop's own pages, from its fetch metadata and
 * origin headers (OWASP CSRF cheat sheet: "Verifying origin with standard headers").
 * `requestHost` is the host the request came to (`Host`, or the trusted proxy's `X-Forwarded-Host`),
 * compared as Remix compares it, so nothing this allows is refused later by Remix with a 500.
 * A request with neither header (not a browser: curl, a monitor) is allowed: forgery needs a
 * victim's browser, which sends them.
 * Returns null when allowed, else the refusal (403).
 */
export function checkOrigin(
  headers: { origin?: HeaderValue; "sec-fetch-site"?: HeaderValue },
  requestHost: string | undefined,
): Refusal | null {
  const site = first(headers["sec-fetch-site"]);
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    return { status: 403, reason: `cross-origin request (Sec-Fetch-Site: ${site})` };
  }
  const origin = first(headers.origin);
  if (origin === undefined) return null;
  let originHost: string | null = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    originHost = null;
  }
  if (originHost !== null && requestHost !== undefined && originHost === requestHost) return null;
  return { status: 403, reason: `cross-origin request (Origin: ${origin.slice(0, 100)})` };
}

/**
 * Whether the declared `Content-Type` is a form body an action can read: URL-encoded, or multipart
 * with a boundary. Returns null when it is, else the refusal (415).
 */
export function checkContentType(contentType: string | undefined): Refusal | null {
  const [type = "", ...params] = (contentType ?? "").split(";").map((part) => part.trim());
  const mediaType = type.toLowerCase();
  if (!FORM_TYPES.has(mediaType)) {
    return { status: 415, reason: `unsupported body type (${mediaType || "none"})` };
  }
  if (mediaType === "multipart/form-data" && !params.some((param) => /^boundary=.+/i.test(param))) {
    return { status: 415, reason: "multipart body without a boundary" };
  }
  return null;
}

/**
 * Whether a body of the declared size may be read: `contentLength` is the `Content-Length` header,
 * `limit` the largest allowed, in bytes. A body without a length is allowed only when it is not
 * chunked (then it is empty). Returns null when it may, else the refusal (411 or 413).
 */
export function checkBodySize(
  contentLength: string | undefined,
  transferEncoding: string | undefined,
  limit: number,
): Refusal | null {
  if (contentLength === undefined) {
    return transferEncoding ? { status: 411, reason: "body without a Content-Length" } : null;
  }
  if (!/^\d+$/.test(contentLength)) return { status: 400, reason: "malformed Content-Length" };
  if (Number(contentLength) > limit) {
    return { status: 413, reason: `body of ${contentLength} bytes over the ${limit}-byte limit` };
  }
  return null;
}

/** Things the gate needs from the rest of the server. */
export type RequestGateOptions = {
  /** Whether to believe `X-Forwarded-Host` (env TRUST_PROXY). */
  trustProxy: boolean;
  /** Whether the request's cookies name a signed-in admin (only asked for a large admin body). */
  isSignedIn: (cookieHeader: string | undefined) => Promise<boolean>;
  /** Where refusals are logged, one line each; the server log (level "warn") by default. */
  log?: (line: string) => void;
};

type Next = (error?: unknown) => void;

/**
 * The gate as Express/Connect middleware (see the file comment for what it checks).
 * A refusal is answered with its status and a plain-text reason, and logged on one line.
 */
export function createRequestGate(options: RequestGateOptions) {
  const logRefusal = options.log ?? ((line: string) => log.warn(line));

  function refuse(req: IncomingMessage, res: ServerResponse, path: string, refusal: Refusal) {
    logRefusal(
      `refused ${req.method ?? "?"} ${JSON.stringify(path.slice(0, 200))}: ${refusal.status} ${refusal.reason}`,
    );
    res.statusCode = refusal.status;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    // The body is not read: close the connection so the client stops sending it.
    if (!SAFE_METHODS.has(req.method ?? "")) res.setHeader("Connection", "close");
    res.end(`${refusal.reason}\n`);
  }

  return async function requestGate(req: IncomingMessage, res: ServerResponse, next: Next): Promise<void> {
    try {
      const rawUrl = req.url ?? "/";
      const path = routedPath(rawUrl);
      if (path === null) return refuse(req, res, rawUrl, { status: 400, reason: "malformed request target" });
      if (!options.trustProxy) delete req.headers["x-forwarded-host"];
      const admin = isAdminPath(path);
      if (admin && !CACHEABLE_ADMIN_PATH.test(path)) keepUnstored(res);
      if (SAFE_METHODS.has(req.method ?? "GET")) return next();

      const host = options.trustProxy
        ? (first(req.headers["x-forwarded-host"])?.split(",")[0]?.trim() ?? req.headers.host)
        : req.headers.host;
      const refusal =
        checkOrigin(req.headers, host) ??
        checkContentType(req.headers["content-type"]) ??
        checkBodySize(req.headers["content-length"], first(req.headers["transfer-encoding"]), MAX_FORM_BYTES);
      if (refusal === null) return next();
      // Over the public limit: only a signed-in admin's post to the admin area may be larger.
      if (
        refusal.status === 413 &&
        admin &&
        !isPublicAdminPath(path) &&
        (await options.isSignedIn(req.headers.cookie))
      ) {
        const adminRefusal = checkBodySize(req.headers["content-length"], undefined, MAX_ADMIN_BYTES);
        if (adminRefusal === null) return next();
        return refuse(req, res, path, adminRefusal);
      }
      return refuse(req, res, path, refusal);
    } catch (error) {
      next(error);
    }
  };
}

/** Makes every answer on `res` `Cache-Control: no-store`, whatever the route set. */
function keepUnstored(res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    this.setHeader("Cache-Control", "no-store");
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
