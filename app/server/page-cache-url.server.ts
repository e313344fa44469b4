/**
 * Which URLs the page cache may serve, and the one address it keeps each under
 * (docs/decisions/036-page-cache.md, "Query strings").
 *
 * A cached page is keyed on its URL, so every new query string is a new page to render and store.
 * Links from Facebook carry a unique `fbclid`, ads a `gclid` or `utm_*`, and anyone can append
 * `?x=1`, `?x=2`… to make the shop render (and, without this, store) one page per request. The
 * cache therefore keeps only the query parameters a page's loader reads, each once, in a fixed
 * order, and drops the rest; the page is rendered for that canonical URL, so what is stored is
 * exactly what the key names (a page echoes its own query in links and hidden inputs).
 *
 * A loader of a cached page that starts reading a new query parameter must list it here; a test
 * (page-cache-url.server.test.ts) reads the routes and fails when one is missing.
 */
import { stripLangPrefix } from "~/i18n";
import { isCataloguePath } from "~/server/http-cache.server";

/** The query parameters each cached page reads, by path without the `/bn` prefix. */
export const UNDERSTOOD_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  "/": [],
  "/products": ["category", "q", "sort", "page"],
  "/sitemap.xml": ["part"],
  "/robots.txt": [],
  "/resources/search-suggestions": ["q"],
};

/** Single fetch's own parameter on a `.data` request (which route loaders to run). */
const DATA_PARAMETERS = ["_routes"] as const;

/** Paths besides the catalogue pages whose answers are the same for every anonymous visitor. */
const OTHER_PATHS = new Set(["/sitemap.xml", "/robots.txt", "/resources/search-suggestions"]);

/** Whether the path (no query) is one the cache may serve. */
export function cacheablePath(pathname: string): boolean {
  return isCataloguePath(pathname) || OTHER_PATHS.has(pathname);
}

/** The parameters the page at `pathname` reads (a product page reads none). */
function understoodParameters(pathname: string): readonly string[] {
  const isData = pathname.endsWith(".data");
  const documentPath = stripLangPrefix(isData ? pathname.slice(0, -".data".length) : pathname);
  const own = UNDERSTOOD_PARAMETERS[documentPath || "/"] ?? [];
  return isData ? [...own, ...DATA_PARAMETERS] : own;
}

/**
 * The canonical form of a request target (`/products?fbclid=1&q=fan&q=x` →
 * `/products?q=fan`) for a path the cache serves: the parameters its page reads, in the order
 * `UNDERSTOOD_PARAMETERS` lists them, each with its first value (as `URLSearchParams.get` reads
 * it, an empty one kept: `?part=` is not `?part=1`); every other parameter and the fragment dropped. The path is kept
 * as it came. Returns null for a path the cache does not serve.
 *
 * @param target the request's target as Node gives it (`req.url`: path and query, no origin).
 */
export function canonicalCacheUrl(target: string): string | null {
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!cacheablePath(pathname)) return null;
  if (queryAt === -1) return pathname;
  const given = new URLSearchParams(target.slice(queryAt + 1).split("#")[0]);
  const kept = new URLSearchParams();
  for (const name of understoodParameters(pathname)) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
