/**
 * `invoice.png`: the invoice view model (app/rules/invoice.ts, the same one the on-page Invoice
 * block shows) drawn as an SVG string and rasterised to PNG by sharp (libvips + librsvg, which
 * finds fonts through fontconfig). The specification's wording: "Download produces a PNG file named
 * invoice.png".
 *
 * Fonts: text is set in "Noto Sans" with "Noto Sans Bengali" next, so Bengali names and addresses
 * and the taka sign ৳ render (Debian package fonts-noto-core; without it they are empty boxes).
 * Every text is XML-escaped (customer names and addresses are user input) and characters XML
 * cannot carry are dropped. Long texts wrap at word boundaries (grapheme clusters, so Bengali
 * conjuncts are never split); the image is A4-wide (1240 px, A4 at 150 dpi) and as tall as its
 * content needs. Rendering stops after INVOICE_RENDER_TIMEOUT_SECONDS (the spec's 15 s). The
 * shop's logo, when set, is drawn left of the title from its stored WebP variant, converted to a
 * PNG data URI first (librsvg draws PNG and JPEG images only).
 * See docs/decisions/015-order-status-history-and-invoice.md.
 */
import { adminTranslator } from "~/i18n/admin";
import { formatInteger } from "~/i18n/format";
import { withoutControlCharacters } from "~/rules/control-characters";
import type { InvoiceView } from "~/rules/invoice";
import type { ImageInfo } from "~/utils/image-url";
import { loadSharp, readVariant } from "./images.server";
import { log } from "~/server/log.server";

/** Image width in px: A4 (210 mm) at 150 dpi. */
export const INVOICE_WIDTH_PX = 1240;
/** Rendering gives up after this many seconds (spec: 15 s). */
const INVOICE_RENDER_TIMEOUT_SECONDS = 15;

/** Font families in fallback order: Latin, then Bengali (which also has the taka sign). */
export const INVOICE_FONT_FAMILY = "Noto Sans, Noto Sans Bengali, sans-serif";

/** Thrown when the PNG could not be made (a timeout or a rendering failure); `cause` has the detail. */
class InvoiceRenderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InvoiceRenderError";
  }
}

const MARGIN = 80;
const CONTENT_RIGHT = INVOICE_WIDTH_PX - MARGIN;
const BODY = 22;
const SMALL = 19;
const LINE = Math.round(BODY * 1.5);
const INK = "#1c1917";
const MUTED = "#57534e";
const RULE = "#d6d3d1";
const ACCENT = "#92400e";

/** The logo's drawn height in px, and the widest it may be (a very wide logo is scaled down to fit). */
const LOGO_HEIGHT = 64;
const LOGO_MAX_WIDTH = 280;

/** The logo as the invoice draws it: a PNG `data:` URI and its drawn size in px. */
export type InvoiceLogo = { dataUri: string; width: number; height: number };

/**
 * Reads the stored variant of `logo` that covers twice its drawn size and converts it to PNG for
 * the SVG. Returns null (and logs why) when the file cannot be read: the invoice is then drawn
 * without it rather than not at all.
 */
async function loadInvoiceLogo(logo: ImageInfo): Promise<InvoiceLogo | null> {
  const scale = Math.min(LOGO_HEIGHT / logo.height, LOGO_MAX_WIDTH / logo.width, 1);
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  const widths = logo.variantWidths.length > 0 ? logo.variantWidths : [logo.width];
  const variant = widths.find((w) => w >= width * 2) ?? widths[widths.length - 1]!;
  try {
    const file = await readVariant(logo.key, variant);
    if (!file) throw new Error(`The logo's ${variant} px variant is not stored`);
    const sharp = await loadSharp();
    const png = await sharp(file)
      .resize({ width: width * 2, height: height * 2, fit: "inside" })
      .png()
      .toBuffer();
    return { dataUri: `data:image/png;base64,${png.toString("base64")}`, width, height };
  } catch (error) {
    log.error(
      { err: error, image: logo.key },
      "invoice.png: the logo could not be read; drawing the invoice without it",
    );
    return null;
  }
}

