/**
 * Products: the storefront's reads, and the back office's list, reads and writes with
 * their images. Prices are paisa.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db/client.server";
import { dialect } from "~/models/db/dialect.server";
import { ADMIN_PAGE_SIZE, paginate, STOREFRONT_PAGE_SIZE, type Page } from "~/rules/pagination";
import { variantUrl, type ImageInfo } from "~/utils/image-url";
import { containsLikePattern, prefixLikePattern, type ProductSuggestion } from "~/rules/search";
import type { ProductSort } from "~/rules/product-sort";
import { availableQuantity, productAvailable, stockEdit } from "~/rules/stock";
import { unitPricePaisa } from "~/rules/money";
import type { Lang } from "~/i18n/lang";
import { lineItemName, localText, priceRangePaisa, skuKey, variantLabel } from "~/rules/variants";
import { displayOrder, liveVariants, liveVariantsSelect, optionsForEditing } from "./variant-selects.server";
import { recordStockAdjustment, type StockActor } from "./stock.server";
import { deleteOrphanImages, imageData, imageSelect, toImageInfo, type ImageRow, type NewImage } from "./image.server";

/** The active variants' price and stock, in display order: what a card reads. */
const activeVariantsSelect = {
  where: { isActive: true },
  orderBy: displayOrder,
  select: { id: true, pricePaisa: true, discountedPricePaisa: true, stockQuantity: true },
};

