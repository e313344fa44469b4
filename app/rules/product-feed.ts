/**
 * The fields of a product feed item, as Meta's Commerce Manager ("Product data feed fields") and
 * Google Merchant Center ("Product data specification") define them: ids of at most 50 characters,
 * titles of at most 150, descriptions of at most 5,000, prices as "1250.00 BDT".
 */

/** Longest id and item group id both feeds accept, in characters. */
const MAX_FEED_ID = 50;
/** Longest title both feeds accept, in characters. */
const MAX_FEED_TITLE = 150;
/** Longest description Google accepts (Meta takes 9,999), in characters. */
const MAX_FEED_DESCRIPTION = 5000;

/**
 * A price in paisa as both feeds write it (Meta's and Google's `price` and `sale_price`: the amount,
 * a space, the ISO 4217 code): taka with two decimals and a dot, no grouping, 125000 → "1250.00 BDT".
 * @throws {TypeError} for a negative or non-integer amount.
 */
export function feedPrice(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new TypeError(`Price must be non-negative paisa, got ${paisa}`);
  return `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, "0")} BDT`;
}

/**
 * A variant's id in the feeds: its SKU when it has one of at most 50 characters (what the merchant
 * knows it by), else "haat-<variant id>". Both are stable: the SKU is unique in the shop.
 */
export function feedItemId(sku: string | null, variantId: number): string {
  return sku && sku.length <= MAX_FEED_ID ? sku : `haat-${variantId}`;
}

/** A product's item group id (its variants share it): its handle when short enough, else "haat-p<id>". */
export function feedGroupId(handle: string | null, productId: number): string {
  return handle && handle.length <= MAX_FEED_ID ? handle : `haat-p${productId}`;
}

/** `text` cut to at most `max` characters, at the last space when there is one, with "…". */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join("");
  const space = head.lastIndexOf(" ");
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/**
 * A title with its whitespace collapsed, cut on a word with "…" to at most 150 characters (Google's
 * limit; Meta's is 200).
 */
export function feedTitle(title: string): string {
  return cut(title.replace(/\s+/g, " ").trim(), MAX_FEED_TITLE);
}

/**
 * A description of at most 5,000 characters (Google's limit; Meta's is 9,999), cut on a word with
 * "…"; `title` when the product has none, since both feeds require a description.
 */
export function feedDescription(description: string, title: string): string {
  const text = description.trim();
  return cut(text === "" ? title : text, MAX_FEED_DESCRIPTION);
}
