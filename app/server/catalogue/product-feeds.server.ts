/**
 * The product feeds Facebook and Instagram shops (Meta Commerce Manager) and Google Merchant
 * Center read the catalogue from (docs/decisions/050-product-feeds.md): one item per variant on
 * sale of each product shown in the shop, in one language, built a chunk of products at a time and
 * kept for the catalogue version it was built from (`feedResponse`).
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
import { LRUCache } from "lru-cache";
import { getEnv } from "~/config/env.server";
import type { Lang } from "~/i18n/lang";
import { withoutControlCharacters } from "~/rules/control-characters";
import { catalogueVersionIfKnown } from "~/models/catalogue/changes/change-log.server";
import { productsForFeed, type FeedProduct } from "~/models/catalogue/product-feed.server";
import { getShopSettings, shopLanguage } from "~/models/settings.server";
import { ifNoneMatchMatches, notModifiedHeaders, weakEtag } from "~/server/http/http-cache.server";
import { compressedCopies, pickEncoding } from "~/server/http/page-cache/page-encoding.server";
import { log } from "~/server/log.server";
import { spreadsheetCsv } from "~/server/spreadsheet-csv.server";
import { feedDescription, feedGroupId, feedItemId, feedPrice, feedTitle } from "~/rules/product-feed";
import { availableQuantity } from "~/rules/stock";
import { lineItemName, localText, variantLabel } from "~/rules/variants";
import { parseVariantWidths, variantUrl } from "~/utils/image-url";
import { createSlicer } from "~/utils/event-loop";
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

/** How a feed writes its body: the text before the items, the items of a chunk, the text after them. */
type FeedFormat = { head: string; render: (items: FeedItem[]) => string; tail: string };

/** Feeds whose body was built from the products (reads of the catalogue), for tests and the benchmark. */
let builds = 0;
/** Products read by feed builds so far (for tests: a build's progress as the event loop sees it). */
let productsRead = 0;

/**
 * The whole body of a feed, UTF-8: its products read 200 at a time (`productsForFeed`) and written item by
 * item, letting the event loop turn whenever a slice of work is used up (`createSlicer`), so that
 * other visitors are answered while a large catalogue is written (on SQLite every read resolves
 * synchronously, so without the turns nothing else would run until the body is done).
 *
 * @throws the database's error when a read fails: no shorter body is ever returned.
 */
async function buildBody(format: FeedFormat, context: FeedContext): Promise<Buffer> {
  builds += 1;
  const slicer = createSlicer();
  const parts: string[] = [format.head];
  for await (const chunk of productsForFeed()) {
    await slicer.turn();
    for (const product of chunk) {
      const items = itemsOf(product, context);
      if (items.length > 0) parts.push(format.render(items));
      productsRead += 1;
      await slicer.turn();
    }
  }
  parts.push(format.tail);
  return Buffer.from(parts.join(""), "utf8");
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
 * The Meta Commerce Manager feed (CSV): its header row, then one row per item; written, like every
 * CSV of the shop, with each cell spreadsheet-safe (`spreadsheetCsv`).
 */
const META_FORMAT: FeedFormat = {
  head: spreadsheetCsv([META_COLUMNS]),
  render: (items) =>
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
    ),
  tail: "",
};

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

/** The Google Merchant Center feed (RSS 2.0 with the g: namespace) of the shop at `shopUrl`. */
function googleFormat(context: FeedContext & { shopUrl: string }): FeedFormat {
  return {
    head:
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
      `<title>${xml(context.shopName)}</title>\n<link>${xml(context.shopUrl)}</link>\n` +
      `<description>${xml(context.shopName)}</description>\n`,
    render: (items) => items.map(googleItem).join(""),
    tail: "</channel>\n</rss>\n",
  };
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
 * Feeds kept at once: two feeds in two languages for the shop's address (PUBLIC_URL, which
 * production requires), and room for a few more addresses where it is not set (the request's own
 * origin then counts, so a client naming new hosts can make new entries, never more than these).
 */
export const FEED_ENTRIES = 8;

/**
 * Bytes the kept feeds may take together (each in its three encodings); a feed larger than half
 * of it (a catalogue of tens of thousands of products) is built for each fetch, one build at a
 * time, and not kept. A 5,000-product catalogue's feeds measured 1.2 MB (CSV) and 2.5 MB (XML) before compression.
 */
const FEED_CACHE_BYTES = 64 * 1024 * 1024;

/** A feed's body as kept: built from the catalogue at `version`, in each encoding it is sent in. */
type StoredFeed = { version: number | null; identity: Buffer; gzip: Buffer; br: Buffer };