const cardSelect = {
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

function toCard(row: CardRow, lang: Lang): ProductCard {
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
function nameContainsSql(query: string, walk = false): Prisma.Sql {
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

const optionValueSelect = { select: { id: true, value: true, valueBn: true } } as const;

/** A variant's option values (by option position, null beyond its options) as stored. */
type VariantValues = {
  option1Value: { id: number; value: string; valueBn: string } | null;
  option2Value: { id: number; value: string; valueBn: string } | null;
  option3Value: { id: number; value: string; valueBn: string } | null;
};

/** The values of a variant in option order, without the empty positions. */
function valuesOf(variant: VariantValues) {
  return [variant.option1Value, variant.option2Value, variant.option3Value].flatMap((value) => (value ? [value] : []));
}

/** A variant's label in English and Bangla ("56″ / Brown", "৫৬″ / বাদামি"); "" without options. */
function labelsOf(variant: VariantValues): { label: string; labelBn: string } {
  const values = valuesOf(variant);
  return {
    label: variantLabel(values.map((value) => value.value)),
    labelBn: variantLabel(values.map((value) => localText(value.value, value.valueBn, "bn"))),
  };
}

/** A variant as the product page offers it; prices in paisa. */
export type ProductPageVariant = {
  id: number;
  /** The chosen value of each option, by option position. */
  valueIds: number[];
  /** "56″ / Brown" in the page's language; "" for a product without options. */
  label: string;
  sku: string | null;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  /** Units a shopper may buy now; null when the product does not track stock. */
  available: number | null;
  /** Index in the product's `images` of this variant's picture; null: the product's first one. */
  imageIndex: number | null;
};

/** An option as the product page offers it, in the page's language, with its values in order. */
export type ProductPageOption = { position: number; name: string; values: { id: number; value: string }[] };

/**
 * Everything the product page shows, in `lang` (Bangla texts where they are given, else English),
 * or null when there is no such product or it is hidden (not shown in the shop: its page is a 404
 * like a missing one's). `variants` are the active ones in display order; a product without
 * options has one. `nameEn` is the English name (the slug comes from it).
 */
export async function getProductDetail(id: number, lang: Lang = "en") {
  const row = await prisma.product.findUnique({
    where: { id, isPublished: true },
    select: {
      id: true,
      name: true,
      nameBn: true,
      slug: true,
      description: true,
      descriptionBn: true,
      brand: true,
      trackStock: true,
      category: { select: { id: true, name: true, nameBn: true } },
      images: { orderBy: { position: "asc" }, select: { image: { select: { id: true, ...imageSelect } } } },
      options: {
        orderBy: { position: "asc" },
        select: {
          position: true,
          name: true,
          nameBn: true,
          values: { orderBy: displayOrder, select: { id: true, value: true, valueBn: true } },
        },
      },
      variants: {
        where: { isActive: true },
        orderBy: displayOrder,
        select: {
          id: true,
          sku: true,
          pricePaisa: true,
          discountedPricePaisa: true,
          stockQuantity: true,
          imageId: true,
          option1Value: optionValueSelect,
          option2Value: optionValueSelect,
          option3Value: optionValueSelect,
        },
      },
    },
  });
  if (!row) return null;
  const name = localText(row.name, row.nameBn, lang);
  const imageIds = row.images.map(({ image }) => image.id);
  return {
    id: row.id,
    name,
    nameEn: row.name,
    slug: row.slug,
    description: localText(row.description, row.descriptionBn, lang),
    /** The brand or maker; "" when none is set. */
    brand: row.brand,
    category: row.category
      ? { id: row.category.id, name: localText(row.category.name, row.category.nameBn, lang) }
      : null,
    images: row.images.map(({ image }) => toImageInfo(image, name)),
    options: row.options.map((option): ProductPageOption => ({
      position: option.position,
      name: localText(option.name, option.nameBn, lang),
      values: option.values.map((value) => ({ id: value.id, value: localText(value.value, value.valueBn, lang) })),
    })),
    variants: row.variants.map((variant): ProductPageVariant => {
      const values = valuesOf(variant);
      const imageIndex = variant.imageId === null ? -1 : imageIds.indexOf(variant.imageId);
      return {
        id: variant.id,
        valueIds: values.map((value) => value.id),
        label: variantLabel(values.map((value) => localText(value.value, value.valueBn, lang))),
        sku: variant.sku,
        pricePaisa: variant.pricePaisa,
        discountedPricePaisa: variant.discountedPricePaisa,
        available: availableQuantity({ trackStock: row.trackStock, stockQuantity: variant.stockQuantity }),
        imageIndex: imageIndex >= 0 ? imageIndex : null,
      };
    }),
  };
}

/**
 * A variant as the cart and checkout read it: its product's name and its label in both languages
 * (the order keeps both), its SKU, prices in paisa, the units a shopper may buy now (null: not
 * tracked) and its picture (the variant's own, else the product's first).
 */
export type CartVariant = {
  variantId: number;
  productId: number;
  name: string;
  nameBn: string;
  label: string;
  labelBn: string;
  sku: string | null;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  available: number | null;
  image: ImageInfo | null;
};

/**
 * The active variants with these ids, for pricing a cart. Missing ids (a deleted or switched-off
 * variant, or one of a product hidden from the shop) are absent, so the cart drops such a line with
 * its notice, checkout refuses it, and adding it is refused as for a product no longer sold. `db`:
 * the caller's transaction when it reads inside one.
 */
export async function getVariantsForCart(ids: number[], db: Prisma.TransactionClient = prisma): Promise<CartVariant[]> {
  if (ids.length === 0) return [];
  const rows = await db.productVariant.findMany({
    where: { id: { in: ids }, isActive: true },
    select: {
      id: true,
      productId: true,
      sku: true,
      pricePaisa: true,
      discountedPricePaisa: true,
      stockQuantity: true,
      image: { select: imageSelect },
      option1Value: optionValueSelect,
      option2Value: optionValueSelect,
      option3Value: optionValueSelect,
      product: {
        select: {
          name: true,
          nameBn: true,
          trackStock: true,
          isPublished: true,
          images: { orderBy: { position: "asc" }, take: 1, select: { image: { select: imageSelect } } },
        },
      },
    },
  });
  // A hidden product's variants are read like any other (the flag comes with the product's fields)
  // and left out here: the cart's lines are few.
  return rows
    .filter((row) => row.product.isPublished)
    .map((row) => {
      const picture = row.image ?? row.product.images[0]?.image;
      return {
        variantId: row.id,
        productId: row.productId,
        name: row.product.name,
        nameBn: row.product.nameBn,
        ...labelsOf(row),
        sku: row.sku,
        pricePaisa: row.pricePaisa,
        discountedPricePaisa: row.discountedPricePaisa,
        available: availableQuantity({ trackStock: row.product.trackStock, stockQuantity: row.stockQuantity }),
        image: picture ? toImageInfo(picture, row.product.name) : null,
      };
    });
}

/**
 * The variant that stands for each of these products where a product id is all there is (a cart
 * cookie written before products had variants): its first active variant by position, which for a
 * product without options is its default variant. Products that are gone, hidden from the shop or
 * have no active variant are absent from the map (product id → variant id).
 */
export async function getDefaultVariantIds(productIds: number[]): Promise<Map<number, number>> {
  const variants = await prisma.productVariant.findMany({
    where: { productId: { in: productIds }, isActive: true },
    orderBy: displayOrder,
    select: { id: true, productId: true, product: { select: { isPublished: true } } },
  });
  const first = new Map<number, number>();
  for (const variant of variants) {
    if (variant.product.isPublished && !first.has(variant.productId)) first.set(variant.productId, variant.id);
  }
  return first;
}

/**
 * The active variants of these products, each product's in display order, the products in the
 * order of `productIds`: what staff choose from when they add a line to an order. A product hidden
 * from the shop is left out (`getVariantsForCart`): it is not for sale, so staff cannot add it to an
 * order either, and the order edit refuses it as a product no longer sold.
 */
export async function getActiveVariantsOfProducts(productIds: number[]): Promise<CartVariant[]> {
  if (productIds.length === 0) return [];
  const rows = await prisma.productVariant.findMany({
    where: { productId: { in: productIds }, isActive: true },
    orderBy: displayOrder,
    select: { id: true },
  });
  const variants = await getVariantsForCart(rows.map((row) => row.id));
  const rank = new Map(rows.map((row, index) => [row.id, index]));
  return variants.sort(
    (a, b) =>
      productIds.indexOf(a.productId) - productIds.indexOf(b.productId) ||
      (rank.get(a.variantId) ?? 0) - (rank.get(b.variantId) ?? 0),
  );
}

/**
 * What a cart change needs of a variant: its line item name in English ("Fan — 56″ / Brown") and
 * Bangla, and the units a shopper may buy now (null: not tracked); null when there is no such
 * active variant.
 */
export async function getVariantAvailability(
  id: number,
): Promise<{ name: string; nameBn: string; available: number | null } | null> {
  const [variant] = await getVariantsForCart([id]);
  if (!variant) return null;
  return {
    name: lineItemName(variant.name, variant.label),
    nameBn: lineItemName(localText(variant.name, variant.nameBn, "bn"), variant.labelBn),
    available: variant.available,
  };
}

// ---- Admin catalogue: product writes and admin reads ----

/**
 * One page of the admin product list, by name: each product with its price range (the lowest and
 * highest price a shopper pays, in paisa), the regular price of a product with one variant, its
 * variant count and total stock (retired variants left out; stock null when it does not track
 * stock) and whether the shop shows it (hidden products are listed too); optionally only products
 * whose English or Bangla name contains `query` or with a variant whose SKU starts with it
 * (case-insensitive for Latin letters, LIKE wildcards escaped).
 */
export async function listProductsForAdmin(page: number, query: string | null = null) {
  const where: Prisma.ProductWhereInput = query
    ? {
        OR: [
          { name: { contains: query, ...dialect.insensitive } },
          { nameBn: { contains: query, ...dialect.insensitive } },
          { variants: { some: { sku: { startsWith: query, ...dialect.insensitive } } } },
        ],
      }
    : {};
  const result = await paginate(
    page,
    ADMIN_PAGE_SIZE,
    () => prisma.product.count({ where }),
    (window) =>
      prisma.product.findMany({
        where,
        orderBy: [{ name: "asc" }, { id: "asc" }],
        ...window,
        select: {
          id: true,
          name: true,
          nameBn: true,
          minPricePaisa: true,
          maxPricePaisa: true,
          isFeatured: true,
          isPublished: true,
          trackStock: true,
          category: { select: { name: true, nameBn: true } },
          variants: {
            where: liveVariants,
            orderBy: displayOrder,
            select: { pricePaisa: true, discountedPricePaisa: true, stockQuantity: true, isActive: true },
          },
        },
      }),
  );
  return {
    ...result,
    items: result.items.map(({ variants, ...product }) => {
      const active = variants.filter((variant) => variant.isActive);
      const only = variants.length === 1 ? variants[0] : undefined;
      return {
        ...product,
        variantCount: variants.length,
        /** The regular and discounted price of a product with one variant; null with several. */
        single: only ? { pricePaisa: only.pricePaisa, discountedPricePaisa: only.discountedPricePaisa } : null,
        totalStock: product.trackStock ? active.reduce((sum, variant) => sum + variant.stockQuantity, 0) : null,
      };
    }),
  };
}

/** A product's id and names (English and Bangla, "" for none), or null: for the delete confirmation step. */
export async function getProductName(id: number): Promise<{ id: number; name: string; nameBn: string } | null> {
  return prisma.product.findUnique({ where: { id }, select: { id: true, name: true, nameBn: true } });
}

/** A stored image of a product as the edit form shows it: the Image row id and the image. */
export type ProductFormImage = { imageId: number; image: ImageInfo };

/**
 * Everything the product edit form needs, or null when there is no such product (a hidden one is
 * read too): its texts in both languages, its brand, whether the shop shows it, its options (with
 * values) and its variants in display order, each with its option
 * value ids, SKU, prices in paisa, stock, picture and active flag, and whether an order names it
 * (retired variants, kept only for their orders and ledger, are left out).
 * `defaultVariant` is the variant of a product without options (null when it has options).
 */
export async function getProductForEdit(id: number) {
  const row = await prisma.product.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      nameBn: true,
      slug: true,
      description: true,
      descriptionBn: true,
      categoryId: true,
      isFeatured: true,
      isPublished: true,
      brand: true,
      trackStock: true,
      images: {
        orderBy: displayOrder,
        select: { imageId: true, image: { select: imageSelect } },
      },
      options: optionsForEditing,
      variants: {
        ...liveVariantsSelect,
        select: {
          ...liveVariantsSelect.select,
          combinationKey: true,
          position: true,
          _count: { select: { orderItems: true } },
        },
      },
    },
  });
  if (!row) return null;
  const { variants, ...product } = row;
  const editVariants = variants.map(({ _count, ...variant }) => ({ ...variant, hasOrders: _count.orderItems > 0 }));
  return {
    ...product,
    images: row.images.map(({ imageId, image }): ProductFormImage => ({
      imageId,
      image: toImageInfo(image, row.name),
    })),
    variants: editVariants,
    defaultVariant:
      row.options.length === 0 ? (editVariants.find((variant) => variant.combinationKey === "") ?? null) : null,
  };
}

