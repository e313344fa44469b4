/**
 * Products: the storefront's reads, and the back office's list, reads and writes with
 * their images. Prices are paisa.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/models/db.server";
import { ADMIN_PAGE_SIZE, paginate, STOREFRONT_PAGE_SIZE, type Page } from "~/rules/pagination";
import { variantUrl, type ImageInfo } from "~/utils/image-url";
import { containsLikePattern, prefixLikePattern, type ProductSuggestion } from "~/rules/search";
import type { ProductSort } from "~/rules/product-sort";
import { availableQuantity, stockEdit, type StockFields } from "~/rules/stock";
import { recordStockAdjustment, type StockActor } from "./stock.server";
import { deleteOrphanImages, imageData, imageSelect, toImageInfo, type ImageRow, type NewImage } from "./image.server";

const cardSelect = {
  id: true,
  name: true,
  slug: true,
  pricePaisa: true,
  discountedPricePaisa: true,
  trackStock: true,
  stockQuantity: true,
  images: { orderBy: { position: "asc" }, take: 1, select: { image: { select: imageSelect } } },
} as const;

/** What a product card shows. */
export type ProductCard = {
  id: number;
  name: string;
  slug: string;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  /** Units a shopper may buy now; null when the product does not track stock (app/rules/stock.ts). */
  available: number | null;
  image: ImageInfo | null;
};

type CardRow = StockFields & {
  id: number;
  name: string;
  slug: string;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  images: { image: ImageRow }[];
};

function toCard(row: CardRow): ProductCard {
  const first = row.images[0]?.image;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    pricePaisa: row.pricePaisa,
    discountedPricePaisa: row.discountedPricePaisa,
    available: availableQuantity(row),
    image: first ? toImageInfo(first, row.name) : null,
  };
}

/** How many featured products the home page shows at most. */
const FEATURED_LIMIT = 24;

