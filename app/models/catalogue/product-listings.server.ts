/**
 * The shop's product listings: the product card (price "from", sold out, first picture), the home
 * page's featured products, and /products's pages by category, search and order, paged in SQL
 * (docs/decisions/037-search-at-scale.md). Prices are paisa. The search box's suggestions
 * (search-suggestions.server.ts) use the same card and name matching.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { paginate, STOREFRONT_PAGE_SIZE, type Page } from "~/rules/pagination";
import type { ImageInfo } from "~/utils/image-url";
import { containsLikePattern } from "~/rules/search";
import type { ProductSort } from "~/rules/product-sort";
import { availableQuantity, productAvailable } from "~/rules/stock";
import { unitPricePaisa } from "~/rules/money";
import type { Lang } from "~/i18n/lang";
import { localText, skuKey } from "~/rules/variants";
import { displayOrder } from "./product-selects.server";
import { imageSelect, toImageInfo, type ImageRow } from "./image.server";

/** The active variants' price and stock, in display order: what a card reads. */
const activeVariantsSelect = {
  where: { isActive: true },
  orderBy: displayOrder,
  select: { id: true, pricePaisa: true, discountedPricePaisa: true, stockQuantity: true },
};

/** What `toCard` reads of a product. */
export const cardSelect = {
  id: true,
  name: true,
  nameBn: true,
  slug: true,
  trackStock: true,
  minPricePaisa: true,
  maxPricePaisa: true,
  variants: activeVariantsSelect,
  images: { orderBy: { position: "asc" }, take: 1, select: { image: { select: imageSelect } } },
} as const;

/**
 * What a product card shows, in the page's language: the price of its cheapest active variant
 * (regular and discounted, in paisa), and `priceVaries` when its active variants' prices differ
 * (the card then says "from").
 */
export type ProductCard = {
  id: number;
  name: string;
  slug: string;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  priceVaries: boolean;
  /** The variant a card's add-to-cart form posts: its one active variant; null when it has several (the card links to the product page). */
  variantId: number | null;
  /**
   * No active variant has a unit to sell (app/rules/stock.ts). A card says only this of the stock,
   * never a count, so an order leaves it as it was until the product sells out (the page cache
   * keeps the pages it is on: docs/decisions/051-page-cache-under-a-sale.md).
   */
  soldOut: boolean;
  image: ImageInfo | null;
};

type CardRow = {
  id: number;
  name: string;
  nameBn: string;
  slug: string;
  trackStock: boolean;
  minPricePaisa: number;
  maxPricePaisa: number;
  variants: { id: number; pricePaisa: number; discountedPricePaisa: number | null; stockQuantity: number }[];
  images: { image: ImageRow }[];
};

/** The cheapest of `variants` to pay for (the first in display order among equals); undefined for none. */
function cheapest<V extends { pricePaisa: number; discountedPricePaisa: number | null }>(
  variants: readonly V[],
): V | undefined {
  let best: V | undefined;
  for (const variant of variants) if (!best || unitPricePaisa(variant) < unitPricePaisa(best)) best = variant;
  return best;
}

/** A product's card in `lang` from its `cardSelect` row. */
export function toCard(row: CardRow, lang: Lang): ProductCard {
  const first = row.images[0]?.image;
  const name = localText(row.name, row.nameBn, lang);
  const from = cheapest(row.variants);
  return {
    id: row.id,
    name,
    slug: row.slug,
    pricePaisa: from?.pricePaisa ?? row.minPricePaisa,
    discountedPricePaisa: from?.discountedPricePaisa ?? null,
    priceVaries: row.variants.length > 1 && row.maxPricePaisa > row.minPricePaisa,
    variantId: row.variants.length === 1 ? row.variants[0]!.id : null,
    soldOut:
      productAvailable(
        row.variants.map((variant) =>
          availableQuantity({ trackStock: row.trackStock, stockQuantity: variant.stockQuantity }),
        ),
      ) === 0,
    image: first ? toImageInfo(first, name) : null,
  };
}

/** How many featured products the home page shows at most. */
const FEATURED_LIMIT = 24;

/**
 * Featured products for the home page, by (English) name, at most FEATURED_LIMIT, named in `lang`;
 * hidden ones (not shown in the shop) left out.
 */
