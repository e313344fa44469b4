/**
 * The page cache (docs/decisions/036-page-cache.md): anonymous catalogue pages answered from memory,
 * before Express, Remix, React or the database run.
 *
 * What is cached: GET and HEAD of `/`, `/products…`, `/products/:id` (and their `/bn` pages), the
 * sitemap, robots.txt and the search suggestions, answered 200 without a cookie being set.
 * Who gets it: a visitor whose request carries no haat cookie other than the cart, the language and
 * the placed orders (read by no cached page); a staff session, a toast, the two-factor step or
 * anything haat adds later always bypasses.
 * The key: the canonical URL (the path, and only the query parameters its page reads:
 * app/server/http/page-cache/page-cache-url.server.ts; the page is rendered for that URL), the cart's quantity as
 * the badge shows it and the remembered language, both read from the Cookie header by the app's own
 * cookie parsers (`inputsOf`), so the key names exactly what the loaders will read. The loaders
 * that read them record what they read (`noteRenderedInputs`); a page whose render read anything
 * else is answered and not stored. A page never depends on anything else the request carries: the
 * origin is PUBLIC_URL.
 *
 * Which pages are kept, and who renders when (docs/decisions/057-page-cache-for-crowds.md): many
 * shoppers may share one address (a carrier's NAT), so nothing is rationed per address.
 * - Pages of the catalogue (`noteCatalogueAddress`: a product on sale, a category that exists, a
 *   listing page within range, the home page, each spelled as the shop's own links spell it) are
 *   always kept once rendered: their number is bounded by the catalogue. Any other page (a search,
 *   an address a client can invent) is kept on its second render within a minute, by a doorkeeper,
 *   in a quarter of the memory of its own (app/server/http/page-cache/page-store.server.ts).
 * - Misses render in a fixed number of turns for the whole process, shared round-robin by client
 *   address, so a flood of new URLs from one address cannot take the CPU from the others, and a
 *   request waits at most MAX_TURN_WAIT_MS for its turn, then is answered 503 with Retry-After
 *   (app/server/http/page-cache/render-turns.server.ts).
 *
 * - Stored once per key, after the first (MISS) answer: its headers, its body as sent, gzip and
 *   brotli bodies compressed once at cheap levels, its ETag. A hit answers 304 to a matching If-None-Match.
 * - Dropped when what it shows changes: each page knows what it shows (`noteShownProducts`: the
 *   products in full, the product cards, whether it lists products; a page that says nothing shows
 *   everything), and every lookup reads the catalogue's change log first (`changesAfter`: committed
 *   writes of any process, app/server/http/page-cache/page-changes.server.ts). A change drops only the pages
 *   it alters; a page rendered while a change that alters it was committed is not kept.
 * - Stale while revalidating: a dropped page is still served, for at most `staleMs` after the
 *   change, to the visitors who ask while one visitor's render refreshes it (`X-Cache: STALE`); the
 *   cart and the checkout read price and stock themselves, so a second-old page never sells what is
 *   not there (docs/decisions/051-page-cache-under-a-sale.md).
 * - Bounded: a least-recently-used list whose bodies together stay under `maxBytes`.
 * - Strict CSP: a page's inline scripts were allowed by the request's nonce; the stored page has the
 *   nonce removed and allows exactly its own inline scripts by their SHA-256 hashes instead.
 * - `X-Cache: HIT`, `STALE`, `MISS` or `BUSY` (the 503) on every candidate answer; other requests get
 *   no such header.
 * What the loaders tell the cache (`noteRenderedInputs`, `noteShownProducts`, `noteCatalogueAddress`)
 * is in app/server/http/page-cache/page-notes.server.ts; a stored page's bytes in page-encoding.server.ts.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import { LRUCache } from "lru-cache";
import { ifNoneMatchMatches } from "../http-cache.server";
import { canonicalCacheUrl, plainAddress } from "./page-cache-url.server";
import { pickEncoding, storedAnswer, type StoredAnswer } from "./page-encoding.server";
import type { KeyInputs, PageShows, RenderedInputs } from "./page-notes.server";
import { createPageStore, type PageKind } from "./page-store.server";
import { answerBusy, createRenderTurns } from "./render-turns.server";

/**
 * Misses rendered at once by one process: one per core (at least two, so that a render waiting on
 * the database leaves the other core work). The rest wait their turn, round-robin by address.
 */
const RENDER_TURNS = Math.max(2, os.availableParallelism());

/**
 * How long a miss may wait for a turn to render, in ms; past it, it is answered 503 with
 * Retry-After (`answerBusy`) rather than left waiting on an overloaded server.
 */
