/**
 * The page cache (docs/decisions/036-page-cache.md): anonymous catalogue pages answered from memory,
 * before Express, Remix, React or the database run.
 *
 * What is cached: GET and HEAD of `/`, `/products…`, `/products/:id` (and their `/bn` pages), the
 * sitemap, robots.txt and the search suggestions, answered 200 without a cookie being set.
 * Who gets it: a visitor whose request carries no haat cookie other than the cart and the language
 * (a staff session, a toast, the two-factor step or anything haat adds later always bypasses).
 * The key: the URL (path and query), the cart's quantity as the badge shows it (read from the signed
 * cart cookie, signature checked), the remembered language. A page never depends on anything else
 * the request carries: the origin is PUBLIC_URL.
 *
 * - Stored once per key, after the first (MISS) answer: its headers, its body as sent, gzip and
 *   brotli bodies compressed once, its ETag. A hit answers 304 to a matching If-None-Match.
 * - Never stale: each page carries the catalogue version it was rendered at (read before
 *   rendering); when the version moves, every page is dropped (app/models/catalogue-version.server.ts).
 * - Bounded: a least-recently-used list whose bodies together stay under `maxBytes`.
 * - Strict CSP: a page's inline scripts were allowed by the request's nonce; the stored page has the
 *   nonce removed and allows exactly its own inline scripts by their SHA-256 hashes instead.
 * - `X-Cache: HIT` or `MISS` on every candidate answer; other requests get no such header.
 */
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { parse as parseCookies } from "cookie";
import { LRUCache } from "lru-cache";
import { ifNoneMatchMatches, isCataloguePath, weakEtag } from "~/server/http-cache.server";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Paths besides the catalogue pages whose answers are the same for every anonymous visitor. */
const OTHER_PATHS = new Set(["/sitemap.xml", "/robots.txt", "/resources/search-suggestions"]);

/** The cookies that may vary a cached page; any other haat cookie means "not cached". */
const CART_COOKIE = "haat_cart";
const LANGUAGE_COOKIE = "haat_lang";

/** Headers of the first answer never stored with a page: per answer, per connection, or rebuilt. */
const NOT_STORED = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "vary",
  "x-cache",
  "x-request-id",
]);

/** A page's body in one encoding, and the headers to send with it (a flat name, value list). */
type Variant = { body: Buffer; headers: string[] };

/** A stored page. `version` is the catalogue version it was rendered at. */
type Entry = {
  version: number;
  etag: string;
  identity: Variant;
  gzip: Variant;
  br: Variant;
  /** The headers of a 304: validators and caching only (RFC 9110 section 15.4.5). */
  notModified: string[];
};

/** What a candidate request's MISS carries through Express to `capture`. */
type Pending = { key: string; version: number; job?: Promise<void> };
const PENDING = Symbol("haat.pageCache.pending");
type CandidateRequest = IncomingMessage & { [PENDING]?: Pending };

export type PageCacheOptions = {
  /** Cap of the stored bodies (all three encodings of every page), in bytes; 0 turns the cache off. */
  maxBytes: number;
  /** The current catalogue version (app/models/catalogue-version.server.ts). */
  catalogueVersion: () => number;
  /** The cart badge's quantity for the cart cookie's raw value; 0 for a forged or malformed one. */
  cartQuantity: (cookieValue: string) => Promise<number>;
  /** The CSP nonce Express gave this response (server.js puts it in `res.locals.cspNonce`). */
  nonceOf: (res: ServerResponse) => string | undefined;
  /** Called after a hit is answered (for a debug log line); optional. */
  onHit?: (req: IncomingMessage, status: number) => void;
};

/** Counters, for tests and the benchmark. */
type PageCacheStats = { hits: number; misses: number; stored: number; entries: number; bytes: number };

