/**
 * Which URLs the page cache may serve, and the one address it keeps each under
 * (docs/decisions/036-page-cache.md, "Query strings").
 *
 * A cached page is keyed on its URL, so every new query string is a new page to render and store.
 * Links from Facebook carry a unique `fbclid`, ads a `gclid` or `utm_*`, and anyone can append
 * `?x=1`, `?x=2`… to make the shop render (and, without this, store) one page per request. The
 * cache therefore keeps only the query parameters a page's loader reads, each once, in a fixed
 * order, each value in the one form the loader reads it as (`?page=01`, `?page=1.0` and no `page`
 * are one page), and drops the rest; the page is rendered for that canonical URL, so what is
 * stored is exactly what the key names (a page echoes its own query in links and hidden inputs).
 *
 * A loader of a cached page that starts reading a new query parameter must list it here; a test
 * (page-cache-url.server.test.ts) reads the routes and fails when one is missing.
 */
import { stripLangPrefix } from "~/i18n";
import { parsePage } from "~/rules/pagination";
import { parseProductSort } from "~/rules/product-sort";
import { normalizeSearchQuery } from "~/rules/search";
import { isCataloguePath } from "~/server/http-cache.server";
import { parseId } from "~/utils/params";

/**
 * A parameter's value in the form its loader reads it, or null when the loader reads it as absent
 * (so the canonical URL leaves it out). Each mirrors the loader's own parsing, with the same
 * functions where the loader has one.
 */
type Normalise = (value: string) => string | null;

/** `?category=`: `Number(value)`, a positive integer, else no category (_shop.products._index). */
const categoryId: Normalise = (value) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? String(id) : null;
};
/** `?q=`: `normalizeSearchQuery`; blank is no search. */
const searchText: Normalise = (value) => normalizeSearchQuery(value) || null;
/** `?sort=`: `parseProductSort`; the default ("name") is no sort. */
const sortName: Normalise = (value) => {
  const sort = parseProductSort(value);
  return sort === "name" ? null : sort;
};
/** `?page=`: `parsePage`; page 1 is no page. */
const pageNumber: Normalise = (value) => {
  const page = parsePage(new URLSearchParams({ page: value }));
  return page === 1 ? null : String(page);
};
/** `?part=` of the sitemap: a whole number ≥ 1 as written plainly; anything else as sent (a 404). */
const sitemapPart: Normalise = (value) => {
  const part = Number(value);
  return value !== "" && Number.isSafeInteger(part) && part >= 1 ? String(part) : value;
};
/** Single fetch's `_routes` on a `.data` request (which route loaders to run), as sent. */
const asSent: Normalise = (value) => value;

/** The query parameters each cached page reads, in canonical order, by path without the `/bn` prefix. */
const PARAMETERS: Readonly<Record<string, readonly (readonly [string, Normalise])[]>> = {
  "/": [],
  "/products": [
    ["category", categoryId],
    ["q", searchText],
    ["sort", sortName],
    ["page", pageNumber],
  ],
  "/sitemap.xml": [["part", sitemapPart]],
  "/robots.txt": [],
  "/resources/search-suggestions": [["q", searchText]],
};

/** The names of the query parameters each cached page reads (a product page reads none). */
export const UNDERSTOOD_PARAMETERS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(PARAMETERS).map(([page, parameters]) => [page, parameters.map(([name]) => name)]),
);

/** Paths besides the catalogue pages whose answers are the same for every anonymous visitor. */
const OTHER_PATHS = new Set(["/sitemap.xml", "/robots.txt", "/resources/search-suggestions"]);

/** Whether the path (no query) is one the cache may serve. */
export function cacheablePath(pathname: string): boolean {
  return isCataloguePath(pathname) || OTHER_PATHS.has(pathname);
}

/**
 * A product page's path with its id as the loader reads it (`/products/%31` is `/products/1`);
 * any other path as it came.
 */
function canonicalPath(pathname: string): string {
  const match = /^((?:\/bn)?\/products\/)([^/]+?)(\.data)?$/.exec(pathname);
  if (!match) return pathname;
  let segment: string;
  try {
    segment = decodeURIComponent(match[2]!);
  } catch {
    return pathname;
  }
  const id = parseId(segment);
  return id === null ? pathname : `${match[1]}${id}${match[3] ?? ""}`;
}

/**
 * The canonical form of a request target (`/products?fbclid=1&page=01&q=%20fan%20&q=x` →
 * `/products?q=fan`) for a path the cache serves: the parameters its page reads, in the order
 * `PARAMETERS` lists them, each from its first value (as `URLSearchParams.get` reads it) in the
 * form the loader reads it, left out where the loader reads it as absent; every other parameter
 * and the fragment dropped; a product page's id as a plain number. Returns null for a path the
 * cache does not serve.
 *
 * @param target the request's target as Node gives it (`req.url`: path and query, no origin).
 */
export function canonicalCacheUrl(target: string): string | null {
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!cacheablePath(pathname)) return null;
  const path = canonicalPath(pathname);
  if (queryAt === -1) return path;
  const isData = pathname.endsWith(".data");
  const documentPath = stripLangPrefix(isData ? pathname.slice(0, -".data".length) : pathname) || "/";
  const parameters = [...(PARAMETERS[documentPath] ?? []), ...(isData ? [["_routes", asSent] as const] : [])];
  const given = new URLSearchParams(target.slice(queryAt + 1).split("#")[0]);
  const kept = new URLSearchParams();
  for (const [name, normalise] of parameters) {
    const value = given.get(name);
    const canonical = value === null ? null : normalise(value);
    if (canonical !== null) kept.set(name, canonical);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