const MAX_TURN_WAIT_MS = 3_000;

/**
 * The largest cart quantity whose pages count as catalogue pages: the badge's number is part of a
 * page's key, and a cart can hold up to 49,950 units, so pages of larger carts (rare for a shopper)
 * pass the doorkeeper like other open pages.
 */
const CATALOGUE_CART_QUANTITY = 20;

/**
 * How long a visitor waits for another visitor's render of the same page, in ms, before its own
 * render: a render that hangs (a slow client reading its answer) holds no one else for long.
 */
const WAIT_FOR_RENDER_MS = 2_000;

/** The cookies that may vary a cached page; any other haat cookie means "not cached". */
const CART_COOKIE = "haat_cart";
const LANGUAGE_COOKIE = "haat_lang";
/**
 * haat cookies that no cached page reads, so they neither vary nor bypass it: the orders this
 * browser placed in the last hour, read only by the confirmation page, which is never cached
 * (app/server/placed-orders-cookie.server.ts). A shopper who just ordered keeps getting the
 * catalogue from memory.
 */
const UNREAD_COOKIES = new Set(["haat_placed"]);

/**
 * A committed change to the catalogue, as the cache applies it (app/server/http/page-cache/page-changes.server.ts
 * makes them from the change log): its position in the log, when it was made (ms since 1970), and
 * what it alters: every page (`all`), nothing (null: a stock change no page words differently), or
 * the pages showing one product in full (`page`), as a card (`card`), and the listings (`lists`).
 */
export type PageChange = {
  id: number;
  at: number;
  alters: "all" | null | { productId: number; page: boolean; card: boolean; lists: boolean };
};

/**
 * A stored page. `shows` says which changes alter it; `staleSince` is when the first change that
 * altered it was made (ms since 1970), null while it is current.
 */
type Entry = StoredAnswer & { shows: PageShows | null; staleSince: number | null };

/** Whether `change` alters a page that shows `shows`. */
function alters(change: PageChange["alters"], shows: PageShows | null): boolean {
  if (change === null) return false;
  if (change === "all" || shows === null) return true;
  return (
    (change.lists && shows.lists) ||
    (change.page && shows.products.includes(change.productId)) ||
    (change.card && shows.cards.includes(change.productId))
  );
}

/** What a candidate request's MISS carries through Express to `capture`. */
type Pending = {
  key: string;
  /** The canonical URL the page is rendered for. */
  url: string;
  /** The last change of the log applied when the render started. */
  seen: number;
  inputs: KeyInputs;
  rendered: RenderedInputs;
  job?: Promise<void>;
};
const PENDING = Symbol("haat.pageCache.pending");
type CandidateRequest = IncomingMessage & { [PENDING]?: Pending };

export type PageCacheOptions = {
  /** Cap of the stored bodies (all three encodings of every page), in bytes; 0 turns the cache off. */
  maxBytes: number;
  /**
   * The committed changes after `afterId` in the catalogue's change log, oldest first, at most
   * `limit` (app/server/http/page-cache/page-changes.server.ts); read on every lookup, so it must be cheap.
   * Throws when the database cannot say (the app then answers, and reports it).
   */
  changesAfter: (afterId: number, limit: number) => PageChange[];
  /** The id of the latest change in the log (where a new cache starts reading). */
  latestChange: () => number;
  /** How long after a change its pages may still be served stale while one render refreshes each (ms). */
  staleMs: number;
  /**
   * The key's inputs for a request's whole `Cookie` header, read with the very parsers the app's
   * loaders use (a forged or malformed cart reads as 0, as the app reads it).
   */
  inputsOf: (cookieHeader: string) => Promise<KeyInputs>;
  /** The client's address (the one the app sees: behind a trusted proxy, from X-Forwarded-For). */
  clientAddress: (req: IncomingMessage) => string;
  /** The CSP nonce Express gave this response (server.js puts it in `res.locals.cspNonce`). */
  nonceOf: (res: ServerResponse) => string | undefined;
  /** How long a visitor waits for another's render of the same page (ms); WAIT_FOR_RENDER_MS by default. */
  waitForRenderMs?: number;
  /** Misses rendered at once (RENDER_TURNS by default). */
  renderTurns?: number;
  /** How long a miss waits for a turn before a 503 (ms); MAX_TURN_WAIT_MS by default. */
  maxTurnWaitMs?: number;
  /** The doorkeeper's window (ms); a minute by default (page-store.server.ts). */
  doorkeeperWindowMs?: number;
  /** Called when misses were answered 503 after waiting for a turn (for a log line); optional. */
  onShed?: (req: IncomingMessage) => void;
  /** Called after a hit is answered (for a debug log line); optional. */
  onHit?: (req: IncomingMessage, status: number) => void;
};