/** The kept feeds, by feed, language and origin; each holds only for its catalogue version. */
const stored = new LRUCache<string, StoredFeed>({
  max: FEED_ENTRIES,
  maxSize: FEED_CACHE_BYTES,
  maxEntrySize: FEED_CACHE_BYTES / 2,
  sizeCalculation: (feed) => feed.identity.length + feed.gzip.length + feed.br.length + 1024,
});

/** The builds under way, by feed, language, origin and catalogue version: a request joins its feed's. */
const building = new Map<string, Promise<StoredFeed>>();

/** The end of the line of builds: one feed is built at a time in a process, however many are asked for. */
let lastBuild: Promise<unknown> = Promise.resolve();

/** Runs `build` once the builds before it have ended (whether they succeeded or not). */
function inTurn<T>(build: () => Promise<T>): Promise<T> {
  const run = lastBuild.then(build, build);
  lastBuild = run.catch(() => {});
  return run;
}

/**
 * The body of the feed `key` for the catalogue at `version`: the kept one when it was built for
 * that version, else the build under way for it (concurrent first requests wait for one build),
 * else a new build (`build`, then compressed), kept when the version is known. A version of null
 * (unknown for the moment) is never kept nor shared.
 *
 * @throws what `build` throws, to every request that waited for it.
 */
function feedBody(key: string, version: number | null, build: () => Promise<Buffer>): Promise<StoredFeed> {
  const kept = stored.get(key);
  if (kept && version !== null && kept.version === version) return Promise.resolve(kept);
  const flight = version === null ? null : `${key}\n${version}`;
  const running = flight === null ? undefined : building.get(flight);
  if (running) return running;
  const made = inTurn(async (): Promise<StoredFeed> => {
    const identity = await build();
    return { version, identity, ...(await compressedCopies(identity)) };
  }).then((feed) => {
    // A build for an older version that ends after a newer one's never replaces it.
    const current = stored.get(key);
    if (version !== null && !(current?.version != null && current.version > version)) stored.set(key, feed);
    return feed;
  });
  if (flight !== null) {
    building.set(flight, made);
    void made.then(
      () => building.delete(flight),
      () => building.delete(flight),
    );
  }
  return made;
}

/** What the kept feeds hold and cost, for tests and the benchmark. */
export function feedCacheStats(): { builds: number; productsRead: number; entries: number; bytes: number } {
  return { builds, productsRead, entries: stored.size, bytes: stored.calculatedSize };
}

/**
 * The answer to a feed's GET: the shop's default language unless `?lang=bn` or `?lang=en` asks
 * for one (any other query parameter is ignored); public, kept an hour, with a weak ETag of the
 * catalogue version (which every product, variant, stock, picture, category and settings write
 * moves, in any process: app/models/catalogue/changes/change-log.server.ts), the feed, its language and
 * address and this process, so a fetch of an unchanged catalogue is a 304 without a body.
 *
 * The body is built once per catalogue version, feed, language and address, off the answer's
 * path of other visitors (`buildBody` yields to the event loop), and every later fetch is answered
 * from the kept copy, in gzip or brotli when the client takes them (compressed once, as the page
 * cache does). The version is read before the products: a write while the feed is built gives the
 * next fetch a new version and a new build, never the copy that may have missed it. When the
 * catalogue cannot be read to its end the answer is 503 (logged), never a shorter catalogue that
 * Meta or Google would take as the new one.
 */
export async function feedResponse(request: Request, kind: "meta" | "google", origin: string): Promise<Response> {
  const settings = await getShopSettings();
  const asked = new URL(request.url).searchParams.get("lang");
  const lang: Lang = asked === "bn" || asked === "en" ? asked : shopLanguage(settings);
  const version = catalogueVersionIfKnown();
  // An unknown version (PostgreSQL's change log out of reach for a moment) gives an ETag no one holds.
  const etag = weakEtag(`${kind} ${lang} ${origin} ${version ?? `unknown ${crypto.randomUUID()}`} ${SERVER_STARTED}`);
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
  const format =
    kind === "meta"
      ? META_FORMAT
      : googleFormat({ ...context, shopUrl: absoluteUrl(origin, lang === "bn" ? "/bn" : "/") });
  let feed: StoredFeed;
  try {
    feed = await feedBody(`${kind} ${lang} ${origin}`, version, () =>
      buildBody(format, context).catch((error: unknown) => {
        log.error({ err: error }, `The product feed for ${lang} could not be read to its end`);
        throw error;
      }),
    );
  } catch {
    return new Response("The product feed could not be built; try again in a minute.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
    });
  }
  const encoding = pickEncoding(request.headers.get("Accept-Encoding") ?? undefined);
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  const body = feed[encoding];
  headers.set("Content-Length", String(body.length));
  // Buffers made here (from a string, by zlib) sit on an ArrayBuffer, never a shared one.
  return new Response(body as Uint8Array<ArrayBuffer>, { headers });
}