export type PageCache = {
  /**
   * Answers `req` from the cache, or marks it as a candidate (`X-Cache: MISS`) and calls `next`
   * (Express), or just calls `next` for a request the cache never serves.
   */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** Express middleware that records a candidate's answer and stores it once sent. */
  capture(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  stats(): PageCacheStats;
  /** Resolves once the pages being stored now are stored (for tests). */
  settled(): Promise<void>;
};

/** Whether the path (no query) is one the cache may serve. */
function cacheablePath(pathname: string): boolean {
  return isCataloguePath(pathname) || OTHER_PATHS.has(pathname);
}

/** The name of a cookie without the `__Host-`/`__Secure-` prefix a Secure cookie gets. */
function bareName(name: string): string {
  return name.replace(/^__(?:Host|Secure)-/, "");
}

/**
 * The encoding to send for an `Accept-Encoding` header: brotli, else gzip, else none (a coding
 * with `q=0` counts as refused; `*` accepts both).
 */
export function pickEncoding(header: string | undefined): "br" | "gzip" | "identity" {
  if (!header) return "identity";
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [coding, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
    if (coding && (q === undefined || Number(q) > 0)) accepted.add(coding.trim());
  }
  if (accepted.has("br") || accepted.has("*")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/**
 * A stored page's HTML and policy: `html` without the request's `nonce`, and `csp` with the nonce
 * source replaced by the SHA-256 hash of each inline script (a script element without `src`), as
 * CSP Level 3's hash sources read them: the exact text between the tags, UTF-8.
 *
 * @returns null when the nonce still appears in the page once its attributes are removed (it was
 *   printed somewhere else, so the page is not stored).
 */
export function hashedPage(html: string, csp: string, nonce: string): { html: string; csp: string } | null {
  const stripped = html.replaceAll(` nonce="${nonce}"`, "");
  if (stripped.includes(nonce)) return null;
  const hashes = new Set<string>();
  for (const match of stripped.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`);
  }
  const sources = [...hashes].join(" ");
  const policy = csp.replace(`'nonce-${nonce}'`, sources).replace(/ {2,}/g, " ").replace(/ ;/g, ";");
  return { html: stripped, csp: policy };
}

/**
 * Creates the page cache (see the module's comment). server.js calls `handle` for every request
 * before Express, and mounts `capture` in Express after compression, so it sees the body as Remix
 * wrote it.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const entries = new LRUCache<string, Entry>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (entry) => entry.identity.body.length + entry.gzip.body.length + entry.br.body.length + 1024,
  });
  const counters = { hits: 0, misses: 0, stored: 0 };
  /** The cart quantities of cart cookies seen lately, by raw value: the signature is checked once. */
  const quantities = new LRUCache<string, number>({ max: 10_000 });
  const storing = new Set<Promise<void>>();
  /** Pages being rendered for a visitor now, by key, with the visitors waiting for them. */
  const filling = new Map<string, (() => void)[]>();
  let version = -1;

  /** The version now; every stored page is dropped when it has moved. */
  function currentVersion(): number {
    const now = options.catalogueVersion();
    if (now !== version) {
      entries.clear();
      version = now;
    }
    return version;
  }

  function answer(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    counters.hits++;
    const inm = req.headers["if-none-match"];
    if (inm && ifNoneMatchMatches(inm, entry.etag)) {
      res.writeHead(304, entry.notModified);
      res.end();
      options.onHit?.(req, 304);
      return;
    }
    const variant = entry[pickEncoding(req.headers["accept-encoding"])];
    res.writeHead(200, variant.headers);
    res.end(req.method === "HEAD" ? undefined : variant.body);
    options.onHit?.(req, 200);
  }

  function lookUp(req: IncomingMessage, res: ServerResponse, next: () => void, key: string): void {
    let now: number;
    try {
      now = currentVersion();
    } catch {
      // The database cannot say (broken, unmigrated): the app answers, and reports it.
      return next();
    }
    const entry = entries.get(key);
    if (entry && entry.version === now) return answer(req, res, entry);
    const waiting = filling.get(key);
    if (waiting) {
      // The same page is being rendered for another visitor: wait for it rather than render it again
      // (after a change drops the cache, a spike would otherwise render each page once per visitor).
      waiting.push(() => {
        let filled = entries.get(key);
        try {
          if (filled && filled.version !== currentVersion()) filled = undefined;
        } catch {
          filled = undefined;
        }
        if (filled) return answer(req, res, filled);
        counters.misses++;
        res.setHeader("X-Cache", "MISS");
        next();
      });
      return;
    }
    counters.misses++;
    res.setHeader("X-Cache", "MISS");
    if (req.method === "GET") {
      const pending: Pending = { key, version: now };
      (req as CandidateRequest)[PENDING] = pending;
      filling.set(key, []);
      // Once this answer is over (sent, or cut off) and stored if it could be, the visitors who
      // waited for it are answered from the cache, or by the app when it was not stored.
      res.once("close", () => {
        void Promise.resolve(pending.job).finally(() => {
          const waiters = filling.get(key) ?? [];
          filling.delete(key);
          for (const serve of waiters) serve();
        });
      });
    }
    next();
  }

  function handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (options.maxBytes <= 0 || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    if (!cacheablePath(queryAt === -1 ? url : url.slice(0, queryAt))) return next();
    let cart: string | undefined;
    let language = "";
    const header = req.headers.cookie;
    if (header) {
      for (const [name, value] of Object.entries(parseCookies(header))) {
        const bare = bareName(name);
        if (bare === CART_COOKIE && name === CART_COOKIE) cart = value;
        else if (bare === LANGUAGE_COOKIE) language = value === "en" || value === "bn" ? value : "";
        else if (bare.startsWith("haat_")) return next();
      }
    }
    const keyOf = (quantity: number) => `${url}\n${quantity}\n${language}`;
    if (cart === undefined || cart === "") return lookUp(req, res, next, keyOf(0));
    const known = quantities.get(cart);
    if (known !== undefined) return lookUp(req, res, next, keyOf(known));
    const value = cart;
    options.cartQuantity(value).then(
      (quantity) => {
        quantities.set(value, quantity);
        lookUp(req, res, next, keyOf(quantity));
      },
      () => next(),
    );
  }

  function capture(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const pending = (req as CandidateRequest)[PENDING];
    if (!pending) return next();
    const chunks: Buffer[] = [];
    const write = res.write;
    const end = res.end;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse["write"];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== "function") keep(chunk, rest[0]);
      const result = (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
      const job = store(pending, res, Buffer.concat(chunks)).catch(() => {});
      pending.job = job;
      storing.add(job);
      void job.finally(() => storing.delete(job));
      return result;
    } as ServerResponse["end"];
    next();
  }

  async function store(pending: Pending, res: ServerResponse, raw: Buffer): Promise<void> {
    if (res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return;
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    if (/no-store/i.test(cacheControl)) return;
    const type = String(res.getHeader("content-type") ?? "");
    let body = raw;
    let csp = res.getHeader("content-security-policy");
    const nonce = options.nonceOf(res);
    if (typeof csp === "string" && nonce) {
      if (type.startsWith("text/html")) {
        const page = hashedPage(raw.toString("utf8"), csp, nonce);
        if (!page) return;
        body = Buffer.from(page.html, "utf8");
        csp = page.csp;
      } else {
        csp = csp.replace(` 'nonce-${nonce}'`, "");
      }
    }
    if (body.length > options.maxBytes / 8) return;
    const etag = String(res.getHeader("etag") ?? weakEtag(body));
    const kept: string[] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (NOT_STORED.has(name) || value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) kept.push(name, one);
    }
    if (typeof csp === "string") kept.push("content-security-policy", csp);
    kept.push("etag", etag, "vary", "Accept-Encoding", "x-cache", "HIT");
    const [gzipped, brotlied] = await Promise.all([
      gzip(body, { level: 9 }),
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
    ]);
    const variant = (encoded: Buffer, encoding: string | null): Variant => ({
      body: encoded,
      headers: [...kept, ...(encoding ? ["content-encoding", encoding] : []), "content-length", String(encoded.length)],
    });
    const notModified: string[] = ["etag", etag, "vary", "Accept-Encoding", "x-cache", "HIT"];
    if (cacheControl) notModified.push("cache-control", cacheControl);
    // A write that landed while this page was rendered or compressed has moved the version: the
    // page may show what was there before it, so it is not kept.
    if (pending.version !== currentVersion()) return;
    entries.set(pending.key, {
      version: pending.version,
      etag,
      identity: variant(body, null),
      gzip: variant(gzipped, "gzip"),
      br: variant(brotlied, "br"),
      notModified,
    });
    counters.stored++;
  }

  return {
    handle,
    capture,
    stats: () => ({ ...counters, entries: entries.size, bytes: entries.calculatedSize }),
    settled: async () => {
      await Promise.all([...storing]);
    },
  };
}
