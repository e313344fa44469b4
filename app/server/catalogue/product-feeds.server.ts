/**
 * The product feeds Facebook and Instagram shops (Meta Commerce Manager) and Google Merchant
 * Center read the catalogue from (docs/decisions/050-product-feeds.md): one item per variant on
 * sale of each product shown in the shop, in one language, streamed a chunk of products at a time.
 *
 * - Meta: a CSV with the columns of "Product data feed fields" (id, title, description,
 *   availability "in stock" / "out of stock", condition, price, link, image_link, brand; sale_price,
 *   item_group_id, additional_image_link when they apply).
 * - Google: RSS 2.0 with the `g:` namespace of the "Product data specification" (the same fields;
 *   availability "in_stock" / "out_of_stock"; `g:identifier_exists` "no", since haat keeps no GTIN
 *   or MPN).
 *
 * Both specifications require a picture: a variant with none (neither its own nor its product's) is
 * left out. Out-of-stock variants are listed as out of stock, as both ask.
 */
import { getEnv } from "~/config/env.server";
import type { Lang } from "~/i18n/lang";
import { withoutControlCharacters } from "~/rules/control-characters";
import { catalogueVersionIfKnown } from "~/models/catalogue-changes.server";
import { productsForFeed, type FeedProduct } from "~/models/product-feed.server";
import { getShopSettings, shopLanguage } from "~/models/settings.server";
import { ifNoneMatchMatches, notModifiedHeaders, weakEtag } from "~/server/http/http-cache.server";
import { log } from "~/server/log.server";
import { spreadsheetCsv } from "~/server/spreadsheet-csv.server";
import { feedDescription, feedGroupId, feedItemId, feedPrice, feedTitle } from "~/rules/product-feed";
import { availableQuantity } from "~/rules/stock";
import { lineItemName, localText, variantLabel } from "~/rules/variants";
import { parseVariantWidths, variantUrl } from "~/utils/image-url";
import { absoluteUrl } from "~/utils/seo";

/** One item of a feed: a variant on sale, every field as both feeds write it. */
type FeedItem = {
  id: string;
  itemGroupId: string | null;
  title: string;
  description: string;
  inStock: boolean;
  price: string;
  salePrice: string | null;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  brand: string;
};

/** What every item of one feed shares: its language, the shop's address and name. */
type FeedContext = { lang: Lang; origin: string; shopName: string };

/**
 * The absolute address of a picture at its largest stored width (its widths ascending, as
 * `parseVariantWidths` reads "320,640,1024"; its own width when none is listed, as the pages do).
 */
function largest(origin: string, image: { key: string; width: number; variantWidths: string }): string {
  const width = parseVariantWidths(image.variantWidths).at(-1) ?? image.width;
  return absoluteUrl(origin, variantUrl(image.key, width));
}

/** The items of one product: one per variant on sale that has a picture. */
function itemsOf(product: FeedProduct, context: FeedContext): FeedItem[] {
  const { lang, origin } = context;
  const name = localText(product.name, product.nameBn, lang);
  const description = localText(product.description, product.descriptionBn, lang);
  const values = new Map(product.options.flatMap((option) => option.values.map((value) => [value.id, value] as const)));
  const pictures = product.images.map((link) => largest(origin, link.image));
  const hasOptions = product.options.length > 0;
  const page = `${lang === "bn" ? "/bn" : ""}/products/${product.id}`;
  return product.variants.flatMap((variant): FeedItem[] => {
    const own = variant.image ? largest(origin, variant.image) : null;
    const imageLink = own ?? pictures[0];
    if (!imageLink) return [];
    const label = variantLabel(
      [variant.option1ValueId, variant.option2ValueId, variant.option3ValueId].flatMap((id) => {
        const value = id === null ? undefined : values.get(id);
        return value ? [localText(value.value, value.valueBn, lang)] : [];
      }),
    );
    const title = feedTitle(lineItemName(name, label));
    const discounted = variant.discountedPricePaisa !== null && variant.discountedPricePaisa < variant.pricePaisa;
    return [
      {
        id: feedItemId(variant.sku, variant.id),
        itemGroupId: hasOptions ? feedGroupId(product.handle, product.id) : null,
        title,
        description: feedDescription(description, title),
        inStock: availableQuantity({ trackStock: product.trackStock, stockQuantity: variant.stockQuantity }) !== 0,
        price: feedPrice(variant.pricePaisa),
        salePrice: discounted ? feedPrice(variant.discountedPricePaisa!) : null,
        link: absoluteUrl(origin, hasOptions ? `${page}?variant=${variant.id}` : page),
        imageLink,
        additionalImageLinks: pictures.filter((url) => url !== imageLink).slice(0, 10),
        brand: product.brand || context.shopName,
      },
    ];
  });
}