/** Counters, for tests and the benchmark. */
type PageCacheStats = {
  hits: number;
  /** Answers from a dropped page while its refresh was rendered. */
  stale: number;
  misses: number;
  /** Stored pages a change altered (each counted once per change). */
  dropped: number;
  stored: number;
  /** Answers not stored because their render read other inputs than the key says. */
  mismatched: number;
  /** Open pages rendered and not kept: the doorkeeper had not seen them before. */
  notAdmitted: number;
  /** Catalogue pages kept (`noteCatalogueAddress`), among `stored`. */
  storedCatalogue: number;
  /** Misses that waited for a render turn. */
  queued: number;
  /** Misses answered 503 after waiting MAX_TURN_WAIT_MS for a turn. */
  shed: number;
  /** Misses rendering now. */
  rendering: number;
  /** Client addresses with a miss waiting for a turn now. */
  clients: number;
  entries: number;
  bytes: number;
};

export type PageCache = {
  /**
   * Answers `req` from the cache, or marks it as a candidate (`X-Cache: MISS`) and calls `next`
   * (Express), or just calls `next` for a request the cache never serves.
   */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** Express middleware that records a candidate's answer and stores it once sent. */
  capture(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * The record a candidate's render fills through `noteRenderedInputs` (server.js passes it in the
   * load context as `renderedInputs`); undefined for a request the cache will not store.
   */
  renderedInputsOf(req: IncomingMessage): RenderedInputs | undefined;
  stats(): PageCacheStats;
  /** Resolves once the pages being stored now are stored (for tests). */
  settled(): Promise<void>;
};

/** Changes read from the log at once; more (a large import) drop every page instead. */
const CHANGES_PER_READ = 500;

/** Changes remembered after they were applied, to check the pages rendered while they were committed. */
const RECENT_CHANGES = 1_000;

/**
 * The names of the cookies in a `Cookie` header, split as every cookie parser splits it (pairs
 * separated by `;`, the name before the first `=`, trimmed). Values are not read here: the app's
 * own parsers read them (`inputsOf`).
 */
function cookieNames(header: string): string[] {
  const names: string[] = [];
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq !== -1) names.push(pair.slice(0, eq).trim());
  }
  return names;
}

/** The name of a cookie without the `__Host-`/`__Secure-` prefix a Secure cookie gets. */
function bareName(name: string): string {
  return name.replace(/^__(?:Host|Secure)-/, "");
}

