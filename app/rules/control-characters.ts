/**
 * Control characters in the shop's texts. A name, description or value that arrives from a file
 * or a form may carry characters no one can see or type (U+0001, a vertical tab, an escape, a lone
 * half of a surrogate pair): they end up in page titles, the search suggestions' JSON, feeds and
 * files, where they break XML (which forbids them), confuse terminals and spreadsheets, and make
 * two equal-looking names differ. Texts are cleaned of them on the way in (the product CSV reader,
 * the back office's and the checkout's text fields) and on the way out to XML (the Google feed, the
 * invoice picture), by this one rule.
 */

/**
 * Every control character (Unicode's Cc: U+0000–U+001F, U+007F–U+009F) except tab, line feed and
 * carriage return; every lone surrogate (a well-formed pair is one character and stays); and the
 * noncharacters U+FFFE and U+FFFF. What remains is text XML 1.0 allows.
 */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]|\p{Cs}|[\uFFFE\uFFFF]/gu;

/**
 * `text` without its control characters (`CONTROL_CHARACTERS`): tabs and line breaks are kept,
 * for the texts that may have them (a description); the rest are removed, not replaced.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, "");
}
