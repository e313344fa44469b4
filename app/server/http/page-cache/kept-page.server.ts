/**
 * Whether a candidate's rendered answer is kept, and keeping it (docs/decisions/036-page-cache.md,
 * 051 and 057): a 200 that sets no cookie and allows storing, whose render read the inputs its key
 * names, that the store admits (a page of the catalogue always; any other once the doorkeeper has
 * seen it rendered before: page-store.server.ts), whose nonce shows nowhere but in its script
 * tags (page-encoding.server.ts), and that no change committed while it was rendered alters.
 */
import type { ServerResponse } from "node:http";
import type { Pending } from "./candidate.server";
import type { ChangeCatchUp, Markable } from "./change-catch-up.server";
import { plainAddress } from "./page-cache-url.server";
import { storedAnswer, type StoredAnswer } from "./page-encoding.server";
import type { PageKind, PageStore } from "./page-store.server";

/**
 * The largest cart quantity whose pages count as catalogue pages: the badge's number is part of a
 * page's key, and a cart can hold up to 49,950 units, so pages of larger carts (rare for a shopper)
 * pass the doorkeeper like other open pages.
 */
const CATALOGUE_CART_QUANTITY = 20;

/** A stored page: its answers, what it shows and since when it is stale (change-catch-up.server.ts). */
export type CachedPage = StoredAnswer & Markable;

/** The bytes a stored page counts for in the cache's cap: its three bodies and 1 KB for the rest. */
export function cachedPageSize(page: CachedPage): number {
  return page.identity.body.length + page.gzip.body.length + page.br.body.length + 1024;
}

/**
 * What became of an answer: stored (as a page of the catalogue or an open one), not stored because
 * its render read other inputs than its key (`mismatched`) or the doorkeeper had not seen it before
 * (`notAdmitted`), or not stored for another reason (null).
 */
export type KeptAs = PageKind | "mismatched" | "notAdmitted" | null;

/**
 * Stores the answer `res` of the candidate `pending`, whose body was `raw`, in `pages` if it may
 * be kept (see the module's comment). `nonce` is the render's CSP nonce; a body over `maxBodyBytes`
 * is not kept. Rejects only if the compression fails.
 */
export async function keepAnswer(
  pending: Pending,
  res: ServerResponse,
  raw: Buffer,
  {
    pages,
    changes,
    nonce,
    maxBodyBytes,
  }: {
    pages: PageStore<CachedPage>;
    changes: ChangeCatchUp;
    nonce: string | undefined;
    maxBodyBytes: number;
  },
): Promise<KeptAs> {
  if (res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return null;
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  if (/no-store/i.test(cacheControl)) return null;
  // The render read other inputs than the key names (a cookie the app reads differently than
  // `inputsOf` said): storing it would show one visitor's page to others.
  const { rendered, inputs } = pending;
  if (
    (rendered.cartQuantity !== undefined && rendered.cartQuantity !== inputs.cartQuantity) ||
    (rendered.language !== undefined && rendered.language !== inputs.language)
  )
    return "mismatched";
  // A page of the catalogue is kept; any other once the doorkeeper has seen it rendered before.
  const kind: PageKind =
    rendered.catalogue && plainAddress(pending.url) && inputs.cartQuantity <= CATALOGUE_CART_QUANTITY
      ? "catalogue"
      : "open";
  if (!pages.admits(pending.key, kind)) return "notAdmitted";
  const answer = await storedAnswer(res, raw, nonce, maxBodyBytes);
  if (!answer) return null;
  // A change committed while this page was rendered or compressed may not be in it: the page is
  // not kept when such a change alters what it shows.
  const shows = rendered.shows ?? null;
  if (!changes.catchUp() || changes.alteredSince(pending.seen, shows)) return null;
  pages.set(pending.key, { ...answer, shows, staleSince: null }, kind);
  return kind;
}