/** The product's own fields of a product write (its variants are written apart). */
export type ProductWrite = {
  name: string;
  /** "" when there is no Bangla name or description. */
  nameBn: string;
  slug: string;
  description: string;
  descriptionBn: string;
  categoryId: number;
  isFeatured: boolean;
  /** Whether the shop shows and sells the product; false keeps it in the back office only. */
  isPublished: boolean;
  /** The product's brand or maker; "": none given (the shop's name stands for it). */
  brand: string;
  /** Whether the product's variants count their stock (docs/decisions/027-stock.md). */
  trackStock: boolean;
};

/**
 * The default variant of a product without options, as the product form sets it: SKU (null: none),
 * prices in paisa. Ignored when the product has options (its variants are edited in their table).
 */
export type DefaultVariantWrite = { sku: string | null; pricePaisa: number; discountedPricePaisa: number | null };

/**
 * The stock the product form asks for: `quantity` on hand (units; read only when tracking) and
 * `seen`, the count the form was shown (null: none), and who saves it (for the stock ledger).
 */
export type StockWrite = { quantity: number; seen: number | null; actor: StockActor };

/** Thrown by `updateProductWithImages` when the stock changed since the form was shown; `current` is the count now. */
export class StockChangedError extends Error {
  constructor(readonly current: number) {
    super(`The stock changed to ${current} while the form was open`);
    this.name = "StockChangedError";
  }
}

