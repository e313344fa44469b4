/**
 * Which URLs the page cache may serve, and the one address it keeps each under
 * (docs/decisions/036-page-cache.md, "Query strings").
 *
 * A cached page is keyed on its URL, so every new query string is a new page to render and store.
 * Links from Facebook carry a unique `fbclid`, ads a `gclid` or `utm_*`, and anyone can append
 * `?x=1`, `?x=2`… to make the shop render (and, without this, store) one page per request. The
 * cache therefore keeps only the query parameters a page's loader reads, each once, in a fixed
 * the order they came in, and drops the rest; the page is rendered for that canonical URL, so what
 * is stored is exactly what the key names (a page echoes its own query in links and hidden inputs).
 * Values are kept as sent: a page stored for one spelling of a value (`page=01`) and served to
 * another (`page=1`) would echo the first in its links. An address of the shop's own links and
 * forms is its own canonical form, so a shopper's page always echoes the address bar.
 *
 * A loader of a cached page that starts reading a new query parameter must list it here; a test
 * (page-cache-url.server.test.ts) reads the routes and fails when one is missing.
 */
import { stripLangPrefix } from "~/i18n";
import { isCataloguePath } from "../http-cache.server";

/** The query parameters each cached page reads, by path without the `/bn` prefix. */
export const UNDERSTOOD_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  "/": [],
  "/products": ["category", "q", "sort", "page"],
  // A product page shows the variant `variant` names, or the one its picker's values (o1–o3) make.
  "/products/:id": ["variant", "o1", "o2", "o3"],
  "/sitemap.xml": ["part"],
  "/robots.txt": [],
  // Suggestions name the products in the language of the page asking (`lang`).
  "/resources/search-suggestions": ["q", "lang"],
};

/** Single fetch's own parameter on a `.data` request (which route loaders to run). */
const DATA_PARAMETERS = ["_routes"] as const;

/** Paths besides the catalogue pages whose answers are the same for every anonymous visitor. */
const OTHER_PATHS = new Set(["/sitemap.xml", "/robots.txt", "/resources/search-suggestions"]);

/** Whether the path (no query) is one the cache may serve. */
export function cacheablePath(pathname: string): boolean {
  return isCataloguePath(pathname) || OTHER_PATHS.has(pathname);
}

/** The parameters the page at `pathname` reads (a product page: its variant or its picker's values). */
function understoodParameters(pathname: string): ReadonlySet<string> {
  const isData = pathname.endsWith(".data");
  const documentPath = stripLangPrefix(isData ? pathname.slice(0, -".data".length) : pathname) || "/";
  const page = /^\/products\/[^/]+$/.test(documentPath) ? "/products/:id" : documentPath;
  const own = UNDERSTOOD_PARAMETERS[page] ?? [];
  return new Set(isData ? [...own, ...DATA_PARAMETERS] : own);
}

/**
 * The canonical form of a request target (`/products?fbclid=1&q=fan&utm_source=fb&q=x` →
 * `/products?q=fan`) for a path the cache serves: the parameters its page reads, in the order
 * they came, each once with its first value (as `URLSearchParams.get` reads it; an empty one kept:
 * `?part=` is not `?part=1`), as sent; every other parameter and the fragment dropped. The path is
 * kept as it came. Returns null for a path the cache does not serve.
 *
 * @param target the request's target as Node gives it (`req.url`: path and query, no origin).
 */
export function canonicalCacheUrl(target: string): string | null {
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!cacheablePath(pathname)) return null;
  if (queryAt === -1) return pathname;
  const understood = understoodParameters(pathname);
  const query = target.slice(queryAt + 1).split("#")[0]!;
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    // The name as the loader's URLSearchParams decodes it (`%71` is `q`).
    const name = new URLSearchParams(pair).keys().next().value ?? "";
    if (!understood.has(name) || seen.has(name)) continue;
    seen.add(name);
    // The pair as sent, so the page echoes exactly what the shop's own link or form wrote.
    kept.push(pair);
  }
  return kept.length > 0 ? `${pathname}?${kept.join("&")}` : pathname;
}

/**
 * Whether `url` (a canonical cache URL, `canonicalCacheUrl`) is spelled as the shop's own links
 * spell their addresses: letters, digits and `/ . _ -` in the path, `= & . _ -` in the query. With
 * no percent-escape or `+`, every value a loader reads is exactly the text of the address; with a
 * loader that found each value it read to be one of the catalogue's (`noteCatalogueAddress`), the
 * address is one of a number bounded by the catalogue: `/products/%37` cannot pose as `/products/7`.
 */
export function plainAddress(url: string): boolean {
  return /^[\w/.-]*(?:\?[\w.=&-]*)?$/.test(url);
}
