/**
 * The page cache (docs/decisions/036-page-cache.md): anonymous catalogue pages answered from memory,
 * before Express, Remix, React or the database run. This module wires its parts together; each
 * part is a module of this folder.
 *
 * What is cached: GET and HEAD of `/`, `/products…`, `/products/:id` (and their `/bn` pages), the
 * sitemap, robots.txt and the search suggestions, answered 200 without a cookie being set.
 * - Who gets it, and the key: a visitor whose request carries no haat cookie other than the cart,
 *   the language and the placed orders; the page is keyed on its canonical URL (the path, and only
 *   the query parameters its page reads: page-cache-url.server.ts; the page is rendered for that
 *   URL), the cart badge's quantity and the remembered language, read by the app's own cookie
 *   parsers (page-key.server.ts). A page never depends on anything else the request carries: the
 *   origin is PUBLIC_URL.
 * - Which pages are kept (docs/decisions/057-page-cache-for-crowds.md; many shoppers may share one
 *   address, a carrier's NAT, so nothing is rationed per address): pages of the catalogue
 *   (`noteCatalogueAddress`) always once rendered, any other page (a search, an address a client
 *   can invent) on its second render within a minute, by a doorkeeper, in a quarter of the memory
 *   of its own (page-store.server.ts); a render that read other inputs than its key names is
 *   answered and not stored (kept-page.server.ts).
 * - Who renders when: misses render in a fixed number of turns for the whole process, shared
 *   round-robin by client address, and a request waits at most MAX_TURN_WAIT_MS for its turn, then
 *   is answered 503 with Retry-After (render-turns.server.ts); a visitor asking for a page another
 *   visitor's render is making waits for it, at most WAIT_FOR_RENDER_MS (render-waits.server.ts).
 * - Stored once per key, after the first (MISS) answer, as Express sent it (candidate.server.ts):
 *   its headers, its body as sent, gzip and brotli bodies compressed once at cheap levels, its
 *   ETag; a hit answers 304 to a matching If-None-Match (page-encoding.server.ts).
 * - Dropped when what it shows changes: each page knows what it shows (`noteShownProducts`), and
 *   every lookup reads the catalogue's change log first (committed writes of any process:
 *   page-changes.server.ts, change-catch-up.server.ts). A change drops only the pages it alters; a
 *   page rendered while a change that alters it was committed is not kept.
 * - Stale while revalidating: a dropped page is still served, for at most `staleMs` after the
 *   change, to the visitors who ask while one visitor's render refreshes it (`X-Cache: STALE`); the
 *   cart and the checkout read price and stock themselves, so a second-old page never sells what is
 *   not there (docs/decisions/051-page-cache-under-a-sale.md).
 * - Bounded: least-recently-used lists whose bodies together stay under `maxBytes`.
 * - Strict CSP: a page's inline scripts were allowed by the request's nonce; the stored page has the
 *   nonce removed and allows exactly its own inline scripts by their SHA-256 hashes instead.
 * - `X-Cache: HIT`, `STALE`, `MISS` or `BUSY` (the 503) on every candidate answer; other requests get
 *   no such header.
 * What the loaders tell the cache (`noteRenderedInputs`, `noteShownProducts`, `noteCatalogueAddress`)
 * is in page-notes.server.ts.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import { candidateOf, markCandidate, recordBody, type Pending } from "./candidate.server";
import { createChangeCatchUp, type PageChange } from "./change-catch-up.server";
import { cachedPageSize, keepAnswer, type CachedPage, type KeptAs } from "./kept-page.server";
import { canonicalCacheUrl } from "./page-cache-url.server";
import { sendStoredAnswer } from "./page-encoding.server";
import { createKeyReader, pageKey } from "./page-key.server";
import type { KeyInputs, RenderedInputs } from "./page-notes.server";
import { createPageStore } from "./page-store.server";
import { createRenderWaits } from "./render-waits.server";
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
 * How long a visitor waits for another visitor's render of the same page, in ms, before its own
 * render: a render that hangs (a slow client reading its answer) holds no one else for long.
 */
const WAIT_FOR_RENDER_MS = 2_000;