/** Thrown by the product writes when the chosen category does not exist (any more). */
export class MissingCategoryError extends Error {
  constructor() {
    super("The category does not exist");
    this.name = "MissingCategoryError";
  }
}

/** Thrown by the product and variant writes when a SKU is already another variant's (compared case-insensitively). */
export class SkuTakenError extends Error {
  constructor(readonly sku: string) {
    super(`The SKU ${sku} is already in use`);
    this.name = "SkuTakenError";
  }
}

async function assertCategory(tx: Prisma.TransactionClient, categoryId: number) {
  if ((await tx.category.count({ where: { id: categoryId } })) === 0) throw new MissingCategoryError();
}

/**
 * Throws {SkuTakenError} when `sku` belongs to a variant other than `exceptVariantId`
 * (case-insensitively, as the unique index on lower(sku) compares).
 */
export async function assertSkuFree(tx: Prisma.TransactionClient, sku: string | null, exceptVariantId: number | null) {
  if (sku === null) return;
  const rows = await tx.$queryRaw<{ id: number | bigint }[]>`
    SELECT "id" FROM "ProductVariant" WHERE lower("sku") = ${skuKey(sku)} LIMIT 1`;
  const owner = rows[0] ? Number(rows[0].id) : null;
  if (owner !== null && owner !== exceptVariantId) throw new SkuTakenError(sku);
}