/** Streams `chunks` of text as a Response body, encoded as UTF-8. */
function streamed(
  head: string,
  chunks: AsyncGenerator<FeedProduct[]>,
  render: (items: FeedItem[]) => string,
  tail: string,
  context: FeedContext,
) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    // Each pull enqueues something or closes: a stream whose pull returns having enqueued nothing
    // is not pulled again while its reader waits (WHATWG Streams, "ReadableStreamDefaultController
    // CallPullIfNeeded"), so a run of chunks without an item (products without pictures) would
    // leave the answer hanging.
    async pull(controller) {
      for (;;) {
        let next: IteratorResult<FeedProduct[]>;
        try {
          next = await chunks.next();
        } catch (error) {
          // The stream errors, so the answer is cut off before the end of its chunked body: Meta and
          // Google see a failed fetch, never a shorter catalogue they would take as the new one.
          log.error({ err: error }, `The product feed for ${context.lang} could not be read to its end`);
          throw error;
        }
        if (next.done) {
          if (tail) controller.enqueue(encoder.encode(tail));
          controller.close();
          return;
        }
        const items = next.value.flatMap((product) => itemsOf(product, context));
        if (items.length > 0) {
          controller.enqueue(encoder.encode(render(items)));
          return;
        }
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** Meta's columns, in order. */
const META_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "item_group_id",
] as const;

/**
 * The Meta Commerce Manager feed (CSV) of the catalogue in `context.lang`, as a stream; written,
 * like every CSV of the shop, with each cell spreadsheet-safe (`spreadsheetCsv`).
 */
function metaFeed(context: FeedContext): ReadableStream<Uint8Array> {
  const rows = (items: FeedItem[]) =>
    spreadsheetCsv(
      items.map((item) => [
        item.id,
        item.title,
        item.description,
        item.inStock ? "in stock" : "out of stock",
        "new",
        item.price,
        item.salePrice ?? "",
        item.link,
        item.imageLink,
        item.additionalImageLinks.join(","),
        item.brand,
        item.itemGroupId ?? "",
      ]),
    );
  return streamed(spreadsheetCsv([META_COLUMNS]), productsForFeed(), rows, "", context);
}

/** `text` escaped for XML character data and attribute values; characters XML 1.0 forbids are dropped. */
function xml(text: string): string {
  return withoutControlCharacters(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** One `<item>` of Google's feed. */
function googleItem(item: FeedItem): string {
  const field = (name: string, value: string) => `<g:${name}>${xml(value)}</g:${name}>`;
  return [
    "<item>",
    field("id", item.id),
    field("title", item.title),
    field("description", item.description),
    field("link", item.link),
    field("image_link", item.imageLink),
    ...item.additionalImageLinks.map((url) => field("additional_image_link", url)),
    field("availability", item.inStock ? "in_stock" : "out_of_stock"),
    field("condition", "new"),
    field("price", item.price),
    ...(item.salePrice ? [field("sale_price", item.salePrice)] : []),
    field("brand", item.brand),
    field("identifier_exists", "no"),
    ...(item.itemGroupId ? [field("item_group_id", item.itemGroupId)] : []),
    "</item>\n",
  ].join("");
}

/** The Google Merchant Center feed (RSS 2.0 with the g: namespace) in `context.lang`, as a stream. */
function googleFeed(context: FeedContext & { shopUrl: string }): ReadableStream<Uint8Array> {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
    `<title>${xml(context.shopName)}</title>\n<link>${xml(context.shopUrl)}</link>\n` +
    `<description>${xml(context.shopName)}</description>\n`;
  return streamed(head, productsForFeed(), (items) => items.map(googleItem).join(""), "</channel>\n</rss>\n", context);
}

/** How long Meta, Google or a proxy may keep a feed, in seconds (they fetch it a few times a day). */
const FEED_MAX_AGE_S = 3600;

/**
 * When the server started, in ms: part of the feeds' ETags, so that after a deploy (a restart) a
 * feed that haat now writes differently is sent again, although the catalogue did not change. With
 * several processes it is their primary's start, so every process answers with the same ETag.
 */
const SERVER_STARTED = getEnv().HAAT_STARTED_AT ?? Date.now();

/**
 * The answer to a feed's GET: the shop's default language unless `?lang=bn` or `?lang=en` asks
 * for one; public, kept an hour, with a weak ETag of the catalogue version (which every product,
 * variant, picture, category and settings write moves), the feed, its language and address and
 * this process, so a fetch of an unchanged catalogue is a 304 without a body. The version is read
 * before the products: a write while the feed is streamed gives the next fetch a new ETag, never a
 * 304 for a feed that missed it.
 */
export async function feedResponse(request: Request, kind: "meta" | "google", origin: string): Promise<Response> {
  const settings = await getShopSettings();
  const asked = new URL(request.url).searchParams.get("lang");
  const lang: Lang = asked === "bn" || asked === "en" ? asked : shopLanguage(settings);
  // An unknown version (PostgreSQL's change log out of reach for a moment) gives an ETag no one holds.
  const version = catalogueVersionIfKnown() ?? `unknown ${crypto.randomUUID()}`;
  const etag = weakEtag(`${kind} ${lang} ${origin} ${version} ${SERVER_STARTED}`);
  const headers = new Headers({
    "Content-Type": kind === "meta" ? "text/csv; charset=utf-8" : "application/xml; charset=utf-8",
    "Cache-Control": `public, max-age=${FEED_MAX_AGE_S}`,
    ETag: etag,
    Vary: "Accept-Encoding",
  });
  if (ifNoneMatchMatches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  }
  const context = { lang, origin, shopName: localText(settings.name, settings.nameBn, lang) };
  const body =
    kind === "meta"
      ? metaFeed(context)
      : googleFeed({ ...context, shopUrl: absoluteUrl(origin, lang === "bn" ? "/bn" : "/") });
  return new Response(body, { headers });
}