export type PageCacheOptions = {
  /** Cap of the stored bodies (all three encodings of every page), in bytes; 0 turns the cache off. */
  maxBytes: number;
  /**
   * The committed changes after `afterId` in the catalogue's change log, oldest first, at most
   * `limit` (page-changes.server.ts); read on every lookup, so it must be cheap. Throws when the
   * database cannot say (the app then answers, and reports it).
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

/**
 * Creates the page cache (see the module's comment). server.js calls `handle` for every request
 * before Express, and mounts `capture` in Express after compression, so it sees the body as Remix
 * wrote it.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const entries = createPageStore<CachedPage>({
    maxBytes: options.maxBytes,
    sizeOf: cachedPageSize,
    windowMs: options.doorkeeperWindowMs,
  });
  const changes = createChangeCatchUp({
    changesAfter: options.changesAfter,
    latestChange: options.latestChange,
    pages: entries,
  });
  const turns = createRenderTurns({
    turns: options.renderTurns ?? RENDER_TURNS,
    maxWaitMs: options.maxTurnWaitMs ?? MAX_TURN_WAIT_MS,
  });
  const waits = createRenderWaits(options.waitForRenderMs ?? WAIT_FOR_RENDER_MS);
  const readKey = createKeyReader(options.inputsOf);
  const counters = { hits: 0, stale: 0, misses: 0, stored: 0, storedCatalogue: 0, mismatched: 0, notAdmitted: 0 };
  const storing = new Set<Promise<void>>();

  /** Whether a stored page may still be served while its refresh is rendered. */
  function servableStale(entry: CachedPage, now: number): boolean {
    return entry.staleSince !== null && now - entry.staleSince <= options.staleMs;
  }

  function answer(req: IncomingMessage, res: ServerResponse, entry: CachedPage): void {
    const stale = entry.staleSince !== null;
    if (stale) counters.stale++;
    else counters.hits++;
    const status = sendStoredAnswer(req, res, entry, stale);
    options.onHit?.(req, status);
  }

  /** The stored page for `key` if it is current, else undefined (also when the log cannot be read). */
  function fresh(key: string): CachedPage | undefined {
    const entry = entries.get(key);
    return entry && changes.catchUp() && entry.staleSince === null ? entry : undefined;
  }

  /**
   * Waits for the render of `key` that another request started (`waits`), then answers from the
   * cache, or calls `otherwise` when the page was not stored in time.
   */
  function waitFor(key: string, req: IncomingMessage, res: ServerResponse, otherwise: () => void): void {
    waits.wait(key, () => {
      const filled = fresh(key);
      if (filled) return answer(req, res, filled);
      otherwise();
    });
  }

  function lookUp(req: IncomingMessage, res: ServerResponse, next: () => void, url: string, inputs: KeyInputs): void {
    const { key, inputs: keyed } = pageKey(url, inputs);
    // The page is rendered for the URL it is stored under: parameters no loader reads are dropped.
    if (req.url !== url) req.url = url;
    if (!changes.catchUp()) return next();
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
    if (waits.rendering(key)) {
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
    if (!changes.catchUp()) return next();
    const entry = entries.get(key);
    if (entry && entry.staleSince === null) return answer(req, res, entry);
    const render = () => {
      counters.misses++;
      res.setHeader("X-Cache", "MISS");
      next();
    };
    if (waits.rendering(key)) {
      if (entry && servableStale(entry, Date.now())) return answer(req, res, entry);
      return waitFor(key, req, res, render);
    }
    if (req.method === "GET") {
      const pending: Pending = { key, url, seen: changes.seen(), inputs, rendered: {} };
      markCandidate(req, pending);
      waits.claim(key);
      // Once this answer is over (sent, or cut off) and stored if it could be, the visitors who
      // waited for it are answered from the cache, or rendered for when it was not stored.
      res.once("close", () => {
        void Promise.resolve(pending.job).finally(() => waits.release(key));
      });
    }
    render();
  }

  function handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (options.maxBytes <= 0 || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const url = canonicalCacheUrl(req.url ?? "/");
    if (url === null) return next();
    readKey(req.headers.cookie, (inputs) => lookUp(req, res, next, url, inputs), next);
  }

  /** Counts what became of a candidate's answer. */
  function count(kept: KeptAs): void {
    if (kept === "mismatched" || kept === "notAdmitted") counters[kept]++;
    else if (kept !== null) counters.stored++;
    if (kept === "catalogue") counters.storedCatalogue++;
  }

  function capture(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const pending = candidateOf(req);
    if (!pending) return next();
    recordBody(res, (raw) => {
      const kept = { pages: entries, changes, nonce: options.nonceOf(res), maxBodyBytes: options.maxBytes / 8 };
      const job = keepAnswer(pending, res, raw, kept)
        .then(count)
        .catch(() => {});
      pending.job = job;
      storing.add(job);
      void job.finally(() => storing.delete(job));
    });
    next();
  }

  return {
    handle,
    capture,
    renderedInputsOf: (req) => candidateOf(req)?.rendered,
    stats: () => {
      const { queued, shed, running, clients } = turns.stats();
      return {
        ...counters,
        dropped: changes.dropped(),
        queued,
        shed,
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
