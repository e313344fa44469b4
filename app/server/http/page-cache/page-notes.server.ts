/**
 * What a render tells the page cache (app/server/http/page-cache/page-cache.server.ts): the route loaders
 * record what they read of the cache key's inputs, what they show of the catalogue, and whether
 * their address is one of the catalogue's own. Each call writes into the record server.js puts in
 * the load context as `renderedInputs` (absent when the request is not a cache candidate, and in
 * tests that call loaders directly: then the calls do nothing).
 */

/**
 * What a page shows of the catalogue, as its loaders record it (`noteShownProducts`): the products
 * it shows in full (a product page), those it shows as cards (a listing, the home page), and
 * whether it lists products (which products a listing holds, and in what order, change with any
 * product's name, price, category or visibility). null: nothing recorded, so any change alters it.
 */
export type PageShows = { products: number[]; cards: number[]; lists: boolean };

/**
 * The inputs of a page besides its URL, as the app reads them from the request's cookies: the cart
 * badge's quantity, and the remembered language ("" when none). A page is keyed on them.
 */
export type KeyInputs = { cartQuantity: number; language: string };

/**
 * What a render read of the key's inputs, recorded by the loaders that read them (the root layout
 * reads the cart, the home page the remembered language) through `noteRenderedInputs`, and what
 * it showed of the catalogue (`noteShownProducts`). A page whose recorded inputs differ from its
 * key is answered but never stored.
 */
export type RenderedInputs = Partial<KeyInputs> & { shows?: PageShows; catalogue?: boolean };

/**
 * Records what a render read of the cache key's inputs: the root loader calls it with the cart's
 * quantity, the home page's loader with the remembered language. `context` is the Remix load
 * context; server.js puts the request's record there as `renderedInputs` (absent when the request
 * is not a cache candidate, and in tests that call loaders directly: then this does nothing).
 */
export function noteRenderedInputs(context: { renderedInputs?: unknown } | undefined, inputs: RenderedInputs): void {
  const record = context?.renderedInputs;
  if (record && typeof record === "object") Object.assign(record, inputs);
}

/**
 * Records what a page shows of the catalogue, so that the cache drops it only when one of those
 * changes (`PageShows`): a route loader calls it with the product ids it shows in full
 * (`products`), as cards (`cards`), and `lists: true` when it lists products (a listing, search
 * suggestions, the sitemap). Several calls add up. A page whose loaders never call it is dropped
 * by every change. `context` as for `noteRenderedInputs`.
 */
export function noteShownProducts(
  context: { renderedInputs?: unknown } | undefined,
  shown: { products?: readonly number[]; cards?: readonly number[]; lists?: boolean },
): void {
  const record = context?.renderedInputs as RenderedInputs | undefined;
  if (!record || typeof record !== "object") return;
  const shows = (record.shows ??= { products: [], cards: [], lists: false });
  if (shown.products) shows.products.push(...shown.products);
  if (shown.cards) shows.cards.push(...shown.cards);
  if (shown.lists) shows.lists = true;
}

/**
 * Records that the page's address is one of the catalogue's own: a route loader calls it when the
 * thing it shows exists and is on sale and every query parameter it read named a real value in the
 * spelling the shop's own links use (`?page=2` within range, not `?page=02` or `?page=99`; a
 * category that exists; a variant of this product). Such a page is always kept once rendered;
 * a page whose loaders do not call it (a search, an address with made-up values) passes the
 * doorkeeper (app/server/http/page-cache/page-store.server.ts). `context` as for `noteRenderedInputs`.
 */
export function noteCatalogueAddress(context: { renderedInputs?: unknown } | undefined): void {
  const record = context?.renderedInputs as RenderedInputs | undefined;
  if (record && typeof record === "object") record.catalogue = true;
}

/**
 * Whether the query parameter `name` is absent from `params` or is one of `real`: the values, as
 * the shop's own links write them, that name something the catalogue has. For a loader deciding
 * whether its address is one of the catalogue's (`noteCatalogueAddress`).
 */
export function absentOrOneOf(params: URLSearchParams, name: string, real: readonly string[]): boolean {
  const value = params.get(name);
  return value === null || real.includes(value);
}