/** Longest handle given to a product, in characters (what a product CSV may carry; Shopify's is 255). */
const MAX_HANDLE_LENGTH = 100;

/**
 * A handle no other product has: `wanted` (trimmed, cut to 100 characters; "product" when empty)
 * when it is free or already `exceptProductId`'s, else the first free of `wanted-2`, `wanted-3`…
 * (cut so that the suffix fits). Handles are compared exactly, as the unique index on
 * Product.handle does.
 */
export async function availableHandle(
  tx: Prisma.TransactionClient,
  wanted: string,
  exceptProductId: number | null,
): Promise<string> {
  const base = Array.from(wanted.trim() || "product")
    .slice(0, MAX_HANDLE_LENGTH)
    .join("");
  const stem = Array.from(base)
    .slice(0, MAX_HANDLE_LENGTH - 7)
    .join("");
  const taken = await tx.product.findMany({
    where: { OR: [{ handle: base }, { handle: { startsWith: `${stem}-` } }] },
    select: { id: true, handle: true },
  });
  const used = new Set(taken.filter((row) => row.id !== exceptProductId).map((row) => row.handle));
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!used.has(`${stem}-${suffix}`)) return `${stem}-${suffix}`;
}

/**
 * Sets the product's `minPricePaisa` and `maxPricePaisa` from its variants (`priceRangePaisa`):
 * every write of a variant's price or active flag calls it in the same transaction.
 */
export async function refreshPriceRange(tx: Prisma.TransactionClient, productId: number): Promise<void> {
  const variants = await tx.productVariant.findMany({
    where: { productId, ...liveVariants },
    select: { pricePaisa: true, discountedPricePaisa: true, isActive: true },
  });
  const range = priceRangePaisa(variants);
  await tx.product.update({ where: { id: productId }, data: { minPricePaisa: range.min, maxPricePaisa: range.max } });
}

/**
 * Creates a product without options, with a handle of its own (`availableHandle` from the
 * slug), its default variant (its SKU, prices and starting stock, the stock recorded in the ledger as counted by `stock.actor` when it tracks stock) and its
 * images (already stored on disk, in display order), in one transaction.
 *
 * @returns the new product's id.
 * @throws {MissingCategoryError} when `categoryId` does not exist; {SkuTakenError} when the SKU is
 *   another variant's; Prisma's error when a write fails. Either way nothing is written; the caller
 *   removes the stored files.
 */
export async function createProductWithImages(
  product: ProductWrite,
  images: readonly NewImage[],
  defaultVariant: DefaultVariantWrite,
  stock: StockWrite = { quantity: 0, seen: null, actor: null },
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    await assertCategory(tx, product.categoryId);
    await assertSkuFree(tx, defaultVariant.sku, null);
    const stockQuantity = product.trackStock ? stock.quantity : 0;
    const handle = await availableHandle(tx, product.slug, null);
    const created = await tx.product.create({ data: { ...product, handle }, select: { id: true } });
    const variant = await tx.productVariant.create({
      data: { productId: created.id, combinationKey: "", ...defaultVariant, stockQuantity },
      select: { id: true },
    });
    await refreshPriceRange(tx, created.id);
    await recordStockAdjustment(
      tx,
      { id: variant.id, productId: created.id, productName: product.name, label: "" },
      stockQuantity,
      stockQuantity,
      stock.actor,
    );
    for (const [position, image] of images.entries()) {
      const row = await tx.image.create({ data: imageData(image), select: { id: true } });
      await tx.productImage.create({ data: { productId: created.id, imageId: row.id, position } });
    }
    return created.id;
  });
}

