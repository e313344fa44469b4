/**
 * How the page cache follows the catalogue's change log (docs/decisions/051-page-cache-under-a-sale.md).
 * Every lookup first reads the changes committed since the last look, by any process
 * (page-changes.server.ts makes them from the log), and marks the stored pages each one alters as
 * stale since it was made; the cache serves such a page only while one render refreshes it. The
 * latest changes are remembered, so that a page rendered while one of them was committed is not
 * kept when that change alters what it shows.
 */
import type { PageShows } from "./page-notes.server";
import type { PageStore } from "./page-store.server";

/**
 * A committed change to the catalogue, as the cache applies it (page-changes.server.ts makes them
 * from the change log): its position in the log, when it was made (ms since 1970), and what it
 * alters: every page (`all`), nothing (null: a stock change no page words differently), or the
 * pages showing one product in full (`page`), as a card (`card`), and the listings (`lists`).
 */
export type PageChange = {
  id: number;
  at: number;
  alters: "all" | null | { productId: number; page: boolean; card: boolean; lists: boolean };
};

/**
 * What the catch-up reads and marks of a stored page: what it shows (null: nothing recorded, so
 * every change alters it), and since when it is stale (ms since 1970: when the first change that
 * altered it was made), null while it is current.
 */
export type Markable = { shows: PageShows | null; staleSince: number | null };

/** Changes read from the log at once; more (a large import) drop every page instead. */
const CHANGES_PER_READ = 500;

/** Changes remembered after they were applied, to check the pages rendered while they were committed. */
const RECENT_CHANGES = 1_000;

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

type ChangeCatchUpOptions<E extends Markable> = {
  /**
   * The committed changes after `afterId` in the log, oldest first, at most `limit`; read on every
   * lookup, so it must be cheap. Throws when the database cannot say.
   */
  changesAfter: (afterId: number, limit: number) => PageChange[];
  /** The id of the latest change in the log (where a new cache starts reading). */
  latestChange: () => number;
  /** The stored pages: those a change alters are marked stale; all are forgotten when changes were missed. */
  pages: Pick<PageStore<E>, "forEach" | "clear">;
};

export type ChangeCatchUp = {
  /**
   * Applies the changes committed since the last look (by any process). When some are missing
   * (pruned from the log while nothing was asked of this process) or too many came at once, every
   * page is dropped: at once when missing, as stale since the first change when too many.
   *
   * @returns false when the database cannot say (broken, unmigrated): the app then answers.
   */
  catchUp(): boolean;
  /**
   * Whether a change after `since` (a `seen()` of earlier) alters a page that shows `shows`: one
   * applied meanwhile says so, or the record of them does not reach back that far.
   */
  alteredSince(since: number, shows: PageShows | null): boolean;
  /** The last change of the log applied here; -1 until the first `catchUp`. */
  seen(): number;
  /** Stored pages a change altered, since the start (each counted once, when it turned stale). */
  dropped(): number;
};

/** Creates the catch-up of one page cache with the change log (see the module's comment). */
export function createChangeCatchUp<E extends Markable>(options: ChangeCatchUpOptions<E>): ChangeCatchUp {
  const { pages } = options;
  let seen = -1;
  let dropped = 0;
  /** The changes applied lately (at most RECENT_CHANGES), oldest first. */
  const recent: PageChange[] = [];

  /** Marks the stored pages `change` alters as stale since it was made, and remembers it. */
  function apply(change: PageChange): void {
    if (change.alters !== null) {
      pages.forEach((entry) => {
        if (!alters(change.alters, entry.shows)) return;
        if (entry.staleSince === null) dropped++;
        entry.staleSince = Math.min(entry.staleSince ?? change.at, change.at);
      });
    }
    recent.push(change);
    if (recent.length > RECENT_CHANGES) recent.shift();
  }

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
      pages.clear();
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

  function alteredSince(since: number, shows: PageShows | null): boolean {
    if (seen === since) return false;
    const oldest = recent[0];
    if (!oldest || oldest.id > since + 1) return true;
    return recent.some((change) => change.id > since && alters(change.alters, shows));
  }

  return { catchUp, alteredSince, seen: () => seen, dropped: () => dropped };
}