/** `text` safe inside an SVG text node or attribute: escaped, control characters removed. */
export function escapeXml(text: string): string {
  return withoutControlCharacters(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Estimated advance of `text` in px at `fontSize` (no font metrics on the server, so the estimate
 * errs wide: wrapped text never runs past its column).
 */
function estimateTextWidth(text: string, fontSize: number, bold = false): number {
  let em = 0;
  for (const { segment } of graphemes.segment(text)) {
    const c = segment.codePointAt(0) ?? 0;
    if (segment === " ") em += 0.28;
    else if (/[il.,:;'|!]/.test(segment)) em += 0.3;
    else if (/[A-Z#@%&mwMW৳]/.test(segment)) em += 0.8;
    else if (c < 0x80) em += 0.58;
    else em += 0.75; // Bengali and everything else: wide clusters
  }
  return em * fontSize * (bold ? 1.08 : 1);
}

/**
 * `text` broken into lines no wider than `maxWidth` px: line breaks in the text are kept, words
 * wrap at spaces, and a word longer than a line is split between grapheme clusters.
 */
export function wrapText(text: string, maxWidth: number, fontSize: number, bold = false): string[] {
  const fits = (s: string) => estimateTextWidth(s, fontSize, bold) <= maxWidth;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      // A word wider than the line: split between grapheme clusters.
      let piece = "";
      for (const { segment } of graphemes.segment(word)) {
        if (piece && !fits(piece + segment)) {
          lines.push(piece);
          piece = "";
        }
        piece += segment;
      }
      line = piece;
    }
    if (line || lines.length === 0 || paragraph.trim() === "") lines.push(line);
  }
  // Drop blank lines at the end (a trailing newline in an address).
  while (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

type TextOptions = { size?: number; bold?: boolean; fill?: string; anchor?: "start" | "end" };

/** An SVG `<text>` element; `text` is escaped here. */
function textEl(x: number, y: number, text: string, { size = BODY, bold, fill = INK, anchor }: TextOptions = {}) {
  const attributes = [
    `x="${x}"`,
    `y="${y}"`,
    `font-size="${size}"`,
    bold ? `font-weight="700"` : "",
    `fill="${fill}"`,
    anchor === "end" ? `text-anchor="end"` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return `<text ${attributes}>${escapeXml(text)}</text>`;
}

/** Draws wrapped lines from baseline `y`; returns the elements and the baseline after the last line. */
function block(x: number, y: number, lines: string[], options: TextOptions = {}, lineHeight = LINE) {
  const parts = lines.map((line, index) => textEl(x, y + index * lineHeight, line, options));
  return { svg: parts.join(""), next: y + lines.length * lineHeight };
}

/**
 * The invoice as an SVG document (width INVOICE_WIDTH_PX, height as the content needs).
 * Pure: the same view (and logo) gives the same SVG. All texts come from `view` and the message
 * catalogue; `logo` (loadInvoiceLogo) is drawn left of the title when given.
 */
export function invoiceSvg(
  view: InvoiceView,
  logo: InvoiceLogo | null = null,
): { svg: string; width: number; height: number } {
  const t = adminTranslator(view.lang);
  const parts: string[] = [];
  let y = MARGIN + 40;

  // Header: logo and title left, order id and date right.
  let titleX = MARGIN;
  if (logo) {
    parts.push(
      `<image x="${MARGIN}" y="${y - 14 - logo.height / 2}" width="${logo.width}" height="${logo.height}" ` +
        `preserveAspectRatio="xMidYMid meet" href="${logo.dataUri}"/>`,
    );
    titleX += logo.width + 24;
  }
  parts.push(textEl(titleX, y, t("invoice.title"), { size: 44, bold: true, fill: ACCENT }));
  parts.push(
    textEl(CONTENT_RIGHT, y - 14, `${t("invoice.orderId")}: #${formatInteger(view.orderId, view.lang)}`, {
      bold: true,
      anchor: "end",
    }),
  );
  parts.push(
    textEl(CONTENT_RIGHT, y + 18, `${t("invoice.orderDate")}: ${view.orderDate.text}`, {
      size: SMALL,
      fill: MUTED,
      anchor: "end",
    }),
  );
  y += 40;
  parts.push(`<rect x="${MARGIN}" y="${y}" width="${CONTENT_RIGHT - MARGIN}" height="3" fill="${ACCENT}"/>`);
  y += 50;

  // Seller (left) and customer (right) columns.
  const columnWidth = (CONTENT_RIGHT - MARGIN - 60) / 2;
  const rightX = MARGIN + columnWidth + 60;
  const column = (x: number, heading: string, name: string, rows: string[][]) => {
    let cy = y;
    parts.push(textEl(x, cy, heading.toUpperCase(), { size: SMALL, bold: true, fill: MUTED }));
    cy += LINE + 4;
    const named = block(x, cy, wrapText(name, columnWidth, BODY, true), { bold: true });
    parts.push(named.svg);
    cy = named.next;
    for (const lines of rows) {
      const drawn = block(x, cy, lines);
      parts.push(drawn.svg);
      cy = drawn.next;
    }
    return cy;
  };
  const wrap = (text: string) => wrapText(text, columnWidth, BODY);
  const sellerEnd = column(MARGIN, t("invoice.seller"), view.seller.name, [
    wrap(view.seller.address),
    wrap(view.seller.email),
    wrap(view.seller.phone),
    ...(view.seller.tradeLicence ? [wrap(t("invoice.tradeLicence", { number: view.seller.tradeLicence }))] : []),
    ...(view.seller.bin ? [wrap(t("invoice.bin", { number: view.seller.bin }))] : []),
  ]);
  const customerEnd = column(rightX, t("invoice.billTo"), view.customer.name, [
    wrap(`${t("admin.order.email")}: ${view.customer.email}`),
    wrap(`${t("admin.order.phone")}: ${view.customer.phone}`),
    wrap(`${t("invoice.shippingAddress")}: ${view.customer.address}`),
    wrap(`${t("invoice.shippingMethod")}: ${view.shippingMethod}`),
  ]);
  y = Math.max(sellerEnd, customerEnd) + 30;

  // Line table: Product | Quantity | Price | Subtotal (numbers right-aligned).
  const subtotalRight = CONTENT_RIGHT - 16;
  const priceRight = subtotalRight - 230;
  const quantityRight = priceRight - 220;
  const productX = MARGIN + 16;
  const productWidth = quantityRight - 130 - productX;
  const headerHeight = LINE + 20;
  parts.push(
    `<rect x="${MARGIN}" y="${y}" width="${CONTENT_RIGHT - MARGIN}" height="${headerHeight}" fill="#f5f5f4"/>`,
  );
  const headerBaseline = y + headerHeight / 2 + BODY * 0.35;
  parts.push(textEl(productX, headerBaseline, t("invoice.product"), { bold: true }));
  parts.push(textEl(quantityRight, headerBaseline, t("invoice.quantity"), { bold: true, anchor: "end" }));
  parts.push(textEl(priceRight, headerBaseline, t("invoice.price"), { bold: true, anchor: "end" }));
  parts.push(textEl(subtotalRight, headerBaseline, t("invoice.subtotal"), { bold: true, anchor: "end" }));
  y += headerHeight;
  for (const line of view.lines) {
    const productLines = wrapText(line.product, productWidth, BODY);
    const baseline = y + 12 + BODY;
    const named = block(productX, baseline, productLines);
    parts.push(named.svg);
    // The variant's SKU, small and muted under the name, as on the page.
    const skuLines = line.sku ? wrapText(t("invoice.sku", { sku: line.sku }), productWidth, SMALL) : [];
    if (skuLines.length > 0) parts.push(block(productX, named.next, skuLines, { size: SMALL, fill: MUTED }).svg);
    parts.push(textEl(quantityRight, baseline, line.quantity, { anchor: "end" }));
    parts.push(textEl(priceRight, baseline, line.price, { anchor: "end" }));
    parts.push(textEl(subtotalRight, baseline, line.subtotal, { anchor: "end" }));
    y += (productLines.length + skuLines.length) * LINE + 24;
    parts.push(`<rect x="${MARGIN}" y="${y}" width="${CONTENT_RIGHT - MARGIN}" height="1" fill="${RULE}"/>`);
  }
  y += 20;

  // Totals, right-aligned under the Price / Subtotal columns.
  const totals: [string, string, boolean][] = [
    [t("invoice.totalAmount"), view.totalAmount, false],
    [t("invoice.shippingCharge"), view.shippingCharge, false],
    ...view.savings.map((saving): [string, string, boolean] => [saving.label, saving.amount, false]),
    [t("invoice.totalIncl"), view.totalInclShipping, true],
  ];
  for (const [label, value, strong] of totals) {
    y += LINE;
    parts.push(textEl(priceRight, y, label, { bold: strong, anchor: "end", fill: strong ? INK : MUTED }));
    parts.push(textEl(subtotalRight, y, value, { bold: strong, anchor: "end" }));
  }
  y += 50;
  parts.push(`<rect x="${MARGIN}" y="${y}" width="${CONTENT_RIGHT - MARGIN}" height="1" fill="${RULE}"/>`);
  y += LINE + 6;
  parts.push(textEl(MARGIN, y, t("invoice.paymentNote"), { size: SMALL, fill: MUTED }));
  const height = Math.ceil(y + MARGIN);

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${INVOICE_WIDTH_PX}" height="${height}" ` +
    `viewBox="0 0 ${INVOICE_WIDTH_PX} ${height}" font-family="${escapeXml(INVOICE_FONT_FAMILY)}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${parts.join("")}</svg>`;
  return { svg, width: INVOICE_WIDTH_PX, height };
}

/**
 * Renders the invoice as PNG bytes.
 * @returns the PNG and its size in px.
 * @throws {InvoiceRenderError} when sharp fails or takes longer than INVOICE_RENDER_TIMEOUT_SECONDS.
 */
export async function renderInvoicePng(view: InvoiceView): Promise<{ png: Buffer; width: number; height: number }> {
  const logo = view.seller.logo ? await loadInvoiceLogo(view.seller.logo) : null;
  const { svg, width, height } = invoiceSvg(view, logo);
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(Buffer.from(svg, "utf8"), { density: 72, limitInputPixels: width * height + 1 })
      .png()
      .timeout({ seconds: INVOICE_RENDER_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (error) {
    throw new InvoiceRenderError(`invoice.png could not be rendered: ${String(error)}`, { cause: error });
  }
}