/**
 * Updates a product: its fields, the order of its existing images, which of them
 * are removed, and new images (already stored on disk) appended after them, in one transaction.
 * Existing images come in the order of `imageOrder`, then any the form did not list (e.g. added
 * by someone else meanwhile) in their current order; those in `removeImageIds` are unlinked, and an
 * Image nothing links to any more is deleted and its key returned. Ids that are not this product's
 * images are ignored.
 *
 * A product without options also gets `defaultVariant`'s SKU and prices, and its stock follows
 * app/rules/stock.ts `stockEdit`: a new count is recorded in the stock ledger as counted by
 * `stock.actor`; a count typed over one that changed since the form was shown is refused. A
 * product with options keeps its variants as they are (they are edited in their own table).
 *
 * @param imageOrder Image ids in the wanted display order.
 * @param removeImageIds Image ids to unlink from the product.
 * @returns null when the product does not exist, else the keys of images whose files the caller
 *   should remove now that the rows are gone.
 * @throws {MissingCategoryError} when `categoryId` does not exist; {StockChangedError} when the stock
 *   changed since the form was shown; {SkuTakenError} when the SKU is another variant's; Prisma's
 *   error when a write fails (nothing is changed then).
 */
export async function updateProductWithImages(
  id: number,
  product: ProductWrite,
  imageOrder: readonly number[],
  removeImageIds: readonly number[],
  newImages: readonly NewImage[],
  defaultVariant: DefaultVariantWrite | null = null,
  stock: StockWrite = { quantity: 0, seen: null, actor: null },
): Promise<{ removedKeys: string[] } | null> {
  return prisma.$transaction(async (tx) => {
    const current = await tx.productImage.findMany({
      where: { productId: id },
      orderBy: displayOrder,
      select: { id: true, imageId: true },
    });
    const stored = await tx.product.findUnique({
      where: { id },
      select: {
        trackStock: true,
        _count: { select: { options: true } },
        variants: { where: { combinationKey: "" }, select: { id: true, stockQuantity: true } },
      },
    });
    if (!stored) return null;
    await assertCategory(tx, product.categoryId);
    await tx.product.update({ where: { id }, data: product });
    const soleVariant = stored._count.options === 0 ? stored.variants[0] : undefined;
    if (soleVariant && defaultVariant) {
      await assertSkuFree(tx, defaultVariant.sku, soleVariant.id);
      const edit = stockEdit(
        { trackStock: stored.trackStock, stockQuantity: soleVariant.stockQuantity },
        { trackStock: product.trackStock, stockQuantity: stock.quantity },
        stock.seen,
      );
      if (!edit.ok) throw new StockChangedError(edit.current);
      await tx.productVariant.update({
        where: { id: soleVariant.id },
        data: { ...defaultVariant, stockQuantity: edit.stockQuantity },
      });
      await recordStockAdjustment(
        tx,
        { id: soleVariant.id, productId: id, productName: product.name, label: "" },
        edit.change,
        edit.stockQuantity,
        stock.actor,
      );
      await refreshPriceRange(tx, id);
    }

    const currentIds = current.map((link) => link.imageId);
    const listed = [...new Set(imageOrder)].filter((imageId) => currentIds.includes(imageId));
    const ordered = [...listed, ...currentIds.filter((imageId) => !listed.includes(imageId))];
    const kept = ordered.filter((imageId) => !removeImageIds.includes(imageId));
    const removed = current.filter((link) => !kept.includes(link.imageId));
    if (removed.length > 0) {
      await tx.productImage.deleteMany({ where: { id: { in: removed.map((link) => link.id) } } });
      // A variant whose picture was removed shows the product's first one again.
      await tx.productVariant.updateMany({
        where: { productId: id, imageId: { in: removed.map((link) => link.imageId) } },
        data: { imageId: null },
      });
    }
    for (const [position, imageId] of kept.entries()) {
      await tx.productImage.updateMany({ where: { productId: id, imageId }, data: { position } });
    }
    for (const [offset, image] of newImages.entries()) {
      const row = await tx.image.create({ data: imageData(image), select: { id: true } });
      await tx.productImage.create({ data: { productId: id, imageId: row.id, position: kept.length + offset } });
    }
    const removedKeys = await deleteOrphanImages(
      tx,
      removed.map((link) => link.imageId),
    );
    return { removedKeys };
  });
}

