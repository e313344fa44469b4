/**
 * Search text rules shared by /products, the suggestions resource route and the search box
 * (a blank or whitespace-only query searches nothing; a search matches names that contain it,
 * case-insensitive). Pure: safe for the browser.
 */

/** Longest search text kept, in characters (UTF-16 code units); longer input is cut. */
export const SEARCH_MAX_LENGTH = 100;

/** How many suggestions the search box shows at most. */
export const SUGGESTION_LIMIT = 8;

/** How long the search box waits after the last keystroke before asking for suggestions, in ms. */
export const SUGGESTION_DEBOUNCE_MS = 250;

/**
 * The search text as the server uses it: runs of whitespace (including non-breaking and
 * Unicode spaces) become one space, ends trimmed, at most SEARCH_MAX_LENGTH characters.
 * Returns "" for null, blank or whitespace-only input, which means "no search".
 */
export function normalizeSearchQuery(raw: string | null | undefined): string {
  if (!raw) return "";
  return raw.replace(/\s+/gu, " ").trim().slice(0, SEARCH_MAX_LENGTH).trim();
}

/**
 * A SQLite LIKE pattern for "contains `text`", with `\` as the escape character: the wildcards
 * `%` and `_` and the escape `\` typed by a shopper are matched literally. Use it with
 * `LIKE ? ESCAPE '\'`.
 */
export function containsLikePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** As containsLikePattern, for "starts with `text`". */
export function prefixLikePattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/** `text` with `\`, `%` and `_` escaped by a backslash, for a LIKE pattern with ESCAPE '\'. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One search suggestion: what the search box lists under the field. Prices in paisa;
 * `thumbnail` is the product's first image at its smallest stored variant (px), or null.
 */
export type ProductSuggestion = {
  id: number;
  name: string;
  /** The cheapest active variant's prices, in paisa. */
  pricePaisa: number;
  discountedPricePaisa: number | null;
  /** True when the product's variants differ in price: the suggestion shows "from". */
  priceVaries: boolean;
  thumbnail: { src: string; width: number; height: number; alt: string } | null;
};

/** The JSON body of GET /resources/search-suggestions?q=… */
export type SearchSuggestionsResponse = { query: string; suggestions: ProductSuggestion[] };
