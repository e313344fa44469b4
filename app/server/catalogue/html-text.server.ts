/**
 * A product description written in HTML (Shopify's Body (HTML), WooCommerce's Description) made
 * into the plain text the product page shows (it keeps line breaks: `whitespace-pre-line`).
 * sanitize-html does the parsing and removes what must never be kept (scripts, styles, embedded
 * frames, forms, comments and every attribute); what is left is read as text with its paragraphs,
 * line breaks and list items.
 */
import sanitizeHtml from "sanitize-html";

/** Tags whose end starts a new line. */
const BLOCK_TAGS = [
  "p",
  "div",
  "section",
  "article",
  "blockquote",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "tr",
  "ul",
  "ol",
];

/** The entities sanitize-html leaves in text (it escapes only these). */
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/**
 * The plain text of `html`: a paragraph or heading ends with a blank line, `<br>` is a line break,
 * a list item starts a new line with "• ", and the content of script, style, iframe, object,
 * embed, form, template and noscript elements is dropped; entities are decoded; spaces at the ends
 * of lines and runs of more than one blank line are removed. Text without any tag comes back as it
 * was (trimmed), line breaks included, so plain text survives a round trip through haat's export
 * (which writes line breaks as `<br>`).
 */
export function htmlToText(html: string): string {
  const hasTags = /<[a-z!/]/i.test(html);
  if (!hasTags) return decodeEntities(html).replace(/\r\n?/g, "\n").trim();
  const cleaned = sanitizeHtml(html, {
    allowedTags: ["br", "li", ...BLOCK_TAGS],
    allowedAttributes: {},
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg"],
    disallowedTagsMode: "discard",
  });
  const text = cleaned
    // In HTML a line break in the source is a space; only tags make lines.
    .replace(/[\r\n\t]+/g, " ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li>/gi, "\n• ")
    .replace(/<\/li>/gi, "")
    .replace(/<\/(?:p|h[1-6]|blockquote)>/gi, "\n\n")
    .replace(/<\/?[a-z0-9]+>/gi, "\n");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/^[ \u00a0]+|[ \u00a0]+$/g, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Decodes, in one pass, the entities sanitize-html writes and the numeric and common named ones a
 * file may carry: "&amp;nbsp;" is the text "&nbsp;", not a space.
 */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower === "nbsp") return "\u00a0";
    if (lower.startsWith("#x")) return safeCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return safeCodePoint(Number(lower.slice(1)));
    return ENTITIES[`&${lower};`] ?? entity;
  });
}

function safeCodePoint(code: number): string {
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "";
}

/**
 * Plain text as HTML for a Body (HTML) cell: `&`, `<`, `>` and `"` escaped, each line break a
 * `<br>`. `htmlToText` reads it back to the same text.
 */
export function textToHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\r?\n/g, "<br>");
}