/**
 * Creates the page cache (see the module's comment). server.js calls `handle` for every request
 * before Express, and mounts `capture` in Express after compression, so it sees the body as Remix
 * wrote it.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const entries = createPageStore<Entry>({
    maxBytes: options.maxBytes,
    sizeOf: (entry) => entry.identity.body.length + entry.gzip.body.length + entry.br.body.length + 1024,
    windowMs: options.doorkeeperWindowMs,
  });
  const turns = createRenderTurns({
    turns: options.renderTurns ?? RENDER_TURNS,
    maxWaitMs: options.maxTurnWaitMs ?? MAX_TURN_WAIT_MS,
  });
  const counters = {
    hits: 0,
    stale: 0,
    misses: 0,
    dropped: 0,
    stored: 0,
    storedCatalogue: 0,
    mismatched: 0,
    notAdmitted: 0,
  };
  /**
   * The key inputs of Cookie headers seen lately, by whole header: each signature is checked once.
   * Bounded by the headers' length too (a header may be 16 KB), so unique headers cannot grow it.
   */
  const inputsByHeader = new LRUCache<string, KeyInputs>({
    max: 10_000,
    maxSize: 2 * 1024 * 1024,
    sizeCalculation: (_inputs, header) => header.length + 64,
  });
  const storing = new Set<Promise<void>>();
  /** Pages being rendered for a visitor now, by key, with the visitors waiting for them. */
  const filling = new Map<string, (() => void)[]>();
  /** The last change of the log applied here; -1 until the first lookup. */
  let seen = -1;
  /** The changes applied lately (at most RECENT_CHANGES), oldest first. */
  const recent: PageChange[] = [];

  /** Marks the stored pages `change` alters as stale since it was made, and remembers it. */
  function apply(change: PageChange): void {
    if (change.alters !== null) {
      entries.forEach((entry) => {
        if (!alters(change.alters, entry.shows)) return;
        if (entry.staleSince === null) counters.dropped++;
        entry.staleSince = Math.min(entry.staleSince ?? change.at, change.at);
      });
    }
    recent.push(change);
    if (recent.length > RECENT_CHANGES) recent.shift();
  }

  /**
   * Applies the changes committed since the last look (by any process). When some are missing
   * (pruned from the log while nothing was asked of this process) or too many came at once, every
   * page is dropped: at once when missing, as stale since the first change when too many.
   *
   * @returns false when the database cannot say (broken, unmigrated): the app then answers.
   */
  function catchUp(): boolean {
    let changes: PageChange[];
    try {
      if (seen < 0) {
        seen = options.latestChange();
        return true;
      }
      changes = options.changesAfter(seen, CHANGES_PER_READ + 1);
    } catch {
      return false;
    }
    if (changes.length === 0) return true;
    const first = changes[0]!;
    const last = changes[changes.length - 1]!;
    if (first.id !== seen + 1) {
      entries.clear();
      recent.length = 0;
      seen = Math.max(seen, last.id);
      return true;
    }
    if (changes.length > CHANGES_PER_READ) {
      apply({ id: first.id, at: first.at, alters: "all" });
      recent.length = 0;
      seen = options.latestChange();
      return true;
    }
    for (const change of changes) apply(change);
    seen = last.id;
    return true;
  }

  /**
   * Whether a change after `since` alters a page that shows `shows`: one applied meanwhile says
   * so, or the record of them does not reach back that far.
   */
  function alteredSince(since: number, shows: PageShows | null): boolean {
    if (seen === since) return false;
    const oldest = recent[0];
    if (!oldest || oldest.id > since + 1) return true;
    return recent.some((change) => change.id > since && alters(change.alters, shows));
  }

  /** Whether a stored page may still be served while its refresh is rendered. */
  function servableStale(entry: Entry, now: number): boolean {
    return entry.staleSince !== null && now - entry.staleSince <= options.staleMs;
  }

  function answer(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    const stale = entry.staleSince !== null;
    if (stale) counters.stale++;
    else counters.hits++;
    const inm = req.headers["if-none-match"];
    if (inm && ifNoneMatchMatches(inm, entry.etag)) {
      res.writeHead(304, stale ? entry.staleNotModified : entry.notModified);
      res.end();
      options.onHit?.(req, 304);
      return;
    }
    const variant = entry[pickEncoding(req.headers["accept-encoding"])];
    res.writeHead(200, stale ? variant.staleHeaders : variant.headers);
    res.end(req.method === "HEAD" ? undefined : variant.body);
    options.onHit?.(req, 200);
  }

  /** The stored page for `key` if it is current, else undefined (also when the log cannot be read). */
  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    return entry && catchUp() && entry.staleSince === null ? entry : undefined;
  }

  /**
   * Waits for the render of `key` that another request started (at most WAIT_FOR_RENDER_MS), then
   * answers from the cache, or calls `otherwise` when the page was not stored in time.
   */
  function waitFor(key: string, req: IncomingMessage, res: ServerResponse, otherwise: () => void): void {
    const waiters = filling.get(key)!;
    let served = false;
    const serve = () => {
      if (served) return;
      served = true;
      clearTimeout(deadline);
      const filled = fresh(key);
      if (filled) return answer(req, res, filled);
      otherwise();
    };
    const deadline = setTimeout(() => {
      const at = waiters.indexOf(serve);
      if (at !== -1) waiters.splice(at, 1);
      serve();
    }, options.waitForRenderMs ?? WAIT_FOR_RENDER_MS);
    waiters.push(serve);
  }

  function lookUp(req: IncomingMessage, res: ServerResponse, next: () => void, url: string, inputs: KeyInputs): void {
    // Only the home page reads the remembered language (the other pages say theirs in the path).
    const keyed: KeyInputs = { cartQuantity: inputs.cartQuantity, language: url === "/" ? inputs.language : "" };
    const key = `${url}\n${keyed.cartQuantity}\n${keyed.language}`;
    // The page is rendered for the URL it is stored under: parameters no loader reads are dropped.
    if (req.url !== url) req.url = url;
    if (!catchUp()) return next();
    const entry = entries.get(key);
    if (entry && entry.staleSince === null) return answer(req, res, entry);
    if (entry && !servableStale(entry, Date.now())) entries.delete(key);
    const client = options.clientAddress(req);
    const fillInTurn = () =>
      turns.take(
        client,
        req,
        res,
        () => fill(req, res, next, key, url, keyed),
        () => {
          answerBusy(req, res);
          options.onShed?.(req);
        },
      );
    // The same page is being rendered for another visitor: answer the page it replaces while that
    // may still be served, else wait for it rather than render it again (after a change, a spike
    // would otherwise render each page once per visitor).
    if (filling.has(key)) {
      const stale = entries.get(key);
      if (stale) return answer(req, res, stale);
      return waitFor(key, req, res, fillInTurn);
    }
    fillInTurn();
  }

  /**
   * A miss whose turn has come: the page may have been stored, or its render started by another
   * visitor, while it waited. Otherwise it is rendered, and a GET claims the key, so visitors who
   * ask for the page now wait for this render instead of rendering it too. Only a render that is
   * running can be waited for: a client's queued misses never hold a page from others.
   */
  function fill(
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
    key: string,
    url: string,
    inputs: KeyInputs,
  ): void {
    if (!catchUp()) return next();
    const entry = entries.get(key);
    if (entry && entry.staleSince === null) return answer(req, res, entry);
    const render = () => {
      counters.misses++;
      res.setHeader("X-Cache", "MISS");
      next();
    };
    if (filling.has(key)) {
      if (entry && servableStale(entry, Date.now())) return answer(req, res, entry);
      return waitFor(key, req, res, render);
    }
    if (req.method === "GET") {
      const pending: Pending = { key, url, seen, inputs, rendered: {} };
      (req as CandidateRequest)[PENDING] = pending;
      filling.set(key, []);
      // Once this answer is over (sent, or cut off) and stored if it could be, the visitors who
      // waited for it are answered from the cache, or rendered for when it was not stored.
      res.once("close", () => {
        void Promise.resolve(pending.job).finally(() => {
          const waiters = filling.get(key) ?? [];
          filling.delete(key);
          for (const serve of waiters) serve();
        });
      });
    }
    render();
  }

  function handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (options.maxBytes <= 0 || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const url = canonicalCacheUrl(req.url ?? "/");
    if (url === null) return next();
    const header = req.headers.cookie;
    if (!header) return lookUp(req, res, next, url, { cartQuantity: 0, language: "" });
    for (const name of cookieNames(header)) {
      const bare = bareName(name);
      // The cart cookie is never prefixed, so a prefixed one is "some other haat cookie".
      if (bare === LANGUAGE_COOKIE || (bare === CART_COOKIE && name === CART_COOKIE) || UNREAD_COOKIES.has(bare))
        continue;
      if (bare.startsWith("haat_")) return next();
    }
    const known = inputsByHeader.get(header);
    if (known) return lookUp(req, res, next, url, known);
    options.inputsOf(header).then(
      (inputs) => {
        inputsByHeader.set(header, inputs);
        lookUp(req, res, next, url, inputs);
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
    // The render read other inputs than the key names (a cookie the app reads differently than
    // `inputsOf` said): storing it would show one visitor's page to others.
    const { rendered, inputs } = pending;
    if (
      (rendered.cartQuantity !== undefined && rendered.cartQuantity !== inputs.cartQuantity) ||
      (rendered.language !== undefined && rendered.language !== inputs.language)
    ) {
      counters.mismatched++;
      return;
    }
    // A page of the catalogue is kept; any other once the doorkeeper has seen it rendered before.
    const kind: PageKind =
      rendered.catalogue && plainAddress(pending.url) && inputs.cartQuantity <= CATALOGUE_CART_QUANTITY
        ? "catalogue"
        : "open";
    if (!entries.admits(pending.key, kind)) {
      counters.notAdmitted++;
      return;
    }
    const answer = await storedAnswer(res, raw, options.nonceOf(res), options.maxBytes / 8);
    if (!answer) return;
    // A change committed while this page was rendered or compressed may not be in it: the page is
    // not kept when such a change alters what it shows.
    const shows = rendered.shows ?? null;
    if (!catchUp() || alteredSince(pending.seen, shows)) return;
    entries.set(pending.key, { ...answer, shows, staleSince: null }, kind);
    counters.stored++;
    if (kind === "catalogue") counters.storedCatalogue++;
  }

  return {
    handle,
    capture,
    renderedInputsOf: (req) => (req as CandidateRequest)[PENDING]?.rendered,
    stats: () => {
      const { queued, shed: shedCount, running, clients } = turns.stats();
      return {
        ...counters,
        queued,
        shed: shedCount,
        rendering: running,
        clients,
        entries: entries.size(),
        bytes: entries.bytes(),
      };
    },
    settled: async () => {
      await Promise.all([...storing]);
    },
  };
}