/** Featured products for the home page, by name, at most FEATURED_LIMIT. */
export async function listFeaturedProducts(): Promise<ProductCard[]> {
  const rows = await prisma.product.findMany({
    where: { isFeatured: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: FEATURED_LIMIT,
    select: cardSelect,
  });
  return rows.map(toCard);
}

/** SQL for the price a shopper pays: the discounted price when it is lower. */
const CHARGED_PRICE_SQL = Prisma.raw(
  "CASE WHEN discountedPricePaisa IS NOT NULL AND discountedPricePaisa < pricePaisa THEN discountedPricePaisa ELSE pricePaisa END",
);

const ORDER_BY_SQL: Record<ProductSort, Prisma.Sql> = {
  name: Prisma.sql`lower(name) ASC, id ASC`,
  "price-asc": Prisma.sql`${CHARGED_PRICE_SQL} ASC, lower(name) ASC, id ASC`,
  "price-desc": Prisma.sql`${CHARGED_PRICE_SQL} DESC, lower(name) ASC, id ASC`,
};

/**
 * Above this many names matching a search, a listing page walks the index of its order (name,
 * charged price, or category then name) and keeps the rows whose id is among the matches, instead
 * of reading every matching row and sorting them. Measured at 100,000 products (SQL only, page 1):
 * a word in 28,559 names took 11.8 ms sorted and 3–4 ms walked; a word in one name 0.2 ms sorted
 * and 2.6–3.6 ms walked (the walk visits the whole index when matches are rare). The two meet near
 * 6,000 matches at that size; below 5,000 products the walk is never chosen. Decision 037.
 */
const WALK_INDEX_ABOVE_MATCHES = 5_000;

/** `query` as one quoted FTS5 phrase: a `"` typed is doubled, so nothing is read as FTS syntax. */
function ftsPhrase(query: string): string {
  return `"${query.replaceAll('"', '""')}"`;
}

/** Whether `query` is looked up in the full-text index of names (three characters or more). */
function usesNameIndex(query: string): boolean {
  return [...query].length >= 3;
}

/** How many product names contain `query` (three characters or more), from the index alone. */
async function countNameMatches(query: string): Promise<number> {
  const rows = await prisma.$queryRaw<{ total: number | bigint }[]>`
    SELECT count(*) AS total FROM ProductSearch WHERE ProductSearch MATCH ${ftsPhrase(query)}`;
  return Number(rows[0]?.total ?? 0);
}

/**
 * The SQL condition "the product's name contains `query`", case-insensitive. A
 * query of three characters or more is looked up in the full-text index of names (FTS5 with the
 * trigram tokenizer: any substring, in any script, case folded; no scan of the products), as one
 * quoted phrase, so nothing typed is read as FTS syntax. A shorter one has no trigram to look up
 * and is matched with LIKE (`%`, `_` and `\` literally). docs/decisions/037-search-at-scale.md.
 *
 * `walk`: the condition is written `+id IN (…)`, which stops SQLite from fetching the matching
 * rows by id and lets it walk the index of the ORDER BY instead (see WALK_INDEX_ABOVE_MATCHES).
 * Both forms select the same rows.
 */
function nameContainsSql(query: string, walk = false): Prisma.Sql {
  if (!usesNameIndex(query)) return Prisma.sql`name LIKE ${containsLikePattern(query)} ESCAPE '\\'`;
  const matches = Prisma.sql`(SELECT rowid FROM ProductSearch WHERE ProductSearch MATCH ${ftsPhrase(query)})`;
  return walk ? Prisma.sql`+id IN ${matches}` : Prisma.sql`id IN ${matches}`;
}

/**
 * One page of products for /products: optionally in one category and/or whose name contains
 * `query` (case-insensitive for Latin letters), in the chosen order. Price sorts
 * order by the price a shopper pays. The ordering and paging run in SQL (one indexed query for
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
}): Promise<Page<ProductCard>> {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? STOREFRONT_PAGE_SIZE;
  const query = options.query || null;
  const nameMatches = query && usesNameIndex(query) ? await countNameMatches(query) : null;
  const conditions: Prisma.Sql[] = [];
  if (options.categoryId) conditions.push(Prisma.sql`categoryId = ${options.categoryId}`);
  if (query) conditions.push(nameContainsSql(query, (nameMatches ?? 0) > WALK_INDEX_ABOVE_MATCHES));
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const orderBy = ORDER_BY_SQL[options.sort ?? "name"];

  return paginate(
    page,
    pageSize,
    async () => {
      if (nameMatches !== null && !options.categoryId) return nameMatches;
      const rows = await prisma.$queryRaw<{ total: number | bigint }[]>`SELECT COUNT(*) AS total FROM Product ${where}`;
      return Number(rows[0]?.total ?? 0);
    },
    async ({ skip, take }) => {
      const idRows = await prisma.$queryRaw<
        { id: number | bigint }[]
      >`SELECT id FROM Product ${where} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${skip}`;
      const ids = idRows.map((row) => Number(row.id));
      const rows = ids.length ? await prisma.product.findMany({ where: { id: { in: ids } }, select: cardSelect }) : [];
      const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  );
}

/** Everything the product page shows, or null when there is no such product. */
export async function getProductDetail(id: number) {
  const row = await prisma.product.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      slug: true,
      description: true,
      pricePaisa: true,
      discountedPricePaisa: true,
      trackStock: true,
      stockQuantity: true,
      category: { select: { id: true, name: true } },
      images: { orderBy: { position: "asc" }, select: { image: { select: imageSelect } } },
    },
  });
  if (!row) return null;
  const { trackStock, stockQuantity, ...product } = row;
  return {
    ...product,
    /** Units a shopper may buy now; null: the product does not track stock. */
    available: availableQuantity({ trackStock, stockQuantity }),
    images: row.images.map(({ image }) => toImageInfo(image, row.name)),
  };
}

