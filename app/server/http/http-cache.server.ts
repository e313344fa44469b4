/**
 * HTTP validators for catalogue pages. Catalogue pages (home, /products, product
 * pages) are `Cache-Control: private, no-cache`: every page shows the shopper's cart badge, so no
 * shared cache may store them, and the browser must ask again each time. A weak ETag (a hash of
 * the rendered bytes) lets it ask cheaply: when nothing changed the server answers
 * `304 Not Modified` with no body. See docs/decisions/010-http-caching-and-seo.md.
 */
import crypto from "node:crypto";
import { stripLangPrefix } from "~/i18n";

/** The default `Cache-Control` of every HTML page and data response (set in entry.server). */
export const PAGE_CACHE_CONTROL = "private, no-cache";

/**
 * Whether `pathname` is a catalogue page that gets an ETag: `/`, `/products`, `/products/<id>`, in
 * English or under `/bn` in Bangla.
 */
export function isCataloguePath(pathname: string): boolean {
  return /^\/(?:products(?:\/[^/]+)?)?$/.test(stripLangPrefix(pathname));
}

/**
 * The catalogue path a single-fetch data request (`/products/5.data`, `/_root.data`) loads, or the
 * path itself for any other request.
 */
export function documentPathOf(pathname: string): string {
  return pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
}

/**
 * A weak ETag (`W/"<27 base64url chars>"`) of `body`: the SHA-256 of the bytes, truncated to 160
 * bits. Weak because the same HTML may be sent gzipped or not (RFC 9110 section 8.8.1).
 */
export function weakEtag(body: string | Uint8Array): string {
  return `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * Whether an `If-None-Match` request header matches `etag`, with the weak comparison RFC 9110
 * section 13.1.2 prescribes for it: `*` matches; otherwise any listed tag equal to `etag` once
 * the `W/` prefixes are ignored. A missing or empty header never matches.
 */
export function ifNoneMatchMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === wanted);
}

/**
 * The headers of a 304 answer: the representation's validators and caching headers only (no
 * body headers, no cookies), per RFC 9110 section 15.4.5.
 */
export function notModifiedHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const name of ["Cache-Control", "ETag", "Vary", "Content-Location", "Expires", "Date"]) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept;
}