export async function listFeaturedProducts(lang: Lang = "en"): Promise<ProductCard[]> {
  const rows = await prisma.product.findMany({
    where: { isFeatured: true, isPublished: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: FEATURED_LIMIT,
    select: cardSelect,
  });
  return rows.map((row) => toCard(row, lang));
}

/**
 * The listings' orders. By price means by the lowest price a shopper pays among the product's
 * active variants (`minPricePaisa`, kept by the product writes), each served by an index
 * (prisma/migrations/…_variants_and_bangla_catalogue).
 */
const ORDER_BY_SQL: Record<ProductSort, Prisma.Sql> = {
  name: Prisma.sql`lower("name") ASC, "id" ASC`,
  "price-asc": Prisma.sql`"minPricePaisa" ASC, lower("name") ASC, "id" ASC`,
  "price-desc": Prisma.sql`"minPricePaisa" DESC, lower("name") ASC, "id" ASC`,
};

/**
 * Above this many names matching a search, a listing page walks the index of its order (name,
 * lowest price, or category then name) and keeps the rows whose id is among the matches, instead
 * of reading every matching row and sorting them. Measured at 100,000 products (SQL only, page 1):
 * a word in 28,559 names took 11.8 ms sorted and 3–4 ms walked; a word in one name 0.2 ms sorted
 * and 2.6–3.6 ms walked (the walk visits the whole index when matches are rare). The two meet near
 * 6,000 matches at that size; below 5,000 products the walk is never chosen. Decision 037.
 */
const WALK_INDEX_ABOVE_MATCHES = 5_000;

/**
 * The SQL condition "the product is shown in the shop" of the listings: not among the hidden
 * products, whose ids come from the `Product(isPublished)` index. Written so because SQLite plans
 * without statistics here (haat never runs ANALYZE) and takes a plain `isPublished = 1` as a
 * selective index: it then reads every shown product through that index and sorts them all. Measured
 * at 100,000 products, 1,000 of them hidden (SQL only): page 1 by name 13 ms that way, 0.09 ms this
 * way (the covering index of the order is still walked); page 2,000 by name 49 ms, 7 ms (1 ms with
 * no condition); a search walk unchanged at 7 ms. With no hidden product the list is empty and
 * page 2,000 takes 2.6 ms.
 */
const SHOWN_SQL = Prisma.sql`"id" NOT IN (SELECT "id" FROM "Product" WHERE "isPublished" = FALSE)`;

/** Whether `query` is looked up in the full-text index of names (three characters or more). */
function usesNameIndex(query: string): boolean {
  return [...query].length >= 3;
}

/**
 * SQL for the ids of products whose name contains `query` (three characters or more, through the
 * database's trigram index) or with a variant whose SKU starts with it, case-insensitively.
 */
function matchesSql(query: string): Prisma.Sql {
  return Prisma.sql`(${dialect.nameMatchesSql(query)} UNION ${dialect.skuMatchesSql(skuKey(query))})`;
}

/**
 * How many products match `query` (three characters or more), `all` of them and those `shown` in
 * the shop: their English or Bangla name contains it, or a variant's SKU starts with it. All the
 * matches are counted from the indexes alone, then the hidden ones among them through the
 * `Product(isPublished)` index (hiddenCountSql): no hidden product costs nothing; at 100,000
 * products, with 1,000 hidden, the 28,572 matches of "lamp" took 4.2 ms to count and 5.8 ms more
 * for their 286 hidden ones.
 */
async function countNameMatches(query: string): Promise<{ all: number; shown: number }> {
  const matches = matchesSql(query);
  const rows = await prisma.$queryRaw<{ total: number | bigint; hidden: number | bigint }[]>`
    SELECT (SELECT count(*) FROM ${matches} AS "matches") AS "total",
      (${hiddenCountSql([dialect.notDriving(Prisma.sql`"id" IN ${matches}`)])}) AS "hidden"`;
  const all = Number(rows[0]?.total ?? 0);
  return { all, shown: all - Number(rows[0]?.hidden ?? 0) };
}

/**
 * SQL counting the hidden products that meet every one of `conditions`, read through the
 * `Product(isPublished)` index (named, so no other index of a condition is taken instead): a few
 * rows for a shop with a few hidden products, none at all for one without. A listing's total is
 * the count of its matches less this, so it keeps the index its count used before products could
 * be hidden (at 100,000 products: 1.3 ms for a category's, against 11 ms with SHOWN_SQL inside).
 * A search condition here is the `+id IN (…)` form, which never drives the read.
 */
function hiddenCountSql(conditions: Prisma.Sql[]): Prisma.Sql {
  const where = Prisma.join([Prisma.sql`"isPublished" = FALSE`, ...conditions], " AND ");
  return Prisma.sql`SELECT count(*) FROM ${dialect.productsByPublishedIndex} WHERE ${where}`;
}

/**
 * The SQL condition "the product's English or Bangla name contains `query`, or one of its
 * variants' SKUs starts with it", case-insensitive. A query of three characters or more is looked
 * up in the full-text index of names (FTS5 with the trigram tokenizer: any substring, in any
 * script, case folded; no scan of the products), as one quoted phrase, so nothing typed is read as
 * FTS syntax. A shorter one has no trigram to look up and is matched with LIKE (`%`, `_` and `\`
 * literally). docs/decisions/037-search-at-scale.md.
 *
 * `walk`: the condition is written `+id IN (…)`, which stops SQLite from fetching the matching
 * rows by id and lets it walk the index of the ORDER BY instead (see WALK_INDEX_ABOVE_MATCHES).
 * Both forms select the same rows.
 */
export function nameContainsSql(query: string, walk = false): Prisma.Sql {
  if (!usesNameIndex(query)) {
    const pattern = containsLikePattern(query);
    return Prisma.sql`(${dialect.likeSql('"name"', pattern)} OR ${dialect.likeSql('"nameBn"', pattern)} OR "id" IN (${dialect.skuMatchesSql(skuKey(query))}))`;
  }
  const condition = Prisma.sql`"id" IN ${matchesSql(query)}`;
  return walk ? dialect.notDriving(condition) : condition;
}

/**
 * One page of the products shown in the shop for /products, named in `lang`: optionally in one
 * category and/or matching `query` (`nameContainsSql`), in the chosen order; hidden products are
 * never listed nor counted (SHOWN_SQL, hiddenCountSql). Price sorts order by the lowest price a
 * shopper pays among the active variants. The ordering and paging run in SQL (one indexed query for
 * the page's ids, one count), then the page's cards are loaded. A search of three characters or
 * more first counts its matches in the full-text index (under 2 ms at 100,000 products): that is
 * the total when no category is chosen, and it decides how the page is read
 * (WALK_INDEX_ABOVE_MATCHES).
 */
export async function listProducts(options: {
  categoryId?: number | null;
  query?: string | null;
  sort?: ProductSort;
  page?: number;
  pageSize?: number;
  lang?: Lang;
}): Promise<Page<ProductCard>> {
  const lang = options.lang ?? "en";
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? STOREFRONT_PAGE_SIZE;
  const query = options.query || null;
  const nameMatches = query && usesNameIndex(query) ? await countNameMatches(query) : null;
  const conditions: Prisma.Sql[] = [];
  const hiddenConditions: Prisma.Sql[] = [];
  if (options.categoryId) {
    conditions.push(Prisma.sql`"categoryId" = ${options.categoryId}`);
    hiddenConditions.push(Prisma.sql`"categoryId" = ${options.categoryId}`);
  }
  if (query) {
    // Hidden matches are read too before being left out, so all of them decide how.
    conditions.push(nameContainsSql(query, (nameMatches?.all ?? 0) > WALK_INDEX_ABOVE_MATCHES));
    hiddenConditions.push(nameContainsSql(query, true));
  }
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const shownWhere = Prisma.sql`WHERE ${Prisma.join([...conditions, SHOWN_SQL], " AND ")}`;
  const orderBy = ORDER_BY_SQL[options.sort ?? "name"];

  return paginate(
    page,
    pageSize,
    async () => {
      if (nameMatches !== null && !options.categoryId) return nameMatches.shown;
      const rows = await prisma.$queryRaw<{ total: number | bigint }[]>`
        SELECT (SELECT COUNT(*) FROM "Product" ${where}) - (${hiddenCountSql(hiddenConditions)}) AS "total"`;
      return Number(rows[0]?.total ?? 0);
    },
    async ({ skip, take }) => {
      const idRows = await prisma.$queryRaw<
        { id: number | bigint }[]
      >`SELECT "id" FROM "Product" ${shownWhere} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${skip}`;
      const ids = idRows.map((row) => Number(row.id));
      const rows = ids.length ? await prisma.product.findMany({ where: { id: { in: ids } }, select: cardSelect }) : [];
      const byId = new Map(rows.map((row) => [row.id, toCard(row, lang)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  );
}