/** Products by id for pricing a cart: price fields, name and first image. Missing ids are absent. */
export async function getProductsForCart(ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.product.findMany({ where: { id: { in: ids } }, select: cardSelect });
  return rows.map(toCard);
}

/**
 * What a cart change needs of a product: its name and the units a shopper may buy now (null: it
 * does not track stock), or null when there is no such product.
 */
export async function getProductAvailability(id: number): Promise<{ name: string; available: number | null } | null> {
  const row = await prisma.product.findUnique({
    where: { id },
    select: { name: true, trackStock: true, stockQuantity: true },
  });
  return row ? { name: row.name, available: availableQuantity(row) } : null;
}

// ---- Admin catalogue: product writes and admin reads ----

/**
 * One page of the admin product list (Name, Price, Category), by name, optionally only products
 * whose name contains `query` (case-insensitive for Latin letters, LIKE wildcards escaped).
 */
export async function listProductsForAdmin(page: number, query: string | null = null) {
  const where: Prisma.ProductWhereInput = query ? { name: { contains: query } } : {};
  return paginate(
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
          pricePaisa: true,
          discountedPricePaisa: true,
          isFeatured: true,
          trackStock: true,
          stockQuantity: true,
          category: { select: { name: true } },
        },
      }),
  );
}

/** A product's id and name, or null: for the delete confirmation step. */
export async function getProductName(id: number): Promise<{ id: number; name: string } | null> {
  return prisma.product.findUnique({ where: { id }, select: { id: true, name: true } });
}

/** A stored image of a product as the edit form shows it: the Image row id and the image. */
export type ProductFormImage = { imageId: number; image: ImageInfo };

/** Everything the product edit form needs, or null when there is no such product. Prices in paisa. */
export async function getProductForEdit(id: number) {
  const row = await prisma.product.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      slug: true,
      description: true,
      pricePaisa: true,
      discountedPricePaisa: true,
      categoryId: true,
      isFeatured: true,
      trackStock: true,
      stockQuantity: true,
      images: {
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { imageId: true, image: { select: imageSelect } },
      },
    },
  });
  if (!row) return null;
  return {
    ...row,
    images: row.images.map(({ imageId, image }): ProductFormImage => ({
      imageId,
      image: toImageInfo(image, row.name),
    })),
  };
}

/** The fields of a product write; prices in paisa. */
export type ProductWrite = {
  name: string;
  slug: string;
  description: string;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  categoryId: number;
  isFeatured: boolean;
  /** Whether the product counts its stock (docs/decisions/027-stock.md). */
  trackStock: boolean;
};

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

async function assertCategory(tx: Prisma.TransactionClient, categoryId: number) {
  if ((await tx.category.count({ where: { id: categoryId } })) === 0) throw new MissingCategoryError();
}

/**
 * Creates a product with its images (already stored on disk, in display order), in one transaction,
 * with its starting stock when it tracks stock (recorded in the stock ledger as counted by `stock.actor`).
 *
 * @returns the new product's id.
 * @throws {MissingCategoryError} when `categoryId` does not exist; Prisma's error when a write
 *   fails. Either way nothing is written; the caller removes the stored files.
 */
