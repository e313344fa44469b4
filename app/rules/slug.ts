/**
 * URL slugs for categories and products.
 *
 * The specification's slug: the name lowercased with whitespace runs replaced by a single hyphen.
 * The spec's original shop fed that straight into URLs; here characters that are not URL-safe
 * are also dropped or turned into hyphens, while letters and digits of every script, Bengali
 * included, are kept as they are.
 */

/** Longest slug returned, in characters. */
export const MAX_SLUG_LENGTH = 80;

/**
 * Makes the slug of a name: lowercased, whitespace runs replaced by one hyphen.
 * Also:
 * - "&" becomes "and"; apostrophes and quotes are dropped ("Kid's" → "kids", `56"` → "56");
 * - accents on Latin letters are removed ("Café" → "cafe"); Bengali letters, vowel signs and
 *   digits are kept ("বাতি ১২" → "বাতি-১২");
 * - any other character (punctuation, symbols, emoji) separates words like a space does;
 * - hyphens never repeat nor start or end the slug; the result is at most `MAX_SLUG_LENGTH`
 *   characters, cut at a hyphen when possible.
 *
 * Returns "" when the name has no letter or digit at all; callers that need a slug must then
 * choose one themselves.
 */
export function slugify(name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['"\u2018\u2019\u201C\u201D\u00B4`]/g, "")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return truncateAtHyphen(words, MAX_SLUG_LENGTH);
}

/** Cuts `slug` to at most `max` characters, at the last hyphen when there is one. */
function truncateAtHyphen(slug: string, max: number): string {
  const chars = Array.from(slug);
  if (chars.length <= max) return slug;
  const cut = chars.slice(0, max).join("");
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}