/**
 * Deletes a product. Orders keep their line items (OrderItem.productId and Order.productId become
 * null; the name and prices are snapshots). Its images that nothing else links to are deleted.
 *
 * @returns null when there was no such product, else its name and the keys of images whose files
 *   the caller should remove.
 */
export async function deleteProductWithImages(id: number): Promise<{ name: string; removedKeys: string[] } | null> {
  return prisma.$transaction(async (tx) => {
    const product = await tx.product.findUnique({
      where: { id },
      select: { name: true, images: { select: { imageId: true } } },
    });
    if (!product) return null;
    // The variants first: deleting the product cascades to its options and their values too, and a
    // value a variant still names may not go first (its foreign key is RESTRICT).
    await tx.productVariant.deleteMany({ where: { productId: id } });
    await tx.product.delete({ where: { id } });
    const removedKeys = await deleteOrphanImages(
      tx,
      product.images.map((link) => link.imageId),
    );
    return { name: product.name, removedKeys };
  });
}

// ---- Search suggestions ----

/**
 * Up to `limit` products matching `query` (`nameContainsSql`: English or Bangla name, or a SKU's
 * start; case-insensitive for Latin letters; `%`, `_` and `\` match literally), names starting
 * with the query first, then by name and id, named in `lang`: the suggestions of the search box.
 * `query` must already be normalised (app/rules/search.ts); an empty query, or a `limit` below 1,
 * returns [] without a query. `limit` is capped at 50. The price is the cheapest active variant's,
 * with `priceVaries` when the variants' prices differ.
 *
 * Bounded by design: the matching rows come from the full-text index of names (a query of one or
 * two characters: one pass over the covering `Product(name)` index), the best `limit` are kept,
 * then one small lookup of those rows' prices and first image. See
 * docs/decisions/008-search-suggestions-and-paging.md and 037-search-at-scale.md for measurements.
 *
 * Hidden products are never suggested; staff adding a product to an order search with this too, so
 * they are not offered there either (they are not for sale). Each match's row is read anyway, so
 * the condition is `+isPublished = 1` on it (the unary `+` keeps SQLite from reading the products
 * through the `Product(isPublished)` index instead: 21 ms against 13 ms for "lam" at 100,000
 * products); SHOWN_SQL, which suits an index walk, cost 3 ms more here.
 */
export async function searchProductSuggestions(
  query: string,
  limit: number,
  lang: Lang = "en",
): Promise<ProductSuggestion[]> {
  const take = Math.min(Math.floor(limit), 50);
  if (!query || !(take >= 1)) return [];
  const prefix = prefixLikePattern(query);
  const idRows = await prisma.$queryRaw<{ id: number | bigint }[]>`
    SELECT "id" FROM "Product"
    WHERE ${nameContainsSql(query)} AND ${dialect.notDriving(Prisma.sql`"isPublished"`)} = TRUE
    ORDER BY CASE WHEN ${dialect.likeSql('"name"', prefix)} OR ${dialect.likeSql('"nameBn"', prefix)} THEN 0 ELSE 1 END,
      lower("name") ASC, "id" ASC
    LIMIT ${take}`;
  const ids = idRows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const rows = await prisma.product.findMany({ where: { id: { in: ids } }, select: cardSelect });
  const byId = new Map(
    rows.map((row): [number, ProductSuggestion] => {
      const card = toCard(row, lang);
      const info = card.image;
      const width = info ? (info.variantWidths[0] ?? info.width) : 0;
      return [
        row.id,
        {
          id: row.id,
          name: card.name,
          pricePaisa: card.pricePaisa,
          discountedPricePaisa: card.discountedPricePaisa,
          priceVaries: card.priceVaries,
          thumbnail: info
            ? {
                src: variantUrl(info.key, width),
                width,
                height: Math.max(1, Math.round((info.height * width) / info.width)),
                alt: info.alt,
              }
            : null,
        },
      ];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