export async function createProductWithImages(
  product: ProductWrite,
  images: readonly NewImage[],
  stock: StockWrite = { quantity: 0, seen: null, actor: null },
): Promise<number> {
  return prisma.$transaction(async (tx) => {
    await assertCategory(tx, product.categoryId);
    const stockQuantity = product.trackStock ? stock.quantity : 0;
    const created = await tx.product.create({ data: { ...product, stockQuantity }, select: { id: true } });
    await recordStockAdjustment(tx, { id: created.id, name: product.name }, stockQuantity, stockQuantity, stock.actor);
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
 * The stock follows app/rules/stock.ts `stockEdit`: a new count is recorded in the stock ledger as
 * counted by `stock.actor`; a count typed over one that changed since the form was shown is refused.
 *
 * @param imageOrder Image ids in the wanted display order.
 * @param removeImageIds Image ids to unlink from the product.
 * @returns null when the product does not exist, else the keys of images whose files the caller
 *   should remove now that the rows are gone.
 * @throws {MissingCategoryError} when `categoryId` does not exist; {StockChangedError} when the stock
 *   changed since the form was shown; Prisma's error when a write fails (nothing is changed then).
 */
export async function updateProductWithImages(
  id: number,
  product: ProductWrite,
  imageOrder: readonly number[],
  removeImageIds: readonly number[],
  newImages: readonly NewImage[],
  stock: StockWrite = { quantity: 0, seen: null, actor: null },
): Promise<{ removedKeys: string[] } | null> {
  return prisma.$transaction(async (tx) => {
    const current = await tx.productImage.findMany({
      where: { productId: id },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { id: true, imageId: true },
    });
    const stored = await tx.product.findUnique({ where: { id }, select: { trackStock: true, stockQuantity: true } });
    if (!stored) return null;
    await assertCategory(tx, product.categoryId);
    const edit = stockEdit(stored, { trackStock: product.trackStock, stockQuantity: stock.quantity }, stock.seen);
    if (!edit.ok) throw new StockChangedError(edit.current);
    await tx.product.update({ where: { id }, data: { ...product, stockQuantity: edit.stockQuantity } });
    await recordStockAdjustment(tx, { id, name: product.name }, edit.change, edit.stockQuantity, stock.actor);

    const currentIds = current.map((link) => link.imageId);
    const listed = [...new Set(imageOrder)].filter((imageId) => currentIds.includes(imageId));
    const ordered = [...listed, ...currentIds.filter((imageId) => !listed.includes(imageId))];
    const kept = ordered.filter((imageId) => !removeImageIds.includes(imageId));
    const removed = current.filter((link) => !kept.includes(link.imageId));
    if (removed.length > 0) {
      await tx.productImage.deleteMany({ where: { id: { in: removed.map((link) => link.id) } } });
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
 * Up to `limit` products whose name contains `query` (case-insensitive for Latin letters; `%`, `_`
 * and `\` match literally), names starting with the query first, then by
 * name and id: the suggestions of the search box. `query` must already be normalised
 * (app/rules/search.ts); an empty query, or a `limit` below 1, returns [] without a query.
 * `limit` is capped at 50.
 *
 * Bounded by design: the matching rows come from the full-text index of names (a query of one or
 * two characters: one pass over the covering `Product(name)` index), the best `limit` are kept,
 * then one small lookup of those rows' prices and first image. See
 * docs/decisions/008-search-suggestions-and-paging.md and 037-search-at-scale.md for measurements.
 */
export async function searchProductSuggestions(query: string, limit: number): Promise<ProductSuggestion[]> {
  const take = Math.min(Math.floor(limit), 50);
  if (!query || !(take >= 1)) return [];
  const prefix = prefixLikePattern(query);
  const idRows = await prisma.$queryRaw<{ id: number | bigint }[]>`
    SELECT id FROM Product
    WHERE ${nameContainsSql(query)}
    ORDER BY CASE WHEN name LIKE ${prefix} ESCAPE '\\' THEN 0 ELSE 1 END, lower(name) ASC, id ASC
    LIMIT ${take}`;
  const ids = idRows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const rows = await prisma.product.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      name: true,
      pricePaisa: true,
      discountedPricePaisa: true,
      images: { orderBy: { position: "asc" }, take: 1, select: { image: { select: imageSelect } } },
    },
  });
  const byId = new Map(
    rows.map((row): [number, ProductSuggestion] => {
      const image = row.images[0]?.image;
      const info = image ? toImageInfo(image, row.name) : null;
      const width = info ? (info.variantWidths[0] ?? info.width) : 0;
      return [
        row.id,
        {
          id: row.id,
          name: row.name,
          pricePaisa: row.pricePaisa,
          discountedPricePaisa: row.discountedPricePaisa,
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
