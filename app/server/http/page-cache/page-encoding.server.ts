/**
 * The bytes of a stored page (app/server/http/page-cache/page-cache.server.ts,
 * docs/decisions/036-page-cache.md): what is kept of a rendered answer (`storedAnswer`: headers,
 * ETag, 304 headers), its compressed copies, the encoding a request gets and the answer it is sent
 * (`sendStoredAnswer`), and its inline scripts allowed by hash instead of the nonce of the render
 * that made it. The compression is also used for the kept product feeds
 * (app/server/catalogue/product-feeds.server.ts).
 */
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { ifNoneMatchMatches, weakEtag } from "../http-cache.server";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Compression of a stored page, done once when it is stored. Measured on the demo's product page
 * (64 KB) and /products (119 KB): gzip 6 (zlib's default) 0.8–1.9 ms, within 0.6 % of gzip 9's size;
 * brotli 5 1.2–1.6 ms, 11–12 % larger than brotli 11, which took 82–152 ms. A page seen once (a
 * new search) must not cost a hundred times its render to store (docs/decisions/036-page-cache.md,
 * "Query strings").
 */
const GZIP_LEVEL = 6;
const BROTLI_QUALITY = 5;

/**
 * `body` (text) compressed as a stored answer is sent: gzip at GZIP_LEVEL and brotli at
 * BROTLI_QUALITY, both in libuv's thread pool (the event loop goes on meanwhile). For the page
 * cache and the kept product feeds (app/server/catalogue/product-feeds.server.ts).
 */
export async function compressedCopies(body: Buffer): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gzipped, brotlied] = await Promise.all([
    gzip(body, { level: GZIP_LEVEL }),
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  return { gzip: gzipped, br: brotlied };
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

/**
 * A page's body in one encoding, and the headers to send with it (flat name, value lists): as a
 * fresh page (`X-Cache: HIT`) and as a stale one (`X-Cache: STALE`).
 */
type Variant = { body: Buffer; headers: string[]; staleHeaders: string[] };

/**
 * A stored page's answers: its ETag, its body in each encoding with the headers to send, and the
 * headers of a 304 (validators and caching only, RFC 9110 section 15.4.5), each fresh (`X-Cache:
 * HIT`) and stale (`X-Cache: STALE`).
 */
export type StoredAnswer = {
  etag: string;
  identity: Variant;
  gzip: Variant;
  br: Variant;
  notModified: string[];
  staleNotModified: string[];
};

/**
 * What the page cache keeps of a rendered answer `res` whose body was `raw`: an HTML page without
 * the render's `nonce`, its inline scripts allowed by hash (`hashedPage`); its headers less those
 * of one answer (`NOT_STORED`); gzip and brotli copies (`compressedCopies`).
 *
 * @returns null when the page cannot be kept: the nonce shows elsewhere in it, or its body is over
 *   `maxBodyBytes` (bytes).
 */
export async function storedAnswer(
  res: ServerResponse,
  raw: Buffer,
  nonce: string | undefined,
  maxBodyBytes: number,
): Promise<StoredAnswer | null> {
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  const type = String(res.getHeader("content-type") ?? "");
  let body = raw;
  let csp = res.getHeader("content-security-policy");
  if (typeof csp === "string" && nonce) {
    if (type.startsWith("text/html")) {
      const page = hashedPage(raw.toString("utf8"), csp, nonce);
      if (!page) return null;
      body = Buffer.from(page.html, "utf8");
      csp = page.csp;
    } else {
      csp = csp.replace(` 'nonce-${nonce}'`, "");
    }
  }
  if (body.length > maxBodyBytes) return null;
  const etag = String(res.getHeader("etag") ?? weakEtag(body));
  const kept: string[] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (NOT_STORED.has(name) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [String(value)]) kept.push(name, one);
  }
  if (typeof csp === "string") kept.push("content-security-policy", csp);
  kept.push("etag", etag, "vary", "Accept-Encoding");
  const { gzip: gzipped, br: brotlied } = await compressedCopies(body);
  const variant = (encoded: Buffer, encoding: string | null): Variant => {
    const headers = [
      ...kept,
      ...(encoding ? ["content-encoding", encoding] : []),
      "content-length",
      String(encoded.length),
    ];
    return { body: encoded, headers: [...headers, "x-cache", "HIT"], staleHeaders: [...headers, "x-cache", "STALE"] };
  };
  const notModified: string[] = ["etag", etag, "vary", "Accept-Encoding"];
  if (cacheControl) notModified.push("cache-control", cacheControl);
  return {
    etag,
    identity: variant(body, null),
    gzip: variant(gzipped, "gzip"),
    br: variant(brotlied, "br"),
    notModified: [...notModified, "x-cache", "HIT"],
    staleNotModified: [...notModified, "x-cache", "STALE"],
  };
}

/**
 * Answers `req` with a stored page: 304 to a matching `If-None-Match`, else 200 with its body in
 * the encoding the request accepts (`pickEncoding`; no body for HEAD), `X-Cache: STALE` when
 * `stale`, else `HIT`. Returns the status sent.
 */
export function sendStoredAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: StoredAnswer,
  stale: boolean,
): 200 | 304 {
  const inm = req.headers["if-none-match"];
  if (inm && ifNoneMatchMatches(inm, answer.etag)) {
    res.writeHead(304, stale ? answer.staleNotModified : answer.notModified);
    res.end();
    return 304;
  }
  const variant = answer[pickEncoding(req.headers["accept-encoding"])];
  res.writeHead(200, stale ? variant.staleHeaders : variant.headers);
  res.end(req.method === "HEAD" ? undefined : variant.body);
  return 200;
}
