/**
 * Where the page cache keeps its pages, and which new pages it keeps (docs/decisions/057-page-cache-for-crowds.md).
 *
 * Two kinds of page, told apart by the render (`noteCatalogueAddress` in page-cache.server.ts):
 * - **Catalogue pages**: the home page, a product that is on sale, a category that exists, a
 *   listing page within range, each in the shop's own spelling. Their number is bounded by the
 *   catalogue, so every one is kept once rendered, whoever asked for it: no client can use them to
 *   fill memory with pages no one asks for again.
 * - **Open pages**: a search, and any other address whose values a client can invent. One is kept
 *   on its second render within a window, by a doorkeeper as in TinyLFU (Einziger, Friedman and
 *   Manes, "TinyLFU: A Highly Efficient Cache Admission Policy", 2017): an address asked for once
 *   costs its render and nothing more (no compression, no memory), an address asked for again is
 *   kept. The doorkeeper remembers a bounded number of addresses (by hash), in two generations
 *   that rotate every window, so it forgets as it goes and its memory stays flat under a flood.
 *   Open pages live in a segment of their own (a quarter of the bytes), so even addresses asked for
 *   twice each can only push out other open pages, never the catalogue's. And the process keeps
 *   at most OPEN_STORES_PER_MINUTE of them a minute, whoever asks (the segment holds about that
 *   many pages of the demo's size): a flood that asks for every new search twice costs its
 *   renders, not their compression and a churned segment on top.
 *
 * Each segment is a least-recently-used list capped by bytes (lru-cache).
 */
import crypto from "node:crypto";
import { LRUCache } from "lru-cache";

/** What a page is to the store: bounded by the catalogue, or an address a client can invent. */
export type PageKind = "catalogue" | "open";

/** The share of the bytes kept for open pages; the rest holds catalogue pages. */
const OPEN_SHARE = 0.25;

/** How long the doorkeeper remembers an open page's first render, at least, in ms. */
const DOORKEEPER_WINDOW_MS = 60_000;

/** Addresses one generation of the doorkeeper remembers; a full generation rotates early. */
const DOORKEEPER_KEYS = 50_000;

/** Open pages kept per minute by one process, for all clients together. */
const OPEN_STORES_PER_MINUTE = 60;

export type PageStoreOptions<E extends object> = {
  /** Cap of all the pages' sizes, in bytes (both segments together). */
  maxBytes: number;
  /** The size of a page, in bytes. */
  sizeOf: (entry: E) => number;
  /** The doorkeeper's window, in ms (DOORKEEPER_WINDOW_MS by default; shorter in tests). */
  windowMs?: number;
};

export type PageStore<E extends object> = {
  get(key: string): E | undefined;
  /** Keeps `entry` under `key` in the segment of its kind (leaving the other). */
  set(key: string, entry: E, kind: PageKind): void;
  delete(key: string): void;
  clear(): void;
  forEach(visit: (entry: E) => void): void;
  /**
   * Whether a page of `kind` rendered for `key` may be kept now: a catalogue page always; an open
   * page when the doorkeeper saw it rendered before within its window (this render is remembered)
   * and fewer than OPEN_STORES_PER_MINUTE open pages were kept this minute.
   */
  admits(key: string, kind: PageKind): boolean;
  size(): number;
  bytes(): number;
};

/** Creates the store of one page cache (see the module's comment). */
export function createPageStore<E extends object>(options: PageStoreOptions<E>): PageStore<E> {
  const segment = (bytes: number) =>
    new LRUCache<string, E>({ maxSize: Math.max(1, Math.floor(bytes)), sizeCalculation: options.sizeOf });
  const segments: Record<PageKind, LRUCache<string, E>> = {
    catalogue: segment(options.maxBytes * (1 - OPEN_SHARE)),
    open: segment(options.maxBytes * OPEN_SHARE),
  };
  const windowMs = options.windowMs ?? DOORKEEPER_WINDOW_MS;
  let current = new Set<string>();
  let previous = new Set<string>();
  let rotatedAt = Date.now();
  /** The open pages kept in the current minute, and when it began. */
  let openStores = 0;
  let minuteFrom = Date.now();

  /** Whether another open page may be kept this minute; counts it when so. */
  function withinBudget(): boolean {
    const now = Date.now();
    if (now - minuteFrom >= 60_000) [openStores, minuteFrom] = [0, now];
    if (openStores >= OPEN_STORES_PER_MINUTE) return false;
    openStores++;
    return true;
  }

  /** Whether the doorkeeper saw `key` before; remembers it either way. */
  function seenBefore(key: string): boolean {
    const now = Date.now();
    if (now - rotatedAt >= windowMs || current.size >= DOORKEEPER_KEYS) {
      // Two windows gone by: nothing is remembered any more.
      previous = now - rotatedAt >= 2 * windowMs ? new Set() : current;
      current = new Set();
      rotatedAt = now;
    }
    const hash = crypto.createHash("sha1").update(key).digest("base64");
    if (current.has(hash) || previous.has(hash)) return true;
    current.add(hash);
    return false;
  }

  return {
    get: (key) => segments.catalogue.get(key) ?? segments.open.get(key),
    set(key, entry, kind) {
      segments[kind === "catalogue" ? "open" : "catalogue"].delete(key);
      segments[kind].set(key, entry);
    },
    delete(key) {
      segments.catalogue.delete(key);
      segments.open.delete(key);
    },
    clear() {
      segments.catalogue.clear();
      segments.open.clear();
    },
    forEach(visit) {
      segments.catalogue.forEach((entry) => visit(entry));
      segments.open.forEach((entry) => visit(entry));
    },
    admits: (key, kind) => kind === "catalogue" || (seenBefore(key) && withinBudget()),
    size: () => segments.catalogue.size + segments.open.size,
    bytes: () => segments.catalogue.calculatedSize + segments.open.calculatedSize,
  };
}
